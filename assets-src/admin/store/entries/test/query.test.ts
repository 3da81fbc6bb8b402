import { toRestParams, withParams } from '../query';
import { DEFAULT_QUERY } from '../constants';

describe( 'toRestParams', () => {
	it( 'sends paging and sorting, and leaves blank filters out', () => {
		expect( toRestParams( { ...DEFAULT_QUERY, formId: 3 } ) ).toEqual( {
			form_id: '3',
			status: 'active',
			page: '1',
			per_page: '20',
			orderby: 'created_at',
			order: 'desc',
		} );
	} );

	it( 'sends every filter the admin set; the export gets no paging', () => {
		const params = toRestParams(
			{
				...DEFAULT_QUERY,
				formId: 3,
				search: '  ada ',
				status: 'all',
				starred: false,
				read: true,
				dateFrom: '2026-01-01',
				dateTo: '2026-01-31',
				field: '2',
				fieldValue: 'x@y',
				fieldOperator: 'contains',
			},
			false
		);
		expect( params ).toEqual( {
			form_id: '3',
			status: 'all',
			search: 'ada',
			starred: 'false',
			read: 'true',
			date_from: '2026-01-01',
			date_to: '2026-01-31',
			field: '2',
			field_value: 'x@y',
			field_operator: 'contains',
		} );
	} );

	it( 'sends the payment filter unless it is "all"', () => {
		expect(
			toRestParams(
				{ ...DEFAULT_QUERY, formId: 3, paymentStatus: 'none' },
				false
			)
		).toEqual( { form_id: '3', status: 'active', payment_status: 'none' } );
		expect(
			toRestParams( { ...DEFAULT_QUERY, formId: 3 }, false )
		).not.toHaveProperty( 'payment_status' );
	} );

	it( 'builds a path with a query string', () => {
		expect( withParams( '/a', { b: 'c d', e: '&' } ) ).toBe(
			'/a?b=c+d&e=%26'
		);
		expect( withParams( '/a', {} ) ).toBe( '/a' );
	} );
} );
