/**
 * Issue 13: the payments code loads only on payment pages. form-view (every form) may reach the
 * payment field's shell and hook points, never its elements, controller or SDK adapter: those
 * ship in the payment field script. Checked on the static import graph of the two entries (type
 * imports erased, as Babel does).
 */
import fs from 'node:fs';
import path from 'node:path';

const SRC = path.resolve( __dirname, '../../../..' );

function resolve( from: string, spec: string ): string | null {
	const base = path.resolve( path.dirname( from ), spec );
	for ( const candidate of [
		base,
		`${ base }.ts`,
		`${ base }.tsx`,
		path.join( base, 'index.ts' ),
		path.join( base, 'index.tsx' ),
	] ) {
		if (
			/\.tsx?$/.test( candidate ) &&
			fs.existsSync( candidate ) &&
			fs.statSync( candidate ).isFile()
		) {
			return candidate;
		}
	}
	return null;
}

/**
 * Every source file an entry reaches through value imports and re-exports.
 *
 * @param entry Entry file.
 */
function graph( entry: string ): Set< string > {
	const seen = new Set< string >();
	const queue = [ entry ];
	const statement =
		/(?:^|\n)\s*(?:import|export)\s+(?!type\b)(?:[^;'"]*?\sfrom\s+)?['"](\.[^'"]+)['"]/g;
	while ( queue.length ) {
		const file = queue.pop() as string;
		if ( seen.has( file ) ) {
			continue;
		}
		seen.add( file );
		const text = fs.readFileSync( file, 'utf8' );
		for ( const match of text.matchAll( statement ) ) {
			const target = resolve( file, match[ 1 ] );
			if ( target ) {
				queue.push( target );
			}
		}
	}
	return new Set(
		[ ...seen ].map( ( f ) =>
			path.relative( SRC, f ).split( path.sep ).join( '/' )
		)
	);
}

const LAZY = [
	'forms-ui/fields/payment/PaymentField.tsx',
	'forms-ui/fields/payment/use-payment.ts',
	'forms-ui/fields/payment/adapter.ts',
];

describe( 'payments code split', () => {
	it( 'form-view reaches the shell and hook points, not the payment code', () => {
		const view = graph( path.join( SRC, 'entries/form-view.tsx' ) );
		expect( view.has( 'forms-ui/components/Form.tsx' ) ).toBe( true );
		expect( view.has( 'forms-ui/fields/payment/PaymentSlot.tsx' ) ).toBe(
			true
		);
		expect( LAZY.filter( ( f ) => view.has( f ) ) ).toEqual( [] );
	} );

	it( 'the payment field script carries it, without the form', () => {
		const field = graph( path.join( SRC, 'entries/payment-field.ts' ) );
		expect( LAZY.filter( ( f ) => ! field.has( f ) ) ).toEqual( [] );
		expect( field.has( 'forms-ui/components/Form.tsx' ) ).toBe( false );
		expect( field.has( 'forms-ui/components/field-parts.tsx' ) ).toBe(
			false
		);
	} );
} );
