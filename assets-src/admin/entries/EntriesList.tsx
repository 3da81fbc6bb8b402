/**
 * The entries of one form: search, filters, chosen columns, sort, paging, bulk actions, export.
 */
import { useEffect, useState } from '@wordpress/element';
import { useDispatch, useSelect } from '@wordpress/data';
import {
	Button,
	CheckboxControl,
	Dropdown,
	Notice,
	SearchControl,
	SelectControl,
	Spinner,
	TextControl,
} from '@wordpress/components';
import { __, _n, sprintf } from '@wordpress/i18n';
import { store, type BulkAction, type EntriesQuery } from '../store/entries';
import type { EntriesScreenConfig } from './types';
import { entryUrl, exportUrl, listUrl } from './urls';

const COLUMNS_KEY = 'kestrel-forms-entry-columns-';

/**
 * The columns the admin chose for a form (kept in the browser), or the first four fields.
 *
 * @param config Screen config.
 */
function storedColumns( config: EntriesScreenConfig ): number[] {
	try {
		const stored = JSON.parse(
			window.localStorage.getItem( COLUMNS_KEY + config.formId ) ?? 'null'
		);
		if ( Array.isArray( stored ) ) {
			return stored.filter( ( id ) =>
				config.fields.some( ( f ) => f.id === id )
			);
		}
	} catch {
		// A damaged value: fall back to the default columns.
	}
	return config.fields.slice( 0, 4 ).map( ( f ) => f.id );
}

/**
 * @param props        Props.
 * @param props.config Screen config.
 */
export function EntriesList( { config }: { config: EntriesScreenConfig } ) {
	const {
		query,
		entries,
		totals,
		loading,
		error,
		selection,
		allSelected,
		notice,
	} = useSelect( ( select ) => {
		const s = select( store );
		return {
			query: s.getQuery(),
			entries: s.getEntries(),
			totals: s.getTotals(),
			loading: s.isListLoading(),
			error: s.getListError(),
			selection: s.getSelection(),
			allSelected: s.isAllSelected(),
			notice: s.getNotice(),
		};
	}, [] );
	const actions = useDispatch( store );
	const [ columns, setColumns ] = useState< number[] >( () =>
		storedColumns( config )
	);
	const [ bulk, setBulk ] = useState< BulkAction | '' >( '' );
	const [ search, setSearch ] = useState( query.search );

	useEffect( () => {
		actions.fetchEntries();
		// eslint-disable-next-line react-hooks/exhaustive-deps -- reload when the query changes.
	}, [ query ] );

	// Search as the admin types, after a pause.
	useEffect( () => {
		const timer = window.setTimeout( () => {
			if ( search !== query.search ) {
				actions.setQuery( { search } );
			}
		}, 400 );
		return () => window.clearTimeout( timer );
		// eslint-disable-next-line react-hooks/exhaustive-deps
	}, [ search ] );

	const update = ( change: Partial< EntriesQuery > ) =>
		actions.setQuery( change );

	const chooseColumn = ( id: number, on: boolean ) => {
		const next = config.fields
			.map( ( f ) => f.id )
			.filter( ( fid ) => ( fid === id ? on : columns.includes( fid ) ) );
		setColumns( next );
		window.localStorage.setItem(
			COLUMNS_KEY + config.formId,
			JSON.stringify( next )
		);
	};

	const sortBy = ( orderby: string ) =>
		update( {
			orderby,
			order:
				query.orderby === orderby && query.order === 'desc'
					? 'asc'
					: 'desc',
		} );

	const sortLabel = ( orderby: string ) => {
		if ( query.orderby !== orderby ) {
			return undefined;
		}
		return query.order === 'asc' ? 'ascending' : 'descending';
	};

	const bulkOptions: Array< { label: string; value: BulkAction | '' } > = [
		{ label: __( 'Bulk actions', 'kestrel-forms' ), value: '' },
		{ label: __( 'Mark as read', 'kestrel-forms' ), value: 'read' },
		{ label: __( 'Mark as unread', 'kestrel-forms' ), value: 'unread' },
		{ label: __( 'Star', 'kestrel-forms' ), value: 'star' },
		{ label: __( 'Remove star', 'kestrel-forms' ), value: 'unstar' },
		{ label: __( 'Mark as spam', 'kestrel-forms' ), value: 'spam' },
		{ label: __( 'Not spam', 'kestrel-forms' ), value: 'not_spam' },
		{ label: __( 'Move to trash', 'kestrel-forms' ), value: 'trash' },
		{ label: __( 'Restore', 'kestrel-forms' ), value: 'restore' },
		{ label: __( 'Delete permanently', 'kestrel-forms' ), value: 'delete' },
	];

	const applyBulk = () => {
		if ( ! bulk || selection.length === 0 ) {
			return;
		}
		if (
			bulk === 'delete' &&
			// eslint-disable-next-line no-alert -- a native confirm is the WordPress admin norm here.
			! window.confirm(
				__(
					'Delete the selected entries for good? This cannot be undone.',
					'kestrel-forms'
				)
			)
		) {
			return;
		}
		actions.applyBulkAction( bulk, selection );
	};

	const shown = config.fields.filter( ( f ) => columns.includes( f.id ) );

	return (
		<div className="kestrel-forms-entries-list">
			{ notice && (
				<Notice
					status={ notice.status }
					onRemove={ () => actions.setNotice( null ) }
				>
					{ notice.message }
				</Notice>
			) }
			<div
				className="kestrel-forms-entries-toolbar"
				style={ {
					display: 'flex',
					flexWrap: 'wrap',
					gap: '12px',
					alignItems: 'flex-end',
					margin: '12px 0',
				} }
			>
				<SelectControl
					__next40pxDefaultSize
					__nextHasNoMarginBottom
					label={ __( 'Form', 'kestrel-forms' ) }
					value={ String( config.formId ) }
					options={ config.forms.map( ( f ) => ( {
						label: f.title,
						value: String( f.id ),
					} ) ) }
					onChange={ ( value ) => {
						window.location.href = listUrl(
							config,
							Number( value )
						);
					} }
				/>
				<SearchControl
					__nextHasNoMarginBottom
					label={ __( 'Search entries', 'kestrel-forms' ) }
					placeholder={ __( 'Search entries', 'kestrel-forms' ) }
					value={ search }
					onChange={ ( value ) => setSearch( value ?? '' ) }
				/>
				<SelectControl
					__next40pxDefaultSize
					__nextHasNoMarginBottom
					label={ __( 'Status', 'kestrel-forms' ) }
					value={ query.status }
					options={ [
						{
							label: __( 'Active', 'kestrel-forms' ),
							value: 'active',
						},
						{ label: __( 'Spam', 'kestrel-forms' ), value: 'spam' },
						{
							label: __( 'Trash', 'kestrel-forms' ),
							value: 'trash',
						},
						{ label: __( 'All', 'kestrel-forms' ), value: 'all' },
					] }
					onChange={ ( value ) =>
						update( { status: value as EntriesQuery[ 'status' ] } )
					}
				/>
				<SelectControl
					__next40pxDefaultSize
					__nextHasNoMarginBottom
					label={ __( 'Starred', 'kestrel-forms' ) }
					value={
						( query.starred === null
							? ''
							: String( query.starred ) ) as '' | 'true' | 'false'
					}
					options={ [
						{ label: __( 'Any', 'kestrel-forms' ), value: '' },
						{
							label: __( 'Starred', 'kestrel-forms' ),
							value: 'true',
						},
						{
							label: __( 'Not starred', 'kestrel-forms' ),
							value: 'false',
						},
					] }
					onChange={ ( value ) =>
						update( {
							starred: value === '' ? null : value === 'true',
						} )
					}
				/>
				<SelectControl
					__next40pxDefaultSize
					__nextHasNoMarginBottom
					label={ __( 'Read', 'kestrel-forms' ) }
					value={
						( query.read === null ? '' : String( query.read ) ) as
							'' | 'true' | 'false'
					}
					options={ [
						{ label: __( 'Any', 'kestrel-forms' ), value: '' },
						{ label: __( 'Read', 'kestrel-forms' ), value: 'true' },
						{
							label: __( 'Unread', 'kestrel-forms' ),
							value: 'false',
						},
					] }
					onChange={ ( value ) =>
						update( {
							read: value === '' ? null : value === 'true',
						} )
					}
				/>
				<TextControl
					__next40pxDefaultSize
					__nextHasNoMarginBottom
					type="date"
					label={ __( 'From', 'kestrel-forms' ) }
					value={ query.dateFrom }
					onChange={ ( value ) => update( { dateFrom: value } ) }
				/>
				<TextControl
					__next40pxDefaultSize
					__nextHasNoMarginBottom
					type="date"
					label={ __( 'To', 'kestrel-forms' ) }
					value={ query.dateTo }
					onChange={ ( value ) => update( { dateTo: value } ) }
				/>
				<FieldFilter
					config={ config }
					query={ query }
					update={ update }
				/>
				<Dropdown
					renderToggle={ ( { isOpen, onToggle } ) => (
						<Button
							variant="secondary"
							onClick={ onToggle }
							aria-expanded={ isOpen }
						>
							{ __( 'Columns', 'kestrel-forms' ) }
						</Button>
					) }
					renderContent={ () => (
						<fieldset
							style={ { padding: '8px', minWidth: '200px' } }
						>
							<legend>
								{ __( 'Columns shown', 'kestrel-forms' ) }
							</legend>
							{ config.fields.map( ( f ) => (
								<CheckboxControl
									__nextHasNoMarginBottom
									key={ f.id }
									label={ f.label }
									checked={ columns.includes( f.id ) }
									onChange={ ( on ) =>
										chooseColumn( f.id, on )
									}
								/>
							) ) }
						</fieldset>
					) }
				/>
				<Button variant="secondary" href={ exportUrl( config, query ) }>
					{ __( 'Export CSV', 'kestrel-forms' ) }
				</Button>
			</div>

			<div
				className="tablenav top"
				style={ {
					display: 'flex',
					gap: '8px',
					alignItems: 'flex-end',
				} }
			>
				<SelectControl
					__next40pxDefaultSize
					__nextHasNoMarginBottom
					label={ __( 'Bulk action', 'kestrel-forms' ) }
					hideLabelFromVision
					value={ bulk }
					options={ bulkOptions }
					onChange={ ( value ) =>
						setBulk( value as BulkAction | '' )
					}
				/>
				<Button
					variant="secondary"
					onClick={ applyBulk }
					disabled={ ! bulk || selection.length === 0 }
					accessibleWhenDisabled
				>
					{ __( 'Apply', 'kestrel-forms' ) }
				</Button>
				<span className="kestrel-forms-count" aria-live="polite">
					{ sprintf(
						/* translators: %d: number of entries. */
						_n(
							'%d entry',
							'%d entries',
							totals.total,
							'kestrel-forms'
						),
						totals.total
					) }
				</span>
				{ loading && <Spinner /> }
			</div>

			{ error && (
				<Notice status="error" isDismissible={ false }>
					{ error }
				</Notice>
			) }

			<table className="wp-list-table widefat fixed striped kestrel-forms-entries">
				<caption className="screen-reader-text">
					{ __( 'Entries', 'kestrel-forms' ) }
				</caption>
				<thead>
					<tr>
						<td className="manage-column column-cb check-column">
							<input
								type="checkbox"
								aria-label={ __(
									'Select all entries',
									'kestrel-forms'
								) }
								checked={ allSelected }
								onChange={ ( event ) =>
									actions.setSelection(
										event.target.checked
											? entries.map( ( e ) => e.id )
											: []
									)
								}
							/>
						</td>
						<th
							scope="col"
							className="column-star"
							style={ { width: '3em' } }
						>
							<span className="screen-reader-text">
								{ __( 'Starred', 'kestrel-forms' ) }
							</span>
						</th>
						<th
							scope="col"
							className="column-id"
							aria-sort={ sortLabel( 'id' ) }
						>
							<Button
								variant="link"
								onClick={ () => sortBy( 'id' ) }
							>
								{ __( 'Entry', 'kestrel-forms' ) }
							</Button>
						</th>
						<th
							scope="col"
							className="column-date"
							aria-sort={ sortLabel( 'created_at' ) }
						>
							<Button
								variant="link"
								onClick={ () => sortBy( 'created_at' ) }
							>
								{ __( 'Submitted (UTC)', 'kestrel-forms' ) }
							</Button>
						</th>
						{ shown.map( ( f ) => (
							<th
								scope="col"
								key={ f.id }
								aria-sort={ sortLabel( String( f.id ) ) }
							>
								<Button
									variant="link"
									onClick={ () => sortBy( String( f.id ) ) }
								>
									{ f.label }
								</Button>
							</th>
						) ) }
					</tr>
				</thead>
				<tbody>
					{ entries.length === 0 && ! loading && (
						<tr>
							<td colSpan={ 4 + shown.length }>
								{ __( 'No entries found.', 'kestrel-forms' ) }
							</td>
						</tr>
					) }
					{ entries.map( ( entry ) => (
						<tr
							key={ entry.id }
							data-entry-id={ entry.id }
							className={
								entry.is_read ? 'is-read' : 'is-unread'
							}
							style={
								entry.is_read ? undefined : { fontWeight: 600 }
							}
						>
							<th scope="row" className="check-column">
								<input
									type="checkbox"
									aria-label={ sprintf(
										/* translators: %d: entry id. */
										__(
											'Select entry %d',
											'kestrel-forms'
										),
										entry.id
									) }
									checked={ selection.includes( entry.id ) }
									onChange={ () =>
										actions.toggleSelected( entry.id )
									}
								/>
							</th>
							<td className="column-star">
								<Button
									size="small"
									icon={
										entry.is_starred
											? 'star-filled'
											: 'star-empty'
									}
									label={
										entry.is_starred
											? __(
													'Remove star',
													'kestrel-forms'
												)
											: __( 'Star', 'kestrel-forms' )
									}
									isPressed={ entry.is_starred }
									onClick={ () =>
										actions.applyBulkAction(
											entry.is_starred
												? 'unstar'
												: 'star',
											[ entry.id ]
										)
									}
								/>
							</td>
							<td className="column-id">
								<a href={ entryUrl( config, entry.id ) }>
									{ sprintf(
										/* translators: %d: entry id. */
										__( '#%d', 'kestrel-forms' ),
										entry.id
									) }
								</a>
							</td>
							<td className="column-date">
								{ entry.created_at
									.replace( 'T', ' ' )
									.replace( 'Z', '' ) }
							</td>
							{ shown.map( ( f ) => (
								<td key={ f.id }>
									{ entry.display[ String( f.id ) ] ?? '' }
								</td>
							) ) }
						</tr>
					) ) }
				</tbody>
			</table>

			<div
				className="tablenav bottom"
				style={ {
					display: 'flex',
					gap: '8px',
					alignItems: 'center',
					marginTop: '8px',
				} }
			>
				<Button
					variant="secondary"
					disabled={ query.page <= 1 }
					accessibleWhenDisabled
					onClick={ () => update( { page: query.page - 1 } ) }
				>
					{ __( 'Previous page', 'kestrel-forms' ) }
				</Button>
				<span>
					{ sprintf(
						/* translators: 1: current page, 2: number of pages. */
						__( 'Page %1$d of %2$d', 'kestrel-forms' ),
						query.page,
						totals.totalPages
					) }
				</span>
				<Button
					variant="secondary"
					disabled={ query.page >= totals.totalPages }
					accessibleWhenDisabled
					onClick={ () => update( { page: query.page + 1 } ) }
				>
					{ __( 'Next page', 'kestrel-forms' ) }
				</Button>
				<SelectControl
					__next40pxDefaultSize
					__nextHasNoMarginBottom
					label={ __( 'Per page', 'kestrel-forms' ) }
					value={ String( query.perPage ) }
					options={ [ 20, 50, 100 ].map( ( n ) => ( {
						label: String( n ),
						value: String( n ),
					} ) ) }
					onChange={ ( value ) =>
						update( { perPage: Number( value ) } )
					}
				/>
			</div>
		</div>
	);
}

/**
 * Filter on one field's value.
 *
 * @param props        Props.
 * @param props.config Screen config.
 * @param props.query  Query.
 * @param props.update Changes the query.
 */
function FieldFilter( {
	config,
	query,
	update,
}: {
	config: EntriesScreenConfig;
	query: EntriesQuery;
	update: ( change: Partial< EntriesQuery > ) => void;
} ) {
	const [ value, setValue ] = useState( query.fieldValue );
	useEffect( () => {
		const timer = window.setTimeout( () => {
			if ( value !== query.fieldValue ) {
				update( { fieldValue: value } );
			}
		}, 400 );
		return () => window.clearTimeout( timer );
		// eslint-disable-next-line react-hooks/exhaustive-deps
	}, [ value ] );
	return (
		<>
			<SelectControl
				__next40pxDefaultSize
				__nextHasNoMarginBottom
				label={ __( 'Field', 'kestrel-forms' ) }
				value={ query.field }
				options={ [
					{ label: __( 'Any field', 'kestrel-forms' ), value: '' },
					...config.fields.map( ( f ) => ( {
						label: f.label,
						value: String( f.id ),
					} ) ),
				] }
				onChange={ ( field ) => update( { field } ) }
			/>
			{ query.field !== '' && (
				<>
					<SelectControl
						__next40pxDefaultSize
						__nextHasNoMarginBottom
						label={ __( 'Operator', 'kestrel-forms' ) }
						value={ query.fieldOperator }
						options={ [
							{ label: __( 'is', 'kestrel-forms' ), value: 'is' },
							{
								label: __( 'contains', 'kestrel-forms' ),
								value: 'contains',
							},
						] }
						onChange={ ( op ) =>
							update( {
								fieldOperator:
									op as EntriesQuery[ 'fieldOperator' ],
							} )
						}
					/>
					<TextControl
						__next40pxDefaultSize
						__nextHasNoMarginBottom
						label={ __( 'Value', 'kestrel-forms' ) }
						value={ value }
						onChange={ setValue }
					/>
				</>
			) }
		</>
	);
}
