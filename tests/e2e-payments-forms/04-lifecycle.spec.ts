/**
 * P1 checks 8–11: capture and void of authorisations, refunds (partial, full, too large, double
 * clicked, refused to people without the capability or the nonce), signed webhooks, and the
 * switch between sandbox and production.
 */
import crypto from 'node:crypto';
import { test, expect } from '@wordpress/e2e-test-utils-playwright';
import { request as playwrightRequest } from '@playwright/test';
import { signedInSubscriber } from '../e2e/utils';
import {
	SANDBOX,
	SANDBOX_CREDENTIALS,
	SITE,
	control,
	createFormPage,
	entryNotes,
	entryPayment,
	ledger,
	orderForm,
	payOverRest,
	paymentAction,
	paymentUpdatedEvent,
	postWebhook,
	signWebhook,
	storedWebhook,
	until,
	watchLedger,
} from './utils';

test.describe( 'after the payment (P1 checks 8–11)', () => {
	test( 'check 8: authorize → authorized (ledger APPROVED); capture → COMPLETED; void another → CANCELED; refund not offered on an authorized payment', async ( {
		page,
		requestUtils,
	} ) => {
		const { form } = await createFormPage(
			requestUtils,
			orderForm( 'P1 check 8 authorize', { captureMode: 'authorize' } )
		);
		const watch = await watchLedger();
		const first = await payOverRest( form.id );
		expect( first.status, JSON.stringify( first.body ) ).toBe( 201 );
		const second = await payOverRest( form.id );
		expect( second.status, JSON.stringify( second.body ) ).toBe( 201 );

		const held = await entryPayment( requestUtils, first.body.entry_id );
		expect( held ).toMatchObject( {
			status: 'authorized',
			capture_mode: 'authorize',
			amount: 3000,
			actions: { capture: true, void: true, refund: false },
		} );
		const payments = await watch.payments();
		expect( payments ).toHaveLength( 2 );
		expect( payments.every( ( p ) => p.status === 'APPROVED' ) ).toBe(
			true
		);

		// The entry screen offers Capture and Void, not Refund.
		await page.goto(
			`/wp-admin/admin.php?page=kestrel-forms-entries&entry_id=${ first.body.entry_id }`
		);
		await expect(
			page.getByRole( 'button', { name: /^Capture/ } )
		).toBeVisible();
		await expect(
			page.getByRole( 'button', { name: /^Void/ } )
		).toBeVisible();
		await expect(
			page.getByRole( 'button', { name: /^Refund/ } )
		).toHaveCount( 0 );
		// And the REST call is refused.
		const refused = await paymentAction(
			requestUtils,
			first.body.entry_id,
			'refunds',
			{ amount: 500, reason: 'not yet' }
		);
		expect( refused.status ).toBeGreaterThanOrEqual( 400 );
		expect( refused.status ).toBeLessThan( 500 );
		expect( refused.body.code ).toBe(
			'kestrel_forms_payment_action_refused'
		);
		expect( await watch.refunds() ).toEqual( [] );

		// Capture through the entry screen.
		await page.getByRole( 'button', { name: /^Capture/ } ).click();
		await until(
			() => entryPayment( requestUtils, first.body.entry_id ),
			( p ) => p.status === 'paid'
		);
		expect(
			( await entryPayment( requestUtils, first.body.entry_id ) ).status
		).toBe( 'paid' );
		const captured = ( await ledger() ).payments[
			held.provider_payment_id!
		];
		expect( captured.status ).toBe( 'COMPLETED' );

		// Void the other one (REST).
		const voided = await paymentAction(
			requestUtils,
			second.body.entry_id,
			'void'
		);
		expect( voided.status, JSON.stringify( voided.body ) ).toBe( 200 );
		expect( voided.body.status ).toBe( 'voided' );
		const other = await entryPayment( requestUtils, second.body.entry_id );
		expect(
			( await ledger() ).payments[ other.provider_payment_id! ].status
		).toBe( 'CANCELED' );
		expect( other.actions ).toMatchObject( {
			capture: false,
			refund: false,
		} );
	} );

	test( 'check 9: refund 1000 of 3000 → partially_refunded; 2000 → refunded; 1 more → 400; a double-clicked refund → one provider refund; 403 for subscriber, anonymous, no nonce', async ( {
		browser,
		requestUtils,
	} ) => {
		const { form } = await createFormPage(
			requestUtils,
			orderForm( 'P1 check 9 refunds' )
		);
		const watch = await watchLedger();
		const paid = await payOverRest( form.id );
		expect( paid.status, JSON.stringify( paid.body ) ).toBe( 201 );
		const entryId = paid.body.entry_id as number;

		// Nobody without the capability or the nonce: nothing refunded.
		const url = `${ SITE }/wp-json/kestrel-forms/v1/entries/${ entryId }/payment/refunds`;
		const subscriber = await signedInSubscriber(
			requestUtils,
			SITE,
			browser,
			'p1refund'
		);
		try {
			const asSubscriber = await subscriber.request.request.post( url, {
				data: { amount: 100 },
				headers: subscriber.headers,
				failOnStatusCode: false,
			} );
			expect( asSubscriber.status() ).toBe( 403 );
		} finally {
			await subscriber.dispose();
		}
		const anonymous = await playwrightRequest.newContext();
		const asAnonymous = await anonymous.post( url, {
			data: { amount: 100 },
			failOnStatusCode: false,
		} );
		await anonymous.dispose();
		// WordPress answers a visitor who is not logged in 401 (rest_forbidden).
		expect( [ 401, 403 ] ).toContain( asAnonymous.status() );
		// The admin's cookies without the REST nonce count as nobody.
		const noNonce = await requestUtils.request.post( url, {
			data: { amount: 100 },
			failOnStatusCode: false,
		} );
		expect( [ 401, 403 ] ).toContain( noNonce.status() );
		expect( await watch.refunds() ).toEqual( [] );
		expect(
			( await entryPayment( requestUtils, entryId ) ).refunded_amount
		).toBe( 0 );

		const part = await paymentAction( requestUtils, entryId, 'refunds', {
			amount: 1000,
			reason: 'one ticket back',
		} );
		expect( part.status, JSON.stringify( part.body ) ).toBe( 200 );
		expect( part.body ).toMatchObject( {
			status: 'partially_refunded',
			refunded_amount: 1000,
		} );
		const rest = await paymentAction( requestUtils, entryId, 'refunds', {
			amount: 2000,
			reason: 'the rest',
		} );
		expect( rest.status, JSON.stringify( rest.body ) ).toBe( 200 );
		expect( rest.body ).toMatchObject( {
			status: 'refunded',
			refunded_amount: 3000,
		} );
		const tooMuch = await paymentAction( requestUtils, entryId, 'refunds', {
			amount: 1,
		} );
		expect( tooMuch.status ).toBe( 400 );
		expect( tooMuch.body.code ).toBe( 'kestrel_forms_refund_too_large' );
		const refunds = await watch.refunds();
		expect(
			refunds
				.map( ( r ) => ( r.amount_money as { amount: number } ).amount )
				.sort()
		).toEqual( [ 1000, 2000 ] );

		// A double click: the panel's two identical requests (one request key per refund
		// submission) at once → one provider refund.
		const again = await payOverRest( form.id );
		expect( again.status ).toBe( 201 );
		const twiceWatch = await watchLedger();
		const requestKey = crypto.randomUUID();
		const [ a, b ] = await Promise.all(
			[ 1, 2 ].map( () =>
				paymentAction( requestUtils, again.body.entry_id, 'refunds', {
					amount: 500,
					reason: 'double click',
					request_key: requestKey,
				} )
			)
		);
		expect( [ a.status, b.status ] ).toContain( 200 );
		expect( await twiceWatch.refunds() ).toHaveLength( 1 );
		const after = await entryPayment( requestUtils, again.body.entry_id );
		expect( after.refunded_amount ).toBe( 500 );
		expect( after.refunds ).toHaveLength( 1 );
	} );

	test( 'check 10: webhooks — dashboard refund updates the entry; wrong key, altered byte, missing header → 401; duplicate → no second note; older event does not regress', async ( {
		requestUtils,
	} ) => {
		const webhook = storedWebhook( 'sandbox' );
		expect(
			webhook,
			'a sandbox webhook subscription stored on save'
		).not.toBeNull();
		const { signature_key: key, notification_url: notificationUrl } =
			webhook!;
		expect( notificationUrl ).toContain(
			'/kestrel-forms/v1/payments/webhook'
		);

		const { form } = await createFormPage(
			requestUtils,
			orderForm( 'P1 check 10 webhooks' )
		);
		const paid = await payOverRest( form.id );
		expect( paid.status ).toBe( 201 );
		const entryId = paid.body.entry_id as number;
		const before = await entryPayment( requestUtils, entryId );
		const paymentId = before.provider_payment_id!;
		const olderPayment = structuredClone(
			( await ledger() ).payments[ paymentId ]
		);

		// The merchant refunds 1000 in the provider's dashboard: signed webhooks update the entry.
		const dashboard = await control( '/__dashboard/refund', {
			payment_id: paymentId,
			amount: 1000,
		} );
		expect( dashboard.ok ).toBe( true );
		const updated = await until(
			() => entryPayment( requestUtils, entryId ),
			( p ) => p.refunded_amount === 1000,
			20_000
		);
		expect( updated ).toMatchObject( {
			status: 'partially_refunded',
			refunded_amount: 1000,
		} );
		const deliveries = ( ( await ledger() ).webhook_deliveries ??
			[] ) as Array< Record< string, unknown > >;
		expect( deliveries.length ).toBeGreaterThan( 0 );

		// Forged or damaged deliveries: 401, nothing changes.
		const fullyRefunded = {
			...( await ledger() ).payments[ paymentId ],
			refunded_money: { amount: 3000, currency: 'USD' },
			updated_at: new Date( Date.now() + 60_000 ).toISOString(),
		};
		const forged = paymentUpdatedEvent( fullyRefunded );
		const wrongKey = await postWebhook(
			forged,
			signWebhook(
				crypto.randomBytes( 16 ).toString( 'base64' ),
				notificationUrl,
				forged
			)
		);
		expect( wrongKey.status ).toBe( 401 );
		const good = signWebhook( key, notificationUrl, forged );
		const altered = forged.replace( '"amount":3000', '"amount":3001' );
		expect( altered ).not.toBe( forged );
		expect( ( await postWebhook( altered, good ) ).status ).toBe( 401 );
		expect( ( await postWebhook( forged, null ) ).status ).toBe( 401 );
		expect(
			( await entryPayment( requestUtils, entryId ) ).refunded_amount
		).toBe( 1000 );

		// A genuine event twice: the second is a duplicate and adds no note.
		const current = ( await ledger() ).payments[ paymentId ];
		const event = paymentUpdatedEvent( current );
		const signature = signWebhook( key, notificationUrl, event );
		const firstTime = await postWebhook( event, signature );
		expect( firstTime.status ).toBe( 200 );
		const notes = entryNotes( entryId ).length;
		const secondTime = await postWebhook( event, signature );
		expect( secondTime.status ).toBe( 200 );
		expect( secondTime.json ).toMatchObject( { duplicate: true } );
		expect( entryNotes( entryId ) ).toHaveLength( notes );

		// An older payment.updated (before the refund) after the newer ones: no regression.
		const older = paymentUpdatedEvent( olderPayment );
		expect(
			(
				await postWebhook(
					older,
					signWebhook( key, notificationUrl, older )
				)
			).status
		).toBe( 200 );
		expect( await entryPayment( requestUtils, entryId ) ).toMatchObject( {
			status: 'partially_refunded',
			refunded_amount: 1000,
		} );
	} );

	test( 'check 11: switching to production changes the SDK URL and API host; entries keep their mode; a sandbox refund still goes to the sandbox', async ( {
		page,
		requestUtils,
	} ) => {
		const { form, pageUrl } = await createFormPage(
			requestUtils,
			orderForm( 'P1 check 11 environments' )
		);
		const paid = await payOverRest( form.id );
		expect( paid.status ).toBe( 201 );
		const entryId = paid.body.entry_id as number;
		expect( ( await entryPayment( requestUtils, entryId ) ).mode ).toBe(
			'sandbox'
		);

		const setEnvironment = ( environment: string ) =>
			requestUtils.rest( {
				method: 'POST',
				path: '/kestrel-forms/v1/settings',
				data: {
					payments: {
						environment,
						sandbox: SANDBOX_CREDENTIALS,
						production: {
							application_id: 'sq0idp-kestrel-forms-e2e',
							location_id: 'LKESTRELPRODE2E',
							access_token:
								'EAAAlkestrelFormsE2eProductionToken0001',
						},
					},
				},
			} );
		await setEnvironment( 'production' );
		try {
			// The page asks for the production SDK (offline here: the request is stopped).
			await page.route( 'https://web.squarecdn.com/**', ( route ) =>
				route.abort()
			);
			await page.goto( pageUrl );
			await expect(
				page.locator( 'script#kestrel-forms-payments-sdk-js' )
			).toHaveAttribute(
				'src',
				/^https:\/\/web\.squarecdn\.com\/v1\/square\.js/
			);
			const html = await page.content();
			expect( html ).not.toContain( SANDBOX );
			expect( html ).not.toContain( SANDBOX_CREDENTIALS.application_id );

			// A charge now goes to the production host, not to the sandbox.
			const watch = await watchLedger();
			const attempt = await payOverRest( form.id );
			expect( attempt.status ).not.toBe( 201 );
			expect(
				( await watch.requests() ).filter( ( r ) =>
					r.path.startsWith( '/v2/' )
				)
			).toEqual( [] );

			// The sandbox entry keeps its mode, and its refund goes to the sandbox.
			expect( ( await entryPayment( requestUtils, entryId ) ).mode ).toBe(
				'sandbox'
			);
			const refund = await paymentAction(
				requestUtils,
				entryId,
				'refunds',
				{
					amount: 500,
				}
			);
			expect( refund.status, JSON.stringify( refund.body ) ).toBe( 200 );
			expect( await watch.refunds() ).toHaveLength( 1 );
		} finally {
			await setEnvironment( 'sandbox' );
		}
	} );
} );
