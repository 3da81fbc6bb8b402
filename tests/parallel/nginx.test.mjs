/**
 * The documented nginx rules (docs/nginx/kestrel-forms.conf), as the native stack serves them:
 * no file the plugin keeps under wp-content/uploads/ is reachable by URL, and no PHP runs under
 * uploads. It first makes the plugin store real data (an upload in progress and a finished,
 * unclaimed file) and plants its own probes, then asks nginx for every file there.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { STATE } from '../../scripts/native.mjs';
import {
	BASE_URL,
	createForm,
	deleteForm,
	finishedTokens,
	openUpload,
	raiseRateLimits,
	sendChunkLikeClient,
	tag,
} from './lib/helpers.mjs';

const UPLOADS = path.join( STATE, 'site', 'wp-content', 'uploads' );
const planted = [];

/**
 * Writes a file under uploads/ and remembers it for clean-up.
 *
 * @param {string} relative Path below uploads/.
 * @param {string} content  Content.
 * @return {string} Its URL path.
 */
function plant( relative, content ) {
	const file = path.join( UPLOADS, relative );
	fs.mkdirSync( path.dirname( file ), { recursive: true } );
	fs.writeFileSync( file, content );
	planted.push( file );
	return `/wp-content/uploads/${ relative }`;
}

/**
 * Every file below a folder (relative paths).
 *
 * @param {string} dir Folder.
 * @return {string[]} Files.
 */
function walk( dir ) {
	if ( ! fs.existsSync( dir ) ) {
		return [];
	}
	return fs
		.readdirSync( dir, { withFileTypes: true, recursive: true } )
		.filter( ( e ) => e.isFile() )
		.map( ( e ) =>
			path.relative(
				UPLOADS,
				path.join( e.parentPath ?? e.path, e.name )
			)
		);
}

const get = async ( urlPath ) => {
	const response = await fetch( `${ BASE_URL }${ urlPath }`, {
		redirect: 'manual',
	} );
	return { status: response.status, text: await response.text() };
};

let formId;
let restoreLimits;

before( async () => {
	restoreLimits = raiseRateLimits();
	formId = await createForm( {
		title: `Parallel nginx ${ tag() }`,
		fields: [
			{
				id: 1,
				type: 'fileupload',
				label: 'File',
				maxFileSize: 1,
				allowedExtensions: 'txt',
			},
		],
	} );
	// A finished, unclaimed file and an upload still in progress (2 of 3 chunks).
	const done = await openUpload( {
		formId,
		fieldId: 1,
		size: 3000,
		chunk: 1024,
	} );
	const answers = [];
	for ( let n = 1; n <= done.total; n++ ) {
		answers.push( await sendChunkLikeClient( done, n ) );
	}
	assert.equal( ( await finishedTokens( done, answers ) ).length, 1 );
	const open = await openUpload( {
		formId,
		fieldId: 1,
		size: 3000,
		chunk: 1024,
	} );
	for ( let n = 1; n < open.total; n++ ) {
		assert.equal( ( await sendChunkLikeClient( open, n ) ).status, 200 );
	}
} );

after( async () => {
	planted.forEach( ( file ) => fs.rmSync( file, { force: true } ) );
	await deleteForm( formId );
	restoreLimits?.();
} );

describe( 'nginx rules for uploads (docs/nginx/kestrel-forms.conf)', () => {
	test( "nothing in the plugin's upload folders is served", async () => {
		const id = tag();
		plant( `kestrel-forms/tmp/probe-${ id }.html`, '<p>visitor bytes</p>' );
		plant( `kestrel-forms/probe-${ id }.txt`, 'visitor bytes' );
		// Whatever the plugin names its folders (a per-site secret in the name included), every
		// file below uploads/ whose path mentions kestrel-forms must stay unreachable.
		const files = fs
			.readdirSync( UPLOADS )
			.filter( ( name ) => name.startsWith( 'kestrel-forms' ) )
			.flatMap( ( name ) => walk( path.join( UPLOADS, name ) ) );
		assert.ok(
			files.length >= 4,
			`the probes and the plugin's files exist (${ files.length })`
		);
		const served = [];
		for ( const file of files ) {
			const { status } = await get(
				`/wp-content/uploads/${ file.split( path.sep ).map( encodeURIComponent ).join( '/' ) }`
			);
			if ( status !== 404 && status !== 403 ) {
				served.push( `${ file }: HTTP ${ status }` );
			}
		}
		assert.deepEqual(
			served,
			[],
			`served from the plugin's folders (${ files.length } files checked)`
		);
		for ( const url of [
			'/wp-content/uploads/kestrel-forms/',
			'/wp-content/uploads/kestrel-forms',
			`/wp-content/uploads/%6bestrel-forms/tmp/probe-${ id }.html`,
			`/wp-content/uploads//kestrel-forms/tmp/probe-${ id }.html`,
		] ) {
			assert.equal( ( await get( url ) ).status, 404, url );
		}
	} );

	test( 'no PHP runs under uploads, other uploads are served', async () => {
		const id = tag();
		const script = plant(
			`2026/11/probe-${ id }.php`,
			`<?php echo 'EXEC-' . ( 6 * 7 );`
		);
		const answer = await get( script );
		assert.equal( answer.status, 403, script );
		assert.ok( ! answer.text.includes( 'EXEC-42' ), 'the script ran' );
		for ( const variant of [ 'phtml', 'phar', 'php5' ] ) {
			const other = plant(
				`2026/11/probe-${ id }.${ variant }`,
				'<?php echo 1;'
			);
			assert.equal( ( await get( other ) ).status, 403, other );
		}
		const plain = plant( `2026/11/probe-${ id }.txt`, 'hello' );
		const ok = await get( plain );
		assert.equal( ok.status, 200, plain );
		assert.equal( ok.text, 'hello' );
	} );
} );
