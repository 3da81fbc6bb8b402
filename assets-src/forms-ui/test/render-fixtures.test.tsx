/**
 * Render fixtures (docs/server-rendering.md §4): the TSX's first render of each fixture in
 * tests/fixtures/render/, in canonical form, is the fixture's `html` (PHPUnit checks the PHP
 * against the same lines: RenderFixturesTest).
 *
 * UPDATE_RENDER_FIXTURES=1 writes the TSX's markup into the fixtures instead (make a fixture
 * with an empty `html`, write it from the TSX, read it, then make the PHP match);
 * RENDER_FIXTURE=<part of a name> picks fixtures.
 */
import { canonicalHtml } from './canonical-html';
import {
	fixtureNames,
	readFixture,
	renderFixture,
	writeFixtureHtml,
} from './render-fixtures-harness';

const names = fixtureNames();
const updating = process.env.UPDATE_RENDER_FIXTURES === '1';

describe( 'render fixtures (TSX)', () => {
	it( 'exist', () => {
		expect( names.length ).toBeGreaterThan( 0 );
	} );

	it.each( names )( '%s', ( name ) => {
		const fixture = readFixture( name );
		expect( [ 'field', 'form' ] ).toContain( fixture.kind );
		const lines = canonicalHtml( renderFixture( fixture ) );
		if ( updating ) {
			writeFixtureHtml( name, lines );
			return;
		}
		expect( fixture.html?.length ?? 0 ).toBeGreaterThan( 0 );
		expect( lines ).toEqual( fixture.html );
	} );
} );
