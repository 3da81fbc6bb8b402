/**
 * The static import graph of a webpack entry (type imports erased, as Babel does), for the
 * tests that check what a visitor script carries (issues 13 and 19).
 */
import fs from 'node:fs';
import path from 'node:path';

/** assets-src/ */
export const SRC = path.resolve( __dirname, '../..' );

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
 * Every source file an entry reaches through value imports and re-exports, relative to
 * assets-src/ (packages are not followed).
 *
 * @param entry Entry file.
 */
export function graph( entry: string ): Set< string > {
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
