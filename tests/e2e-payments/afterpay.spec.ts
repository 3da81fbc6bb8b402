/**
 * Afterpay/Clearpay end to end (issue 17; wave 2 design A.6, P4 acceptance checks 1–4) against
 * the offline stand-ins of Afterpay.js, its popup checkout on the vendor origin and the
 * messaging library: the quickstart page sandbox/examples/afterpay.html with its merchant code
 * unchanged, driven like a buyer in the popup, Chromium's own popup blocker switched back on.
 */
import fs from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { ledger } from './utils';

const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
// Playwright turns Chromium's popup blocker off; Afterpay's popup must pass the real one.
test.use( {
	launchOptions: {
		executablePath: fs.existsSync( chromium ) ? chromium : undefined,
		args: [ '--no-sandbox', '--disable-gpu', '--disable-quic' ],
		ignoreDefaultArgs: [ '--disable-popup-blocking' ],
	},
} );

/**
 * Test helpers installed before the page's scripts: every token result an Afterpay method
 * gives is kept in `__results` (the merchant code stays as it is: square.js's `Square` is
 * wrapped when it is installed), and `__afterpay(options, appId?, locationId?)` makes an
 * Afterpay method for the tests' own code, keeping its request in `__request`.
 */
test.beforeEach( async ( { page } ) => {
	await page.addInitScript( () => {
		const w = window as any;
		w.__results = [];
		w.__divs = ( ...ids: string[] ) =>
			ids.forEach( ( id ) =>
				document.body.insertAdjacentHTML(
					'beforeend',
					`<div id="${ id }"></div>`
				)
			);
		let square: any;
		Object.defineProperty( w, 'Square', {
			configurable: true,
			get: () => square,
			set: ( value: any ) => {
				const payments = value.payments;
				value.payments = ( ...args: unknown[] ) => {
					const p = payments( ...args );
					const create = p.afterpayClearpay;
					p.afterpayClearpay = async ( ...more: unknown[] ) => {
						const m = await create( ...more );
						return {
							...m,
							tokenize: async () => {
								const r = await m.tokenize();
								w.__results.push( r );
								return r;
							},
						};
					};
					return p;
				};
				square = value;
			},
		} );
		w.__afterpay = async (
			options: Record< string, unknown > = {},
			appId = 'sandbox-sq0idb-merchant-us',
			locationId = 'LSANDBOXMAIN'
		) => {
			w.__payments = w.Square.payments( appId, locationId );
			w.__request = w.__payments.paymentRequest( {
				countryCode: 'US',
				currencyCode: 'USD',
				total: { amount: '1.00', label: 'Total' },
				...options,
			} );
			w.__method = await w.__payments.afterpayClearpay( w.__request );
			return w.__method;
		};
	} );
} );

/**
 * The checkouts the sandbox issued (POST /v2/afterpay/checkouts).
 *
 * @param page Page (its request context).
 */
async function checkouts( page: Page ): Promise< any[] > {
	return Object.values(
		( await ledger( page.request ) ).wallet_artefacts ?? {}
	).filter( ( a: any ) => a.kind === 'afterpay-checkout' );
}

/**
 * The popup a click on a button opens.
 *
 * @param page   Page.
 * @param button The button.
 */
async function popupOf( page: Page, button: Locator ): Promise< Page > {
	const [ popup ] = await Promise.all( [
		page.waitForEvent( 'popup' ),
		button.click(),
	] );
	return popup;
}

/**
 * The popup the tests' own method opens (its tokenize() promise is kept in `__pending`).
 *
 * @param page Page.
 */
async function ownPopup( page: Page ): Promise< Page > {
	const [ popup ] = await Promise.all( [
		page.waitForEvent( 'popup' ),
		page.evaluate( () => {
			const w = window as any;
			w.__pending = w.__method.tokenize();
		} ),
	] );
	return popup;
}

/**
 * On the quickstart page: the checkouts so far, then a popup from its button closed by the
 * buyer (the page shows the failure) and the checkout token that popup had.
 *
 * @param page Page.
 */
async function firstCancelled( page: Page ) {
	await openQuickstart( page );
	const start = ( await checkouts( page ) ).length;
	const button = page.getByRole( 'button', {
		name: 'Checkout with Afterpay',
	} );
	const first = await popupOf( page, button );
	await expect( first.locator( '#total' ) ).toHaveText( 'Pay $1.00' );
	const firstToken = new URL( first.url() ).searchParams.get( 'token' );
	await first.close();
	await expect( page.locator( '#payment-status-container' ) ).toHaveClass(
		/is-failure/
	);
	return { start, button, firstToken };
}

/**
 * Opens the quickstart page and waits for its Afterpay button.
 *
 * @param page Page.
 */
async function openQuickstart( page: Page ): Promise< void > {
	await page.goto( '/afterpay.html' );
	await expect(
		page.locator( '#afterpay-button button.sq-afterpay-button' )
	).toBeVisible( { timeout: 30_000 } );
}

test( 'afterpay.html: popup → address → the listener’s options → Confirm → OK with the shipping contact; the charge is BUY_NOW_PAY_LATER', async ( {
	page,
} ) => {
	const before = Object.keys( ( await ledger( page.request ) ).payments );
	await openQuickstart( page );
	const button = page.getByRole( 'button', {
		name: 'Checkout with Afterpay',
	} );
	const popup = await popupOf( page, button );
	await expect( popup ).toHaveTitle( 'Afterpay' );
	await expect( popup.locator( '#total' ) ).toHaveText( 'Pay $1.00' );
	await expect(
		popup.getByRole( 'list', { name: 'Payment schedule' } ).locator( 'li' )
	).toHaveCount( 4 );
	// Options come from the page's afterpay_shippingaddresschanged listener.
	await popup.getByRole( 'radio', { name: /1455 Market St/ } ).check();
	const free = popup.getByRole( 'radio', { name: /Free/ } );
	await expect( free ).toBeVisible();
	await expect(
		popup.getByRole( 'button', { name: 'Confirm' } )
	).toBeDisabled();
	await free.check();
	await popup.getByRole( 'button', { name: 'Confirm' } ).click();
	await expect( page.locator( '#payment-status-container' ) ).toHaveClass(
		/is-success/,
		{ timeout: 30_000 }
	);
	const results = await page.evaluate( () => ( window as any ).__results );
	expect( results ).toHaveLength( 1 );
	expect( results[ 0 ].status ).toBe( 'OK' );
	expect( results[ 0 ].token ).toMatch( /^wnon:/ );
	expect( results[ 0 ].details ).toMatchObject( {
		method: 'AfterpayClearpay',
		billing: { email: 'jane.doe@example.com' },
		shipping: {
			contact: {
				givenName: 'Jane',
				familyName: 'Doe',
				addressLines: [ '1455 Market St', 'Suite 600' ],
				city: 'San Francisco',
				state: 'CA',
				postalCode: '94103',
				countryCode: 'US',
			},
			option: { id: 'shipping-option-1', label: 'Free', amount: '0.00' },
		},
	} );
	const payments = Object.values(
		( await ledger( page.request ) ).payments
	).filter( ( p: any ) => ! before.includes( p.id ) ) as any[];
	expect( payments ).toHaveLength( 1 );
	expect( payments[ 0 ] ).toMatchObject( {
		status: 'COMPLETED',
		source_type: 'BUY_NOW_PAY_LATER',
		amount_money: { amount: 100, currency: 'USD' },
		buy_now_pay_later_details: {
			brand: 'AFTERPAY',
			afterpay_details: { email_address: 'jane.doe@example.com' },
		},
	} );
} );

test( 'a popup that shows its loading page after the checkout was sent to it (its first page won the race) is sent the checkout again', async ( {
	page,
} ) => {
	await openQuickstart( page );
	const button = page.getByRole( 'button', {
		name: 'Checkout with Afterpay',
	} );
	const popup = await popupOf( page, button );
	await expect( popup.locator( '#total' ) ).toHaveText( 'Pay $1.00' );
	// What a busy machine can do: the popup's first navigation (window.open's, without the
	// checkout) commits after transfer()'s, and the popup shows the loading page.
	const loading = new URL( popup.url() );
	loading.searchParams.delete( 'token' );
	await popup.goto( loading.toString() );
	await expect( popup.locator( '#total' ) ).toHaveText( 'Pay $1.00', {
		timeout: 15_000,
	} );
	expect( new URL( popup.url() ).searchParams.get( 'token' ) ).toBeTruthy();
	void popup
		.getByRole( 'button', { name: 'Cancel' } )
		.click()
		.catch( () => undefined );
	await popup.waitForEvent( 'close' );
} );

test( 'a popup the browser blocks (no click to open it from): an Error naming it, nothing left open, and the next tokenize from a click works', async ( {
	page,
} ) => {
	await openQuickstart( page );
	await page.evaluate( () => ( window as any ).__afterpay() );
	let popups = 0;
	page.on( 'popup', () => popups++ );
	// Playwright's evaluate counts as a click (a user gesture): that activation is spent first
	// on a window of our own, so the SDK's open() runs without one, as from a timer.
	const result = await page.evaluate( async () => {
		const w = window as any;
		window.open( 'about:blank' )?.close();
		return w.__method.tokenize();
	} );
	expect( result ).toEqual( {
		status: 'Error',
		errors: [
			{
				type: 'AFTERPAY_POPUP_ERROR',
				message:
					'The Afterpay popup was blocked: open it from a click.',
			},
		],
	} );
	expect( popups ).toBe( 1 );
	// From a click it opens.
	const popup = await ownPopup( page );
	await expect( popup.locator( '#total' ) ).toHaveText( 'Pay $1.00' );
	await popup.close();
	expect( await page.evaluate( () => ( window as any ).__pending ) ).toEqual(
		{ status: 'Cancel' }
	);
} );

test( 'afterpay.html: closing the popup is Cancel; the next tokenize reuses the checkout token, update() forces a new one', async ( {
	page,
} ) => {
	const { start, button, firstToken } = await firstCancelled( page );
	expect( firstToken ).toBeTruthy();
	expect(
		await page.evaluate( () => ( window as any ).__results[ 0 ] )
	).toEqual( { status: 'Cancel' } );

	// Same request, token not expired: the same checkout, none issued.
	const second = await popupOf( page, button );
	await expect( second.locator( '#total' ) ).toHaveText( 'Pay $1.00' );
	expect( new URL( second.url() ).searchParams.get( 'token' ) ).toBe(
		firstToken
	);
	await second.getByRole( 'button', { name: 'Cancel' } ).click();
	await expect
		.poll( () => page.evaluate( () => ( window as any ).__results.length ) )
		.toBe( 2 );
	expect( ( await checkouts( page ) ).length ).toBe( start + 1 );

	// The tests' own method: update() while the popup is open is refused (the lock), and an
	// update clears the cached token.
	await page.evaluate( () => ( window as any ).__afterpay() );
	const own = await ownPopup( page );
	await expect( own.locator( '#total' ) ).toHaveText( 'Pay $1.00' );
	const ownToken = new URL( own.url() ).searchParams.get( 'token' );
	expect(
		await page.evaluate( () =>
			( window as any ).__request.update( {
				total: { amount: '2.00', label: 'Total' },
			} )
		)
	).toBe( false );
	await own.close();
	expect( await page.evaluate( () => ( window as any ).__pending ) ).toEqual(
		{ status: 'Cancel' }
	);
	const again = await ownPopup( page );
	await expect( again.locator( '#total' ) ).toHaveText( 'Pay $1.00' );
	expect( new URL( again.url() ).searchParams.get( 'token' ) ).toBe(
		ownToken
	);
	await again.close();
	await page.evaluate( () => ( window as any ).__pending );
	expect(
		await page.evaluate( () =>
			( window as any ).__request.update( {
				total: { amount: '2.00', label: 'Total' },
			} )
		)
	).toBe( true );
	const updated = await ownPopup( page );
	await expect( updated.locator( '#total' ) ).toHaveText( 'Pay $2.00' );
	expect( new URL( updated.url() ).searchParams.get( 'token' ) ).not.toBe(
		ownToken
	);
	await updated.close();
	await page.evaluate( () => ( window as any ).__pending );
	expect( ( await checkouts( page ) ).length ).toBe( start + 3 );
} );

test( 'the checks: below the minimum, JPY, not onboarded, flag off, the ontokenization listener, a missing shipping listener', async ( {
	page,
} ) => {
	await openQuickstart( page );
	const outcomes = await page.evaluate( async () => {
		const w = window as any;
		const name = async ( f: () => Promise< unknown > ) => {
			try {
				await f();
				return 'ok';
			} catch ( e: any ) {
				return e.name;
			}
		};
		return {
			belowMinimum: await name( () =>
				w.__afterpay( { total: { amount: '0.50', label: 'Total' } } )
			),
			jpy: await name( () =>
				w.__afterpay( {
					countryCode: 'JP',
					currencyCode: 'JPY',
					total: { amount: '100', label: 'Total' },
				} )
			),
			notOnboarded: await name( () =>
				w.__afterpay( {}, 'sandbox-sq0idb-kestrel-example-app' )
			),
			flagOff: await name( () =>
				w.__afterpay( {}, 'sandbox-sq0idb-afterpay-flag-off' )
			),
			noLocation: await name( () =>
				w.__afterpay( {}, 'sandbox-sq0idb-merchant-us', '' )
			),
			badButton: await name( async () => {
				w.__divs( 'ap-bad' );
				await (
					await w.__afterpay()
				).attach( '#ap-bad', {
					buttonColor: 'green',
				} );
			} ),
			listener: await name( async () => {
				const m = await w.__afterpay();
				m.addEventListener( 'ontokenization', () => {} );
				await m.tokenize();
			} ),
			missingShippingListener: await name( async () =>
				(
					await w.__afterpay( { requestShippingContact: true } )
				).tokenize()
			),
			outsideAfterUpdate: await name( async () => {
				const m = await w.__afterpay();
				w.__request.update( {
					total: { amount: '5000.00', label: 'Total' },
				} );
				await m.tokenize();
			} ),
		};
	} );
	expect( outcomes ).toEqual( {
		belowMinimum: 'AfterpayAmountOutsideLimitsError',
		jpy: 'AfterpayUnsupportedCurrencyError',
		notOnboarded: 'AfterpayMerchantError',
		flagOff: 'FeatureDisabledError',
		noLocation: 'PaymentMethodUnsupportedError',
		badButton: 'InvalidConfigurationValueError',
		listener: 'AfterpayOnTokenizeListenerError',
		missingShippingListener: 'PaymentMethodMissingListenerError',
		outsideAfterUpdate: 'AfterpayAmountOutsideLimitsError',
	} );
} );

test( 'with an ontokenization listener the button runs the checkout itself and reports to the listener', async ( {
	page,
} ) => {
	await openQuickstart( page );
	await page.evaluate( async () => {
		const w = window as any;
		w.__divs( 'ap-listener' );
		const m = await w.__afterpay();
		w.__events = [];
		m.addEventListener( 'ontokenization', ( e: any ) =>
			w.__events.push( e.detail )
		);
		await m.attach( '#ap-listener', {
			buttonColor: 'mint',
			buttonType: 'place_order_with_afterpay',
		} );
	} );
	const button = page.locator( '#ap-listener button' );
	await expect( button ).toHaveAccessibleName( 'Place order with Afterpay' );
	await expect( button ).toHaveClass( /sq-afterpay-button--mint/ );
	const popup = await popupOf( page, button );
	await popup.getByRole( 'radio', { name: /1455 Market St/ } ).check();
	await popup.getByRole( 'button', { name: 'Confirm' } ).click();
	await expect
		.poll( () => page.evaluate( () => ( window as any ).__events ) )
		.toHaveLength( 1 );
	const [ detail ] = await page.evaluate( () => ( window as any ).__events );
	expect( detail.tokenResult.status ).toBe( 'OK' );
	expect( detail.tokenResult.details.method ).toBe( 'AfterpayClearpay' );
} );

test( 'shipping answers: an incomplete address is unrecognised, a throwing listener is service unavailable, the listener’s error refuses the address', async ( {
	page,
} ) => {
	await openQuickstart( page );
	await page.evaluate( async () => {
		const w = window as any;
		await w.__afterpay( { requestShippingContact: true } );
		w.__contacts = [];
		w.__request.addEventListener(
			'afterpay_shippingaddresschanged',
			( contact: any ) => {
				w.__contacts.push( contact );
				if ( w.__contacts.length === 1 ) {
					throw new Error( 'The shipping service is down.' );
				}
				return contact.countryCode === 'US'
					? {
							shippingOptions: [
								{
									id: 'std',
									label: 'Standard',
									amount: '0.50',
									taxLineItems: [
										{ label: 'Tax', amount: '0.10' },
									],
									total: { label: 'Total', amount: '1.60' },
								},
							],
						}
					: { error: 'We ship in the US only.' };
			}
		);
	} );
	const popup = await ownPopup( page );
	await popup.getByRole( 'radio', { name: /PO Box 1/ } ).check();
	await expect( popup.getByRole( 'alert' ) ).toHaveText(
		'We could not recognise this address. Choose another one.'
	);
	// The listener throws the first time: service unavailable.
	await popup.getByRole( 'radio', { name: /George St/ } ).check();
	await expect( popup.getByRole( 'alert' ) ).toHaveText(
		'The store could not be reached. Try again or choose another address.'
	);
	await popup.getByRole( 'radio', { name: /PO Box 1/ } ).check();
	await popup.getByRole( 'radio', { name: /George St/ } ).check();
	await expect( popup.getByRole( 'alert' ) ).toHaveText(
		'The store does not ship to this address. Choose another one.'
	);
	await popup.getByRole( 'radio', { name: /1455 Market St/ } ).check();
	await popup.getByRole( 'radio', { name: /Standard/ } ).check();
	await expect( popup.locator( '#total' ) ).toHaveText( 'Pay $1.60' );
	await popup.getByRole( 'button', { name: 'Confirm' } ).click();
	const result = await page.evaluate( () => ( window as any ).__pending );
	expect( result.status ).toBe( 'OK' );
	expect( result.details.shipping.option ).toEqual( {
		id: 'std',
		label: 'Standard',
		amount: '0.50',
	} );
	// The incomplete address never reached the merchant's listener.
	const contacts = await page.evaluate( () => ( window as any ).__contacts );
	expect( contacts.map( ( c: any ) => c.countryCode ) ).toEqual( [
		'AU',
		'AU',
		'US',
	] );
	// The wallet nonce is bound to the confirmed 1.60: the server's 1.00 is refused.
	const charge = await page.request.post( '/payment', {
		data: { sourceId: result.token, idempotencyKey: `k-${ Date.now() }` },
	} );
	expect( charge.status() ).toBe( 400 );
	expect( await charge.text() ).toContain( 'amount the buyer confirmed' );
} );

test( 'messaging: afterpay-placement carries the options and follows update(); the modal in the mapped locale, en_US fallback', async ( {
	page,
} ) => {
	await openQuickstart( page );
	await page.evaluate( async () => {
		const w = window as any;
		w.__divs( 'ap-msg' );
		await (
			await w.__afterpay()
		).attachMessaging( '#ap-msg', {
			badgeTheme: 'white-on-black',
			modalLinkStyle: 'more-info-text',
			modalTheme: 'white',
			size: 'lg',
		} );
	} );
	const placement = page.locator( '#ap-msg afterpay-placement' );
	await expect( placement ).toHaveAttribute(
		'data-badge-theme',
		'white-on-black'
	);
	await expect( placement ).toHaveAttribute( 'data-size', 'lg' );
	await expect( placement ).toHaveAttribute( 'data-modal-theme', 'white' );
	await expect( placement ).toHaveAttribute(
		'data-modal-link-style',
		'more-info-text'
	);
	await expect( placement ).toHaveAttribute( 'data-amount', '1.00' );
	await expect( placement ).toHaveAttribute( 'data-locale', 'en_US' );
	await expect( placement ).toContainText(
		'or 4 interest-free payments of $0.25 with Afterpay'
	);
	await page.evaluate( () =>
		( window as any ).__request.update( {
			total: { amount: '40.00', label: 'Total' },
		} )
	);
	await expect( placement ).toHaveAttribute( 'data-amount', '40.00' );
	await expect( placement ).toContainText( '$10.00' );
	const info = placement.getByRole( 'button', { name: /more information/ } );
	await info.click();
	const dialog = page.getByRole( 'dialog', { name: 'Afterpay' } );
	await expect( dialog ).toHaveAttribute( 'data-locale', 'en_US' );
	await expect( dialog ).toHaveAttribute( 'data-modal-theme', 'white' );
	// A modal: focus on Close, Tab and Shift+Tab stay there; closing gives focus back.
	const close = dialog.getByRole( 'button', { name: 'Close' } );
	await expect( close ).toBeFocused();
	await page.keyboard.press( 'Tab' );
	await expect( close ).toBeFocused();
	await page.keyboard.press( 'Shift+Tab' );
	await expect( close ).toBeFocused();
	await close.click();
	await expect( dialog ).toHaveCount( 0 );
	await expect( info ).toBeFocused();

	// A locale without an Afterpay modal (ja-JP in the US) falls back to en_US.
	await page.evaluate( async () => {
		const w = window as any;
		await w.__payments.setLocale( 'ja-JP' );
		w.__method.displayInformationModal( { modalTheme: 'mint' } );
	} );
	await expect( page.getByRole( 'dialog' ) ).toHaveAttribute(
		'data-locale',
		'en_US'
	);
	// fr-CA (no fr_US modal): the SDK locale's own, fr_CA.
	await page.evaluate( async () => {
		const w = window as any;
		document.querySelector( '.afterpay-modal-overlay' )?.remove();
		await w.__payments.setLocale( 'fr-CA' );
		w.__method.displayInformationModal();
	} );
	await expect( page.getByRole( 'dialog' ) ).toHaveAttribute(
		'data-locale',
		'fr_CA'
	);
} );

test( 'a UK merchant: Clearpay everywhere (button, popup, placement, en_GB modal)', async ( {
	page,
} ) => {
	await openQuickstart( page );
	await page.evaluate( async () => {
		const w = window as any;
		w.__divs( 'cp-button', 'cp-msg' );
		const m = await w.__afterpay(
			{
				countryCode: 'GB',
				currencyCode: 'GBP',
				total: { amount: '20.00', label: 'Total' },
			},
			'sandbox-sq0idb-merchant-gb',
			'LSANDBOXGB'
		);
		await m.attach( '#cp-button' );
		await m.attachMessaging( '#cp-msg' );
		m.displayInformationModal();
	} );
	await expect( page.locator( '#cp-button button' ) ).toHaveAccessibleName(
		'Checkout with Clearpay'
	);
	await expect( page.locator( '#cp-msg afterpay-placement' ) ).toContainText(
		'£5.00 with Clearpay'
	);
	const dialog = page.getByRole( 'dialog', { name: 'Clearpay' } );
	await expect( dialog ).toHaveAttribute( 'data-locale', 'en_GB' );
	await dialog.getByRole( 'button', { name: 'Close' } ).click();
	const popup = await ownPopup( page );
	await expect( popup ).toHaveTitle( 'Clearpay' );
	await expect( popup.locator( '#total' ) ).toHaveText( 'Pay £20.00' );
	await popup.getByRole( 'radio', { name: /1 High Street/ } ).check();
	await popup.getByRole( 'button', { name: 'Confirm' } ).click();
	const result = await page.evaluate( () => ( window as any ).__pending );
	expect( result.status ).toBe( 'OK' );
	const charge = await page.request.post( '/payment', {
		data: {
			sourceId: result.token,
			idempotencyKey: `k-${ Date.now() }`,
			locationId: 'LSANDBOXGB',
			itemId: 'coffee',
		},
	} );
	// The merchant charges its own price (1.00), not the confirmed 20.00: refused.
	expect( charge.status() ).toBe( 400 );
} );

test( 'checkout widget: four columns, progress 25/50/75/100, amounts sum to the total, localized, wordmark by includeBranding', async ( {
	page,
} ) => {
	await openQuickstart( page );
	await page.evaluate( async () => {
		const w = window as any;
		w.__divs( 'ap-widget', 'ap-plain' );
		const m = await w.__afterpay( {
			total: { amount: '10.01', label: 'Total' },
		} );
		await m.attachCheckoutWidget( '#ap-widget' );
		await m.attachCheckoutWidget( document.getElementById( 'ap-plain' ), {
			includeBranding: false,
		} );
	} );
	const widget = page.locator( '#ap-widget' );
	await expect(
		widget.getByRole( 'group', { name: 'Your 4 interest-free payments' } )
	).toBeVisible();
	await expect( widget.locator( '.sq-afterpay-wordmark' ) ).toHaveText(
		'Afterpay'
	);
	await expect(
		page.locator( '#ap-plain .sq-afterpay-wordmark' )
	).toHaveCount( 0 );
	const columns = widget.locator(
		'.sq-afterpay-checkout-widget__instalment'
	);
	await expect( columns ).toHaveCount( 4 );
	await expect(
		widget.locator( '.sq-afterpay-checkout-widget__when' )
	).toHaveText( [ 'Today', '2 weeks', '4 weeks', '6 weeks' ] );
	expect(
		await columns.evaluateAll( ( els ) =>
			els.map( ( e ) => ( e as HTMLElement ).dataset.progress )
		)
	).toEqual( [ '25', '50', '75', '100' ] );
	await expect( widget.locator( 'svg[data-progress]' ) ).toHaveCount( 4 );
	await expect(
		widget.locator( '.sq-afterpay-checkout-widget__amount' )
	).toHaveText( [ '$2.51', '$2.50', '$2.50', '$2.50' ] );
	// fr-FR, and a total that follows update().
	await page.evaluate( async () => {
		const w = window as any;
		await w.__payments.setLocale( 'fr-FR' );
		w.__request.update( { total: { amount: '1234.57', label: 'Total' } } );
	} );
	const amounts = widget.locator( '.sq-afterpay-checkout-widget__amount' );
	await expect( amounts ).toHaveText( [
		/^308,65\s\$US$/,
		/^308,64\s\$US$/,
		/^308,64\s\$US$/,
		/^308,64\s\$US$/,
	] );
	expect(
		(
			await amounts.evaluateAll( ( els ) =>
				els.map( ( e ) => Number( ( e as HTMLElement ).dataset.minor ) )
			)
		).reduce( ( a, b ) => a + b, 0 )
	).toBe( 123457 );
	await expect( widget.getByRole( 'group' ) ).toHaveAccessibleName(
		'Vos 4 paiements sans intérêts'
	);
} );

test( 'afterpay.html: a checkout token past its expires is not reused (page clock)', async ( {
	page,
} ) => {
	await page.clock.install();
	const { start, button, firstToken } = await firstCancelled( page );
	// The sandbox's tokens last an hour: an hour and a second later the SDK asks for another.
	await page.clock.fastForward( '01:00:01' );
	const second = await popupOf( page, button );
	await expect( second.locator( '#total' ) ).toHaveText( 'Pay $1.00' );
	expect( new URL( second.url() ).searchParams.get( 'token' ) ).not.toBe(
		firstToken
	);
	await second.close();
	expect( ( await checkouts( page ) ).length ).toBe( start + 2 );
} );
