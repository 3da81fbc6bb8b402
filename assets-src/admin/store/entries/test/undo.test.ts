import { undoSteps } from '../undo';

describe( 'undoSteps', () => {
	it( 'puts trashed entries back where each was', () => {
		expect(
			undoSteps( 'trash', [
				{ id: 1, status: 'active' },
				{ id: 2, status: 'spam' },
				{ id: 3, status: 'active' },
				{ id: 4, status: 'trash' },
			] )
		).toEqual( [
			{ action: 'restore', ids: [ 1, 3 ] },
			{ action: 'spam', ids: [ 2 ] },
		] );
	} );

	it( 'undoes spam, and restore out of the trash', () => {
		expect( undoSteps( 'spam', [ { id: 5, status: 'active' } ] ) ).toEqual(
			[ { action: 'restore', ids: [ 5 ] } ]
		);
		expect(
			undoSteps( 'restore', [ { id: 6, status: 'trash' } ] )
		).toEqual( [ { action: 'trash', ids: [ 6 ] } ] );
	} );

	it( 'has nothing to undo for flags, deletion or entries it did not move', () => {
		expect( undoSteps( 'star', [ { id: 1, status: 'active' } ] ) ).toEqual(
			[]
		);
		expect( undoSteps( 'delete', [ { id: 1, status: 'trash' } ] ) ).toEqual(
			[]
		);
		expect( undoSteps( 'trash', [] ) ).toEqual( [] );
	} );
} );
