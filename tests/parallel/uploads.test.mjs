/**
 * Chunked uploads under real concurrency (php-fpm workers on MariaDB), through the protocol
 * helpers in lib/helpers.mjs:
 *
 *  - first chunks together: many new uploads whose first chunks all arrive at once (the first
 *    round into an empty plugin upload folder). Every chunk must be accepted (issue 12, F1: the
 *    loser of two workers creating the same chunk folder got a permanent 500
 *    kestrel_forms_upload_storage_failed, logged nowhere), and every file assembled exactly once;
 *    a 503 kestrel_forms_upload_busy (another request is assembling) is retried after its
 *    Retry-After, as the visitor uploader does, and must then succeed;
 *  - last chunks together: the final chunks of an upload, each sent twice, at once: every answer
 *    clean JSON and 2xx, one file token, the file stored once;
 *  - the debug log stays free of PHP warnings and database errors.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { STATE } from '../../scripts/native.mjs';
import {
	assertQuietLog,
	createForm,
	debugLogFromNow,
	deleteForm,
	discardUpload,
	finishedTokens,
	openUpload,
	raiseRateLimits,
	sendChunk,
	sendChunkLikeClient,
	tag,
	together,
} from './lib/helpers.mjs';

// Measured on the code before the fix (32df0fa; php-fpm, 4 workers, 2 busy CPUs): 2 to 7 of 100
// such uploads failed (5 of 200 in batches of 4), so 200 rounds miss the race with a probability
// under 1 %. Small chunks make the requests reach the folder creation closer together.
const ROUNDS = Number( process.env.KESTREL_PARALLEL_UPLOAD_ROUNDS || 200 );
const LAST_ROUNDS = Number( process.env.KESTREL_PARALLEL_LAST_ROUNDS || 10 );
const BATCH = Math.max(
	1,
	Number( process.env.KESTREL_PARALLEL_UPLOAD_BATCH || 4 )
);
const KB = 1024;
let formId;
let restoreLimits;

before( async () => {
	restoreLimits = raiseRateLimits();
	formId = await createForm( {
		title: `Parallel uploads ${ tag() }`,
		fields: [
			{
				id: 1,
				type: 'fileupload',
				label: 'File',
				maxFileSize: 5,
				allowedExtensions: 'txt',
			},
		],
	} );
} );

after( async () => {
	await deleteForm( formId );
	restoreLimits?.();
} );

/**
 * A line per answer that is not a clean 2xx JSON.
 *
 * @param {Object[]} answers Answers from rest().
 * @param {string}   what    Prefix.
 * @return {string[]} Problems.
 */
function badAnswers( answers, what ) {
	return answers
		.map( ( a, i ) => describeBad( a, `${ what } #${ i }` ) )
		.filter( Boolean );
}

/**
 * What is wrong with one answer, or null when it is a clean 2xx JSON.
 *
 * @param {Object} a    Answer from rest().
 * @param {string} what Prefix.
 * @return {string|null} Problem.
 */
function describeBad( a, what ) {
	if ( a.json === undefined ) {
		return `${ what }: HTTP ${ a.status }, not JSON: ${ a.text.slice( 0, 200 ) }`;
	}
	if ( a.status < 200 || a.status >= 300 ) {
		return `${ what }: HTTP ${ a.status } ${ a.text.slice( 0, 200 ) }`;
	}
	return null;
}

describe( 'chunked uploads, chunks at once', () => {
	test( `first chunks of a new upload together (${ ROUNDS } uploads of 4 chunks, each upload's chunks all at once, ${ BATCH } uploads at a time)`, async ( t ) => {
		const log = debugLogFromNow();
		let retries = 0;
		// The first round also creates the plugin's folders on a site that has none yet.
		fs.rmSync(
			path.join(
				STATE,
				'site',
				'wp-content',
				'uploads',
				'kestrel-forms'
			),
			{
				recursive: true,
				force: true,
			}
		);
		const problems = [];
		const one = async ( round ) => {
			const upload = await openUpload( {
				formId,
				fieldId: 1,
				size: 4 * KB - 100,
				chunk: KB,
			} );
			const answers = await together( upload.total, ( i ) =>
				sendChunkLikeClient( upload, i + 1 )
			);
			retries += answers.reduce( ( n, a ) => n + a.retries, 0 );
			problems.push( ...badAnswers( answers, `round ${ round } chunk` ) );
			if ( answers.every( ( a ) => a.status === 200 ) ) {
				const tokens = await finishedTokens( upload, answers );
				if ( tokens.length !== 1 ) {
					problems.push(
						`round ${ round }: ${ tokens.length } file tokens (assembled ${ tokens.length } times)`
					);
				}
			}
			// The visitor never submits: the file goes now rather than with the cleanup job.
			const discarded = await discardUpload(
				upload,
				answers.find( ( a ) => a.json?.data?.complete )?.json.data
					.temp_filename
			);
			if ( discarded.status >= 300 && upload.token ) {
				problems.push(
					`round ${ round }: discard answered HTTP ${ discarded.status } ${ discarded.text.slice( 0, 200 ) }`
				);
			}
		};
		// The first upload alone (it creates the folders), then BATCH uploads at a time, so that
		// the Retry-After waits of different uploads overlap.
		await one( 1 );
		for ( let round = 2; round <= ROUNDS; round += BATCH ) {
			await together( Math.min( BATCH, ROUNDS - round + 1 ), ( i ) =>
				one( round + i )
			);
		}
		t.diagnostic(
			`${ retries } chunk requests were retried after a 503/429`
		);
		assert.deepEqual( problems, [], problems.join( '\n' ) );
		assertQuietLog( log.read(), 'first chunks together' );
	} );

	test( `last chunks of an upload together, each twice (${ LAST_ROUNDS } uploads)`, async ( t ) => {
		const log = debugLogFromNow();
		let retries = 0;
		const problems = [];
		for ( let round = 1; round <= LAST_ROUNDS; round++ ) {
			const upload = await openUpload( {
				formId,
				fieldId: 1,
				size: 8 * 64 * KB - 123,
				chunk: 64 * KB,
			} );
			const early = [];
			for ( let n = 1; n <= upload.total - 3; n++ ) {
				early.push( await sendChunk( upload, n ) );
			}
			problems.push(
				...badAnswers( early, `round ${ round } early chunk` )
			);
			const last = [ upload.total - 2, upload.total - 1, upload.total ];
			const answers = await together( last.length * 2, ( i ) =>
				sendChunkLikeClient( upload, last[ i % last.length ] )
			);
			retries += answers.reduce( ( n, a ) => n + a.retries, 0 );
			problems.push(
				...badAnswers( answers, `round ${ round } last chunk` )
			);
			const tokens = await finishedTokens( upload, answers );
			if ( tokens.length !== 1 ) {
				problems.push(
					`round ${ round }: ${ tokens.length } file tokens`
				);
			}
			await discardUpload( upload, tokens[ 0 ] );
		}
		t.diagnostic(
			`${ retries } chunk requests were retried after a 503/429`
		);
		assert.deepEqual( problems, [], problems.join( '\n' ) );
		assertQuietLog( log.read(), 'last chunks together' );
	} );
} );
