/**
 * The entries list as a DataViews view: the store's REST query is the source of truth, and this
 * module translates it to the view DataViews draws and back. Pure functions, tested beside.
 */
import type { View, Filter } from '@wordpress/dataviews';
import type {
	EntriesQuery,
	EntryStatus,
	PaymentFilter,
} from '../store/entries';

/** Columns that are not form fields (the entry link is the title, always shown). */
const ENTRY_FIELDS = [
	'is_starred',
	'created_at',
	'is_read',
	'status',
	'payment_status',
] as const;

/** Values of the payment filter other than "all" (the REST `payment_status`). */
const PAYMENT_FILTERS: PaymentFilter[] = [
	'none',
	'paid',
	'authorized',
	'pending',
	'partially_refunded',
	'refunded',
	'voided',
	'failed',
];

/**
 * The columns shown at first: star, date, the payment (forms that take payments) and the
 * form's first four fields.
 *
 * @param fieldIds The form's value fields.
 * @param payments Whether the form takes payments.
 */
export function defaultColumns(
	fieldIds: number[],
	payments = false
): string[] {
	return [
		'is_starred',
		'created_at',
		...( payments ? [ 'payment_status' ] : [] ),
		...fieldIds.slice( 0, 4 ).map( fieldKey ),
	];
}

/**
 * Columns as the admin left them, without ids this form no longer has.
 *
 * @param stored   What was kept (any JSON value).
 * @param fieldIds The form's value fields.
 * @return The columns, or null when nothing usable was kept.
 */
export function knownColumns(
	stored: unknown,
	fieldIds: number[]
): string[] | null {
	if ( ! Array.isArray( stored ) ) {
		return null;
	}
	const known = new Set< string >( [
		...ENTRY_FIELDS,
		...fieldIds.map( fieldKey ),
	] );
	return stored.filter(
		( id ): id is string => typeof id === 'string' && known.has( id )
	);
}

/**
 * @param id A form field id.
 * @return Its view field id (DataViews ids are strings).
 */
export const fieldKey = ( id: number ): string => `field_${ id }`;

/**
 * @param key A view field id.
 * @return The form field id, or null for a fixed column.
 */
export function fieldIdOfKey( key: string ): number | null {
	const match = /^field_(\d+)$/.exec( key );
	return match ? Number( match[ 1 ] ) : null;
}

/**
 * The REST `orderby` of a view sort field, and back.
 *
 * @param key View field id.
 */
export function orderbyOf( key: string ): string {
	const id = fieldIdOfKey( key );
	if ( id !== null ) {
		return String( id );
	}
	return key === 'id' ? 'id' : 'created_at';
}

/**
 * @param orderby REST orderby.
 */
function sortFieldOf( orderby: string ): string {
	if ( /^\d+$/.test( orderby ) ) {
		return fieldKey( Number( orderby ) );
	}
	return orderby === 'id' ? 'id' : 'created_at';
}

const STATUSES: Array< EntryStatus | 'all' > = [
	'active',
	'spam',
	'trash',
	'all',
];

/**
 * @param query   The store's query.
 * @param columns View field ids the admin shows as columns, in order.
 * @param open    Filters the admin added and has not given a value yet (they stay on screen).
 * @return The DataViews view.
 */
export function viewFromQuery(
	query: EntriesQuery,
	columns: string[],
	open: string[] = []
): View {
	const filters: Filter[] = [
		{ field: 'status', operator: 'is', value: query.status },
	];
	if ( query.starred !== null ) {
		filters.push( {
			field: 'is_starred',
			operator: 'is',
			value: query.starred ? 'yes' : 'no',
		} );
	} else if ( open.includes( 'is_starred' ) ) {
		filters.push( {
			field: 'is_starred',
			operator: 'is',
			value: undefined,
		} );
	}
	if ( query.read !== null ) {
		filters.push( {
			field: 'is_read',
			operator: 'is',
			value: query.read ? 'read' : 'unread',
		} );
	} else if ( open.includes( 'is_read' ) ) {
		filters.push( { field: 'is_read', operator: 'is', value: undefined } );
	}
	if ( query.paymentStatus !== 'all' ) {
		filters.push( {
			field: 'payment_status',
			operator: 'is',
			value: query.paymentStatus,
		} );
	} else if ( open.includes( 'payment_status' ) ) {
		filters.push( {
			field: 'payment_status',
			operator: 'is',
			value: undefined,
		} );
	}
	return {
		type: 'table',
		search: query.search,
		filters,
		sort: {
			field: sortFieldOf( query.orderby ),
			direction: query.order,
		},
		page: query.page,
		perPage: query.perPage,
		titleField: 'id',
		fields: columns,
		layout: {},
	};
}

/**
 * @param filters View filters.
 * @param field   Filter field.
 * @return The filter's value, or undefined when it is not set.
 */
function filterValue( filters: Filter[] | undefined, field: string ): unknown {
	const found = ( filters ?? [] ).find( ( f ) => f.field === field );
	return found?.value;
}

/**
 * What in the REST query changes for a new view. A changed search, filter or page size goes
 * back to page one, like the reference list tables: the entries reducer does that (RESETS_PAGE).
 *
 * @param view  The view DataViews hands back.
 * @param query The current query.
 * @return The query keys to change (empty when only the columns changed).
 */
export function queryFromView(
	view: View,
	query: EntriesQuery
): Partial< EntriesQuery > {
	const status = filterValue( view.filters, 'status' );
	const starred = filterValue( view.filters, 'is_starred' );
	const read = filterValue( view.filters, 'is_read' );
	const payment = filterValue( view.filters, 'payment_status' );
	const next: Partial< EntriesQuery > = {
		search: view.search ?? '',
		status: STATUSES.includes( status as EntryStatus )
			? ( status as EntryStatus | 'all' )
			: 'active',
		starred:
			starred === 'yes' || starred === 'no' ? starred === 'yes' : null,
		read: read === 'read' || read === 'unread' ? read === 'read' : null,
		paymentStatus: PAYMENT_FILTERS.includes( payment as PaymentFilter )
			? ( payment as PaymentFilter )
			: 'all',
		perPage: view.perPage ?? query.perPage,
		orderby: view.sort ? orderbyOf( view.sort.field ) : query.orderby,
		order: view.sort?.direction ?? query.order,
	};
	const changed: Partial< EntriesQuery > = {};
	( Object.keys( next ) as Array< keyof EntriesQuery > ).forEach( ( key ) => {
		if ( next[ key ] !== query[ key ] ) {
			( changed as Record< string, unknown > )[ key ] = next[ key ];
		}
	} );
	// A new search, filter, page size or sort goes back to page one in the store's reducer.
	const page = view.page ?? query.page;
	if ( page !== query.page ) {
		changed.page = page;
	}
	return changed;
}

/**
 * @param view The view.
 * @return View field ids shown as columns, in view order.
 */
export function columnsFromView( view: View ): string[] {
	return view.fields ?? [];
}

/**
 * @param view The view.
 * @return Filters on screen without a value yet.
 */
export function openFiltersOf( view: View ): string[] {
	return ( view.filters ?? [] )
		.filter( ( f ) => f.value === undefined || f.value === '' )
		.map( ( f ) => f.field );
}

/** The list's views, as WordPress's lists have them: All | Unread | Starred | Spam | Trash. */
export const LIST_VIEWS = [
	'all',
	'unread',
	'starred',
	'spam',
	'trash',
] as const;

export type ListView = ( typeof LIST_VIEWS )[ number ];

/**
 * The query keys a view sets. "All" is the active entries (spam and trash have views of their
 * own), Unread and Starred are among the active ones.
 *
 * @param id A view.
 */
export function queryOfListView(
	id: ListView
): Pick< EntriesQuery, 'status' | 'read' | 'starred' > {
	switch ( id ) {
		case 'unread':
			return { status: 'active', read: false, starred: null };
		case 'starred':
			return { status: 'active', read: null, starred: true };
		case 'spam':
		case 'trash':
			return { status: id, read: null, starred: null };
	}
	return { status: 'active', read: null, starred: null };
}

/**
 * @param query The store's query.
 * @return The view the query shows, or null when its status and flags match none (the filters
 *         say what it shows then).
 */
export function currentListView( query: EntriesQuery ): ListView | null {
	return (
		LIST_VIEWS.find( ( id ) => {
			const view = queryOfListView( id );
			return (
				view.status === query.status &&
				view.read === query.read &&
				view.starred === query.starred
			);
		} ) ?? null
	);
}
