import { reducer } from '../reducer';
import { INITIAL_STATE } from '../constants';
import { getEntries, isAllSelected, isFiltered, getTotals } from '../selectors';
import type { ListedEntry } from '../types';

const listed = ( id: number ): ListedEntry => ( {
	id,
	form_id: 1,
	created_at: '',
	status: 'active',
	is_read: false,
	is_starred: false,
	values: {},
	display: {},
} );

describe( 'entries selectors', () => {
	const loaded = reducer( INITIAL_STATE, {
		type: 'LIST_SUCCESS',
		items: [ listed( 5 ), listed( 4 ) ],
		total: 2,
		totalPages: 1,
	} );

	it( 'lists entries in order, the same array for the same state', () => {
		expect( getEntries( loaded ).map( ( e ) => e.id ) ).toEqual( [ 5, 4 ] );
		expect( getEntries( loaded ) ).toBe( getEntries( loaded ) );
		expect( getTotals( loaded ) ).toEqual( { total: 2, totalPages: 1 } );
		// The same object while the list is unchanged (useSelect compares by reference).
		expect( getTotals( loaded ) ).toBe( getTotals( loaded ) );
	} );

	it( 'knows when every listed entry is selected', () => {
		expect( isAllSelected( INITIAL_STATE ) ).toBe( false );
		const one = reducer( loaded, { type: 'SET_SELECTION', ids: [ 5 ] } );
		expect( isAllSelected( one ) ).toBe( false );
		const both = reducer( one, { type: 'TOGGLE_SELECTED', id: 4 } );
		expect( isAllSelected( both ) ).toBe( true );
	} );

	it( 'says whether the list is filtered', () => {
		expect( isFiltered( INITIAL_STATE ) ).toBe( false );
		for ( const query of [
			{ search: 'x' },
			{ status: 'spam' as const },
			{ starred: true },
			{ dateFrom: '2026-01-01' },
			{ field: '2' },
		] ) {
			expect(
				isFiltered(
					reducer( INITIAL_STATE, { type: 'SET_QUERY', query } )
				)
			).toBe( true );
		}
	} );
} );
