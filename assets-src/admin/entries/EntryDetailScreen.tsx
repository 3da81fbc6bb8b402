/**
 * One entry: values formatted by field type, order, feeds, details, notes, previous/next, and
 * editing with the server's validation messages.
 */
import { useEffect, useState } from '@wordpress/element';
import { useDispatch, useSelect } from '@wordpress/data';
import {
	Button,
	CheckboxControl,
	Notice,
	SelectControl,
	Spinner,
	TextareaControl,
	TextControl,
} from '@wordpress/components';
import { __, _n, sprintf } from '@wordpress/i18n';
import type { FieldDefinition } from '../../shared';
import { columnCount } from '../../forms-engine';
import {
	acceptOf,
	fileProblem,
	maxFilesMessage,
	newUploadId,
	RowsField,
	rulesText,
	rulesFromPolicy,
	uploadRules,
} from '../../forms-ui';
import { store, type DetailField, type EntryDetail } from '../store/entries';
import { SiteDate } from '../components/site-date';
import { statusLabel } from './status';
import type { EntriesScreenConfig } from './types';
import { entryUrl, listUrl } from './urls';
import { uploadFile } from './uploads';
import { PaymentPanel } from './payment/PaymentPanel';
import { ResendNotifications } from './ResendNotifications';
import { EntryStatusActions } from './EntryStatusActions';
import { UndoNotice } from './UndoNotice';

type Draft = Record< string, string | string[] >;

/**
 * The editable value of a field as the edit form holds it.
 *
 * @param field Field.
 */
function draftValue( field: DetailField ): string | string[] {
	if ( field.rows_definition ) {
		// Stored as rows; edited and sent as visitors submit it: flat cells, row after row.
		const width = columnCount( field.rows_definition );
		return ( field.rows ?? [] ).flatMap( ( row ) =>
			Array.from( { length: width }, ( _, c ) =>
				row[ c ] === undefined || row[ c ] === null
					? ''
					: String( row[ c ] )
			)
		);
	}
	if ( field.type === 'checkbox' ) {
		return Object.values( field.raw ).map( String );
	}
	const value = field.raw[ String( field.id ) ];
	return typeof value === 'string' ? value : '';
}

/**
 * @param props        Props.
 * @param props.config Screen config.
 */
export function EntryDetailScreen( {
	config,
}: {
	config: EntriesScreenConfig;
} ) {
	const { entry, detail } = useSelect( ( select ) => {
		const s = select( store );
		return {
			entry: s.getEntry(),
			detail: s.getDetailState(),
		};
	}, [] );
	const actions = useDispatch( store );
	const [ editing, setEditing ] = useState( false );
	const [ draft, setDraft ] = useState< Draft >( {} );
	// Said to screen-reader users (rows added or removed while editing).
	const [ announcement, setAnnouncement ] = useState( '' );

	useEffect( () => {
		actions.fetchEntry( config.entryId );
		// Opening an entry marks it read (quietly: no notice, no list to reload here).
		actions.markRead( config.entryId );
		// eslint-disable-next-line react-hooks/exhaustive-deps
	}, [ config.entryId ] );

	if ( detail.loading && ! entry ) {
		return <Spinner />;
	}
	if ( ! entry ) {
		return (
			<>
				<h1>{ __( 'Entry not found', 'kestrel-forms' ) }</h1>
				{ detail.error && (
					<Notice status="error" isDismissible={ false }>
						{ detail.error }
					</Notice>
				) }
			</>
		);
	}

	const startEditing = () => {
		const next: Draft = {};
		for ( const field of entry.fields ) {
			if ( field.editable ) {
				next[ String( field.id ) ] = draftValue( field );
			}
		}
		setDraft( next );
		setEditing( true );
	};

	const save = async () => {
		// Only the fields the admin changed are sent (and validated).
		const changed: Record< string, unknown > = {};
		for ( const field of entry.fields ) {
			const key = String( field.id );
			if (
				field.editable &&
				JSON.stringify( draft[ key ] ) !==
					JSON.stringify( draftValue( field ) )
			) {
				changed[ key ] = draft[ key ];
			}
		}
		if ( Object.keys( changed ).length === 0 ) {
			setEditing( false );
			return;
		}
		const saved = ( await actions.saveValues(
			entry.id,
			changed
		) ) as unknown as boolean;
		if ( saved ) {
			setEditing( false );
		}
	};

	return (
		<div className="kestrel-forms-entry-detail">
			<h1>
				{ sprintf(
					/* translators: 1: entry id, 2: form title. */
					__( 'Entry #%1$d: %2$s', 'kestrel-forms' ),
					entry.id,
					entry.form_title
				) }
			</h1>
			<nav
				aria-label={ __( 'Entries', 'kestrel-forms' ) }
				style={ { display: 'flex', gap: '16px', margin: '8px 0' } }
			>
				<a href={ listUrl( config, entry.form_id ) }>
					&larr; { __( 'Back to entries', 'kestrel-forms' ) }
				</a>
				{ entry.neighbours.previous > 0 && (
					<a
						href={ entryUrl( config, entry.neighbours.previous ) }
						rel="prev"
					>
						{ __( 'Previous entry', 'kestrel-forms' ) }
					</a>
				) }
				{ entry.neighbours.next > 0 && (
					<a
						href={ entryUrl( config, entry.neighbours.next ) }
						rel="next"
					>
						{ __( 'Next entry', 'kestrel-forms' ) }
					</a>
				) }
			</nav>
			<EntryStatusActions entry={ entry } config={ config } />
			<UndoNotice />

			<h2>{ __( 'Values', 'kestrel-forms' ) }</h2>
			<table className="widefat striped kestrel-forms-entry">
				<caption className="screen-reader-text">
					{ __( 'Submitted values', 'kestrel-forms' ) }
				</caption>
				<tbody>
					{ entry.fields.map( ( field ) => (
						<tr key={ field.id } data-field-id={ field.id }>
							<th scope="row">{ field.label }</th>
							<td style={ { whiteSpace: 'pre-wrap' } }>
								{ editing && field.editable ? (
									<FieldEditor
										field={ field }
										value={
											draft[ String( field.id ) ] ?? ''
										}
										error={
											detail.fieldErrors[
												String( field.id )
											]
										}
										onChange={ ( value ) =>
											setDraft( ( current ) => ( {
												...current,
												[ String( field.id ) ]: value,
											} ) )
										}
										formId={ entry.form_id }
										announce={ setAnnouncement }
									/>
								) : (
									<>
										<FieldValue field={ field } />
										{ field.type === 'fileupload' && (
											<AttachFiles
												entry={ entry }
												field={ field }
											/>
										) }
									</>
								) }
							</td>
						</tr>
					) ) }
				</tbody>
			</table>
			<div className="screen-reader-text" aria-live="polite">
				{ announcement }
			</div>
			<p style={ { display: 'flex', gap: '8px' } }>
				{ editing ? (
					<>
						<Button
							variant="primary"
							onClick={ save }
							isBusy={ detail.saving }
							disabled={ detail.saving }
							accessibleWhenDisabled
						>
							{ __( 'Save changes', 'kestrel-forms' ) }
						</Button>
						<Button
							variant="tertiary"
							onClick={ () => setEditing( false ) }
						>
							{ __( 'Cancel', 'kestrel-forms' ) }
						</Button>
					</>
				) : (
					entry.fields.some( ( f ) => f.editable ) && (
						<Button variant="secondary" onClick={ startEditing }>
							{ __( 'Edit values', 'kestrel-forms' ) }
						</Button>
					)
				) }
			</p>

			<Order entry={ entry } />

			<PaymentPanel entryId={ entry.id } />

			<ResendNotifications
				entryId={ entry.id }
				formId={ entry.form_id }
			/>

			{ entry.feed_list.length > 0 && (
				<>
					<h2>{ __( 'Feeds', 'kestrel-forms' ) }</h2>
					<ul className="kestrel-forms-entry-feeds">
						{ entry.feed_list.map( ( feed ) => (
							<li key={ feed.id }>
								{ feed.name ||
									sprintf(
										/* translators: %d: feed id. */
										__( 'Feed %d', 'kestrel-forms' ),
										feed.id
									) }
							</li>
						) ) }
					</ul>
				</>
			) }

			<h2>{ __( 'Details', 'kestrel-forms' ) }</h2>
			<table className="widefat striped kestrel-forms-entry-meta">
				<tbody>
					<tr>
						<th scope="row">
							{ __( 'Submitted', 'kestrel-forms' ) }
						</th>
						<td>
							<SiteDate iso={ entry.created_at } relative />
						</td>
					</tr>
					<tr>
						<th scope="row">
							{ __( 'Source page', 'kestrel-forms' ) }
						</th>
						<td>
							{ entry.source_url ? (
								<a href={ entry.source_url }>
									{ entry.source_url }
								</a>
							) : (
								'—'
							) }
						</td>
					</tr>
					<tr>
						<th scope="row">{ __( 'User', 'kestrel-forms' ) }</th>
						<td>
							{ entry.user_name ||
								__( 'Visitor', 'kestrel-forms' ) }
						</td>
					</tr>
					<tr>
						<th scope="row">{ __( 'Status', 'kestrel-forms' ) }</th>
						<td className="kestrel-forms-entry-status">
							{ statusLabel( entry.status ) }
							{ entry.is_starred &&
								` · ${ __( 'Starred', 'kestrel-forms' ) }` }
						</td>
					</tr>
				</tbody>
			</table>

			<Notes entry={ entry } />
		</div>
	);
}

/**
 * A value as text, files as download links.
 *
 * @param props       Props.
 * @param props.field Field.
 */
function FieldValue( { field }: { field: DetailField } ) {
	if ( field.type === 'fileupload' ) {
		return (
			<ul className="kestrel-forms-files">
				{ field.files.map( ( file ) => (
					<li key={ file.url }>
						<a href={ file.url }>{ file.name }</a> (
						{ file.size_text })
					</li>
				) ) }
			</ul>
		);
	}
	return <>{ field.text }</>;
}

/**
 * An input for one editable field, with the server's message under it.
 *
 * @param props          Props.
 * @param props.field    Field.
 * @param props.value    Draft value.
 * @param props.error    Server message.
 * @param props.onChange Change handler.
 * @param props.formId   The entry's form (ids of the row editor's inputs).
 * @param props.announce Says something to screen-reader users.
 */
export function FieldEditor( {
	field,
	value,
	error,
	onChange,
	formId,
	announce,
}: {
	field: DetailField;
	value: string | string[];
	error: string | undefined;
	onChange: ( value: string | string[] ) => void;
	formId: number;
	announce: ( text: string ) => void;
} ) {
	const help = error ? (
		<span className="kestrel-forms-field-error">{ error }</span>
	) : undefined;
	if ( field.rows_definition ) {
		return (
			<RowsEditor
				definition={ field.rows_definition }
				formId={ formId }
				cells={ Array.isArray( value ) ? value : [] }
				error={ error }
				onChange={ onChange }
				announce={ announce }
			/>
		);
	}
	if ( field.type === 'checkbox' ) {
		const list = Array.isArray( value ) ? value : [];
		return (
			<fieldset>
				<legend className="screen-reader-text">{ field.label }</legend>
				{ field.choices.map( ( choice ) => (
					<CheckboxControl
						__nextHasNoMarginBottom
						key={ choice.value }
						label={ choice.text }
						checked={ list.includes( choice.value ) }
						onChange={ ( on ) =>
							onChange(
								on
									? [ ...list, choice.value ]
									: list.filter( ( v ) => v !== choice.value )
							)
						}
					/>
				) ) }
				{ help }
			</fieldset>
		);
	}
	const text = Array.isArray( value ) ? '' : value;
	if ( field.choices.length > 0 ) {
		return (
			<SelectControl
				__next40pxDefaultSize
				__nextHasNoMarginBottom
				label={ field.label }
				hideLabelFromVision
				value={ text }
				options={ [
					{ label: '—', value: '' },
					...field.choices.map( ( c ) => ( {
						label: c.text,
						value: c.value,
					} ) ),
				] }
				onChange={ onChange }
				help={ help }
			/>
		);
	}
	if ( field.type === 'textarea' ) {
		return (
			<TextareaControl
				__nextHasNoMarginBottom
				label={ field.label }
				hideLabelFromVision
				value={ text }
				onChange={ onChange }
				help={ help }
			/>
		);
	}
	return (
		<TextControl
			__next40pxDefaultSize
			__nextHasNoMarginBottom
			label={ field.label }
			hideLabelFromVision
			value={ text }
			onChange={ onChange }
			help={ help }
			aria-invalid={ error ? true : undefined }
		/>
	);
}

/**
 * A list or repeater value in the visitors' own row editor (forms-ui RowsField): add a row after
 * any row, remove rows, edit cells; adding stops at the field's most rows. The value is the flat
 * list of cells visitors submit; the server drops empty rows and checks the limit, required and
 * each repeated field again (Domain\Validation\SubmissionValidator::rows()).
 *
 * @param props            Props.
 * @param props.definition The list or repeater definition (from the detail answer).
 * @param props.formId     Form id.
 * @param props.cells      Flat cells.
 * @param props.error      Server message.
 * @param props.onChange   Called with the new flat cells.
 * @param props.announce   Says "Row added." and "Row removed." to screen-reader users.
 */
function RowsEditor( {
	definition,
	formId,
	cells,
	error,
	onChange,
	announce,
}: {
	definition: FieldDefinition;
	formId: number;
	cells: string[];
	error: string | undefined;
	onChange: ( cells: string[] ) => void;
	announce: ( text: string ) => void;
} ) {
	const errorId = `kestrel-forms-edit-error-${ definition.id }`;
	return (
		<div className="kestrel-form kestrel-forms-rows-editor">
			<RowsField
				formId={ formId }
				field={ definition }
				value={ cells }
				onChange={ ( _key, next ) =>
					onChange( Array.isArray( next ) ? next.map( String ) : [] )
				}
				announce={ announce }
				label={
					<span className="screen-reader-text">
						{ definition.label }
					</span>
				}
				description={ null }
				describedBy={ error ? errorId : undefined }
			/>
			{ error && (
				<p id={ errorId } className="kestrel-forms-field-error">
					{ error }
				</p>
			) }
		</div>
	);
}

/**
 * The uploader on the entry screen: files go through the visitors' upload route (same limits
 * and checks), then are attached to this entry's field.
 *
 * @param props       Props.
 * @param props.entry Entry.
 * @param props.field Upload field.
 */
function AttachFiles( {
	entry,
	field,
}: {
	entry: EntryDetail;
	field: DetailField;
} ) {
	const actions = useDispatch( store );
	const [ busy, setBusy ] = useState( false );
	const [ error, setError ] = useState( '' );
	// The limits the server applies; it checks every file again on upload and attach.
	const policy = field.upload_rules;
	const rules = policy ? rulesFromPolicy( policy ) : uploadRules( {} );
	const rulesLine = rulesText( rules );
	const limit = policy?.maxFiles ?? 0;
	const full = limit > 0 && field.files.length >= limit;
	const upload = async ( files: FileList | null ) => {
		if ( ! files || files.length === 0 ) {
			return;
		}
		// The visitors' checks first, with their texts; the server checks every file again.
		const chosen = Array.from( files );
		const problems = chosen
			.map( ( file ) => fileProblem( file, rules ) )
			.filter( ( p ): p is string => p !== null );
		if ( limit > 0 && field.files.length + chosen.length > limit ) {
			problems.push( maxFilesMessage() );
		}
		if ( problems.length ) {
			setError( problems.join( ' ' ) );
			return;
		}
		setBusy( true );
		setError( '' );
		const uploadId = newUploadId();
		try {
			const tokens: string[] = [];
			for ( const file of chosen ) {
				tokens.push(
					await uploadFile( file, {
						formId: entry.form_id,
						fieldId: field.id,
						uploadId,
					} )
				);
			}
			await actions.attachFiles( entry.id, field.id, uploadId, tokens );
		} catch ( failed ) {
			setError( ( failed as Error ).message );
		}
		setBusy( false );
	};
	return (
		<div className="kestrel-forms-attach" style={ { marginTop: '8px' } }>
			<label htmlFor={ `kestrel-forms-attach-${ field.id }` }>
				{ sprintf(
					/* translators: %s: field label. */
					__( 'Attach files to %s', 'kestrel-forms' ),
					field.label
				) }
			</label>{ ' ' }
			<input
				id={ `kestrel-forms-attach-${ field.id }` }
				type="file"
				accept={ acceptOf( rules ) }
				aria-describedby={
					rulesLine
						? `kestrel-forms-attach-rules-${ field.id }`
						: undefined
				}
				multiple={ limit !== 1 }
				disabled={ busy || full }
				onChange={ ( event ) => {
					upload( event.target.files );
					event.target.value = '';
				} }
			/>
			{ rulesLine && (
				<span
					id={ `kestrel-forms-attach-rules-${ field.id }` }
					className="description"
				>
					{ ' ' }
					{ rulesLine }
				</span>
			) }
			{ full && (
				<p className="description">
					{ sprintf(
						/* translators: %d: most files the field takes. */
						_n(
							'This field holds its maximum of %d file.',
							'This field holds its maximum of %d files.',
							limit,
							'kestrel-forms'
						),
						limit
					) }
				</p>
			) }
			{ busy && <Spinner /> }
			{ error && (
				<p className="kestrel-forms-field-error" role="alert">
					{ error }
				</p>
			) }
		</div>
	);
}

/**
 * The order the server priced.
 *
 * @param props       Props.
 * @param props.entry Entry.
 */
function Order( { entry }: { entry: EntryDetail } ) {
	if ( ! entry.order ) {
		return null;
	}
	return (
		<>
			<h2>{ __( 'Order', 'kestrel-forms' ) }</h2>
			<table className="widefat striped kestrel-forms-order">
				<thead>
					<tr>
						<th scope="col">
							{ __( 'Product', 'kestrel-forms' ) }
						</th>
						<th scope="col">
							{ __( 'Quantity', 'kestrel-forms' ) }
						</th>
						<th scope="col">
							{ __( 'Unit price', 'kestrel-forms' ) }
						</th>
						<th scope="col">
							{ __( 'Line total', 'kestrel-forms' ) }
						</th>
					</tr>
				</thead>
				<tbody>
					{ entry.order.lines.map( ( line, i ) => (
						<tr key={ i }>
							<td>
								{ line.name }
								{ line.options.map( ( option ) => (
									<small
										key={ option }
										style={ { display: 'block' } }
									>
										{ option }
									</small>
								) ) }
							</td>
							<td>{ line.quantity }</td>
							<td>{ line.unit }</td>
							<td>{ line.total }</td>
						</tr>
					) ) }
				</tbody>
				<tfoot>
					<tr>
						<th scope="row" colSpan={ 3 }>
							{ __( 'Shipping', 'kestrel-forms' ) }
						</th>
						<td>{ entry.order.shipping }</td>
					</tr>
					<tr>
						<th scope="row" colSpan={ 3 }>
							{ __( 'Total', 'kestrel-forms' ) }
						</th>
						<td className="kestrel-forms-order-total">
							{ entry.order.total }
						</td>
					</tr>
				</tfoot>
			</table>
		</>
	);
}

/**
 * Notes on the entry, and a box to add one.
 *
 * @param props       Props.
 * @param props.entry Entry.
 */
function Notes( { entry }: { entry: EntryDetail } ) {
	const actions = useDispatch( store );
	const [ text, setText ] = useState( '' );
	const [ busy, setBusy ] = useState( false );
	const add = async () => {
		if ( text.trim() === '' ) {
			return;
		}
		setBusy( true );
		const ok = ( await actions.addNote(
			entry.id,
			text
		) ) as unknown as boolean;
		setBusy( false );
		if ( ok ) {
			setText( '' );
		}
	};
	return (
		<section
			className="kestrel-forms-notes"
			aria-labelledby="kestrel-forms-notes-title"
		>
			<h2 id="kestrel-forms-notes-title">
				{ __( 'Notes', 'kestrel-forms' ) }
			</h2>
			{ entry.notes.length === 0 ? (
				<p>{ __( 'No notes yet.', 'kestrel-forms' ) }</p>
			) : (
				<ul>
					{ entry.notes.map( ( note ) => (
						<li key={ note.id } className="kestrel-forms-note">
							<p style={ { whiteSpace: 'pre-wrap', margin: 0 } }>
								{ note.note }
							</p>
							<small>
								{ note.user_name } ·{ ' ' }
								<SiteDate
									iso={ note.created_at }
									relative
								/>{ ' ' }
							</small>
							<Button
								variant="link"
								isDestructive
								onClick={ () =>
									actions.removeNote( entry.id, note.id )
								}
							>
								{ __( 'Delete note', 'kestrel-forms' ) }
							</Button>
						</li>
					) ) }
				</ul>
			) }
			<TextareaControl
				__nextHasNoMarginBottom
				label={ __( 'Add a note', 'kestrel-forms' ) }
				value={ text }
				onChange={ setText }
			/>
			<Button
				variant="secondary"
				onClick={ add }
				isBusy={ busy }
				disabled={ busy }
				accessibleWhenDisabled
			>
				{ __( 'Add note', 'kestrel-forms' ) }
			</Button>
		</section>
	);
}
