/**
 * Payments under real concurrency (issue 13, P1 check 5): php-fpm workers on MariaDB charging
 * through the provider sandbox (http://127.0.0.1:8890, started here when it does not run and
 * stopped afterwards in that case).
 *
 *  - same key: PAY_N submissions of one order with one submission_key and the sandbox's fixed
 *    test token, started together, several rounds: after the "in progress" answers (409) are
 *    retried as the field script does, every answer is 201 with clean JSON and the same
 *    reference and confirmation; one entry, one payments row and one provider payment per key;
 *    the debug log stays quiet.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { describe, test } from 'node:test';
import { ROOT, TABLE_PREFIX } from '../../scripts/native.mjs';
import { T, assertCleanJson, rest, sql, tag } from './lib/helpers.mjs';
import { formForFile, quietly, sameKeyRounds } from './lib/same-key.mjs';

/** The order form of the payments e2e (2 × 12.50 + 5.00 shipping, email, payment field). */
const ORDER_FORM_FIELDS = JSON.parse(
	fs.readFileSync(
		new URL(
			'../fixtures/payments/order-form-fields.json',
			import.meta.url
		),
		'utf8'
	)
);

// The sandbox the site charges through (its default; another only with the e2e test plugin).
const SANDBOX =
	process.env.KESTREL_PARALLEL_SANDBOX_URL || 'http://127.0.0.1:8890';
const PAY_N = Number( process.env.KESTREL_PARALLEL_PAY_N || 8 );
const ROUNDS = Number( process.env.KESTREL_PARALLEL_PAY_ROUNDS || 4 );
const TOKEN = 'cnon:card-nonce-ok';

let sandbox = null;
let savedSettings = '';

const sandboxUp = async () => {
	try {
		return ( await fetch( `${ SANDBOX }/__ledger` ) ).ok;
	} catch {
		return false;
	}
};

const ledger = async () => ( await fetch( `${ SANDBOX }/__ledger` ) ).json();

/**
 * One submission, retried while the answer is "in progress" (409), as the field script does.
 *
 * @param {string} key Submission key.
 * @return {Promise<Object>} The last answer.
 */
async function pay( key ) {
	for ( let i = 0; i < 60; i++ ) {
		const answer = await form.submit( {
			values: {
				1.3: '2',
				4: 'parallel@example.org',
				5: { method: 'card', token: TOKEN },
			},
			submission_key: key,
		} );
		if ( answer.status !== 409 ) {
			return answer;
		}
		const wait = Math.min(
			Number( answer.headers.get( 'retry-after' ) ?? 1 ),
			2
		);
		await new Promise( ( resolve ) => setTimeout( resolve, wait * 1000 ) );
	}
	throw new Error( `Key ${ key } was still in progress after 60 tries.` );
}

/**
 * The sandbox running, and the site charging through it (the stored settings are put back in
 * tearDown).
 */
async function setUp() {
	if ( ! ( await sandboxUp() ) ) {
		sandbox = spawn( process.execPath, [ 'sandbox/start.mjs' ], {
			cwd: ROOT,
			stdio: 'ignore',
		} );
		for ( let i = 0; i < 100 && ! ( await sandboxUp() ); i++ ) {
			await new Promise( ( resolve ) => setTimeout( resolve, 100 ) );
		}
	}
	savedSettings = sql(
		`SELECT HEX(option_value) FROM ${ TABLE_PREFIX }options WHERE option_name = 'kestrel_forms_payments'`
	).trim();
	const saved = await rest( 'POST', '/kestrel-forms/v1/settings', {
		admin: true,
		body: {
			payments: {
				environment: 'sandbox',
				sandbox: {
					application_id: 'sandbox-sq0idb-kestrel-forms-parallel',
					location_id: 'LSANDBOXMAIN',
					access_token: 'EAAAEkestrelFormsParallelToken0001',
				},
			},
		},
	} );
	assert.equal( saved.status, 200, saved.text.slice( 0, 300 ) );
}

function tearDown() {
	const options = `${ TABLE_PREFIX }options`;
	sql(
		savedSettings
			? `UPDATE ${ options } SET option_value = UNHEX('${ savedSettings }') WHERE option_name = 'kestrel_forms_payments'`
			: `DELETE FROM ${ options } WHERE option_name = 'kestrel_forms_payments'`
	);
	sandbox?.kill();
}

const form = formForFile(
	{
		title: `Parallel payments ${ tag() }`,
		currency: 'USD',
		confirmation: {
			type: 'message',
			message:
				'<p>{payment_status} {payment_amount} {transaction_id}</p>',
		},
		fields: ORDER_FORM_FIELDS,
	},
	{ setUp, tearDown }
);

describe( `payments, ${ PAY_N } at once`, () => {
	test( `same submission key: one entry, one payment, one provider charge, the same answer (${ ROUNDS } rounds)`, () =>
		quietly( 'same-key payments', async () => {
			const before_ = new Set(
				Object.keys( ( await ledger() ).payments )
			);
			await sameKeyRounds( {
				rounds: ROUNDS,
				count: PAY_N,
				prefix: 'pay',
				send: pay,
				check: ( answers, round ) =>
					answers.forEach( ( a, i ) => {
						assertCleanJson( a, `round ${ round } #${ i }` );
						assert.equal(
							a.status,
							201,
							`round ${ round } #${ i }: ${ a.text.slice( 0, 300 ) }`
						);
						assert.equal(
							a.json.reference,
							answers[ 0 ].json.reference
						);
						assert.deepEqual(
							a.json.confirmation,
							answers[ 0 ].json.confirmation,
							`round ${ round } #${ i }: the answers differ`
						);
					} ),
			} );
			const entries = Number(
				sql(
					`SELECT COUNT(*) FROM ${ T( 'entries' ) } WHERE form_id = ${ form.id }`
				).trim()
			);
			assert.equal( entries, ROUNDS, 'one entry per key' );
			const rows = sql(
				`SELECT status, IFNULL(entry_id, 0) FROM ${ T(
					'payments'
				) } WHERE form_id = ${ form.id }`
			)
				.split( '\n' )
				.filter( Boolean );
			assert.equal( rows.length, ROUNDS, 'one payments row per key' );
			for ( const row of rows ) {
				const [ status, entry ] = row.split( '\t' );
				assert.equal( status, 'paid' );
				assert.notEqual( entry, '0' );
			}
			const charged = Object.values( ( await ledger() ).payments ).filter(
				( p ) => ! before_.has( p.id )
			);
			assert.equal(
				charged.length,
				ROUNDS,
				'one provider payment per key'
			);
			assert.ok( charged.every( ( p ) => p.status === 'COMPLETED' ) );
		} ) );
} );
