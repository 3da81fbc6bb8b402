/**
 * Submissions under real concurrency (php-fpm workers on MariaDB):
 *
 *  - same-key: N submissions carrying one submission_key, started together, several rounds:
 *    every answer is a 2xx with clean JSON (no database error printed in front of it), exactly
 *    one entry per key in MariaDB, every other answer marked as a replay, and the debug log
 *    stays free of "Duplicate entry" (issue 12, F2: the loser of the unique-index race made wpdb
 *    print and log the error);
 *  - distinct: N different submissions together: every 2xx is exactly one complete entry (all of
 *    its values, counted by SQL), no entry without a 2xx, no orphan value rows.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { N, T, assertCleanJson, sql, tag, together } from './lib/helpers.mjs';
import { formForFile, quietly, sameKeyRounds } from './lib/same-key.mjs';

const ROUNDS = Number( process.env.KESTREL_PARALLEL_ROUNDS || 5 );

/**
 * The values of one submission, marked so SQL can find it.
 *
 * @param {string} marker Unique marker.
 */
const valuesOf = ( marker ) => ( {
	1: marker,
	2: `${ marker }@example.org`,
	3: `Message of ${ marker }`,
	4: '7',
} );

const form = formForFile( {
	title: `Parallel submissions ${ tag() }`,
	fields: [
		{ id: 1, type: 'text', label: 'Marker', isRequired: true },
		{ id: 2, type: 'email', label: 'Email', isRequired: true },
		{ id: 3, type: 'textarea', label: 'Message' },
		{ id: 4, type: 'number', label: 'Count' },
	],
} );

describe( `submissions, ${ N } at once`, () => {
	test( `same submission key: one entry per key, clean JSON, every other answer a replay (${ ROUNDS } rounds)`, () =>
		quietly( 'same-key submissions', async () => {
			const problems = [];
			await sameKeyRounds( {
				rounds: ROUNDS,
				count: N,
				prefix: 'par',
				send: ( key ) =>
					form.submit( {
						values: valuesOf( key ),
						submission_key: key,
					} ),
				check( answers, round, key ) {
					answers.forEach( ( a, i ) => {
						if ( a.json === undefined ) {
							problems.push(
								`round ${ round } #${ i }: HTTP ${ a.status }, not JSON: ${ a.text.slice( 0, 300 ) }`
							);
						} else if ( a.status !== 201 ) {
							problems.push(
								`round ${ round } #${ i }: HTTP ${ a.status } ${ a.text.slice( 0, 300 ) }`
							);
						}
					} );
					const replays = answers.filter(
						( a ) =>
							a.headers.get( 'kestrel-idempotent-replay' ) ===
							'true'
					).length;
					const stored = Number(
						sql(
							`SELECT COUNT(*) FROM ${ T( 'entries' ) } WHERE form_id = ${ form.id } AND submission_key = '${ key }'`
						)
					);
					if ( stored !== 1 ) {
						problems.push(
							`round ${ round }: ${ stored } entries for one key`
						);
					}
					if ( replays !== N - 1 ) {
						problems.push(
							`round ${ round }: ${ replays } replay answers, expected ${ N - 1 }`
						);
					}
				},
			} );
			assert.deepEqual( problems, [], problems.join( '\n' ) );
		} ) );

	test( 'distinct submissions: every 2xx is exactly one complete entry, no orphan rows', () =>
		quietly( 'distinct submissions', async () => {
			const run = tag();
			const markers = Array.from(
				{ length: N },
				( _, i ) => `dist-${ run }-${ i }`
			);
			const answers = await together( N, ( i ) =>
				form.submit( { values: valuesOf( markers[ i ] ) } )
			);
			answers.forEach( ( a, i ) =>
				assertCleanJson( a, `distinct submission ${ i }` )
			);
			const accepted = markers.filter(
				( _, i ) =>
					answers[ i ].status >= 200 && answers[ i ].status < 300
			);
			assert.deepEqual(
				answers
					.filter( ( a ) => a.status >= 300 )
					.map(
						( a ) => `${ a.status } ${ a.text.slice( 0, 200 ) }`
					),
				[],
				'every distinct submission is accepted'
			);

			// Each marker: exactly one entry, holding all four values.
			const rows = sql(
				`SELECT v.value, e.id, (SELECT COUNT(*) FROM ${ T( 'entry_values' ) } w WHERE w.entry_id = e.id)
			   FROM ${ T( 'entries' ) } e JOIN ${ T( 'entry_values' ) } v ON v.entry_id = e.id AND v.input_id = '1'
			  WHERE e.form_id = ${ form.id } AND v.value LIKE 'dist-${ run }-%'`
			)
				.trim()
				.split( '\n' )
				.filter( Boolean )
				.map( ( line ) => line.split( '\t' ) );
			const byMarker = new Map();
			for ( const [ marker, id, valueCount ] of rows ) {
				byMarker.set( marker, [
					...( byMarker.get( marker ) ?? [] ),
					{ id, valueCount: Number( valueCount ) },
				] );
			}
			const problems = [];
			for ( const marker of accepted ) {
				const entries = byMarker.get( marker ) ?? [];
				if ( entries.length !== 1 ) {
					problems.push( `${ marker }: ${ entries.length } entries` );
				} else if ( entries[ 0 ].valueCount !== 4 ) {
					problems.push(
						`${ marker }: entry ${ entries[ 0 ].id } has ${ entries[ 0 ].valueCount } of 4 values`
					);
				}
			}
			assert.deepEqual( problems, [], problems.join( '\n' ) );
			assert.equal(
				rows.length,
				accepted.length,
				'no entry without an accepted answer'
			);

			const orphans = Number(
				sql(
					`SELECT COUNT(*) FROM ${ T( 'entry_values' ) } v LEFT JOIN ${ T( 'entries' ) } e ON e.id = v.entry_id WHERE e.id IS NULL`
				)
			);
			assert.equal( orphans, 0, 'value rows whose entry does not exist' );
		} ) );
} );
