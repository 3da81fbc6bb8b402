import { DEFAULT_QUERY, INITIAL_STATE } from '../../store/entries/constants';
import { reducer } from '../../store/entries/reducer';
import type { EntriesQuery } from '../../store/entries';
import {
	columnsFromView,
	currentListView,
	defaultColumns,
	queryOfListView,
	fieldIdOfKey,
	knownColumns,
	openFiltersOf,
	fieldKey,
	queryFromView,
	viewFromQuery,
} from '../view';

const query = ( change: Partial< EntriesQuery > = {} ): EntriesQuery => ( {
	...DEFAULT_QUERY,
	formId: 3,
	...change,
} );

/**
 * The page the store lands on once a view's change is applied (its reducer resets the page).
 *
 * @param current The query before.
 * @param change  What queryFromView gave.
 */
const pageAfter = (
	current: EntriesQuery,
	change: Partial< EntriesQuery >
): number =>
	reducer(
		{ ...INITIAL_STATE, query: current },
		{ type: 'SET_QUERY', query: change }
	).query.page;

describe( 'entries list view', () => {
	it( 'draws the query: search, filters, sort, paging and columns', () => {
		const view = viewFromQuery(
			query( {
				search: 'ada',
				status: 'spam',
				starred: true,
				read: false,
				orderby: '5',
				order: 'asc',
				page: 2,
				perPage: 50,
			} ),
			defaultColumns( [ 5, 7 ] )
		);
		expect( view ).toMatchObject( {
			type: 'table',
			search: 'ada',
			sort: { field: 'field_5', direction: 'asc' },
			page: 2,
			perPage: 50,
			titleField: 'id',
			fields: [ 'is_starred', 'created_at', 'field_5', 'field_7' ],
		} );
		expect( view.filters ).toEqual( [
			{ field: 'status', operator: 'is', value: 'spam' },
			{ field: 'is_starred', operator: 'is', value: 'yes' },
			{ field: 'is_read', operator: 'is', value: 'unread' },
		] );
	} );

	it( 'leaves out starred and read filters that are not set', () => {
		const view = viewFromQuery( query(), [] );
		expect( view.filters ).toEqual( [
			{ field: 'status', operator: 'is', value: 'active' },
		] );
		expect( view.sort ).toEqual( {
			field: 'created_at',
			direction: 'desc',
		} );
	} );

	it( 'a view that only changes columns changes nothing in the query', () => {
		const current = query( { page: 3 } );
		const view = {
			...viewFromQuery( current, defaultColumns( [ 5 ] ) ),
			fields: [ 'status', 'field_5' ],
		};
		expect( queryFromView( view, current ) ).toEqual( {} );
		expect( columnsFromView( view ) ).toEqual( [ 'status', 'field_5' ] );
	} );

	it( 'a page change keeps the filters', () => {
		const current = query( { status: 'trash' } );
		const view = { ...viewFromQuery( current, [] ), page: 4 };
		expect( queryFromView( view, current ) ).toEqual( { page: 4 } );
	} );

	it( 'a new search or filter goes back to page one', () => {
		const current = query( { page: 3 } );
		const searched = { ...viewFromQuery( current, [] ), search: 'x' };
		expect( queryFromView( searched, current ) ).toEqual( {
			search: 'x',
		} );
		expect( pageAfter( current, queryFromView( searched, current ) ) ).toBe(
			1
		);
		const starred = {
			...viewFromQuery( current, [] ),
			filters: [
				{ field: 'status', operator: 'is' as const, value: 'active' },
				{ field: 'is_starred', operator: 'is' as const, value: 'no' },
			],
		};
		expect( queryFromView( starred, current ) ).toEqual( {
			starred: false,
		} );
		expect( pageAfter( current, queryFromView( starred, current ) ) ).toBe(
			1
		);
	} );

	it( 'a removed filter clears it; an unknown status falls back to active', () => {
		const current = query( { starred: true, status: 'spam', page: 2 } );
		const view = {
			...viewFromQuery( current, [] ),
			filters: [
				{ field: 'status', operator: 'is' as const, value: 'bogus' },
			],
		};
		expect( queryFromView( view, current ) ).toEqual( {
			starred: null,
			status: 'active',
		} );
		expect( pageAfter( current, queryFromView( view, current ) ) ).toBe(
			1
		);
	} );

	it( 'sorts by a form field through its REST orderby', () => {
		const current = query();
		const view = {
			...viewFromQuery( current, [ fieldKey( 9 ) ] ),
			sort: { field: fieldKey( 9 ), direction: 'asc' as const },
		};
		expect( queryFromView( view, current ) ).toEqual( {
			orderby: '9',
			order: 'asc',
		} );
		expect( fieldIdOfKey( 'field_9' ) ).toBe( 9 );
		expect( fieldIdOfKey( 'created_at' ) ).toBeNull();
	} );

	it( 'keeps a filter the admin added but has not set yet', () => {
		const current = query();
		const view = viewFromQuery( current, [], [ 'is_read' ] );
		expect( view.filters ).toEqual( [
			{ field: 'status', operator: 'is', value: 'active' },
			{ field: 'is_read', operator: 'is', value: undefined },
		] );
		expect( openFiltersOf( view ) ).toEqual( [ 'is_read' ] );
		expect( queryFromView( view, current ) ).toEqual( {} );
		// Once set, the query holds it and the view shows the value.
		const set = viewFromQuery( query( { read: true } ), [], [] );
		expect( set.filters?.[ 1 ] ).toEqual( {
			field: 'is_read',
			operator: 'is',
			value: 'read',
		} );
		expect( openFiltersOf( set ) ).toEqual( [] );
	} );

	it( 'the payment filter goes to the query and back; unknown values mean all', () => {
		const current = query( { page: 3 } );
		const paid = {
			...viewFromQuery( current, [] ),
			filters: [
				{ field: 'status', operator: 'is' as const, value: 'active' },
				{
					field: 'payment_status',
					operator: 'is' as const,
					value: 'paid',
				},
			],
		};
		expect( queryFromView( paid, current ) ).toEqual( {
			paymentStatus: 'paid',
		} );
		expect( pageAfter( current, queryFromView( paid, current ) ) ).toBe(
			1
		);
		expect(
			viewFromQuery( query( { paymentStatus: 'none' } ), [] ).filters
		).toEqual( [
			{ field: 'status', operator: 'is', value: 'active' },
			{ field: 'payment_status', operator: 'is', value: 'none' },
		] );
		const bogus = {
			...paid,
			filters: [
				{
					field: 'payment_status',
					operator: 'is' as const,
					value: 'processing; drop',
				},
			],
		};
		expect(
			queryFromView( bogus, query( { paymentStatus: 'refunded' } ) )
		).toMatchObject( { paymentStatus: 'all' } );
		// An added payment filter without a value stays on screen.
		expect(
			viewFromQuery( query(), [], [ 'payment_status' ] ).filters?.[ 1 ]
		).toEqual( {
			field: 'payment_status',
			operator: 'is',
			value: undefined,
		} );
	} );

	it( 'forms that take payments show the payment column at first', () => {
		expect( defaultColumns( [ 1 ], true ) ).toEqual( [
			'is_starred',
			'created_at',
			'payment_status',
			'field_1',
		] );
		expect( knownColumns( [ 'payment_status' ], [] ) ).toEqual( [
			'payment_status',
		] );
	} );

	it( 'keeps the columns the admin chose, any of them, dropping ids the form lost', () => {
		expect(
			knownColumns( [ 'status', 'field_9', 'field_2', 7, 'x' ], [ 2 ] )
		).toEqual( [ 'status', 'field_2' ] );
		expect( knownColumns( 'damaged', [ 2 ] ) ).toBeNull();
		expect( defaultColumns( [ 1, 2, 3, 4, 5 ] ) ).toEqual( [
			'is_starred',
			'created_at',
			'field_1',
			'field_2',
			'field_3',
			'field_4',
		] );
	} );
} );

describe( 'list views (All | Unread | Starred | Spam | Trash)', () => {
	it( 'each view sets status, read and starred; the query names its view', () => {
		expect( queryOfListView( 'all' ) ).toEqual( {
			status: 'active',
			read: null,
			starred: null,
		} );
		expect( queryOfListView( 'unread' ) ).toEqual( {
			status: 'active',
			read: false,
			starred: null,
		} );
		expect( queryOfListView( 'trash' ) ).toEqual( {
			status: 'trash',
			read: null,
			starred: null,
		} );
		expect( currentListView( query() ) ).toBe( 'all' );
		expect( currentListView( query( { starred: true } ) ) ).toBe(
			'starred'
		);
		expect( currentListView( query( { status: 'spam' } ) ) ).toBe( 'spam' );
		// Filters that match no view: none is current.
		expect( currentListView( query( { status: 'all' } ) ) ).toBeNull();
		expect(
			currentListView( query( { status: 'trash', read: false } ) )
		).toBeNull();
	} );

	it( 'a view change goes back to page one', () => {
		expect(
			pageAfter( query( { page: 3 } ), queryOfListView( 'spam' ) )
		).toBe( 1 );
	} );
} );
