/**
 * The entries of one form in DataViews (@wordpress/dataviews): search, status/starred/read
 * filters, chosen columns, sort, paging and bulk actions. Date range, field value filter, form
 * switcher and CSV export sit above it: DataViews' filters take a fixed list of values, these do not.
 */
import { useEffect, useMemo, useRef, useState } from '@wordpress/element';
import { useDispatch, useSelect } from '@wordpress/data';
import {
	Button,
	Notice,
	SelectControl,
	TextControl,
} from '@wordpress/components';
import {
	DataViews,
	type Action,
	type Field,
	type View,
} from '@wordpress/dataviews';
import { __, _n, sprintf } from '@wordpress/i18n';
import {
	store,
	type BulkAction,
	type EntriesQuery,
	type ListedEntry,
} from '../store/entries';
import type { EntriesScreenConfig } from './types';
import { ConfirmDelete } from '../components/ConfirmDelete';
import { useNamedFilterButtons } from '../components/dataviews-a11y';
import { SiteDate, siteDateTime } from '../components/site-date';
import { statusElements } from './status';
import { EntryViews } from './EntryViews';
import { UndoNotice } from './UndoNotice';
import { StatusBadge } from './payment/PaymentPanel';
import { formatMinor, paymentFilterElements } from './payment/labels';
import { entryUrl, exportUrl, listUrl } from './urls';
import {
	columnsFromView,
	defaultColumns,
	fieldKey,
	knownColumns,
	openFiltersOf,
	queryFromView,
	viewFromQuery,
} from './view';

const COLUMNS_KEY = 'kestrel-forms-entry-view-fields-';

/**
 * The columns the admin chose for a form (kept in the browser), or the default ones.
 *
 * @param config Screen config.
 */
function storedColumns( config: EntriesScreenConfig ): string[] {
	const ids = config.fields.map( ( f ) => f.id );
	try {
		const kept = knownColumns(
			JSON.parse(
				window.localStorage.getItem( COLUMNS_KEY + config.formId ) ??
					'null'
			),
			ids
		);
		if ( kept ) {
			return kept;
		}
	} catch {
		// A damaged value: fall back to the default columns.
	}
	return defaultColumns( ids, config.payments ?? false );
}

/**
 * @param id Entry id.
 * @return "Entry #12": the row's name (its selection checkbox is labelled with it).
 */
const entryName = ( id: number ) =>
	sprintf(
		/* translators: %d: entry id. */
		__( 'Entry #%d', 'kestrel-forms' ),
		id
	);

/**
 * @param props        Props.
 * @param props.config Screen config.
 */
export function EntriesList( { config }: { config: EntriesScreenConfig } ) {
	const { query, entries, totals, loading, error, selection, counts } =
		useSelect( ( select ) => {
			const s = select( store );
			return {
				query: s.getQuery(),
				entries: s.getEntries(),
				totals: s.getTotals(),
				loading: s.isListLoading(),
				error: s.getListError(),
				selection: s.getSelection(),
				counts: s.getCounts(),
			};
		}, [] );
	const actions = useDispatch( store );
	const [ columns, setColumns ] = useState< string[] >( () =>
		storedColumns( config )
	);
	const [ openFilters, setOpenFilters ] = useState< string[] >( [] );
	const listRef = useRef< HTMLDivElement >( null );
	useNamedFilterButtons( listRef, [ __( 'Status', 'kestrel-forms' ) ] );

	useEffect( () => {
		actions.fetchEntries();
		// eslint-disable-next-line react-hooks/exhaustive-deps -- reload when the query changes.
	}, [ query ] );

	// The views' counts: for the form, whatever the filters (after changes: applyBulkAction).
	useEffect( () => {
		actions.fetchCounts();
		// eslint-disable-next-line react-hooks/exhaustive-deps -- per form.
	}, [ query.formId ] );

	const update = ( change: Partial< EntriesQuery > ) =>
		actions.setQuery( change );

	const view = viewFromQuery( query, columns, openFilters );

	const onChangeView = ( next: View ) => {
		const open = openFiltersOf( next );
		if ( open.join() !== openFilters.join() ) {
			setOpenFilters( open );
		}
		const chosen = columnsFromView( next );
		if ( chosen.join() !== columns.join() ) {
			setColumns( chosen );
			window.localStorage.setItem(
				COLUMNS_KEY + config.formId,
				JSON.stringify( chosen )
			);
		}
		const change = queryFromView( next, query );
		if ( Object.keys( change ).length > 0 ) {
			update( change );
		}
	};

	const fields = useMemo(
		() =>
			entryFields( config, ( action, ids ) =>
				actions.applyBulkAction( action, ids )
			),
		// eslint-disable-next-line react-hooks/exhaustive-deps -- config is fixed for the page.
		[ config ]
	);

	const bulkActions = useMemo(
		() =>
			entryActions( ( action, ids ) =>
				actions.applyBulkAction( action, ids )
			),
		// eslint-disable-next-line react-hooks/exhaustive-deps -- dispatchers are stable.
		[]
	);

	return (
		<div className="kestrel-forms-entries-list">
			<UndoNotice />
			<EntryViews query={ query } counts={ counts } update={ update } />
			<div className="kestrel-forms-entries-toolbar">
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
				<Button variant="secondary" href={ exportUrl( config, query ) }>
					{ __( 'Export CSV', 'kestrel-forms' ) }
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
			</div>

			{ error && (
				<Notice status="error" isDismissible={ false }>
					{ error }
				</Notice>
			) }

			<div className="kestrel-forms-entries" ref={ listRef }>
				<DataViews< ListedEntry >
					data={ entries }
					fields={ fields }
					view={ view }
					onChangeView={ onChangeView }
					actions={ bulkActions }
					getItemId={ ( entry ) => String( entry.id ) }
					isLoading={ loading }
					search
					searchLabel={ __( 'Search entries', 'kestrel-forms' ) }
					paginationInfo={ {
						totalItems: totals.total,
						totalPages: totals.totalPages,
					} }
					defaultLayouts={ { table: {} } }
					selection={ selection.map( String ) }
					onChangeSelection={ ( ids ) =>
						actions.setSelection( ids.map( Number ) )
					}
				/>
			</div>
		</div>
	);
}

type Apply = ( action: BulkAction, ids: number[] ) => unknown;

/**
 * The list's columns: entry, star, date, read state, status, the payment (forms that take
 * payments) and the form's value fields. Sorting and filtering happen on the server (the view
 * goes to the REST query).
 *
 * @param config Screen config.
 * @param apply  Runs an action on entries.
 */
export function entryFields(
	config: EntriesScreenConfig,
	apply: Apply
): Array< Field< ListedEntry > > {
	return [
		{
			id: 'id',
			label: __( 'Entry', 'kestrel-forms' ),
			getValue: ( { item } ) => entryName( item.id ),
			render: ( { item } ) => (
				<a
					href={ entryUrl( config, item.id ) }
					data-entry-id={ item.id }
					className={ item.is_read ? 'is-read' : 'is-unread' }
				>
					{ item.is_read ? (
						entryName( item.id )
					) : (
						<strong>{ entryName( item.id ) }</strong>
					) }
				</a>
			),
			enableHiding: false,
			enableGlobalSearch: false,
		},
		{
			id: 'is_starred',
			label: __( 'Starred', 'kestrel-forms' ),
			getValue: ( { item } ) => ( item.is_starred ? 'yes' : 'no' ),
			render: ( { item } ) => (
				<Button
					size="small"
					icon={ item.is_starred ? 'star-filled' : 'star-empty' }
					label={
						item.is_starred
							? sprintf(
									/* translators: %s: "Entry #12". */
									__(
										'Remove star from %s',
										'kestrel-forms'
									),
									entryName( item.id )
								)
							: sprintf(
									/* translators: %s: "Entry #12". */
									__( 'Star %s', 'kestrel-forms' ),
									entryName( item.id )
								)
					}
					isPressed={ item.is_starred }
					onClick={ () =>
						apply( item.is_starred ? 'unstar' : 'star', [
							item.id,
						] )
					}
				/>
			),
			elements: [
				{ value: 'yes', label: __( 'Starred', 'kestrel-forms' ) },
				{ value: 'no', label: __( 'Not starred', 'kestrel-forms' ) },
			],
			filterBy: { operators: [ 'is' ] },
			enableSorting: false,
		},
		{
			id: 'created_at',
			label: __( 'Submitted', 'kestrel-forms' ),
			// The site's local date and time in its formats, as WordPress's own lists.
			getValue: ( { item } ) => siteDateTime( item.created_at ),
			render: ( { item } ) => <SiteDate iso={ item.created_at } />,
			enableHiding: false,
		},
		{
			id: 'is_read',
			label: __( 'Read', 'kestrel-forms' ),
			getValue: ( { item } ) => ( item.is_read ? 'read' : 'unread' ),
			elements: [
				{ value: 'read', label: __( 'Read', 'kestrel-forms' ) },
				{ value: 'unread', label: __( 'Unread', 'kestrel-forms' ) },
			],
			filterBy: { operators: [ 'is' ] },
			enableSorting: false,
		},
		{
			id: 'status',
			label: __( 'Status', 'kestrel-forms' ),
			getValue: ( { item } ) => item.status,
			elements: statusElements(),
			filterBy: { operators: [ 'is' ], isPrimary: true },
			enableSorting: false,
		},
		...( config.payments ? [ paymentField() ] : [] ),
		...config.fields.map( ( f ): Field< ListedEntry > => ( {
			id: fieldKey( f.id ),
			label: f.label,
			getValue: ( { item } ) => item.display[ String( f.id ) ] ?? '',
		} ) ),
	];
}

/**
 * The payment column: the status in words (with the amount), and the payment filter.
 */
function paymentField(): Field< ListedEntry > {
	return {
		id: 'payment_status',
		label: __( 'Payment', 'kestrel-forms' ),
		getValue: ( { item } ) => item.payment?.status ?? 'none',
		render: ( { item } ) =>
			item.payment ? (
				<span className="kestrel-forms-payment-cell">
					<StatusBadge status={ item.payment.status } />{ ' ' }
					{ formatMinor(
						item.payment.amount,
						item.payment.currency
					) }
				</span>
			) : (
				<span>
					<span aria-hidden="true">—</span>
					<span className="screen-reader-text">
						{ __( 'No payment', 'kestrel-forms' ) }
					</span>
				</span>
			),
		elements: paymentFilterElements().filter( ( e ) => e.value !== 'all' ),
		filterBy: { operators: [ 'is' ] },
		enableSorting: false,
	};
}

/**
 * Bulk actions, the same set as the REST bulk route; delete asks first.
 *
 * @param apply Runs an action on entries.
 */
export function entryActions( apply: Apply ): Array< Action< ListedEntry > > {
	const ids = ( items: ListedEntry[] ) => items.map( ( e ) => e.id );
	// DataViews hands a bulk callback every selected entry; each action takes the eligible ones.
	const simple = (
		id: BulkAction,
		label: string,
		icon: string,
		isEligible: ( entry: ListedEntry ) => boolean
	): Action< ListedEntry > => ( {
		id,
		label,
		icon,
		supportsBulk: true,
		isEligible,
		callback: ( items ) => {
			apply( id, ids( items.filter( isEligible ) ) );
		},
	} );
	return [
		simple(
			'read',
			__( 'Mark as read', 'kestrel-forms' ),
			'visibility',
			( e ) => ! e.is_read
		),
		simple(
			'unread',
			__( 'Mark as unread', 'kestrel-forms' ),
			'hidden',
			( e ) => e.is_read
		),
		simple(
			'star',
			__( 'Star', 'kestrel-forms' ),
			'star-filled',
			( e ) => ! e.is_starred
		),
		simple(
			'unstar',
			__( 'Remove star', 'kestrel-forms' ),
			'star-empty',
			( e ) => e.is_starred
		),
		simple(
			'spam',
			__( 'Mark as spam', 'kestrel-forms' ),
			'flag',
			( e ) => e.status !== 'spam'
		),
		simple(
			'not_spam',
			__( 'Not spam', 'kestrel-forms' ),
			'yes-alt',
			( e ) => e.status === 'spam'
		),
		simple(
			'trash',
			__( 'Move to trash', 'kestrel-forms' ),
			'trash',
			( e ) => e.status !== 'trash'
		),
		simple(
			'restore',
			__( 'Restore', 'kestrel-forms' ),
			'undo',
			( e ) => e.status === 'trash'
		),
		{
			id: 'delete',
			label: __( 'Delete permanently', 'kestrel-forms' ),
			icon: 'dismiss',
			isDestructive: true,
			supportsBulk: true,
			isEligible: ( e ) => e.status !== 'active',
			RenderModal: ( { items, closeModal } ) => (
				<ConfirmDelete
					question={ sprintf(
						/* translators: %d: number of entries. */
						_n(
							'Delete %d entry for good? This cannot be undone.',
							'Delete %d entries for good? This cannot be undone.',
							items.length,
							'kestrel-forms'
						),
						items.length
					) }
					close={ closeModal }
					onConfirm={ () =>
						apply(
							'delete',
							ids(
								items.filter( ( e ) => e.status !== 'active' )
							)
						)
					}
				/>
			),
		},
	];
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
