/**
 * Google Pay end to end (issue 15; wave 2 design A.3, P2 acceptance checks 1–3) against the
 * offline stand-in of pay.js and its sheet on the vendor origin: the quickstart-style page
 * sandbox/examples/google-pay.html unchanged, the button in its shadow root, the page checks,
 * the payment request lock and shipping listeners, driven like a person in the sheet.
 */
import { expect, test, type Page } from '@playwright/test';
import { SANDBOX, ledger } from './utils';

/**
 * The sheet the stand-in opens (an iframe of the vendor origin).
 * @param page
 */
const sheet = ( page: Page ) =>
	page.frameLocator( 'iframe[title="Google Pay"]' );

/**
 * The Google Pay button inside the container's shadow root (Playwright pierces open roots).
 * @param page
 * @param container
 */
const gpayButton = ( page: Page, container = '#google-pay-button' ) =>
	page.locator( `${ container } button.gpay-button` );

/**
 * Opens the quickstart-style page and waits for its button.
 *
 * @param page Page.
 */
async function openGooglePay( page: Page ): Promise< void > {
	await page.goto( '/google-pay.html' );
	await expect( gpayButton( page ) ).toBeVisible( { timeout: 30_000 } );
}

/**
 * Page helpers for the tests' own merchant code (installed before the page's scripts):
 * `__ukPayments()` is the UK merchant's payments instance, `__ukGooglePay(extra?)` a Google Pay
 * method for a £1.00 payment request (with `extra` request options), whose request is kept in
 * `__ukRequest`.
 */
test.beforeEach( async ( { page } ) => {
	await page.addInitScript( () => {
		const w = window as any;
		w.__ukPayments = () =>
			w.Square.payments( 'sandbox-sq0idb-merchant-gb', 'LSANDBOXGB' );
		w.__ukGooglePay = ( extra = {}, payments = w.__ukPayments() ) => {
			w.__ukRequest = payments.paymentRequest( {
				countryCode: 'GB',
				currencyCode: 'GBP',
				total: { amount: '1.00', label: 'Total' },
				...extra,
			} );
			return payments.googlePay( w.__ukRequest );
		};
	} );
} );

test.afterEach( async ( { request } ) => {
	await request.post( `${ SANDBOX }/__vendors/scenario`, {
		data: { vendor: 'google-pay', scenario: {} },
	} );
} );

test.describe( 'check 1: quickstart google-pay.html (GBP, verifyBuyer)', () => {
	test( 'pays with the Visa in the sheet, verified, charged in GBP', async ( {
		page,
	} ) => {
		await openGooglePay( page );
		await gpayButton( page ).click();
		const s = sheet( page );
		await expect( s.getByText( 'Total: 1.00 GBP' ) ).toBeVisible();
		await expect( s.getByText( /TEST environment/ ) ).toBeVisible();
		await expect(
			s.getByRole( 'radio', { name: 'Visa •••• 1111' } )
		).toBeChecked();
		await s.getByRole( 'button', { name: 'Pay' } ).click();
		await expect( page.locator( '#payment-status-container' ) ).toHaveClass(
			/is-success/,
			{ timeout: 20_000 }
		);
		await expect(
			page.locator( 'iframe[title="Google Pay"]' )
		).toHaveCount( 0 );
		const l = await ledger( page.request );
		const payment = Object.values< any >( l.payments ).at( -1 );
		expect( payment.amount_money ).toEqual( {
			amount: 100,
			currency: 'GBP',
		} );
		expect( payment.status ).toBe( 'COMPLETED' );
		expect( payment.source_type ).toBe( 'CARD' );
		expect( payment.card_details.card.last_4 ).toBe( '1111' );
		// The nonce was a Google Pay one, verified (SCA) before the charge.
		expect( l.nonces[ payment.source_id ].wallet ).toBe( 'GOOGLE_PAY' );
		expect( payment.verification_token ).toMatch( /^verf:/ );
	} );
} );

test( 'check 1: the declining test card picked in the sheet declines at the charge', async ( {
	page,
} ) => {
	await openGooglePay( page );
	await gpayButton( page ).click();
	const s = sheet( page );
	await s.getByRole( 'radio', { name: 'Visa •••• 0002' } ).check();
	await s.getByRole( 'button', { name: 'Pay' } ).click();
	await expect( page.locator( '#payment-status-container' ) ).toHaveClass(
		/is-failure/,
		{ timeout: 20_000 }
	);
	const l = await ledger( page.request );
	const payment = Object.values< any >( l.payments ).at( -1 );
	expect( payment.status ).toBe( 'FAILED' );
	expect( payment.card_details.card.last_4 ).toBe( '0002' );
	expect( l.nonces[ payment.source_id ].wallet ).toBe( 'GOOGLE_PAY' );
} );

/** What page code tells the test about an error: its class name and message. */
type Outcome = string;

test.describe( 'check 2: button, page checks, readiness, environment', () => {
	test( 'button options become Google markup in a shadow root; the container gets the click', async ( {
		page,
	} ) => {
		await openGooglePay( page );
		const outcome = await page.evaluate( async () => {
			const w = window as any;
			const payments = w.__ukPayments();
			const gp = await w.__ukGooglePay( {}, payments );
			const request = w.__ukRequest;
			const box = ( id: string ) => {
				const div = document.createElement( 'div' );
				div.id = id;
				document.body.appendChild( div );
				return div;
			};
			const markup = ( div: HTMLElement ) => {
				const host = div.querySelector( '[data-sq-google-pay]' )!;
				const container = host.shadowRoot!.firstElementChild!;
				const button = container.querySelector( 'button' )!;
				return `${ container.className } > ${ button.className } [${ button.getAttribute( 'aria-label' ) }]`;
			};
			const fail = async ( fn: () => Promise< unknown > ) => {
				try {
					await fn();
					return 'resolved';
				} catch ( e: any ) {
					return `${ e.name }: ${ e.message }`;
				}
			};
			const a = box( 'gp-a' );
			await gp.attach( a );
			const defaults = markup( a );
			const detached = await gp.detach();
			const empty = a.childElementCount;
			await gp.attach( '#gp-a', {
				buttonColor: 'white',
				buttonType: 'short',
				buttonSizeMode: 'fill',
			} );
			const white = markup( a );
			const again = await fail( () => gp.attach( '#gp-a' ) );
			const gp2 = await payments.googlePay( request );
			const badColor = await fail( () =>
				gp2.attach( box( 'gp-b' ), { buttonColor: 'red' } )
			);
			const badOption = await fail( () =>
				gp2.attach( '#gp-b', { buttonShape: 'pill' } )
			);
			const noTarget = await fail( () => gp2.attach( '#nowhere' ) );
			return {
				defaults,
				detached,
				empty,
				white,
				again,
				badColor,
				badOption,
				noTarget,
				destroyed: await gp.destroy(),
				destroyedTwice: await gp.destroy(),
				emptyAfterDestroy: a.childElementCount,
				environments: w.google.payments.api.__environments,
			};
		} );
		expect( outcome ).toEqual( {
			defaults:
				'gpay-card-info-container > gpay-button black long [Buy with Google Pay]',
			detached: true,
			empty: 0,
			white: 'gpay-card-info-container-fill > gpay-button white short [Buy with Google Pay]',
			again: 'PaymentMethodAlreadyAttachedError: Google Pay is already attached.',
			badColor:
				"InvalidConfigurationValueError: 'red' is not a valid value for 'buttonColor'. Expected one of: default, black, white.",
			badOption:
				"InvalidOptionError: 'buttonShape' is not a valid option.",
			noTarget: expect.stringMatching( /^ElementNotFoundError/ ),
			destroyed: true,
			destroyedTwice: false,
			emptyAfterDestroy: 0,
			// A test merchant on the sandbox SDK: Google's TEST environment, for every client.
			environments: [ 'TEST', 'TEST', 'TEST' ],
		} );

		// A person's click on the button reaches the merchant's listener on the container.
		await page.evaluate( () => {
			const w = window as any;
			w.__clicks = [];
			document
				.getElementById( 'google-pay-button' )!
				.addEventListener( 'click', ( e ) =>
					w.__clicks.push( ( e.currentTarget as HTMLElement ).id )
				);
		} );
		await gpayButton( page ).click();
		expect(
			await page.evaluate( () => ( window as any ).__clicks )
		).toEqual( [ 'google-pay-button' ] );
		await sheet( page ).getByRole( 'button', { name: 'Close' } ).click();
		await expect( page.locator( '#payment-status-container' ) ).toHaveClass(
			/is-failure/
		);
	} );

	test( 'an element with id "google" is refused with InvalidElementPresentError', async ( {
		page,
	} ) => {
		await openGooglePay( page );
		const outcome: Outcome = await page.evaluate( async () => {
			const w = window as any;
			const clash = document.createElement( 'div' );
			clash.id = 'google';
			document.body.appendChild( clash );
			try {
				await w.__ukGooglePay();
				return 'resolved';
			} catch ( e: any ) {
				return `${ e.name }: ${ e.message }`;
			}
		} );
		expect( outcome ).toBe(
			'InvalidElementPresentError: Google Pay cannot be used while an element with id google is present.'
		);
	} );

	test( 'isReadyToPay false (sandbox scenario) makes attach reject PaymentMethodUnsupportedError', async ( {
		page,
		request,
	} ) => {
		await request.post( `${ SANDBOX }/__vendors/scenario`, {
			data: { vendor: 'google-pay', scenario: { readyToPay: false } },
		} );
		await page.goto( '/google-pay.html' );
		const outcome: Outcome = await page.evaluate( async () => {
			const w = window as any;
			const gp = await w.__ukGooglePay();
			try {
				await gp.attach( '#google-pay-button' );
				return 'resolved';
			} catch ( e: any ) {
				return `${ e.name }: ${ e.message }`;
			}
		} );
		expect( outcome ).toBe(
			'PaymentMethodUnsupportedError: Google Pay is not supported or not ready to pay in this browser.'
		);
		// The quickstart page's own attach failed the same way: no button.
		await expect( gpayButton( page ) ).toHaveCount( 0 );
	} );
} );

/**
 * Sets up, in page code, a payment request with shipping and its listeners, a Google Pay button
 * in #gp-ship whose container click runs tokenize() (window.__result), and window.__mode to
 * choose what the contact listener does: 'ok', 'throw' or 'hang'.
 *
 * @param page Page.
 */
async function shippingCheckout( page: Page ): Promise< void > {
	await page.evaluate( async () => {
		const w = window as any;
		const standard = { id: 'standard', label: 'Standard', amount: '0.00' };
		const express = { id: 'express', label: 'Express', amount: '10.00' };
		const gp = await w.__ukGooglePay( {
			requestShippingContact: true,
			shippingOptions: [ standard, express ],
		} );
		const request = w.__ukRequest;
		w.__mode = 'ok';
		w.__contacts = [];
		request.addEventListener(
			'shippingcontactchanged',
			( contact: any ) => {
				w.__contacts.push( contact );
				if ( w.__mode === 'throw' ) {
					throw new Error( 'merchant listener broke' );
				}
				if ( w.__mode === 'hang' ) {
					return new Promise( () => {} );
				}
				return {
					shippingOptions: [ standard, express ],
					total: { amount: '2.00', label: 'Total' },
				};
			}
		);
		request.addEventListener(
			'shippingoptionchanged',
			( option: any ) => ( {
				total: {
					amount: option.id === 'express' ? '11.00' : '2.00',
					label: 'Total',
				},
			} )
		);
		w.__request = request;
		const div = document.createElement( 'div' );
		div.id = 'gp-ship';
		document.body.appendChild( div );
		await gp.attach( div );
		div.addEventListener( 'click', () => {
			w.__result = gp.tokenize();
		} );
	} );
}

const tryUpdate = ( page: Page ) =>
	page.evaluate( () =>
		( window as any ).__request.update( {
			total: { amount: '5.00', label: 'Total' },
		} )
	);

const result = ( page: Page ) =>
	page.evaluate( () => ( window as any ).__result );

test.describe( 'check 3: the lock and the shipping listeners', () => {
	test( 'update() is false while the sheet is open; shipping changes reach the sheet; paid with the option', async ( {
		page,
	} ) => {
		await openGooglePay( page );
		await shippingCheckout( page );
		await gpayButton( page, '#gp-ship' ).click();
		const s = sheet( page );
		await expect( s.getByText( 'Total: 1.00 GBP' ) ).toBeVisible();
		expect( await tryUpdate( page ) ).toBe( false );
		await s.getByRole( 'radio', { name: /Jean Tremblay/ } ).check();
		await expect( s.getByText( 'Total: 2.00 GBP' ) ).toBeVisible();
		// The listener got the redacted contact Google gives before payment.
		expect(
			await page.evaluate( () => ( window as any ).__contacts )
		).toEqual( [
			{
				city: 'Toronto',
				state: 'ON',
				postalCode: 'M5H 2N2',
				countryCode: 'CA',
			},
		] );
		await s.getByRole( 'radio', { name: /Express/ } ).check();
		await expect( s.getByText( 'Total: 11.00 GBP' ) ).toBeVisible();
		await s.getByRole( 'button', { name: 'Pay' } ).click();
		const r = await result( page );
		expect( r.status ).toBe( 'OK' );
		expect( r.token ).toMatch( /^cnon:/ );
		expect( r.details ).toMatchObject( {
			method: 'Google Pay',
			card: { brand: 'VISA', last4: '1111' },
			shipping: {
				contact: {
					givenName: 'Jean',
					familyName: 'Tremblay',
					city: 'Toronto',
					countryCode: 'CA',
				},
				option: { id: 'express', label: 'Express', amount: '10.00' },
			},
		} );
		// The nonce is bound to what the sheet showed last.
		const l = await ledger( page.request );
		expect( l.nonces[ r.token ].bound ).toEqual( {
			amount: '11.00',
			currency: 'GBP',
		} );
		// The sheet is gone: the lock is free again.
		expect( await tryUpdate( page ) ).toBe( true );
	} );

	test( 'a throwing listener shows the spec text; closing gives Cancel and frees the lock', async ( {
		page,
	} ) => {
		const errors: string[] = [];
		page.on( 'pageerror', ( e ) => errors.push( e.message ) );
		await openGooglePay( page );
		await shippingCheckout( page );
		await page.evaluate( () => ( ( window as any ).__mode = 'throw' ) );
		await gpayButton( page, '#gp-ship' ).click();
		const s = sheet( page );
		await s.getByRole( 'radio', { name: /Jane Doe/ } ).check();
		await expect( s.getByRole( 'alert' ) ).toHaveText(
			'There was an error processing your selected shipping contact. Please try again.'
		);
		await expect( s.getByRole( 'button', { name: 'Pay' } ) ).toBeDisabled();
		expect( await tryUpdate( page ) ).toBe( false );
		await s.getByRole( 'button', { name: 'Close' } ).click();
		expect( await result( page ) ).toEqual( { status: 'Cancel' } );
		expect( await tryUpdate( page ) ).toBe( true );
		expect( errors ).toContainEqual(
			expect.stringContaining( 'merchant listener broke' )
		);
	} );

	test( 'a listener that never answers times out after 30 s (page clock) with the spec texts', async ( {
		page,
	} ) => {
		const errors: string[] = [];
		page.on( 'pageerror', ( e ) => errors.push( e.message ) );
		await page.clock.install();
		await openGooglePay( page );
		await shippingCheckout( page );
		await page.evaluate( () => ( ( window as any ).__mode = 'hang' ) );
		// From here the page's time moves only when the test says so.
		await page.clock.pauseAt(
			( await page.evaluate( () => Date.now() ) ) + 100
		);
		await gpayButton( page, '#gp-ship' ).click();
		const s = sheet( page );
		await s.getByRole( 'radio', { name: /John Doe/ } ).check();
		await expect( s.getByRole( 'main' ) ).toHaveAttribute(
			'aria-busy',
			'true'
		);
		await page.clock.fastForward( 29_000 );
		await expect( s.getByRole( 'alert' ) ).toHaveText( '' );
		// A timer's exception is rethrown by the clock call that ran it (or is a page error).
		const caught = ( e: Error ) => errors.push( e.message );
		await page.clock.fastForward( 1_000 ).catch( caught );
		await expect( s.getByRole( 'alert' ) ).toHaveText(
			'There was an error processing your selected shipping contact. Please try again.'
		);
		// The SDK throws the wrapped time-out outside its stack (a timer): let the clock run.
		await page.clock.runFor( 10 ).catch( caught );
		await expect
			.poll( () => errors )
			.toContainEqual(
				expect.stringContaining(
					"The event listener for shippingcontactchanged timed out (30 seconds). If you've returned a promise, ensure it is resolving"
				)
			);
		await s.getByRole( 'button', { name: 'Close' } ).click();
		expect( await result( page ) ).toEqual( { status: 'Cancel' } );
		expect( await tryUpdate( page ) ).toBe( true );
	} );

	test( 'a failing sheet (BUYER_ACCOUNT_ERROR) resolves Error with the spec text and frees the lock', async ( {
		page,
	} ) => {
		await page.addInitScript( () => {
			( window as any ).__kfGooglePayScenario = {
				loadError: 'BUYER_ACCOUNT_ERROR',
			};
		} );
		await openGooglePay( page );
		await shippingCheckout( page );
		await gpayButton( page, '#gp-ship' ).click();
		expect( await result( page ) ).toEqual( {
			status: 'Error',
			errors: [
				{
					type: 'BUYER_ACCOUNT_ERROR',
					message: 'Google Pay is not ready to pay.',
				},
			],
		} );
		await expect(
			page.locator( 'iframe[title="Google Pay"]' )
		).toHaveCount( 0 );
		expect( await tryUpdate( page ) ).toBe( true );
	} );
} );
