#!/usr/bin/env node
/**
 * CSV export of many entries: rows, bytes, time and peak PHP memory of the real export route
 * (GET /kestrel-forms/v1/entries/export), against the running WordPress.
 *
 * Creates a form (text, email, textarea, select, a two-column list) and fills it with generated
 * entries through the bench-only bulk route of tests/e2e/plugins/kestrel-forms-bench-probe (one
 * submission per entry would take hours on Playground), growing it to each size in turn
 * (default 1,000 then 100,000). At each size it downloads the whole export as an admin, counting
 * bytes and CSV records as they stream in, and reads the export request's peak PHP memory
 * (memory_get_peak_usage at shutdown, recorded by the probe plugin). Constant memory means the
 * largest export peaks at about the same figure as the smallest.
 *
 * Prints figures, asserts nothing (exits 1 only when a request fails). When the next size would
 * not fit in the time budget (--budget, seconds, from the insert rate measured so far), it is
 * skipped and the output says so; the figures printed are then those of the largest size that ran.
 *
 * The form and its entries are deleted afterwards (--keep leaves them); the probe plugin is
 * deactivated again.
 *
 * Usage: node bench/export.mjs [--sizes=1000,100000] [--budget=900] [--keep]
 * (WordPress must be running: npm start)
 *
 * Measured on 2026-11-21 on the Playground dev site: a 40.2 MB peak for 1,000 and for 100,000
 * entries alike, 17.5 MB of CSV for 100,000 in about 65 s.
 */
import { BASE_URL, option, startProbe, stopProbe } from './probe.mjs';

const SIZES = option( 'sizes', '1000,100000' )
	.split( ',' )
	.map( Number )
	.filter( ( n ) => Number.isInteger( n ) && n > 0 )
	.sort( ( a, b ) => a - b );
const BUDGET_S = Number( option( 'budget', 900 ) );
const KEEP = process.argv.includes( '--keep' );
/** Entries per bulk-insert request (the probe inserts them 500 to a statement). */
const PER_REQUEST = 10000;

const MB = 1024 * 1024;
const fmtMB = ( bytes, digits = 1 ) => ( bytes / MB ).toFixed( digits ) + ' MB';
const fmtPeak = ( sample ) =>
	sample
		? `${ fmtMB( sample.peak, 2 ) } (real ${ fmtMB( sample.real, 1 ) })`
		: 'not recorded';
const fmtInt = ( n ) => n.toLocaleString( 'en-US' );

/**
 * Downloads the export, counting bytes and CSV records as they arrive (a record ends at a line
 * break outside quotes; list cells hold line breaks inside quotes). Nothing is kept.
 *
 * @param {import('@wordpress/e2e-test-utils-playwright').RequestUtils} requestUtils Admin request utils.
 * @param {number}                                                      formId       Form id.
 * @return {Promise<{bytes: number, records: number, seconds: number, type: string}>} Figures.
 */
async function download( requestUtils, formId ) {
	const { cookies } = await requestUtils.request.storageState();
	const url = new URL( BASE_URL );
	url.searchParams.set( 'rest_route', '/kestrel-forms/v1/entries/export' );
	url.searchParams.set( 'form_id', String( formId ) );
	const started = performance.now();
	const response = await fetch( url, {
		headers: {
			Cookie: cookies
				.map( ( c ) => `${ c.name }=${ c.value }` )
				.join( '; ' ),
			'X-WP-Nonce': requestUtils.storageState.nonce,
		},
	} );
	if ( response.status !== 200 ) {
		throw new Error(
			`Export: HTTP ${ response.status } ${ await response.text() }`
		);
	}
	let bytes = 0;
	let records = 0;
	let quoted = false;
	let last = 0x0a;
	for await ( const chunk of response.body ) {
		bytes += chunk.length;
		for ( let i = 0; i < chunk.length; i++ ) {
			const b = chunk[ i ];
			if ( b === 0x22 ) {
				quoted = ! quoted;
			} else if ( b === 0x0a && ! quoted ) {
				records++;
			}
			last = b;
		}
	}
	if ( last !== 0x0a ) {
		records++;
	}
	return {
		bytes,
		records,
		seconds: ( performance.now() - started ) / 1000,
		type: response.headers.get( 'content-type' ) ?? '',
	};
}

/**
 * Exports with the probe's log emptied first, and reads the export request's peak memory.
 *
 * @param {import('@wordpress/e2e-test-utils-playwright').RequestUtils} requestUtils Admin request utils.
 * @param {number}                                                      formId       Form id.
 */
async function exportWithPeak( requestUtils, formId ) {
	await requestUtils.rest( {
		method: 'DELETE',
		path: '/kestrel-forms-bench-probe/v1/memory',
	} );
	const got = await download( requestUtils, formId );
	const probe = await requestUtils.rest( {
		path: '/kestrel-forms-bench-probe/v1/memory',
	} );
	const sample = probe.samples.find(
		( s ) => s.route === '/kestrel-forms/v1/entries/export'
	);
	return { ...got, sample, probe };
}

async function main() {
	const requestUtils = await startProbe();
	const benchStarted = performance.now();
	const elapsed = () => ( performance.now() - benchStarted ) / 1000;
	let formId = 0;
	const results = [];
	const skipped = [];
	try {
		const form = await requestUtils.rest( {
			method: 'POST',
			path: '/kestrel-forms/v1/forms',
			data: {
				title: 'Export benchmark',
				fields: [
					{ id: 1, type: 'text', label: 'Name' },
					{ id: 2, type: 'email', label: 'Email' },
					{ id: 3, type: 'textarea', label: 'Message' },
					{
						id: 4,
						type: 'select',
						label: 'Plan',
						choices: [
							{ text: 'Basic plan', value: 'basic' },
							{ text: 'Pro plan', value: 'pro' },
						],
					},
					{
						id: 5,
						type: 'list',
						label: 'Items',
						columns: [ 'Item', 'Qty' ],
					},
				],
			},
		} );
		formId = form.id;
		console.log(
			`Export benchmark on ${ BASE_URL }: form ${ formId }, sizes ${ SIZES.map(
				fmtInt
			).join( ', ' ) }, time budget ${ BUDGET_S } s`
		);

		// Baseline: the same route on the form without entries (WordPress's and the header's share).
		const baseline = await exportWithPeak( requestUtils, formId );
		console.log(
			`         0 entries: peak PHP memory ${ fmtPeak(
				baseline.sample
			) } (the route with nothing to write: WordPress's own share)`
		);

		let stored = 0;
		let insertSeconds = 0;
		for ( const size of SIZES ) {
			const missing = size - stored;
			const perEntry = stored ? insertSeconds / stored : 0;
			const previous = results[ results.length - 1 ];
			const perRow = previous
				? previous.seconds / Math.max( 1, previous.records - 1 )
				: 0;
			const estimate = missing * perEntry + size * perRow;
			if ( previous && elapsed() + estimate > BUDGET_S ) {
				skipped.push(
					`${ fmtInt( size ) } entries skipped: about ${ Math.round(
						estimate
					) } s more at the rates measured so far (${ (
						perEntry * 1000
					).toFixed( 2 ) } ms an entry to insert, ${ (
						perRow * 1000
					).toFixed(
						2
					) } ms a row to export), over the ${ BUDGET_S } s budget`
				);
				continue;
			}
			const insertStarted = performance.now();
			for ( let first = stored; first < size; first += PER_REQUEST ) {
				await requestUtils.rest( {
					method: 'POST',
					path: '/kestrel-forms-bench-probe/v1/entries',
					data: {
						form_id: formId,
						count: Math.min( PER_REQUEST, size - first ),
						first,
					},
				} );
			}
			insertSeconds += ( performance.now() - insertStarted ) / 1000;
			stored = size;

			const { sample, probe, ...got } = await exportWithPeak(
				requestUtils,
				formId
			);
			results.push( { size, ...got, sample, probe } );
			console.log(
				`  ${ fmtInt( size ).padStart( 8 ) } entries: ${ fmtInt(
					got.records - 1
				) } rows exported (+ header), ${ fmtMB( got.bytes ) }, ${ got.seconds.toFixed(
					1
				) } s (${ Math.round(
					( got.records - 1 ) / got.seconds
				) } rows/s), peak PHP memory ${ fmtPeak(
					sample
				) }; inserted so far in ${ insertSeconds.toFixed( 1 ) } s`
			);
		}

		if ( results.length ) {
			const first = results[ 0 ];
			const lastResult = results[ results.length - 1 ];
			const probe = lastResult.probe;
			console.log(
				`\n  ${ 'entries'.padStart( 8 ) } | ${ 'rows'.padStart(
					8
				) } | ${ 'bytes'.padStart( 10 ) } | ${ 'time'.padStart(
					7
				) } | peak PHP memory`
			);
			for ( const r of results ) {
				console.log(
					`  ${ fmtInt( r.size ).padStart( 8 ) } | ${ fmtInt(
						r.records - 1
					).padStart( 8 ) } | ${ fmtMB( r.bytes ).padStart(
						10
					) } | ${ ( r.seconds.toFixed( 1 ) + ' s' ).padStart(
						7
					) } | ${ fmtPeak( r.sample ) }${
						r.sample && baseline.sample
							? `, ${ fmtMB(
									r.sample.peak - baseline.sample.peak,
									2
								) } above the empty export`
							: ''
					}`
				);
			}
			if ( results.length > 1 && first.sample && lastResult.sample ) {
				console.log(
					`\n  Peak PHP memory at ${ fmtInt(
						lastResult.size
					) } entries is ${ (
						lastResult.sample.peak / first.sample.peak
					).toFixed( 2 ) }× the peak at ${ fmtInt(
						first.size
					) } (${ fmtMB( lastResult.sample.peak, 2 ) } vs ${ fmtMB(
						first.sample.peak,
						2
					) }) for ${ (
						( lastResult.records - 1 ) /
						( first.records - 1 )
					).toFixed( 0 ) }× the rows`
				);
			}
			console.log(
				`  Content-Type ${ lastResult.type }; PHP ${ probe.php } (${ probe.sapi }), memory_limit ${ probe.ini.memory_limit }; bulk insert ${ (
					( insertSeconds / lastResult.size ) *
					1000
				).toFixed( 2 ) } ms an entry`
			);
		}
		for ( const line of skipped ) {
			console.log(
				`  NOTE: ${ line }. Largest size measured: ${
					results.length
						? fmtInt( results[ results.length - 1 ].size )
						: 'none'
				} entries.`
			);
		}
	} finally {
		if ( formId && ! KEEP ) {
			const started = performance.now();
			await requestUtils
				.rest( {
					method: 'DELETE',
					path: `/kestrel-forms/v1/forms/${ formId }`,
					params: { force: true },
				} )
				.then(
					() =>
						console.log(
							`  (form ${ formId } and its entries deleted in ${ (
								( performance.now() - started ) /
								1000
							).toFixed( 1 ) } s)`
						),
					( error ) =>
						console.log(
							`  (could not delete form ${ formId }: ${ error.message })`
						)
				);
		}
		await stopProbe( requestUtils );
	}
}

main().catch( ( error ) => {
	console.error( error );
	process.exit( 1 );
} );
