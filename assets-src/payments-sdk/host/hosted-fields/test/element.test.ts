/**
 * Host element logic in jsdom with a scripted frame: the frame's side is simulated by reading
 * what the host posts to the iframe and dispatching MessageEvents from the provider origin.
 */
import { MESSAGE, type Hydration, type Locale } from '../../../protocol';
import type { SdkContext } from '../../context';
import { TokenizationError } from '../../errors';
import { featuresOf } from '../../features';
import { CARD } from '../../methods/card';
import { GIFT_CARD } from '../../methods/gift-card';
import {
	BASE,
	ORIGIN,
	fakeFrame,
	okReply,
	type Handlers,
} from '../../test/fake-frame';
import { catalogueErrors } from '../catalogue';
import { HostedElement } from '../element';

const hydration = ( support = true ): Hydration => ( {
	avt: 'a',
	sessionId: 's',
	instanceId: 'i',
	merchantName: 'm',
	applePayMerchantIdentifier: '',
	cashAppPayMerchantIdentifier: '',
	paymentMethodSupportDetail: { card: { IsSupported: support } },
	featureFlagValues: {},
	isTestMerchant: true,
} );

function context( support = true ): SdkContext & { reports: string[] } {
	const reports: string[] = [];
	return {
		win: window,
		environment: 'sandbox',
		assetOrigin: ORIGIN,
		assetBase: BASE,
		applicationId: 'sandbox-sq0idb-abcdefghijklmnop',
		locationId: 'L1',
		locale: () => 'en-US',
		session: () => Promise.resolve( hydration( support ) ),
		features: () =>
			Promise.resolve( featuresOf( hydration( support ), 'sandbox' ) ),
		mainRequest: () => Promise.reject( new Error( 'no main frame' ) ),
		now: () => Date.now(),
		metric: () => {},
		flushMetrics: () => {},
		report: ( m ) => reports.push( m ),
		onLocaleChange: () => () => {},
		reports,
	};
}

async function attached( handlers: Handlers = {} ) {
	const card = new HostedElement( CARD, context(), {} );
	const attaching = card.attach( '#target' );
	const f = await fakeFrame( handlers );
	await attaching;
	return { card, ...f };
}

beforeEach( () => {
	document.body.innerHTML = '<div id="target"></div><p id="para"></p>';
} );
afterEach( () => {
	jest.useRealTimers();
	jest.restoreAllMocks();
} );

describe( 'lifecycle', () => {
	it( 'attaches into the target with the host DOM consumers rely on', async () => {
		const { card, iframe, posted } = await attached();
		expect( card.attached ).toBe( true );
		expect(
			iframe.src.startsWith( `${ BASE }frames/card.html#channel=` )
		).toBe( true );
		expect( iframe.src ).toContain(
			`origin=${ encodeURIComponent( window.location.origin ) }`
		);
		expect(
			document.querySelector(
				'#target .sq-card-wrapper .sq-card-component .sq-card-iframe-container iframe'
			)
		).toBe( iframe );
		expect(
			document.querySelector( '#target .sq-card-message' )
		).not.toBeNull();
		expect( iframe.style.height ).toBe( '48px' );
		expect(
			document
				.querySelector( 'link[data-sq-card-wrapper]' )
				?.getAttribute( 'href' )
		).toBe( `${ BASE }card-wrapper.css` );
		// The message type names the element; the payload is its configuration.
		expect( posted[ 0 ] ).toMatchObject( {
			type: MESSAGE.LOAD_CARDS_FORM,
			payload: {
				locale: 'en-US',
				includeInputLabels: false,
				applicationId: 'sandbox-sq0idb-abcdefghijklmnop',
				locationId: 'L1',
			},
		} );
		expect( iframe.title ).toBe( 'Secure card payment input frame' );
	} );

	it( 'refuses a second attach, a missing target and a wrong element type', async () => {
		const { card } = await attached();
		await expect( card.attach( '#target' ) ).rejects.toMatchObject( {
			name: 'PaymentMethodAlreadyAttachedError',
		} );
		const other = new HostedElement( CARD, context(), {} );
		await expect( other.attach( '#missing' ) ).rejects.toMatchObject( {
			name: 'ElementNotFoundError',
		} );
		await expect( other.attach( '#para' ) ).rejects.toMatchObject( {
			name: 'InvalidElementTypeError',
		} );
		await expect( other.attach( '#target' ) ).rejects.toMatchObject( {
			name: 'InvalidElementPresentError',
		} );
	} );

	it( 'needs attach before use and nothing after destroy; destroy answers true then false', async () => {
		const card = new HostedElement( CARD, context(), {} );
		await expect( card.tokenize() ).rejects.toMatchObject( {
			name: 'PaymentMethodNotAttachedError',
		} );
		await expect( card.detach() ).rejects.toMatchObject( {
			name: 'PaymentMethodNotAttachedError',
		} );
		expect( () => card.recalculateSize() ).toThrow(
			expect.objectContaining( { name: 'PaymentMethodNotAttachedError' } )
		);
		await expect( card.destroy() ).resolves.toBe( true );
		await expect( card.destroy() ).resolves.toBe( false );
		await expect( card.attach( '#target' ) ).rejects.toMatchObject( {
			name: 'PaymentMethodAlreadyDestroyedError',
		} );
		await expect( card.focus( 'cardNumber' ) ).rejects.toMatchObject( {
			name: 'PaymentMethodAlreadyDestroyedError',
		} );
	} );

	it( 'a frame that never answers fails the attach after 10 s and returns to detached', async () => {
		jest.useFakeTimers();
		const card = new HostedElement( CARD, context(), {} );
		const attaching = card.attach( '#target' );
		await fakeFrame( {}, false );
		jest.advanceTimersByTime( 10_000 );
		await expect( attaching ).rejects.toMatchObject( {
			name: 'UnexpectedError',
		} );
		expect( card.attached ).toBe( false );
		expect( document.querySelector( '#target' )!.children ).toHaveLength(
			0
		);
	} );

	it( 'destroy() while attach() awaits the frame: the attach rejects and leaves no frame', async () => {
		const card = new HostedElement( CARD, context(), {} );
		const attaching = card.attach( '#target' );
		await fakeFrame( {}, false );
		expect( document.querySelector( '#target iframe' ) ).not.toBeNull();
		await expect( card.destroy() ).resolves.toBe( true );
		await expect( attaching ).rejects.toMatchObject( {
			name: 'PaymentMethodAlreadyDestroyedError',
		} );
		expect( card.attached ).toBe( false );
		expect( document.querySelector( '#target' )!.children ).toHaveLength(
			0
		);
		await expect( card.destroy() ).resolves.toBe( false );
		await expect( card.tokenize() ).rejects.toMatchObject( {
			name: 'PaymentMethodAlreadyDestroyedError',
		} );
	} );

	it( 'destroy() after the frame answered but before attach() resumes still wins', async () => {
		const card = new HostedElement( CARD, context(), {} );
		const attaching = card.attach( '#target' );
		let answer: ( v: unknown ) => void = () => {};
		await fakeFrame( {
			[ MESSAGE.LOAD_CARDS_FORM ]: () =>
				new Promise( ( r ) => {
					answer = r;
				} ),
		} );
		for ( let i = 0; i < 10; i++ ) {
			await Promise.resolve();
		}
		answer( true );
		// The reply is delivered; destroy runs before the attach continues.
		await expect( card.destroy() ).resolves.toBe( true );
		await expect( attaching ).rejects.toMatchObject( {
			name: 'PaymentMethodAlreadyDestroyedError',
		} );
		expect( card.attached ).toBe( false );
		expect( document.querySelector( 'iframe' ) ).toBeNull();
	} );

	it( 'passes the hydration session id to the frame (its nonce request carries it)', async () => {
		const { posted } = await attached();
		expect( posted[ 0 ] ).toMatchObject( {
			type: MESSAGE.LOAD_CARDS_FORM,
			payload: { sessionId: 's' },
		} );
	} );

	it( 'a locale change reaches the frame as a session update with the session id; the iframe title follows', async () => {
		let locale: Locale = 'en-US';
		const listeners = new Set< ( l: Locale ) => void >();
		const ctx = {
			...context(),
			locale: () => locale,
			onLocaleChange: ( l: ( next: Locale ) => void ) => {
				listeners.add( l );
				return () => listeners.delete( l );
			},
		};
		const card = new HostedElement( CARD, ctx, {} );
		const attaching = card.attach( '#target' );
		const { posted, iframe } = await fakeFrame();
		await attaching;
		locale = 'fr-FR';
		listeners.forEach( ( l ) => l( locale ) );
		expect( posted[ posted.length - 1 ] ).toMatchObject( {
			kind: 'event',
			type: MESSAGE.SESSION_UPDATE,
			payload: { locale: 'fr-FR', sessionId: 's' },
		} );
		expect( iframe.title ).toBe(
			'Cadre sécurisé de saisie de la carte de paiement'
		);
	} );

	it( 'asks the frame for a nonce with no payload of its own', async () => {
		const { card, posted } = await attached( {
			[ MESSAGE.REQUEST_CARD_NONCE_IF_VALID_FORM ]: () => okReply(),
		} );
		await card.tokenize();
		const request = posted.find(
			( e ) => e.type === MESSAGE.REQUEST_CARD_NONCE_IF_VALID_FORM
		);
		expect( request?.payload ).toEqual( {} );
		expect( posted[ 0 ].payload ).not.toHaveProperty( 'type' );
		expect( posted[ 0 ].payload ).not.toHaveProperty( 'frameName' );
	} );

	it( 'a method the session does not support fails with MethodNotAvailableError', async () => {
		const card = new HostedElement( CARD, context( false ), {} );
		const attaching = card.attach( '#target' );
		await fakeFrame();
		await expect( attaching ).rejects.toMatchObject( {
			message: 'Method is not enabled for this app.',
		} );
		expect( card.attached ).toBe( false );
	} );

	it( 'detach keeps the listeners and allows attach again', async () => {
		const { card } = await attached();
		const listener = jest.fn();
		card.addEventListener( 'focusClassAdded', listener );
		await expect( card.detach() ).resolves.toBe( true );
		expect( document.querySelector( '.sq-card-wrapper' ) ).toBeNull();
		const again = card.attach( '#target' );
		const f = await fakeFrame();
		await again;
		f.fieldEvent( {} );
		expect( listener ).toHaveBeenCalledTimes( 1 );
	} );
} );

describe( 'events and message line', () => {
	it( 'accepts frame events only from the provider origin and the iframe', async () => {
		const { card, fieldEvent } = await attached();
		const listener = jest.fn();
		card.addEventListener( 'focusClassAdded', listener );
		card.addEventListener( 'focusClassAdded', listener );
		fieldEvent( {}, 'https://evil.test' );
		expect( listener ).not.toHaveBeenCalled();
		fieldEvent( {} );
		expect( listener ).toHaveBeenCalledTimes( 1 );
		expect( listener.mock.calls[ 0 ][ 0 ] ).toMatchObject( {
			type: 'focusClassAdded',
			detail: {
				field: 'cardNumber',
				cardBrand: 'VISA',
				postalCodeValue: '',
			},
		} );
	} );

	it( 'writes the first error in field order before errorClassAdded fires', async () => {
		const { card, fieldEvent } = await attached();
		let seen = '';
		card.addEventListener( 'errorClassAdded', () => {
			seen = document.querySelector( '.sq-card-message' )!.textContent!;
		} );
		fieldEvent( {
			eventType: 'errorClassAdded',
			field: 'cvv',
			errorFields: [ 'expirationDate', 'cvv' ],
		} );
		expect( seen ).toBe( 'Enter a valid expiration date.' );
		expect(
			document.querySelector( '.sq-card-message' )!.classList
		).toContain( 'sq-card-message-error' );
		expect(
			document.querySelector( '.sq-card-wrapper' )!.classList
		).toContain( 'sq-error' );
		fieldEvent( {
			eventType: 'errorClassRemoved',
			errorFields: [],
			focusedField: 'cvv',
		} );
		expect(
			document.querySelector( '.sq-card-message' )!.textContent
		).toBe( 'Enter the security code on your card.' );
	} );

	it( 'removes the focus class 50 ms after focus leaves', async () => {
		const { fieldEvent } = await attached();
		jest.useFakeTimers();
		fieldEvent( {} );
		const wrapper = document.querySelector( '.sq-card-wrapper' )!;
		expect( wrapper.classList ).toContain( 'sq-focus' );
		fieldEvent( { eventType: 'focusClassRemoved', focusedField: null } );
		jest.advanceTimersByTime( 49 );
		expect( wrapper.classList ).toContain( 'sq-focus' );
		jest.advanceTimersByTime( 1 );
		expect( wrapper.classList ).not.toContain( 'sq-focus' );
	} );

	it( 'refuses unknown events, non-function listeners and unknown fields', async () => {
		const { card } = await attached();
		expect( () => card.addEventListener( 'blur', () => {} ) ).toThrow(
			expect.objectContaining( {
				name: 'InvalidEventListenerCallbackError',
			} )
		);
		expect( () => card.addEventListener( 'submit', 'x' as never ) ).toThrow(
			expect.objectContaining( {
				name: 'InvalidEventListenerCallbackError',
			} )
		);
		await expect( card.focus( 'giftCardNumber' ) ).rejects.toMatchObject( {
			name: 'InvalidFieldNameError',
		} );
		await expect( card.setError( 'cvv' ) ).resolves.toBe( true );
	} );
} );

describe( 'postal code message by country', () => {
	it( 'names the kind of code of the country the frame validates with', async () => {
		const { fieldEvent, deliver } = await attached();
		const message = () =>
			document.querySelector( '.sq-card-message' )!.textContent;
		// No country from the frame: the locale's (en-US).
		fieldEvent( {
			eventType: 'errorClassAdded',
			field: 'postalCode',
			errorFields: [ 'postalCode' ],
		} );
		expect( message() ).toBe( 'Enter a valid ZIP code.' );
		fieldEvent( {
			eventType: 'errorClassAdded',
			field: 'postalCode',
			errorFields: [ 'postalCode' ],
			postalCountry: 'GB',
		} );
		expect( message() ).toBe( 'Enter a valid postcode.' );
		// The BIN lookup answered another country: no public event, the line follows.
		deliver( {
			kind: 'event',
			type: MESSAGE.POSTAL_COUNTRY,
			payload: { postalCountry: 'CA' },
		} );
		expect( message() ).toBe( 'Enter a valid postal code.' );
	} );
} );

describe( 'message line style', () => {
	it( 'applies .message-text and .message-text.is-error colours', async () => {
		const card = new HostedElement( CARD, context(), {
			style: {
				'.message-text': { color: 'rgb(1, 2, 3)' },
				'.message-text.is-error': { color: 'rgb(200, 0, 0)' },
			},
		} );
		const attaching = card.attach( '#target' );
		const f = await fakeFrame();
		await attaching;
		const line = document.querySelector(
			'.sq-card-message'
		) as HTMLElement;
		f.fieldEvent( {} );
		expect( line.style.color ).toBe( 'rgb(1, 2, 3)' );
		f.fieldEvent( {
			eventType: 'errorClassAdded',
			errorFields: [ 'cardNumber' ],
		} );
		expect( line.style.color ).toBe( 'rgb(200, 0, 0)' );
	} );
} );

describe( 'sizing', () => {
	it( 'doubles plus 1 px at 482 px or less, after a debounced resize', async () => {
		const { card, iframe } = await attached();
		const target = document.querySelector( '#target' ) as HTMLElement;
		jest.spyOn( target, 'getBoundingClientRect' ).mockReturnValue( {
			width: 400,
		} as DOMRect );
		jest.useFakeTimers();
		window.dispatchEvent( new Event( 'resize' ) );
		jest.advanceTimersByTime( 99 );
		expect( iframe.style.height ).toBe( '48px' );
		jest.advanceTimersByTime( 1 );
		expect( iframe.style.height ).toBe( '97px' );
		( target.getBoundingClientRect as jest.Mock ).mockReturnValue( {
			width: 800,
		} as DOMRect );
		const { recalculateSize } = card;
		recalculateSize();
		expect( iframe.style.height ).toBe( '48px' );
	} );
} );

describe( 'usage metrics of an element', () => {
	it( 'carry the source and the time since attach / tokenize / creation, never card data', async () => {
		let clock = 1000;
		const metrics: Array< [ string, unknown ] > = [];
		const ctx = {
			...context(),
			now: () => clock,
			metric: ( event: string, data: unknown ) =>
				metrics.push( [ event, data ] ),
		};
		const card = new HostedElement( CARD, ctx, {
			postalCode: '94103',
		} );
		clock = 1500;
		const attaching = card.attach( '#target' );
		const f = await fakeFrame( {
			[ MESSAGE.REQUEST_CARD_NONCE_IF_VALID_FORM ]: () => {
				clock += 250;
				return okReply( { paymentMethodTrackingId: 'pmt-9' } );
			},
		} );
		clock = 1540;
		await attaching;
		f.fieldEvent( { postalCodeValue: '94103' } );
		await card.tokenize();
		clock = 3000;
		await card.destroy();
		expect( metrics ).toEqual( [
			[ 'attach', { eventSource: 'card', duration: 40, method: 'Card' } ],
			[
				'tokenize',
				{
					eventSource: 'card',
					duration: 250,
					method: 'Card',
					paymentMethodTrackingId: 'pmt-9',
				},
			],
			[
				'destroy',
				{ eventSource: 'card', duration: 2000, method: 'Card' },
			],
		] );
		expect( JSON.stringify( metrics ) ).not.toMatch(
			/1111|94103|cnon:|VISA|2030/
		);
	} );

	it( 'name the gift card as their source', async () => {
		const metrics: Array< [ string, { eventSource: string } ] > = [];
		const ctx = {
			...context(),
			metric: ( event: string, data: { eventSource: string } ) =>
				metrics.push( [ event, data ] ),
		};
		const gift = new HostedElement( GIFT_CARD, ctx, {} );
		const attaching = gift.attach( '#target' );
		await fakeFrame();
		await attaching;
		expect( metrics[ 0 ][ 1 ].eventSource ).toBe( 'gift-card' );
	} );
} );

describe( 'gift card resize throttle', () => {
	async function giftCard() {
		const gift = new HostedElement( GIFT_CARD, context(), {} );
		const attaching = gift.attach( '#target' );
		const f = await fakeFrame();
		await attaching;
		const target = document.querySelector( '#target' ) as HTMLElement;
		const reads = jest
			.spyOn( target, 'getBoundingClientRect' )
			.mockReturnValue( { width: 300 } as DOMRect );
		jest.useFakeTimers();
		const resize = () => window.dispatchEvent( new Event( 'resize' ) );
		return { gift, reads, resize, ...f };
	}

	it( 'applies the first resize at once and the last one at the end of the 100 ms window', async () => {
		const { reads, resize, iframe } = await giftCard();
		resize();
		expect( reads ).toHaveBeenCalledTimes( 1 );
		jest.advanceTimersByTime( 30 );
		resize();
		jest.advanceTimersByTime( 30 );
		resize();
		// Within the window: nothing more yet, one trailing call is due.
		expect( reads ).toHaveBeenCalledTimes( 1 );
		jest.advanceTimersByTime( 39 );
		expect( reads ).toHaveBeenCalledTimes( 1 );
		jest.advanceTimersByTime( 1 );
		expect( reads ).toHaveBeenCalledTimes( 2 );
		// The trailing call opened a new window: a resize right after it waits for its end.
		resize();
		expect( reads ).toHaveBeenCalledTimes( 2 );
		jest.advanceTimersByTime( 100 );
		expect( reads ).toHaveBeenCalledTimes( 3 );
		// A lone resize long after: applied at once, no trailing call.
		jest.advanceTimersByTime( 500 );
		resize();
		expect( reads ).toHaveBeenCalledTimes( 4 );
		jest.advanceTimersByTime( 1000 );
		expect( reads ).toHaveBeenCalledTimes( 4 );
		expect( iframe.style.height ).toBe( '50px' );
	} );

	it( 'drops a pending trailing call when the gift card is detached', async () => {
		const { gift, reads, resize } = await giftCard();
		resize();
		resize();
		await gift.detach();
		jest.advanceTimersByTime( 200 );
		expect( reads ).toHaveBeenCalledTimes( 1 );
	} );
} );

describe( 'tokenize', () => {
	it( 'gives Invalid with the fields in error', async () => {
		const { card } = await attached( {
			[ MESSAGE.REQUEST_CARD_NONCE_IF_VALID_FORM ]: () => ( {
				valid: false,
				errors: [
					{
						field: 'cardNumber',
						type: 'VALIDATION_ERROR',
						message: 'x',
					},
				],
			} ),
		} );
		await expect( card.tokenize() ).resolves.toEqual( {
			status: 'Invalid',
			errors: [
				{
					type: 'VALIDATION_ERROR',
					field: 'cardNumber',
					message: 'Credit card number is not valid',
				},
			],
		} );
	} );

	it( 'gives OK without an errors key, and one tokenize at a time', async () => {
		let release: () => void = () => {};
		const { card } = await attached( {
			[ MESSAGE.REQUEST_CARD_NONCE_IF_VALID_FORM ]: () =>
				new Promise( ( r ) => {
					release = () => r( okReply() );
				} ),
		} );
		const first = card.tokenize();
		await expect( card.tokenize() ).rejects.toMatchObject( {
			name: 'TokenizationError',
			message: 'the tokenization request is already in process',
			errors: [ { type: 'TOKENIZATION_IN_PROCESS' } ],
		} );
		await Promise.resolve();
		release();
		const result = await first;
		expect( result.status ).toBe( 'OK' );
		expect( 'errors' in result ).toBe( false );
		expect( result.details ).toEqual( {
			method: 'Card',
			card: {
				brand: 'VISA',
				last4: '1111',
				expMonth: 12,
				expYear: 2030,
				cardType: 'CREDIT',
				prepaidType: 'NOT_PREPAID',
			},
			billing: { postalCode: '94103' },
		} );
	} );

	it( 'turns a provider refusal into TokenizationError with its sub-errors', async () => {
		const { card } = await attached( {
			[ MESSAGE.REQUEST_CARD_NONCE_IF_VALID_FORM ]: () => {
				throw Object.assign( new Error( 'no' ), {
					name: 'TokenizationError',
					errors: [
						{
							type: 'INVALID_SANDBOX_CARD_NUMBER',
							message: 'no',
							field: 'cardNumber',
						},
					],
				} );
			},
		} );
		await expect( card.tokenize() ).rejects.toMatchObject( {
			name: 'TokenizationError',
			errors: [ { type: 'INVALID_SANDBOX_CARD_NUMBER' } ],
		} );
	} );

	it( 'maps the provider codes to the catalogue (UNSUPPORTED_CARD_BRAND: Card not supported)', async () => {
		const { card } = await attached( {
			[ MESSAGE.REQUEST_CARD_NONCE_IF_VALID_FORM ]: () => {
				throw Object.assign( new Error( 'refused' ), {
					name: 'TokenizationError',
					errors: [
						{
							type: 'UNSUPPORTED_CARD_BRAND',
							message: 'Brand CHINA_UNIONPAY is refused here',
							field: 'cardNumber',
						},
					],
				} );
			},
		} );
		const error = await card.tokenize().then(
			() => null,
			( e: unknown ) => e
		);
		expect( error ).toBeInstanceOf( TokenizationError );
		expect( error ).toMatchObject( {
			name: 'TokenizationError',
			errors: [
				{
					type: 'UNSUPPORTED_CARD_BRAND',
					message: 'Card not supported',
					field: 'cardNumber',
				},
			],
		} );
		expect(
			catalogueErrors( [
				{ type: 'MISSING_CARD_DATA', message: 'x' },
				{ type: 'INVALID_APPLICATION_ID', message: 'x' },
				{ type: 'MISSING_APPLICATION_ID', message: 'x' },
				{ type: 'INVALID_CVV', message: 'x', field: 'cvv' },
				{
					type: 'INVALID_POSTAL_CODE',
					message: 'x',
					field: 'postalCode',
				},
				{
					type: 'INVALID_SANDBOX_CARD_NUMBER',
					message: 'Not a test card.',
				},
			] )
		).toEqual( [
			{ type: 'MISSING_CARD_DATA', message: 'Card data is missing' },
			{
				type: 'INVALID_APPLICATION_ID',
				message: 'The application id is not valid',
			},
			{
				type: 'MISSING_APPLICATION_ID',
				message: 'The application id is missing',
			},
			{ type: 'INVALID_CVV', message: 'CVV is not valid', field: 'cvv' },
			{
				type: 'INVALID_POSTAL_CODE',
				message: 'Postal code is not valid',
				field: 'postalCode',
			},
			{
				type: 'INVALID_SANDBOX_CARD_NUMBER',
				message: 'Not a test card.',
			},
		] );
	} );

	it( 'gives Invalid for provider field refusals; several invalid fields say "Fix the highlighted errors."', async () => {
		const { card, fieldEvent } = await attached( {
			[ MESSAGE.REQUEST_CARD_NONCE_IF_VALID_FORM ]: () => ( {
				valid: false,
				errors: [
					{ field: 'cvv', type: 'INVALID_CVV', message: 'x' },
					{
						field: 'postalCode',
						type: 'INVALID_POSTAL_CODE',
						message: 'x',
					},
				],
			} ),
		} );
		// The frame marks both fields before it answers.
		fieldEvent( {
			eventType: 'errorClassAdded',
			field: 'postalCode',
			errorFields: [ 'cvv', 'postalCode' ],
			focusedField: null,
		} );
		const message = document.querySelector( '.sq-card-message' )!;
		expect( message.textContent ).toBe( 'Enter a valid security code.' );
		await expect( card.tokenize() ).resolves.toEqual( {
			status: 'Invalid',
			errors: [
				{
					type: 'INVALID_CVV',
					field: 'cvv',
					message: 'CVV is not valid',
				},
				{
					type: 'INVALID_POSTAL_CODE',
					field: 'postalCode',
					message: 'Postal code is not valid',
				},
			],
		} );
		expect( message.textContent ).toBe( 'Fix the highlighted errors.' );
		expect( message.classList.contains( 'sq-card-message-error' ) ).toBe(
			true
		);
		// The shopper moves on: the first field in error speaks again.
		fieldEvent( {
			eventType: 'focusClassAdded',
			field: 'cvv',
			errorFields: [ 'cvv', 'postalCode' ],
			focusedField: 'cvv',
		} );
		expect( message.textContent ).toBe( 'Enter a valid security code.' );
	} );

	it( 'a single invalid field keeps its own message after tokenize', async () => {
		const { card, fieldEvent } = await attached( {
			[ MESSAGE.REQUEST_CARD_NONCE_IF_VALID_FORM ]: () => ( {
				valid: false,
				errors: [
					{ field: 'cvv', type: 'VALIDATION_ERROR', message: 'cvv' },
				],
			} ),
		} );
		fieldEvent( {
			eventType: 'errorClassAdded',
			field: 'cvv',
			errorFields: [ 'cvv' ],
			focusedField: null,
		} );
		await card.tokenize();
		expect(
			document.querySelector( '.sq-card-message' )!.textContent
		).toBe( 'Enter a valid security code.' );
	} );
} );
