/**
 * The forms list: search, active/trash views, entry counts, copyable shortcodes, create,
 * duplicate, trash, restore, delete, and import/export of form JSON.
 */
import {
	Button,
	Modal,
	SearchControl,
	Spinner,
	TextControl,
} from '@wordpress/components';
import { useDispatch, useSelect } from '@wordpress/data';
import { useEffect, useRef, useState } from '@wordpress/element';
import { __, _n, sprintf } from '@wordpress/i18n';
import type { FormDefinition } from '../../shared';
import { editorUrl, entriesUrl, type AdminConfig } from '../config';
import { store } from '../store/forms';
import { definitionOf } from '../store/forms/definition';
import { messageOf } from '../store/forms/errors';
import type { FormsQuery, StoredForm } from '../store/forms/types';

const PER_PAGE = 20;

type Notice = { type: 'success' | 'error'; message: string } | null;

/**
 * A data: URL of a form's definition as pretty JSON (the export download).
 *
 * @param form Stored form.
 */
export function exportHref( form: StoredForm ): string {
	return (
		'data:application/json;charset=utf-8,' +
		encodeURIComponent( JSON.stringify( definitionOf( form ), null, 2 ) )
	);
}

/**
 * The shortcode of a form.
 *
 * @param tag Shortcode tag.
 * @param id  Form id.
 */
export function shortcodeOf( tag: string, id: number ): string {
	return `[${ tag } id="${ id }"]`;
}

function ShortcodeCell( { code }: { code: string } ) {
	const [ copied, setCopied ] = useState( false );
	return (
		<div className="kestrel-forms-shortcode">
			<input
				type="text"
				readOnly
				value={ code }
				aria-label={ __( 'Shortcode', 'kestrel-forms' ) }
				onFocus={ ( e ) => e.currentTarget.select() }
			/>
			<Button
				variant="secondary"
				size="small"
				onClick={ () => {
					void navigator.clipboard
						?.writeText( code )
						.then( () => setCopied( true ) );
				} }
			>
				{ copied
					? __( 'Copied', 'kestrel-forms' )
					: __( 'Copy', 'kestrel-forms' ) }
			</Button>
		</div>
	);
}

/**
 * The list screen.
 *
 * @param props        Props.
 * @param props.config Server config.
 */
export function FormsList( { config }: { config: AdminConfig } ) {
	const [ status, setStatus ] = useState< 'active' | 'trash' >( 'active' );
	const [ search, setSearch ] = useState( '' );
	const [ debounced, setDebounced ] = useState( '' );
	const [ page, setPage ] = useState( 1 );
	const [ notice, setNotice ] = useState< Notice >( null );
	const [ creating, setCreating ] = useState( false );
	const [ newTitle, setNewTitle ] = useState( '' );
	const fileInput = useRef< HTMLInputElement >( null );

	useEffect( () => {
		const timer = setTimeout( () => {
			setDebounced( search );
			setPage( 1 );
		}, 300 );
		return () => clearTimeout( timer );
	}, [ search ] );

	const query: FormsQuery = {
		status,
		search: debounced,
		page,
		perPage: PER_PAGE,
	};
	const { forms, total } = useSelect(
		( select ) => ( {
			forms: select( store ).getForms( query ),
			total: select( store ).getFormsTotal( query ),
		} ),
		// eslint-disable-next-line react-hooks/exhaustive-deps
		[ status, debounced, page ]
	);
	const actions = useDispatch( store );

	const run = async (
		action: () => Promise< unknown >,
		success: string
	): Promise< void > => {
		try {
			await action();
			setNotice( { type: 'success', message: success } );
		} catch ( error ) {
			setNotice( { type: 'error', message: messageOf( error ) } );
		}
	};

	const create = async () => {
		try {
			const form = await actions.createForm( {
				title:
					newTitle.trim() || __( 'Untitled form', 'kestrel-forms' ),
				fields: [],
			} );
			window.location.assign( editorUrl( config, form.id ) );
		} catch ( error ) {
			setCreating( false );
			setNotice( { type: 'error', message: messageOf( error ) } );
		}
	};

	const importFile = async () => {
		const file = fileInput.current?.files?.[ 0 ];
		if ( ! file ) {
			setNotice( {
				type: 'error',
				message: __( 'Choose a JSON file to import.', 'kestrel-forms' ),
			} );
			return;
		}
		let definition: FormDefinition;
		try {
			definition = JSON.parse( await file.text() );
		} catch {
			setNotice( {
				type: 'error',
				message: __( 'The file is not valid JSON.', 'kestrel-forms' ),
			} );
			return;
		}
		try {
			const form = await actions.createForm( definition );
			setNotice( {
				type: 'success',
				message: sprintf(
					/* translators: 1: form title, 2: form id. */
					__( 'Imported "%1$s" as form %2$d.', 'kestrel-forms' ),
					form.title,
					form.id
				),
			} );
			if ( fileInput.current ) {
				fileInput.current.value = '';
			}
		} catch ( error ) {
			setNotice( { type: 'error', message: messageOf( error ) } );
		}
	};

	const pages = Math.max( 1, Math.ceil( total / PER_PAGE ) );

	return (
		<div className="kestrel-forms-list">
			<h1 className="wp-heading-inline">
				{ __( 'Forms', 'kestrel-forms' ) }
			</h1>
			<Button
				variant="secondary"
				className="page-title-action"
				onClick={ () => setCreating( true ) }
			>
				{ __( 'Add new form', 'kestrel-forms' ) }
			</Button>
			<hr className="wp-header-end" />
			{ notice && (
				<div
					className={ `notice notice-${ notice.type } is-dismissible` }
					role={ notice.type === 'error' ? 'alert' : 'status' }
				>
					<p>{ notice.message }</p>
				</div>
			) }
			{ creating && (
				<Modal
					title={ __( 'New form', 'kestrel-forms' ) }
					onRequestClose={ () => setCreating( false ) }
				>
					<form
						onSubmit={ ( e ) => {
							e.preventDefault();
							void create();
						} }
					>
						<TextControl
							__nextHasNoMarginBottom
							__next40pxDefaultSize
							label={ __( 'Form title', 'kestrel-forms' ) }
							value={ newTitle }
							onChange={ setNewTitle }
						/>
						<Button variant="primary" type="submit">
							{ __( 'Create form', 'kestrel-forms' ) }
						</Button>
					</form>
				</Modal>
			) }
			<div className="kestrel-forms-list__bar">
				<div
					className="kestrel-forms-list__views"
					role="group"
					aria-label={ __( 'Filter by status', 'kestrel-forms' ) }
				>
					<Button
						variant={ status === 'active' ? 'primary' : 'tertiary' }
						aria-pressed={ status === 'active' }
						onClick={ () => {
							setStatus( 'active' );
							setPage( 1 );
						} }
					>
						{ __( 'All', 'kestrel-forms' ) }
					</Button>
					<Button
						variant={ status === 'trash' ? 'primary' : 'tertiary' }
						aria-pressed={ status === 'trash' }
						onClick={ () => {
							setStatus( 'trash' );
							setPage( 1 );
						} }
					>
						{ __( 'Trash', 'kestrel-forms' ) }
					</Button>
				</div>
				<SearchControl
					__nextHasNoMarginBottom
					label={ __( 'Search forms', 'kestrel-forms' ) }
					value={ search }
					onChange={ setSearch }
				/>
			</div>
			{ forms === undefined ? (
				<Spinner />
			) : (
				<table className="wp-list-table widefat fixed striped">
					<thead>
						<tr>
							<th scope="col" className="column-title">
								{ __( 'Title', 'kestrel-forms' ) }
							</th>
							<th scope="col" className="column-id">
								{ __( 'ID', 'kestrel-forms' ) }
							</th>
							<th scope="col" className="column-entries">
								{ __( 'Entries', 'kestrel-forms' ) }
							</th>
							<th scope="col" className="column-shortcode">
								{ __( 'Shortcode', 'kestrel-forms' ) }
							</th>
						</tr>
					</thead>
					<tbody>
						{ forms.length === 0 && (
							<tr>
								<td colSpan={ 4 }>
									{ __( 'No forms found.', 'kestrel-forms' ) }
								</td>
							</tr>
						) }
						{ forms.map( ( form ) => (
							<tr key={ form.id } data-form-id={ form.id }>
								<td className="column-title">
									<strong>
										{ status === 'active' ? (
											<a
												href={ editorUrl(
													config,
													form.id
												) }
											>
												{ form.title }
											</a>
										) : (
											form.title
										) }
									</strong>
									<div className="kestrel-forms-row-actions">
										{ status === 'active' ? (
											<>
												<a
													href={ editorUrl(
														config,
														form.id
													) }
												>
													{ __(
														'Edit',
														'kestrel-forms'
													) }
												</a>
												<a
													href={ entriesUrl(
														config,
														form.id
													) }
												>
													{ __(
														'Entries',
														'kestrel-forms'
													) }
												</a>
												<a
													href={ exportHref( form ) }
													download={ `kestrel-form-${ form.id }.json` }
												>
													{ __(
														'Export JSON',
														'kestrel-forms'
													) }
												</a>
												<Button
													variant="link"
													onClick={ () =>
														run(
															() =>
																actions.duplicateForm(
																	form.id
																),
															__(
																'Form duplicated.',
																'kestrel-forms'
															)
														)
													}
												>
													{ __(
														'Duplicate',
														'kestrel-forms'
													) }
												</Button>
												<Button
													variant="link"
													isDestructive
													onClick={ () =>
														run(
															() =>
																actions.trashForm(
																	form.id
																),
															__(
																'Form moved to the trash.',
																'kestrel-forms'
															)
														)
													}
												>
													{ __(
														'Trash',
														'kestrel-forms'
													) }
												</Button>
											</>
										) : (
											<>
												<Button
													variant="link"
													onClick={ () =>
														run(
															() =>
																actions.restoreForm(
																	form.id
																),
															__(
																'Form restored.',
																'kestrel-forms'
															)
														)
													}
												>
													{ __(
														'Restore',
														'kestrel-forms'
													) }
												</Button>
												<Button
													variant="link"
													isDestructive
													onClick={ () => {
														if (
															// eslint-disable-next-line no-alert
															window.confirm(
																__(
																	'Delete this form and all its entries permanently?',
																	'kestrel-forms'
																)
															)
														) {
															void run(
																() =>
																	actions.deleteForm(
																		form.id
																	),
																__(
																	'Form deleted permanently.',
																	'kestrel-forms'
																)
															);
														}
													} }
												>
													{ __(
														'Delete permanently',
														'kestrel-forms'
													) }
												</Button>
											</>
										) }
									</div>
								</td>
								<td className="column-id">{ form.id }</td>
								<td className="column-entries">
									{ form.entryCount }
								</td>
								<td className="column-shortcode">
									<ShortcodeCell
										code={ shortcodeOf(
											config.shortcodeTag,
											form.id
										) }
									/>
								</td>
							</tr>
						) ) }
					</tbody>
				</table>
			) }
			<div className="tablenav">
				<span className="displaying-num">
					{ sprintf(
						/* translators: %d: number of forms. */
						_n( '%d form', '%d forms', total, 'kestrel-forms' ),
						total
					) }
				</span>
				{ pages > 1 && (
					<span className="kestrel-forms-pager">
						<Button
							variant="secondary"
							disabled={ page <= 1 }
							onClick={ () => setPage( page - 1 ) }
						>
							{ __( 'Previous page', 'kestrel-forms' ) }
						</Button>
						{ sprintf(
							/* translators: 1: page, 2: pages. */
							__( 'Page %1$d of %2$d', 'kestrel-forms' ),
							page,
							pages
						) }
						<Button
							variant="secondary"
							disabled={ page >= pages }
							onClick={ () => setPage( page + 1 ) }
						>
							{ __( 'Next page', 'kestrel-forms' ) }
						</Button>
					</span>
				) }
			</div>
			<div className="kestrel-forms-import card">
				<h2>{ __( 'Import a form', 'kestrel-forms' ) }</h2>
				<label htmlFor="kestrel-forms-file">
					{ __( 'Form JSON file', 'kestrel-forms' ) }
				</label>{ ' ' }
				<input
					ref={ fileInput }
					type="file"
					id="kestrel-forms-file"
					accept="application/json,.json"
				/>{ ' ' }
				<Button variant="secondary" onClick={ importFile }>
					{ __( 'Import', 'kestrel-forms' ) }
				</Button>
			</div>
		</div>
	);
}
