/**
 * The forms list in DataViews (@wordpress/dataviews): search, active/trash filter, entry counts,
 * copyable shortcodes, paging; create, duplicate, trash, restore, delete as row and bulk actions;
 * import/export of form JSON, and import of Gravity Forms exports after their import report.
 */
import { Button, Notice } from '@wordpress/components';
import {
	DataViews,
	type Action,
	type Field,
	type View,
} from '@wordpress/dataviews';
import { useDispatch, useSelect } from '@wordpress/data';
import { useMemo, useRef, useState } from '@wordpress/element';
import { __, _n, sprintf } from '@wordpress/i18n';
import type { FormDefinition } from '../../shared';
import { editorUrl, entriesUrl, previewUrl, type AdminConfig } from '../config';
import { openPreview } from '../form-editor/preview';
import { store } from '../store/forms';
import { definitionOf } from '../store/forms/definition';
import { messageOf } from '../store/forms/errors';
import { ConfirmDelete } from '../components/ConfirmDelete';
import { useNamedFilterButtons } from '../components/dataviews-a11y';
import type { FormsQuery, StoredForm } from '../store/forms/types';
import { TemplateGallery } from './TemplateGallery';
import {
	importGravityForms,
	isGravityFormsExport,
	type ImportAnswer,
} from './gravity-forms-import';
import { ImportReport } from './ImportReport';

const PER_PAGE = 20;

type ListNotice = { type: 'success' | 'error'; message: string } | null;

/** The list's first view: every active form, newest first as the REST route returns them. */
const DEFAULT_VIEW: View = {
	type: 'table',
	search: '',
	filters: [ { field: 'status', operator: 'is', value: 'active' } ],
	page: 1,
	perPage: PER_PAGE,
	titleField: 'title',
	fields: [ 'id', 'entries', 'shortcode' ],
	layout: {},
};

/**
 * The REST query of a view.
 *
 * @param view DataViews view.
 */
export function queryOf( view: View ): FormsQuery {
	const status = view.filters?.find( ( f ) => f.field === 'status' )?.value;
	return {
		status: status === 'trash' ? 'trash' : 'active',
		search: view.search ?? '',
		page: view.page ?? 1,
		perPage: view.perPage ?? PER_PAGE,
	};
}

/**
 * A new view from DataViews; a changed search, filter or page size goes back to page one.
 *
 * @param previous The view before.
 * @param next     The view DataViews hands back.
 */
export function nextView( previous: View, next: View ): View {
	const before = queryOf( previous );
	const after = queryOf( next );
	const narrowed =
		before.status !== after.status ||
		before.search !== after.search ||
		before.perPage !== after.perPage;
	return narrowed ? { ...next, page: 1 } : next;
}

/**
 * Starts the download of a form's JSON.
 *
 * @param form Stored form.
 */
function downloadJson( form: StoredForm ): void {
	const link = document.createElement( 'a' );
	link.href = exportHref( form );
	link.download = `kestrel-form-${ form.id }.json`;
	document.body.appendChild( link );
	link.click();
	link.remove();
}

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

/**
 * Keeps a click inside a cell from reaching the DataViews row, whose click ticks the row for the
 * bulk actions (a "Copy" press must copy, not select the form and offer to trash it).
 *
 * @param event                 The click.
 * @param event.stopPropagation
 */
export function keepClickInCell( event: { stopPropagation: () => void } ) {
	event.stopPropagation();
}

function ShortcodeCell( { code }: { code: string } ) {
	const [ copied, setCopied ] = useState( false );
	return (
		// eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions -- only stops the row's click; the input and button inside are the controls.
		<div className="kestrel-forms-shortcode" onClick={ keepClickInCell }>
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
 * Whether the screen was opened to add a form (the "Add New Form" menu item, AdminPages:
 * `admin.php?page=kestrel-forms&action=new`).
 *
 * @param search The location's query string.
 */
export function opensGallery( search: string ): boolean {
	return new URLSearchParams( search ).get( 'action' ) === 'new';
}

/**
 * The list screen.
 *
 * @param props        Props.
 * @param props.config Server config.
 */
export function FormsList( { config }: { config: AdminConfig } ) {
	const [ view, setView ] = useState< View >( DEFAULT_VIEW );
	const [ notice, setNotice ] = useState< ListNotice >( null );
	const [ creating, setCreating ] = useState( () =>
		opensGallery( window.location.search )
	);
	const [ pending, setPending ] = useState< {
		data: unknown;
		answer: ImportAnswer;
	} | null >( null );
	const [ importing, setImporting ] = useState( false );
	const fileInput = useRef< HTMLInputElement >( null );
	const listRef = useRef< HTMLDivElement >( null );
	useNamedFilterButtons( listRef, [ __( 'Status', 'kestrel-forms' ) ] );

	const query = queryOf( view );
	const { forms, total } = useSelect(
		( select ) => ( {
			forms: select( store ).getForms( query ),
			total: select( store ).getFormsTotal( query ),
		} ),
		// eslint-disable-next-line react-hooks/exhaustive-deps
		[ query.status, query.search, query.page, query.perPage ]
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

	const create = async ( definition: FormDefinition ) => {
		try {
			const form = await actions.createForm( definition );
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
		let parsed: unknown;
		try {
			parsed = JSON.parse( await file.text() );
			definition = parsed as FormDefinition;
		} catch {
			setNotice( {
				type: 'error',
				message: __( 'The file is not valid JSON.', 'kestrel-forms' ),
			} );
			return;
		}
		if ( isGravityFormsExport( parsed ) ) {
			// A Gravity Forms export: the owner sees the report before anything is stored.
			try {
				const answer = await importGravityForms( parsed, true );
				setNotice( null );
				setPending( { data: parsed, answer } );
			} catch ( error ) {
				setNotice( { type: 'error', message: messageOf( error ) } );
			}
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

	const confirmImport = async () => {
		if ( ! pending ) {
			return;
		}
		setImporting( true );
		try {
			const answer = await importGravityForms( pending.data, false );
			setNotice( {
				type: 'success',
				message: sprintf(
					/* translators: 1: number of forms, 2: their titles and ids. */
					_n(
						'Imported %1$d form from Gravity Forms: %2$s.',
						'Imported %1$d forms from Gravity Forms: %2$s.',
						answer.forms.length,
						'kestrel-forms'
					),
					answer.forms.length,
					answer.forms
						.map( ( form ) => `"${ form.title }" (${ form.id })` )
						.join( ', ' )
				),
			} );
			actions.invalidateResolutionForStoreSelector( 'getForms' );
			if ( fileInput.current ) {
				fileInput.current.value = '';
			}
		} catch ( error ) {
			setNotice( { type: 'error', message: messageOf( error ) } );
		}
		setImporting( false );
		setPending( null );
	};

	const fields = useMemo(
		(): Array< Field< StoredForm > > => [
			{
				id: 'title',
				label: __( 'Title', 'kestrel-forms' ),
				getValue: ( { item } ) => item.title,
				render: ( { item } ) =>
					item.status === 'trash' ? (
						<span
							className="kestrel-forms-form-title"
							data-form-id={ item.id }
						>
							{ item.title }
						</span>
					) : (
						<a
							className="kestrel-forms-form-title"
							href={ editorUrl( config, item.id ) }
							data-form-id={ item.id }
							onClick={ keepClickInCell }
						>
							{ item.title }
						</a>
					),
				enableHiding: false,
				enableSorting: false,
			},
			{
				id: 'id',
				label: __( 'ID', 'kestrel-forms' ),
				getValue: ( { item } ) => item.id,
				enableSorting: false,
			},
			{
				id: 'entries',
				label: __( 'Entries', 'kestrel-forms' ),
				getValue: ( { item } ) => item.entryCount,
				render: ( { item } ) =>
					item.status === 'trash' ? (
						String( item.entryCount )
					) : (
						<a
							href={ entriesUrl( config, item.id ) }
							onClick={ keepClickInCell }
						>
							{ item.entryCount }
						</a>
					),
				enableSorting: false,
			},
			{
				id: 'shortcode',
				label: __( 'Shortcode', 'kestrel-forms' ),
				getValue: ( { item } ) =>
					shortcodeOf( config.shortcodeTag, item.id ),
				render: ( { item } ) => (
					<ShortcodeCell
						code={ shortcodeOf( config.shortcodeTag, item.id ) }
					/>
				),
				enableSorting: false,
			},
			{
				id: 'status',
				label: __( 'Status', 'kestrel-forms' ),
				getValue: ( { item } ) => item.status,
				elements: [
					{ value: 'active', label: __( 'Active', 'kestrel-forms' ) },
					{ value: 'trash', label: __( 'Trash', 'kestrel-forms' ) },
				],
				filterBy: { operators: [ 'is' ], isPrimary: true },
				enableHiding: false,
				enableSorting: false,
			},
		],
		[ config ]
	);

	// DataViews hands a bulk callback every selected form; each action takes the eligible ones.
	const many = async (
		items: StoredForm[],
		action: ( id: number ) => Promise< unknown >,
		success: string
	) =>
		run(
			() => Promise.all( items.map( ( f ) => action( f.id ) ) ),
			success
		);
	const active = ( form: StoredForm ) => form.status !== 'trash';
	const trashed = ( form: StoredForm ) => form.status === 'trash';

	const rowActions: Array< Action< StoredForm > > = [
		{
			id: 'edit',
			label: __( 'Edit', 'kestrel-forms' ),
			icon: 'edit',
			isPrimary: true,
			isEligible: active,
			callback: ( [ form ] ) =>
				window.location.assign( editorUrl( config, form.id ) ),
		},
		{
			id: 'entries',
			label: __( 'Entries', 'kestrel-forms' ),
			icon: 'list-view',
			isEligible: active,
			callback: ( [ form ] ) =>
				window.location.assign( entriesUrl( config, form.id ) ),
		},
		{
			id: 'preview',
			label: __( 'Preview', 'kestrel-forms' ),
			icon: 'visibility',
			isEligible: active,
			callback: ( [ form ] ) =>
				void openPreview( previewUrl( config, form.id ), form.id ),
		},
		{
			id: 'export',
			label: __( 'Export JSON', 'kestrel-forms' ),
			icon: 'download',
			isEligible: active,
			callback: ( [ form ] ) => downloadJson( form ),
		},
		{
			id: 'duplicate',
			label: __( 'Duplicate', 'kestrel-forms' ),
			icon: 'admin-page',
			supportsBulk: true,
			isEligible: active,
			callback: ( items ) =>
				void many(
					items.filter( active ),
					actions.duplicateForm,
					_n(
						'Form duplicated.',
						'Forms duplicated.',
						items.length,
						'kestrel-forms'
					)
				),
		},
		{
			id: 'trash',
			label: __( 'Move to trash', 'kestrel-forms' ),
			icon: 'trash',
			isDestructive: true,
			supportsBulk: true,
			isEligible: active,
			callback: ( items ) =>
				void many(
					items.filter( active ),
					actions.trashForm,
					_n(
						'Form moved to the trash.',
						'Forms moved to the trash.',
						items.length,
						'kestrel-forms'
					)
				),
		},
		{
			id: 'restore',
			label: __( 'Restore', 'kestrel-forms' ),
			icon: 'undo',
			isPrimary: true,
			supportsBulk: true,
			isEligible: trashed,
			callback: ( items ) =>
				void many(
					items.filter( trashed ),
					actions.restoreForm,
					_n(
						'Form restored.',
						'Forms restored.',
						items.length,
						'kestrel-forms'
					)
				),
		},
		{
			id: 'delete',
			label: __( 'Delete permanently', 'kestrel-forms' ),
			icon: 'dismiss',
			isDestructive: true,
			supportsBulk: true,
			isEligible: trashed,
			RenderModal: ( { items, closeModal } ) => (
				<ConfirmDelete
					question={ sprintf(
						/* translators: %d: number of forms. */
						_n(
							'Delete %d form and all its entries permanently?',
							'Delete %d forms and all their entries permanently?',
							items.length,
							'kestrel-forms'
						),
						items.length
					) }
					close={ closeModal }
					onConfirm={ () =>
						void many(
							items.filter( trashed ),
							actions.deleteForm,
							_n(
								'Form deleted permanently.',
								'Forms deleted permanently.',
								items.length,
								'kestrel-forms'
							)
						)
					}
				/>
			),
		},
	];

	const pages = Math.max(
		1,
		Math.ceil( total / ( query.perPage ?? PER_PAGE ) )
	);

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
				<Notice
					// notice-success / notice-error: the classes the e2e tests read.
					className={ `notice-${ notice.type }` }
					status={ notice.type }
					onRemove={ () => setNotice( null ) }
				>
					{ notice.message }
				</Notice>
			) }
			{ pending && (
				<ImportReport
					answer={ pending.answer }
					busy={ importing }
					onConfirm={ confirmImport }
					onCancel={ () => setPending( null ) }
				/>
			) }
			{ creating && (
				<TemplateGallery
					onCreate={ create }
					onClose={ () => setCreating( false ) }
				/>
			) }
			<div className="kestrel-forms-list__table" ref={ listRef }>
				<DataViews< StoredForm >
					data={ forms ?? [] }
					fields={ fields }
					view={ view }
					onChangeView={ ( next ) =>
						setView( ( previous ) => nextView( previous, next ) )
					}
					actions={ rowActions }
					getItemId={ ( form ) => String( form.id ) }
					isLoading={ forms === undefined }
					search
					searchLabel={ __( 'Search forms', 'kestrel-forms' ) }
					paginationInfo={ { totalItems: total, totalPages: pages } }
					defaultLayouts={ { table: {} } }
				/>
			</div>
			<p className="displaying-num" aria-live="polite">
				{ sprintf(
					/* translators: %d: number of forms. */
					_n( '%d form', '%d forms', total, 'kestrel-forms' ),
					total
				) }
			</p>
			<div className="kestrel-forms-import card">
				<h2>{ __( 'Import a form', 'kestrel-forms' ) }</h2>
				<label htmlFor="kestrel-forms-file">
					{ __(
						'Form JSON file (ours, or a Gravity Forms export)',
						'kestrel-forms'
					) }
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
