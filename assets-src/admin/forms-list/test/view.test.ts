import type { View } from '@wordpress/dataviews';
import { nextView, queryOf } from '../FormsList';

const base: View = {
	type: 'table',
	search: '',
	filters: [ { field: 'status', operator: 'is', value: 'active' } ],
	page: 3,
	perPage: 20,
	fields: [ 'id' ],
};

describe( 'forms list view', () => {
	it( 'asks the REST route for the status, search and page of the view', () => {
		expect(
			queryOf( {
				...base,
				search: 'quote',
				filters: [
					{ field: 'status', operator: 'is', value: 'trash' },
				],
			} )
		).toEqual( { status: 'trash', search: 'quote', page: 3, perPage: 20 } );
	} );

	it( 'shows active forms when the status filter is removed or unknown', () => {
		expect( queryOf( { ...base, filters: [] } ).status ).toBe( 'active' );
		expect(
			queryOf( {
				...base,
				filters: [ { field: 'status', operator: 'is', value: 'x' } ],
			} ).status
		).toBe( 'active' );
	} );

	it( 'a new search or status goes back to page one; paging and columns do not', () => {
		expect( nextView( base, { ...base, search: 'a' } ).page ).toBe( 1 );
		expect(
			nextView( base, {
				...base,
				filters: [
					{ field: 'status', operator: 'is', value: 'trash' },
				],
			} ).page
		).toBe( 1 );
		expect( nextView( base, { ...base, page: 4 } ).page ).toBe( 4 );
		expect( nextView( base, { ...base, fields: [] } ).page ).toBe( 3 );
	} );
} );
