import { reducer } from '../reducer';
import { INITIAL_STATE } from '../constants';
import { getEntries, getTotals } from '../selectors';
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
} );
