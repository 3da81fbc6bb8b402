import apiFetch from '@wordpress/api-fetch';
import { fetchEntries, saveValues, applyBulkAction } from '../actions';
import { DEFAULT_QUERY } from '../constants';
import type { EntriesAction } from '../types';

jest.mock( '@wordpress/api-fetch', () => jest.fn() );
const mockedFetch = apiFetch as unknown as jest.Mock;

function args() {
	const actions: EntriesAction[] = [];
	return {
		actions,
		thunk: {
			dispatch: ( action: EntriesAction ) => actions.push( action ),
			select: { getQuery: () => ( { ...DEFAULT_QUERY, formId: 9 } ) },
		},
	};
}

describe( 'entries thunks', () => {
	beforeEach( () => mockedFetch.mockReset() );

	it( 'fetchEntries reads the page and the totals from the headers', async () => {
		mockedFetch.mockResolvedValue( {
			json: async () => [ { id: 1 } ],
			headers: new Map( [
				[ 'X-WP-Total', '41' ],
				[ 'X-WP-TotalPages', '3' ],
			] ),
		} );
		const { actions, thunk } = args();
		await fetchEntries()( thunk );
		expect( mockedFetch.mock.calls[ 0 ][ 0 ].path ).toBe(
			'/kestrel-forms/v1/entries?form_id=9&status=active&page=1&per_page=20&orderby=created_at&order=desc'
		);
		expect( actions ).toEqual( [
			{ type: 'LIST_REQUEST' },
			{
				type: 'LIST_SUCCESS',
				items: [ { id: 1 } ],
				total: 41,
				totalPages: 3,
			},
		] );
	} );

	it( 'fetchEntries drops an answer that comes after a newer request', async () => {
		let answerFirst: ( value: unknown ) => void = () => undefined;
		mockedFetch
			.mockReturnValueOnce(
				new Promise( ( resolve ) => ( answerFirst = resolve ) )
			)
			.mockResolvedValueOnce( {
				json: async () => [ { id: 2 } ],
				headers: new Map( [ [ 'X-WP-Total', '1' ] ] ),
			} );
		const { actions, thunk } = args();
		const first = fetchEntries()( thunk );
		await fetchEntries()( thunk );
		answerFirst( {
			json: async () => [ { id: 1 }, { id: 3 } ],
			headers: new Map( [ [ 'X-WP-Total', '2' ] ] ),
		} );
		await first;
		const successes = actions.filter( ( a ) => a.type === 'LIST_SUCCESS' );
		expect( successes ).toHaveLength( 1 );
		expect( successes[ 0 ] ).toMatchObject( { items: [ { id: 2 } ] } );
	} );

	it( 'saveValues keeps the server messages by field on a 400', async () => {
		mockedFetch.mockRejectedValue( {
			code: 'kestrel_forms_validation_failed',
			message: 'There was a problem',
			data: { errors: { 2: 'Enter a valid email address.' } },
		} );
		const { actions, thunk } = args();
		expect( await saveValues( 4, { 2: 'bad' } )( thunk ) ).toBe( false );
		expect( mockedFetch.mock.calls[ 0 ][ 0 ] ).toEqual( {
			path: '/kestrel-forms/v1/entries/4',
			method: 'POST',
			data: { values: { 2: 'bad' } },
		} );
		expect( actions ).toContainEqual( {
			type: 'SAVE_FAILURE',
			fieldErrors: { 2: 'Enter a valid email address.' },
		} );
	} );

	it( 'applyBulkAction posts the ids, clears the selection and reloads', async () => {
		mockedFetch
			.mockResolvedValueOnce( { changed: 2 } )
			.mockResolvedValueOnce( {
				json: async () => [],
				headers: new Map(),
			} );
		const { actions, thunk } = args();
		expect( await applyBulkAction( 'star', [ 1, 2 ] )( thunk ) ).toBe(
			true
		);
		expect( mockedFetch.mock.calls[ 0 ][ 0 ] ).toMatchObject( {
			path: '/kestrel-forms/v1/entries/bulk',
			data: { action: 'star', ids: [ 1, 2 ] },
		} );
		expect( actions ).toContainEqual( { type: 'SET_SELECTION', ids: [] } );
		expect( actions.map( ( a ) => a.type ) ).toContain( 'LIST_SUCCESS' );
	} );
} );
