/**
 * Issue 19: the controls of upload, password, captcha, card, address and date fields ship in
 * scripts of their own (plugin/data/field-scripts.json), printed only for forms with such a
 * field. form-view reaches the generic ScriptControl and registry, none of those controls nor
 * resumable.js; each field script reaches its control. Checked on the static import graphs.
 */
import fs from 'node:fs';
import path from 'node:path';
import scripts from '../../../plugin/data/field-scripts.json';
import { graph, SRC } from './import-graph';

/** The folder of each type's control under forms-ui/fields/. */
const FOLDERS: Record< string, string > = {
	fileupload: 'forms-ui/fields/fileupload/',
	password: 'forms-ui/fields/password/',
	captcha: 'forms-ui/fields/captcha/',
	creditcard: 'forms-ui/fields/creditcard/',
	address: 'forms-ui/fields/address/',
	date: 'forms-ui/fields/date/',
};

/** Modules that only a field script may carry (resumable.js comes with the uploader). */
const HEAVY = [ 'forms-ui/uploads/uploader.ts', 'forms-ui/password-meter.ts' ];

describe( 'field scripts', () => {
	it( 'cover the six types', () => {
		expect( Object.keys( scripts ).sort() ).toEqual(
			Object.keys( FOLDERS ).sort()
		);
	} );

	it( 'form-view reaches the generic mechanism and none of their controls', () => {
		const view = graph( path.join( SRC, 'bundles/form-view.tsx' ) );
		expect( view.has( 'forms-ui/fields/ScriptControl.tsx' ) ).toBe( true );
		expect( view.has( 'forms-ui/fields/script-controls.ts' ) ).toBe( true );
		const carried = [ ...view ].filter(
			( f ) =>
				HEAVY.includes( f ) ||
				Object.values( FOLDERS ).some( ( dir ) => f.startsWith( dir ) )
		);
		expect( carried ).toEqual( [] );
	} );

	it.each( Object.entries( scripts ) )(
		'the %s script carries its control',
		( type, name ) => {
			const entry = path.join( SRC, `bundles/${ name }.ts` );
			expect( fs.existsSync( entry ) ).toBe( true );
			const script = graph( entry );
			expect( script.has( 'forms-ui/fields/script-controls.ts' ) ).toBe(
				true
			);
			expect(
				[ ...script ].some( ( f ) => f.startsWith( FOLDERS[ type ] ) )
			).toBe( true );
			// The form itself is form-view's (the script depends on it).
			expect( script.has( 'forms-ui/components/Form.tsx' ) ).toBe(
				false
			);
		}
	);

	it( 'only the upload script carries the uploader', () => {
		const carriers = Object.values( scripts ).filter( ( name ) =>
			graph( path.join( SRC, `bundles/${ name }.ts` ) ).has(
				'forms-ui/uploads/uploader.ts'
			)
		);
		expect( carriers ).toEqual( [ 'form-upload' ] );
	} );
} );
