#!/usr/bin/env node
/**
 * Chunked upload throughput and peak PHP memory per request, against the running WordPress.
 *
 * Uploads a generated text file (default 200 MB) to a file-upload field the way the visitor
 * uploader does (resumable.js protocol: multipart chunks of 2 MB, 3 requests at a time, as an
 * anonymous visitor), then prints:
 *   - throughput in MB/s (file size / time from the first chunk to the assembled file);
 *   - peak PHP memory per upload request (memory_get_peak_usage at shutdown, measured by the
 *     test-only plugin tests/e2e/plugins/kestrel-forms-bench-probe, activated for the run);
 *   - whether every "complete" answer named the same file (the assembly ran exactly once).
 * Prints figures, asserts nothing (exits 1 only when the upload itself fails).
 *
 * The form is created through POST /kestrel-forms/v1/forms as admin and deleted (with its files)
 * afterwards; the probe plugin is deactivated again.
 *
 * Usage: node bench/upload.mjs [--size=200] [--chunk=2] [--parallel=3]   (sizes in MB;
 * WordPress must be running: npm start)
 */
import { NO_AUTO_LOGIN_COOKIE } from '../scripts/wp.mjs';
import { BASE_URL, option, startProbe, stopProbe } from './probe.mjs';

const MB = 1024 * 1024;
const arg = ( name, fallback ) => Number( option( name, fallback ) );
const SIZE = Math.round( arg( 'size', 200 ) * MB );
const CHUNK = Math.round( arg( 'chunk', 2 ) * MB );
const PARALLEL = Math.max( 1, arg( 'parallel', 3 ) );
const UPLOAD_URL = `${ BASE_URL }/?rest_route=/kestrel-forms/v1/uploads`;

/**
 * Bytes of chunk `index` (0-based) of the generated file: readable text, so the server's
 * content check sees text/plain, made on the fly so the bench never holds the whole file.
 *
 * @param {number} start First byte.
 * @param {number} end   Byte after the last.
 */
function bytesOf( start, end ) {
	const line = Buffer.from(
		'Kestrel Forms upload benchmark: the quick brown fox jumps over the lazy dog.\n'
	);
	const out = Buffer.allocUnsafe( end - start );
	for ( let i = 0; i < out.length; i++ ) {
		out[ i ] = line[ ( start + i ) % line.length ];
	}
	return out;
}

const fmtMB = ( bytes ) => ( bytes / MB ).toFixed( 1 ) + ' MB';

async function main() {
	const requestUtils = await startProbe();
	let formId = 0;
	try {
		const form = await requestUtils.rest( {
			method: 'POST',
			path: '/kestrel-forms/v1/forms',
			data: {
				title: 'Upload benchmark',
				fields: [
					{
						id: 1,
						type: 'fileupload',
						label: 'File',
						maxFileSize: Math.ceil( SIZE / MB ) + 1,
						allowedExtensions: 'txt',
					},
				],
			},
		} );
		formId = form.id;
		await requestUtils.rest( {
			method: 'DELETE',
			path: '/kestrel-forms-bench-probe/v1/memory',
		} );

		// The upload session (docs/rest-api.md, "Uploads"): its token goes with every request.
		const session = await fetch( `${ UPLOAD_URL }/sessions`, {
			method: 'POST',
			headers: {
				'Content-Type': 'application/json',
				Cookie: `${ NO_AUTO_LOGIN_COOKIE }=1`,
			},
			body: JSON.stringify( { form_id: formId, field_id: 1 } ),
		} );
		const sessionJson = await session.json().catch( () => null );
		const token = sessionJson?.data?.upload_token;
		if ( session.status !== 201 || typeof token !== 'string' ) {
			throw new Error(
				`Session: HTTP ${ session.status } ${ JSON.stringify( sessionJson ) }`
			);
		}
		const headers = {
			Cookie: `${ NO_AUTO_LOGIN_COOKIE }=1`,
			'X-Kestrel-Upload-Token': token,
		};

		// resumable.js with forceChunkSize: every chunk CHUNK bytes, the last one shorter.
		const total = Math.max( Math.ceil( SIZE / CHUNK ), 1 );
		const uploadId = Math.floor( Math.random() * 0xffffffff )
			.toString( 16 )
			.padStart( 8, '0' );
		const fileName = `bench-${ uploadId }.txt`;
		const fieldsOf = ( number ) => {
			const start = ( number - 1 ) * CHUNK;
			const end = Math.min( SIZE, start + CHUNK );
			return {
				form_id: formId,
				field_id: 1,
				original_filename: fileName,
				resumableChunkNumber: number,
				resumableChunkSize: CHUNK,
				resumableCurrentChunkSize: end - start,
				resumableTotalSize: SIZE,
				resumableType: 'text/plain',
				resumableIdentifier: `${ SIZE }-${ fileName.replace( /[^0-9a-zA-Z_-]/g, '' ) }`,
				resumableFilename: fileName,
				resumableRelativePath: fileName,
				resumableTotalChunks: total,
			};
		};
		const send = async ( number ) => {
			const start = ( number - 1 ) * CHUNK;
			const end = Math.min( SIZE, start + CHUNK );
			const body = new FormData();
			for ( const [ key, value ] of Object.entries(
				fieldsOf( number )
			) ) {
				body.append( key, String( value ) );
			}
			body.append(
				'file',
				new Blob( [ bytesOf( start, end ) ] ),
				fileName
			);
			const response = await fetch( UPLOAD_URL, {
				method: 'POST',
				body,
				headers,
			} );
			const json = await response.json().catch( () => null );
			const retry = Number( response.headers.get( 'Retry-After' ) );
			if ( [ 429, 503 ].includes( response.status ) && retry > 0 ) {
				// Another request is assembling (503) or a rate limit: wait as asked, send again.
				await new Promise( ( resolve ) =>
					setTimeout( resolve, retry * 1000 )
				);
				return send( number );
			}
			if ( response.status !== 200 || json?.status !== 'ok' ) {
				throw new Error(
					`Chunk ${ number }: HTTP ${ response.status } ${ JSON.stringify( json ) }`
				);
			}
			return json.data;
		};

		const testChunk = async ( number ) => {
			const test = new URL( UPLOAD_URL );
			for ( const [ key, value ] of Object.entries(
				fieldsOf( number )
			) ) {
				test.searchParams.set( key, String( value ) );
			}
			const response = await fetch( test, { headers } );
			return response.status === 200
				? ( await response.json() ).data
				: null;
		};
		// Baseline: a testChunks GET carries no file (answers 204 before the upload).
		await testChunk( 1 );

		console.log(
			`Uploading ${ fmtMB( SIZE ) } in ${ total } chunks of ${ fmtMB( CHUNK ) }, ${ PARALLEL } at a time, to ${ BASE_URL }`
		);
		const started = performance.now();
		const answers = [];
		let next = 1;
		const worker = async () => {
			while ( next <= total ) {
				const number = next++;
				answers.push( await send( number ) );
			}
		};
		await Promise.all( Array.from( { length: PARALLEL }, worker ) );
		let done = answers.filter( ( a ) => a.complete );
		// With parallel chunks the answer that completed the set may not be the last to arrive;
		// the uploader then asks testChunks, which names the finished file (docs/rest-api.md).
		for ( let i = 0; i < 600 && done.length === 0; i++ ) {
			const data = await testChunk( 1 );
			if ( data?.complete ) {
				done = [ data ];
			} else {
				await new Promise( ( resolve ) => setTimeout( resolve, 100 ) );
			}
		}
		const seconds = ( performance.now() - started ) / 1000;
		if ( done.length === 0 ) {
			throw new Error( 'The upload never completed.' );
		}
		const tokens = new Set( done.map( ( a ) => a.temp_filename ) );

		const probe = await requestUtils.rest( {
			path: '/kestrel-forms-bench-probe/v1/memory',
		} );
		const chunkRoute = ( s ) =>
			! s.route || s.route === '/kestrel-forms/v1/uploads';
		const posts = probe.samples.filter(
			( s ) => s.method === 'POST' && chunkRoute( s )
		);
		const baseline = probe.samples.find(
			( s ) => s.method === 'GET' && chunkRoute( s )
		);
		const peaks = posts.map( ( s ) => s.peak ).sort( ( a, b ) => a - b );
		const reals = posts.map( ( s ) => s.real );
		const median = peaks[ Math.floor( peaks.length / 2 ) ] ?? 0;
		const ms = posts.map( ( s ) => s.ms ).sort( ( a, b ) => a - b );

		console.log(
			`  ${ ( SIZE / MB / seconds ).toFixed( 2 ).padStart( 8 ) } MB/s  (${ seconds.toFixed( 1 ) } s, server stored ${ fmtMB( done[ 0 ].size ) } as "${ done[ 0 ].uploaded_filename }")`
		);
		console.log(
			`  ${ fmtMB( Math.max( ...peaks ) ).padStart(
				8
			) } peak PHP memory, highest of ${ posts.length } chunk requests (median ${ fmtMB(
				median
			) }; real allocated ${ fmtMB( Math.max( ...reals ) ) }), memory_limit ${ probe.ini.memory_limit }`
		);
		console.log(
			`  ${ fmtMB( baseline?.peak ?? 0 ).padStart(
				8
			) } peak PHP memory of a request to the same route without a file (testChunks GET): WordPress's own share`
		);
		console.log(
			`  ${ String( ms[ Math.floor( ms.length / 2 ) ] ?? 0 ).padStart(
				8
			) } ms  median server time per chunk request (max ${ ms[ ms.length - 1 ] ?? 0 } ms, the assembling one included)`
		);
		console.log(
			`  ${ tokens.size === 1 ? 'assembled once' : `ASSEMBLED ${ tokens.size } TIMES` }: ${ done.length } "complete" answer(s), ${ tokens.size } file token(s)`
		);
		console.log(
			`  PHP ${ probe.php } (${ probe.sapi }), upload_max_filesize ${ probe.ini.upload_max_filesize }, post_max_size ${ probe.ini.post_max_size }`
		);

		// The visitor never submits: remove the file now rather than waiting for the cleanup job.
		await fetch( UPLOAD_URL, { method: 'DELETE', headers } );
	} finally {
		if ( formId ) {
			await requestUtils
				.rest( {
					method: 'DELETE',
					path: `/kestrel-forms/v1/forms/${ formId }`,
					params: { force: true },
				} )
				.catch( () => {} );
		}
		await stopProbe( requestUtils );
	}
}

main().catch( ( error ) => {
	console.error( error );
	process.exit( 1 );
} );
