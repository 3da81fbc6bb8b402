#!/usr/bin/env node
/**
 * Submission throughput and a large chunked upload on the native stack (nginx, php-fpm with 4
 * workers, MariaDB: scripts/native.mjs), next to the same submission figures on the Playground
 * site (one PHP worker in WebAssembly, SQLite). Prints figures; asserts nothing (exits 1 only
 * when a site cannot be measured at all).
 *
 *   - sequential: `--seq` submissions one after another (req/s, median and max latency);
 *   - concurrent: `--rounds` bursts of `--n` submissions started together (wall time per burst,
 *     statuses, entries stored: by SQL on MariaDB, by the entries API on Playground);
 *   - upload (native): a generated `--size` MB text file in 2 MB chunks, 3 at a time, through the
 *     upload protocol (session token), with the peak PHP memory per chunk request from the bench
 *     probe plugin. bench/upload.mjs gives the Playground upload figures in the same bench run.
 *
 * The native stack is started when it does not run (and stopped afterwards). The Playground site
 * is measured when it answers at WP_BASE_URL (bench/run.mjs starts it), with smaller counts
 * (`--pg-seq`, `--pg-n`, one round): it serves one request at a time.
 * The bench probe plugin is active during each measurement; it turns the rate limits off.
 *
 * Usage: node bench/concurrency.mjs [--seq=200] [--n=50] [--rounds=3] [--size=200]
 *        [--pg-seq=20] [--pg-n=50] [--stack=both|native|playground]
 */
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import { fileURLToPath } from 'node:url';
import * as native from '../scripts/native.mjs';
import { NO_AUTO_LOGIN_COOKIE } from '../scripts/wp.mjs';
import { option, startProbe, stopProbe } from './probe.mjs';

const MB = 1024 * 1024;
const num = ( name, fallback ) => Number( option( name, fallback ) );
const STACK = option( 'stack', 'both' );
const ANON = { Cookie: `${ NO_AUTO_LOGIN_COOKIE }=1` };

const median = ( values ) =>
	values.length
		? [ ...values ].sort( ( a, b ) => a - b )[
				Math.floor( values.length / 2 )
			]
		: 0;
const ms = ( value ) => `${ Math.round( value ) } ms`;

/**
 * One anonymous submission.
 *
 * @param {string} url    Site.
 * @param {number} formId Form.
 * @param {string} marker Unique marker.
 * @return {Promise<{status: number, ms: number, json: boolean}>} Outcome.
 */
async function submit( url, formId, marker ) {
	const started = performance.now();
	const response = await fetch(
		`${ url }/?rest_route=/kestrel-forms/v1/forms/${ formId }/submissions`,
		{
			method: 'POST',
			headers: { ...ANON, 'Content-Type': 'application/json' },
			body: JSON.stringify( {
				values: {
					1: marker,
					2: `${ marker }@example.org`,
					3: 'Benchmark',
				},
			} ),
			signal: AbortSignal.timeout( 600_000 ),
		}
	);
	const text = await response.text();
	let json = true;
	try {
		JSON.parse( text );
	} catch {
		json = false;
	}
	return { status: response.status, ms: performance.now() - started, json };
}

/**
 * Counts statuses.
 *
 * @param {Object[]} outcomes Outcomes of submit().
 * @return {string} e.g. "50 × 201".
 */
function statuses( outcomes ) {
	const counts = {};
	for ( const o of outcomes ) {
		counts[ o.status ] = ( counts[ o.status ] ?? 0 ) + 1;
	}
	const notJson = outcomes.filter( ( o ) => ! o.json ).length;
	return (
		Object.entries( counts )
			.map( ( [ status, count ] ) => `${ count } × ${ status }` )
			.join( ', ' ) + ( notJson ? `, ${ notJson } not JSON` : '' )
	);
}

/**
 * Uploads a generated file with the upload protocol (docs/rest-api.md, "Uploads"): a session,
 * then chunks carrying its token, `parallel` at a time; 503/429 retried after Retry-After.
 *
 * @param {string} url      Site.
 * @param {number} formId   Form.
 * @param {number} size     Bytes.
 * @param {number} chunk    Chunk size.
 * @param {number} parallel Requests at a time.
 * @return {Promise<{seconds: number, token: string|null, retries: number}>} Outcome.
 */
async function upload( url, formId, size, chunk, parallel ) {
	const route = `${ url }/?rest_route=/kestrel-forms/v1/uploads`;
	const session = await fetch( `${ route }/sessions`, {
		method: 'POST',
		headers: { ...ANON, 'Content-Type': 'application/json' },
		body: JSON.stringify( { form_id: formId, field_id: 1 } ),
	} );
	const token = ( await session.json() )?.data?.upload_token;
	if ( session.status !== 201 || ! token ) {
		throw new Error( `Upload session: HTTP ${ session.status }` );
	}
	const headers = { ...ANON, 'X-Kestrel-Upload-Token': token };
	const total = Math.ceil( size / chunk );
	const name = `bench-${ crypto.randomBytes( 4 ).toString( 'hex' ) }.txt`;
	const line = Buffer.from(
		'Kestrel Forms concurrency benchmark: the quick brown fox jumps over the lazy dog.\n'
	);
	const bytes = ( start, end ) => {
		const out = Buffer.allocUnsafe( end - start );
		for ( let i = 0; i < out.length; i++ ) {
			out[ i ] = line[ ( start + i ) % line.length ];
		}
		return out;
	};
	const params = ( number ) => {
		const start = ( number - 1 ) * chunk;
		return {
			resumableChunkNumber: number,
			resumableChunkSize: chunk,
			resumableCurrentChunkSize: Math.min( size, start + chunk ) - start,
			resumableTotalSize: size,
			resumableType: 'text/plain',
			resumableIdentifier: `${ size }-${ name.replace( /[^0-9a-zA-Z_-]/g, '' ) }`,
			resumableFilename: name,
			resumableRelativePath: name,
			resumableTotalChunks: total,
		};
	};
	let retries = 0;
	const done = [];
	const send = async ( number ) => {
		for ( let attempt = 0; ; attempt++ ) {
			const start = ( number - 1 ) * chunk;
			const body = new FormData();
			for ( const [ k, v ] of Object.entries( params( number ) ) ) {
				body.append( k, String( v ) );
			}
			body.append(
				'file',
				new Blob( [ bytes( start, Math.min( size, start + chunk ) ) ] ),
				name
			);
			const response = await fetch( route, {
				method: 'POST',
				headers,
				body,
			} );
			const json = await response.json().catch( () => null );
			if (
				( response.status === 503 || response.status === 429 ) &&
				attempt < 5
			) {
				retries++;
				const wait = Number(
					response.headers.get( 'retry-after' ) ?? 1
				);
				await new Promise( ( r ) => setTimeout( r, wait * 1000 ) );
				continue;
			}
			if ( response.status !== 200 || json?.status !== 'ok' ) {
				throw new Error(
					`Chunk ${ number }: HTTP ${ response.status } ${ JSON.stringify( json ) }`
				);
			}
			if ( json.data.complete ) {
				done.push( json.data.temp_filename );
			}
			return;
		}
	};
	const started = performance.now();
	let next = 1;
	await Promise.all(
		Array.from( { length: parallel }, async () => {
			while ( next <= total ) {
				await send( next++ );
			}
		} )
	);
	for ( let i = 0; i < 600 && ! done.length; i++ ) {
		const test = new URL( route );
		for ( const [ k, v ] of Object.entries( params( 1 ) ) ) {
			test.searchParams.set( k, String( v ) );
		}
		const response = await fetch( test, { headers } );
		const data =
			response.status === 200 ? ( await response.json() ).data : null;
		if ( data?.complete ) {
			done.push( data.temp_filename );
		} else {
			await new Promise( ( r ) => setTimeout( r, 100 ) );
		}
	}
	const seconds = ( performance.now() - started ) / 1000;
	// The visitor never submits: remove the file now.
	await fetch( route, { method: 'DELETE', headers } );
	return {
		seconds,
		token: done[ 0 ] ?? null,
		tokens: new Set( done ).size,
		retries,
	};
}

/**
 * Measures one site.
 *
 * @param {string} label Stack name.
 * @param {string} url   Site.
 * @param {Object} plan  { seq, n, rounds, size } (size 0: no upload).
 * @return {Promise<string[]>} Lines of figures.
 */
async function measure( label, url, plan ) {
	const lines = [];
	const requestUtils = await startProbe( url );
	const forms = [];
	try {
		const form = await requestUtils.rest( {
			method: 'POST',
			path: '/kestrel-forms/v1/forms',
			data: {
				title: `Concurrency benchmark (${ label })`,
				fields: [
					{ id: 1, type: 'text', label: 'Marker', isRequired: true },
					{ id: 2, type: 'email', label: 'Email', isRequired: true },
					{ id: 3, type: 'textarea', label: 'Message' },
				],
			},
		} );
		forms.push( form.id );
		const run = crypto.randomBytes( 3 ).toString( 'hex' );

		const seq = [];
		const seqStarted = performance.now();
		for ( let i = 0; i < plan.seq; i++ ) {
			seq.push( await submit( url, form.id, `seq-${ run }-${ i }` ) );
		}
		const seqSeconds = ( performance.now() - seqStarted ) / 1000;
		lines.push(
			`  sequential   ${ plan.seq } submissions: ${ ( plan.seq / seqSeconds ).toFixed( 1 ) } req/s (${ seqSeconds.toFixed( 1 ) } s; median ${ ms( median( seq.map( ( o ) => o.ms ) ) ) }, max ${ ms( Math.max( ...seq.map( ( o ) => o.ms ) ) ) }; ${ statuses( seq ) })`
		);

		for ( let round = 1; round <= plan.rounds; round++ ) {
			const started = performance.now();
			const burst = await Promise.all(
				Array.from( { length: plan.n }, ( _, i ) =>
					submit( url, form.id, `burst-${ run }-${ round }-${ i }` )
				)
			);
			const wall = ( performance.now() - started ) / 1000;
			lines.push(
				`  concurrent   ${ plan.n } at once, round ${ round }: ${ wall.toFixed( 2 ) } s wall, ${ ( plan.n / wall ).toFixed( 1 ) } req/s (median ${ ms( median( burst.map( ( o ) => o.ms ) ) ) }, max ${ ms( Math.max( ...burst.map( ( o ) => o.ms ) ) ) }; ${ statuses( burst ) })`
			);
		}
		const expected = plan.seq + plan.n * plan.rounds;
		let stored;
		if ( label === 'native' ) {
			stored = native
				.sql(
					`SELECT COUNT(*) FROM ${ native.TABLE_PREFIX }kestrel_forms_entries WHERE form_id = ${ Number( form.id ) }`
				)
				.trim();
			stored += ' (SQL)';
		} else {
			const response = await requestUtils.request.get(
				`${ url }/?rest_route=/kestrel-forms/v1/entries&form_id=${ form.id }&per_page=1&status=all`,
				{
					headers: {
						'X-WP-Nonce': requestUtils.storageState?.nonce ?? '',
					},
				}
			);
			stored = `${ response.headers()[ 'x-wp-total' ] ?? '?' } (entries API)`;
		}
		lines.push(
			`  entries      ${ stored } stored for ${ expected } submissions sent`
		);

		if ( plan.size ) {
			const upForm = await requestUtils.rest( {
				method: 'POST',
				path: '/kestrel-forms/v1/forms',
				data: {
					title: `Upload benchmark (${ label })`,
					fields: [
						{
							id: 1,
							type: 'fileupload',
							label: 'File',
							maxFileSize: plan.size + 1,
							allowedExtensions: 'txt',
						},
					],
				},
			} );
			forms.push( upForm.id );
			await requestUtils.rest( {
				method: 'DELETE',
				path: '/kestrel-forms-bench-probe/v1/memory',
			} );
			const size = plan.size * MB;
			const result = await upload( url, upForm.id, size, 2 * MB, 3 );
			const probe = await requestUtils.rest( {
				path: '/kestrel-forms-bench-probe/v1/memory',
			} );
			const posts = probe.samples.filter( ( s ) => s.method === 'POST' );
			const peaks = posts.map( ( s ) => s.peak );
			lines.push(
				`  upload       ${ plan.size } MB in 2 MB chunks, 3 at a time: ${ result.seconds.toFixed( 1 ) } s, ${ ( plan.size / result.seconds ).toFixed( 1 ) } MB/s, ${ result.token ? `assembled ${ result.tokens === 1 ? 'once' : `${ result.tokens } times` }` : 'NOT COMPLETED' }, ${ result.retries } retried chunk(s)`
			);
			lines.push(
				`  PHP memory   peak ${ ( Math.max( ...peaks ) / MB ).toFixed( 1 ) } MB per upload request (median ${ ( median( peaks ) / MB ).toFixed( 1 ) } MB over ${ posts.length } requests; memory_limit ${ probe.ini.memory_limit }; PHP ${ probe.php } ${ probe.sapi })`
			);
		}
	} finally {
		for ( const id of forms ) {
			await requestUtils
				.rest( {
					method: 'DELETE',
					path: `/kestrel-forms/v1/forms/${ id }`,
					params: { force: true },
				} )
				.catch( () => {} );
		}
		await stopProbe( requestUtils );
		await requestUtils.request.dispose();
	}
	return lines;
}

/**
 * Measures one stack in this process (WP_BASE_URL must already name it: the admin helpers read
 * it when they load).
 *
 * @param {string} stack 'native' or 'playground'.
 * @return {Promise<number>} Exit code.
 */
async function measureHere( stack ) {
	const url = process.env.WP_BASE_URL ?? 'http://localhost:8888';
	const plan =
		stack === 'native'
			? {
					seq: num( 'seq', 200 ),
					n: num( 'n', 50 ),
					rounds: num( 'rounds', 3 ),
					size: num( 'size', 200 ),
				}
			: {
					seq: num( 'pg-seq', 20 ),
					n: num( 'pg-n', 50 ),
					rounds: 1,
					size: 0,
				};
	try {
		( await measure( stack, url, plan ) ).forEach( ( l ) =>
			console.log( l )
		);
		return 0;
	} catch ( error ) {
		console.error( `  ${ stack }: ${ error.message ?? error }` );
		return 1;
	}
}

/**
 * Runs this script for one stack in a child process with WP_BASE_URL set to it.
 *
 * @param {string} stack 'native' or 'playground'.
 * @param {string} url   Site.
 * @return {number} Exit code.
 */
function child( stack, url ) {
	const r = spawnSync(
		process.execPath,
		[
			fileURLToPath( import.meta.url ),
			...process.argv
				.slice( 2 )
				.filter( ( a ) => ! a.startsWith( '--stack=' ) ),
			`--stack=${ stack }`,
			'--child',
		],
		{ stdio: 'inherit', env: { ...process.env, WP_BASE_URL: url } }
	);
	return r.status ?? 1;
}

async function main() {
	if ( process.argv.includes( '--child' ) ) {
		return measureHere( STACK );
	}
	let failed = 0;
	if ( STACK === 'both' || STACK === 'native' ) {
		const running = ( await native.status() ).running;
		const info = running ? native.siteInfo() : await native.start();
		try {
			console.log(
				`Native: nginx + php-fpm (${ info.workers ?? 4 } workers) + MariaDB at ${ info.url }`
			);
			failed += child( 'native', info.url ) ? 1 : 0;
		} finally {
			if ( ! running && ! process.env.KEEP_WP ) {
				await native.stop();
			}
		}
	}
	if ( STACK === 'both' || STACK === 'playground' ) {
		const url = process.env.WP_BASE_URL ?? 'http://localhost:8888';
		const answers = await fetch( `${ url }/?rest_route=/`, {
			headers: ANON,
			redirect: 'manual',
		} )
			.then( ( r ) => r.ok )
			.catch( () => false );
		if ( ! answers ) {
			console.log(
				`Playground: not running at ${ url } (npm run bench starts it): no figures.`
			);
		} else {
			console.log(
				`Playground: one PHP worker (WebAssembly) + SQLite at ${ url }; its upload figures: bench/upload.mjs`
			);
			failed += child( 'playground', url ) ? 1 : 0;
		}
	}
	return failed ? 1 : 0;
}

main().then(
	( code ) => process.exit( code ),
	( error ) => {
		console.error( error );
		process.exit( 1 );
	}
);
