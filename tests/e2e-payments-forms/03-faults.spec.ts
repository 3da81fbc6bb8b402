/**
 * P1 checks 5–7 on the native stack (php-fpm with 4 workers, so concurrent requests really run
 * at the same time): one charge per submission key, lost answers and time-outs at the provider,
 * and a crash between authorisation and the entry write finished by the reconcile job.
 */
import { test, expect } from '@wordpress/e2e-test-utils-playwright';
import type { APIRequestContext } from '@playwright/test';
import { ANONYMOUS_STATE } from '../e2e/utils';
import {
	ORDER_VALUES,
	SANDBOX,
	TOKEN_OK,
	T,
	anonymousRequest,
	cardFrame,
	confirmation,
	control,
	createFormPage,
	entriesOf,
	entryPayment,
	newKey,
	openForm,
	orderForm,
	payButton,
	expectPaymentError,
	paymentRows,
	setOption,
	sql,
	submit,
	typeCard,
	watchLedger,
} from './utils';

const paid = { method: 'card', token: TOKEN_OK };

/**
 * Submits with one key until the answer is not "in progress" (409), as the field script does.
 *
 * @param request Anonymous request context.
 * @param formId  Form.
 * @param key     Submission key.
 */
async function submitUntilAnswered(
	request: APIRequestContext,
	formId: number,
	key: string
): Promise< { status: number; body: any } > {
	for ( let i = 0; i < 40; i++ ) {
		const r = await submit(
			request,
			formId,
			{ ...ORDER_VALUES, 5: paid },
			{ key }
		);
		if ( r.status() !== 409 ) {
			return {
				status: r.status(),
				body: await r.json().catch( () => null ),
			};
		}
		const wait = Math.min( Number( r.headers()[ 'retry-after' ] ?? 1 ), 3 );
		await new Promise( ( resolve ) => setTimeout( resolve, wait * 1000 ) );
	}
	throw new Error( 'Still in progress after 40 tries.' );
}

test.describe( 'exactly once under concurrency and faults (P1 checks 5–7)', () => {
	test.use( { storageState: ANONYMOUS_STATE } );
	// Faults left by a failed test must not reach the next one.
	test.afterEach( async () => {
		await fetch( `${ SANDBOX }/__faults`, { method: 'DELETE' } ).catch(
			() => undefined
		);
	} );

	test( 'check 5: a double click and concurrent POSTs with one submission key → one entry, one ledger payment, the same answer', async ( {
		page,
		requestUtils,
	} ) => {
		// Four POSTs with one key, at the same time, to a server with four PHP workers; three
		// rounds.
		const rest = await createFormPage(
			requestUtils,
			orderForm( 'P1 check 5 concurrent' )
		);
		const anonymous = await anonymousRequest();
		const restWatch = await watchLedger();
		try {
			for ( let round = 0; round < 3; round++ ) {
				const key = newKey();
				const answers = await Promise.all(
					[ 0, 1, 2, 3 ].map( () =>
						submitUntilAnswered( anonymous, rest.form.id, key )
					)
				);
				for ( const a of answers ) {
					expect( a.status, JSON.stringify( a.body ) ).toBe( 201 );
					expect( a.body.reference ).toBe(
						answers[ 0 ].body.reference
					);
					expect( a.body.confirmation ).toEqual(
						answers[ 0 ].body.confirmation
					);
				}
			}
		} finally {
			await anonymous.dispose();
		}
		expect( await entriesOf( requestUtils, rest.form.id ) ).toHaveLength(
			3
		);
		const payments = await restWatch.payments();
		expect( payments ).toHaveLength( 3 );
		expect( payments.every( ( p ) => p.status === 'COMPLETED' ) ).toBe(
			true
		);
		expect( paymentRows( rest.form.id ) ).toHaveLength( 3 );

		// A double click on Pay in the browser.
		const { form, pageUrl } = await createFormPage(
			requestUtils,
			orderForm( 'P1 check 5 double click' )
		);
		const watch = await watchLedger();
		await openForm( page, pageUrl, form.id );
		await page.locator( `#input_${ form.id }_1_3` ).fill( '2' );
		await page
			.locator( `#input_${ form.id }_4` )
			.fill( 'buyer@example.org' );
		await typeCard( cardFrame( page, form.id ) );
		await payButton( page, form.id ).dblclick();
		await expect( confirmation( page ) ).toBeVisible( { timeout: 30_000 } );
		await expect( confirmation( page ) ).toHaveCount( 1 );
		expect( await entriesOf( requestUtils, form.id ) ).toHaveLength( 1 );
		expect( await watch.payments() ).toHaveLength( 1 );
	} );

	test( 'check 6: drop-response-after-commit → one payment, paid; timeout × 5 → voided by key, "not charged", no entry', async ( {
		page,
		requestUtils,
	} ) => {
		// The provider commits the payment and the answer is lost: the plugin asks again with
		// the same key and body, and gets the same payment.
		const lost = await createFormPage(
			requestUtils,
			orderForm( 'P1 check 6 lost answer' )
		);
		const watch = await watchLedger();
		const fault = await control( '/__faults', {
			path: '/v2/payments',
			method: 'POST',
			mode: 'drop-response-after-commit',
			count: 1,
		} );
		expect( fault.ok ).toBe( true );
		const anonymous = await anonymousRequest();
		try {
			const answer = await submit( anonymous, lost.form.id, {
				...ORDER_VALUES,
				5: paid,
			} );
			expect( answer.status(), await answer.text() ).toBe( 201 );
		} finally {
			await anonymous.dispose();
		}
		const payments = await watch.payments();
		expect( payments ).toHaveLength( 1 );
		expect( payments[ 0 ].status ).toBe( 'COMPLETED' );
		const creates = ( await watch.requests() ).filter(
			( r ) => r.method === 'POST' && r.path === '/v2/payments'
		);
		expect( creates.length ).toBeGreaterThanOrEqual( 2 );
		const [ entry ] = await entriesOf( requestUtils, lost.form.id );
		expect( await entryPayment( requestUtils, entry.id ) ).toMatchObject( {
			status: 'paid',
			amount: 3000,
			provider_payment_id: payments[ 0 ].id,
		} );

		// Every CreatePayment times out: the plugin cancels by idempotency key and tells the
		// visitor nothing was taken.
		const slow = await createFormPage(
			requestUtils,
			orderForm( 'P1 check 6 time-outs' )
		);
		setOption( 'kestrel_forms_test_payments_timeout', '3' );
		try {
			const slowWatch = await watchLedger();
			await openForm( page, slow.pageUrl, slow.form.id );
			await page.locator( `#input_${ slow.form.id }_1_3` ).fill( '2' );
			await page
				.locator( `#input_${ slow.form.id }_4` )
				.fill( 'buyer@example.org' );
			await typeCard( cardFrame( page, slow.form.id ) );
			const timeouts = await control( '/__faults', {
				path: '/v2/payments',
				method: 'POST',
				mode: 'timeout',
				count: 5,
			} );
			expect( timeouts.ok ).toBe( true );
			await payButton( page, slow.form.id ).click();
			await expectPaymentError(
				page,
				slow.form.id,
				/not charged/i,
				60_000
			);
			await expect( confirmation( page ) ).toHaveCount( 0 );
			await expect( payButton( page, slow.form.id ) ).toBeEnabled();
			expect(
				await entriesOf( requestUtils, slow.form.id )
			).toHaveLength( 0 );
			const cancelled = await slowWatch.payments();
			expect(
				cancelled.filter( ( p ) => p.status !== 'CANCELED' )
			).toEqual( [] );
			expect(
				( await slowWatch.requests() ).filter(
					( r ) => r.path === '/v2/payments/cancel'
				).length
			).toBeGreaterThanOrEqual( 1 );
			const rows = paymentRows( slow.form.id );
			expect( rows.map( ( r ) => r.status ) ).toEqual( [ 'voided' ] );
			expect( rows[ 0 ].entry_id ).toBe( 'NULL' );
		} finally {
			setOption( 'kestrel_forms_test_payments_timeout', null );
		}
	} );

	test( 'check 7: a crash between authorisation and the entry write → no entry; the reconcile finishes it with no second authorisation', async ( {
		requestUtils,
	} ) => {
		const { form } = await createFormPage(
			requestUtils,
			orderForm( 'P1 check 7 crash' )
		);
		const watch = await watchLedger();
		const anonymous = await anonymousRequest();
		setOption( 'kestrel_forms_test_payment_crash', '1' );
		try {
			const answer = await submit(
				anonymous,
				form.id,
				{ ...ORDER_VALUES, 5: paid },
				{ headers: { 'X-Kestrel-Test-Crash': 'after-authorize' } }
			);
			expect( await answer.text() ).toContain(
				'kestrel_forms_e2e_crash'
			);
		} finally {
			setOption( 'kestrel_forms_test_payment_crash', null );
			await anonymous.dispose();
		}
		// Authorised at the provider, nothing stored as an entry.
		expect( await entriesOf( requestUtils, form.id ) ).toHaveLength( 0 );
		const authorised = await watch.payments();
		expect( authorised ).toHaveLength( 1 );
		expect( authorised[ 0 ].status ).toBe( 'APPROVED' );
		// The attempt was stored before the call (and may hold the authorisation), with no entry.
		const stuck = paymentRows( form.id );
		expect( stuck ).toHaveLength( 1 );
		expect( [ 'processing', 'authorized' ] ).toContain( stuck[ 0 ].status );
		expect( stuck[ 0 ].entry_id ).toBe( 'NULL' );

		// The attempt is older than the reconcile's grace period.
		sql(
			`UPDATE ${ T( 'payments' ) } SET created_at = created_at - INTERVAL 10 MINUTE, updated_at = updated_at - INTERVAL 10 MINUTE WHERE form_id = ${ form.id }`
		);
		const result = await requestUtils.rest< {
			finished: number;
			voided: number;
			unchanged: number;
		} >( {
			method: 'POST',
			path: '/kestrel-forms/v1/payments/reconcile',
		} );
		expect( result.finished ).toBeGreaterThanOrEqual( 1 );

		const entries = await entriesOf( requestUtils, form.id );
		expect( entries ).toHaveLength( 1 );
		expect(
			await entryPayment( requestUtils, entries[ 0 ].id )
		).toMatchObject( {
			status: 'paid',
			amount: 3000,
			provider_payment_id: authorised[ 0 ].id,
		} );
		const after = await watch.payments();
		expect( after ).toHaveLength( 1 );
		expect( after[ 0 ].status ).toBe( 'COMPLETED' );
		const rows = paymentRows( form.id );
		expect( rows ).toHaveLength( 1 );
		expect( rows[ 0 ].entry_id ).toBe( String( entries[ 0 ].id ) );

		// A second reconcile finds nothing left to do.
		const again = await requestUtils.rest< { finished: number } >( {
			method: 'POST',
			path: '/kestrel-forms/v1/payments/reconcile',
		} );
		expect( again.finished ).toBe( 0 );
		expect( await entriesOf( requestUtils, form.id ) ).toHaveLength( 1 );
	} );
} );
