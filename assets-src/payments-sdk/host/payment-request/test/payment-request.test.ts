/**
 * payments.paymentRequest() behind the public object (spec §3–§5, §8; wave 2 A.1): update() and
 * the wallet-sheet lock, the Afterpay token an update clears, the listeners, the shipping
 * events with their 30 s time-out, wrapped failures and localized sheet texts.
 */
import type { Locale } from '../../../protocol';
import type {
	Contact,
	PaymentRequestOptions,
	ShippingOption,
} from '../../types';
import {
	createPaymentRequest,
	paymentRequestModel,
	type PaymentRequestModel,
} from '..';

const REQUEST: PaymentRequestOptions = {
	countryCode: 'US',
	currencyCode: 'USD',
	requestShippingContact: true,
	lineItems: [ { amount: '2.00', label: 'Item' } ],
	shippingOptions: [
		{ id: 'shipping-option-1', label: 'Free', amount: '0.00' },
	],
	total: { amount: '2.00', label: 'Total' },
};
const CONTACT = { city: 'Toronto', countryCode: 'CA', postalCode: 'M5V' };
const OPTION = { id: 'shipping-option-2', label: 'Express', amount: '10.00' };

const EN_CONTACT =
	'There was an error processing your selected shipping contact. Please try again.';
const EN_OPTION =
	'There was an error processing your selected shipping option. Please try again.';
const EN_DESTROYED =
	'An error occurred when attempting to submit payment, please close this window and try again.';

let reports: string[];
let locale: Locale;

function setup( options: PaymentRequestOptions = REQUEST ) {
	const request = createPaymentRequest( options, {
		locale: () => locale,
		report: ( m ) => reports.push( m ),
	} );
	return { request, model: paymentRequestModel( request )! };
}

/**
 * Opens a wallet sheet on the model (what Apple Pay / Google Pay will do).
 * @param model
 */
function sheet( model: PaymentRequestModel ) {
	const session = model.openSheet( 'Google Pay' );
	if ( ! session ) {
		throw new Error( 'the sheet did not open' );
	}
	return session;
}

beforeEach( () => {
	reports = [];
	locale = 'en-US';
} );
afterEach( () => {
	jest.useRealTimers();
} );

describe( 'paymentRequest()', () => {
	it( 'gives an object with only addEventListener and update, backed by a frozen copy', () => {
		const options: PaymentRequestOptions = JSON.parse(
			JSON.stringify( REQUEST )
		);
		const { request, model } = setup( options );
		expect( Object.keys( request ).sort() ).toEqual( [
			'addEventListener',
			'update',
		] );
		options.total.amount = '99.00';
		expect( model.current.total.amount ).toBe( '2.00' );
		expect( Object.isFrozen( model.current.lineItems![ 0 ] ) ).toBe( true );
		expect( paymentRequestModel( { ...request } ) ).toBeNull();
		expect( paymentRequestModel( undefined ) ).toBeNull();
	} );

	it( 'refuses invalid options at creation (spec §5)', () => {
		expect( () =>
			setup( {
				...REQUEST,
				total: { amount: '1.234', label: 'Total' },
			} )
		).toThrow( 'amount in a field is not expressed in a valid format' );
		expect( () =>
			setup( { ...REQUEST, currencyCode: undefined as never } )
		).toThrow(
			"Invalid payment request: expected 'currencyCode' to be string"
		);
	} );
} );

describe( 'update()', () => {
	it( 'merges, validates the merged request and returns true', () => {
		const { request, model } = setup();
		expect(
			request.update( { total: { amount: '12.50', label: 'Total' } } )
		).toBe( true );
		expect( model.current.total.amount ).toBe( '12.50' );
		expect( model.current.lineItems ).toEqual( REQUEST.lineItems );
		// JPY has no decimals: the merged request (total 12.50) is refused as a whole.
		expect( () => request.update( { currencyCode: 'JPY' } ) ).toThrow(
			expect.objectContaining( {
				name: 'InvalidCurrencyFormatError',
				message: 'amount in a field is not expressed in a valid format',
			} )
		);
		expect( model.current.currencyCode ).toBe( 'USD' );
	} );

	it( 'throws InvalidPaymentRequestUpdateError for a bad shape and keeps the request', () => {
		const { request, model } = setup();
		expect( () =>
			request.update( {
				lineItems: [ { amount: 2 as never, label: 'Item' } ],
			} )
		).toThrow(
			expect.objectContaining( {
				name: 'InvalidPaymentRequestUpdateError',
				message:
					"Invalid payment request update: expected 'lineItems[0].amount' to be string",
			} )
		);
		expect( () => request.update( null as never ) ).toThrow(
			"Invalid payment request update: expected 'options' to be object"
		);
		expect( model.current ).toEqual( REQUEST );
	} );

	it( 'returns false and changes nothing while a wallet sheet is open; true after it ends', () => {
		const { request, model } = setup();
		const session = sheet( model );
		expect( model.locked ).toBe( true );
		expect( model.openSheet( 'Apple Pay' ) ).toBeNull();
		const total = { amount: '5.00', label: 'Total' };
		expect( request.update( { total } ) ).toBe( false );
		expect( model.current.total.amount ).toBe( '2.00' );
		session.end();
		expect( session.active ).toBe( false );
		expect( request.update( { total } ) ).toBe( true );
		expect( model.current.total.amount ).toBe( '5.00' );
		// A destroyed method frees the lock too.
		sheet( model ).methodDestroyed();
		expect( request.update( { total } ) ).toBe( true );
	} );

	it( 'clears the cached Afterpay token; a refused or locked update keeps it', () => {
		const { request, model } = setup();
		model.cacheAfterpayToken( 'ap-token', 2_000 );
		expect( model.afterpayToken( 1_999 ) ).toBe( 'ap-token' );
		expect( model.afterpayToken( 2_000 ) ).toBeNull();
		expect( () =>
			request.update( { total: { amount: 'x', label: 'T' } } )
		).toThrow();
		const session = sheet( model );
		expect( request.update( { countryCode: 'CA' } ) ).toBe( false );
		expect( model.afterpayToken( 1_000 ) ).toBe( 'ap-token' );
		session.end();
		expect( request.update( { countryCode: 'CA' } ) ).toBe( true );
		expect( model.afterpayToken( 1_000 ) ).toBeNull();
	} );

	it( 'tells the update listener and the methods the new request', () => {
		const { request, model } = setup();
		const seen: string[] = [];
		request.addEventListener(
			'update' as never,
			( ( r: PaymentRequestOptions ) =>
				seen.push( `listener ${ r.total.amount }` ) ) as never
		);
		const off = model.onUpdate( ( r ) =>
			seen.push( `method ${ r.total.amount }` )
		);
		request.update( { total: { amount: '3.00', label: 'Total' } } );
		off();
		request.update( { total: { amount: '4.00', label: 'Total' } } );
		expect( seen ).toEqual( [
			'listener 3.00',
			'method 3.00',
			'listener 4.00',
		] );
	} );
} );

describe( 'addEventListener()', () => {
	it( 'refuses an unknown event and a listener that is not a function (spec §5, §8)', () => {
		const { request } = setup();
		expect( () =>
			request.addEventListener(
				'paymentmethodchanged' as never,
				() => ( {} )
			)
		).toThrow(
			expect.objectContaining( {
				name: 'InvalidEventListenerCallbackError',
				message:
					"The event listener for paymentmethodchanged failed: 'paymentmethodchanged' is not a valid event. Valid events: shippingcontactchanged, shippingoptionchanged, afterpay_shippingaddresschanged, afterpay_shippingoptionchanged, update.",
			} )
		);
		expect( () =>
			request.addEventListener( 'shippingcontactchanged', 'f' as never )
		).toThrow(
			'The event listener for shippingcontactchanged failed: the listener is not a function.'
		);
		for ( const event of [
			'shippingcontactchanged',
			'shippingoptionchanged',
			'afterpay_shippingaddresschanged',
			'afterpay_shippingoptionchanged',
		] as const ) {
			expect( () =>
				request.addEventListener( event, () => ( {} ) )
			).not.toThrow();
		}
	} );
} );

describe( 'shipping events from an open sheet', () => {
	it( 'calls the contact listener once with a frozen copy and applies its answer', async () => {
		const { request, model } = setup();
		model.cacheAfterpayToken( 'ap-token', Infinity );
		const calls: unknown[] = [];
		request.addEventListener(
			'shippingcontactchanged',
			( contact: Contact ) => {
				calls.push( contact );
				expect( Object.isFrozen( contact ) ).toBe( true );
				return Promise.resolve( {
					shippingOptions: [ OPTION ],
					total: { amount: '12.00', label: 'Total' },
				} );
			}
		);
		const outcome = await sheet( model ).shippingContactChanged( CONTACT );
		expect( calls ).toEqual( [ CONTACT ] );
		expect( outcome.error ).toBeUndefined();
		expect( outcome.request.total.amount ).toBe( '12.00' );
		expect( outcome.request.shippingOptions ).toEqual( [ OPTION ] );
		expect( outcome.request.lineItems ).toEqual( REQUEST.lineItems );
		expect( model.current ).toBe( outcome.request );
		expect( model.afterpayToken( 0 ) ).toBeNull();
	} );

	it( 'applies an option answer without shippingOptions, and an empty one changes nothing', async () => {
		const { request, model } = setup();
		request.addEventListener(
			'shippingoptionchanged',
			( option: ShippingOption ) =>
				option.id === 'shipping-option-2'
					? { total: { amount: '12.00', label: 'Total' } }
					: ( undefined as never )
		);
		const session = sheet( model );
		expect(
			( await session.shippingOptionChanged( OPTION ) ).request.total
				.amount
		).toBe( '12.00' );
		const same = await session.shippingOptionChanged( {
			...OPTION,
			id: 'other',
		} );
		expect( same.error ).toBeUndefined();
		expect( same.request.total.amount ).toBe( '12.00' );
	} );

	it( 'leaves the request as it is without a listener', async () => {
		const { model } = setup();
		const outcome = await sheet( model ).shippingContactChanged( CONTACT );
		expect( outcome ).toEqual( { request: model.current } );
	} );

	it( "shows the merchant's error as unserviceable and shippingErrors as an invalid address", async () => {
		const { request, model } = setup();
		request.addEventListener(
			'shippingcontactchanged',
			( contact: Contact ) =>
				contact.countryCode === 'CA'
					? { error: 'We do not ship to Canada.' }
					: {
							shippingErrors: {
								postalCode: 'Enter a valid ZIP code.',
								unknownField: 'ignored',
							},
						}
		);
		const session = sheet( model );
		expect( await session.shippingContactChanged( CONTACT ) ).toEqual( {
			request: model.current,
			error: {
				code: 'SHIPPING_ADDRESS_UNSERVICEABLE',
				message: 'We do not ship to Canada.',
			},
		} );
		expect(
			await session.shippingContactChanged( {
				...CONTACT,
				countryCode: 'US',
			} )
		).toEqual( {
			request: model.current,
			error: {
				code: 'SHIPPING_ADDRESS_INVALID',
				message: 'Enter a valid ZIP code.',
				shippingErrors: { postalCode: 'Enter a valid ZIP code.' },
			},
		} );
		expect( reports ).toEqual( [] );
	} );

	it.each( [
		[
			'a contact answer without shippingOptions, error or shippingErrors',
			'shippingcontactchanged',
			{ total: { amount: '3.00', label: 'Total' } },
			EN_CONTACT,
			'InvalidPaymentRequestUpdateError',
			"Invalid payment request update: expected 'shippingOptions' to be array",
		],
		[
			'an answer whose amounts are not valid in the currency',
			'shippingoptionchanged',
			{ total: { amount: '12.005', label: 'Total' } },
			EN_OPTION,
			'InvalidCurrencyFormatError',
			'amount in a field is not expressed in a valid format',
		],
	] as const )(
		'treats %s as an error',
		async ( _, event, answer, text, causeName, causeMessage ) => {
			jest.useFakeTimers();
			const { request, model } = setup();
			request.addEventListener( event, () => answer );
			const session = sheet( model );
			const outcome =
				event === 'shippingcontactchanged'
					? await session.shippingContactChanged( CONTACT )
					: await session.shippingOptionChanged( OPTION );
			expect( outcome.error ).toMatchObject( {
				code: 'SHIPPING_ADDRESS_UNSERVICEABLE',
				message: text,
				cause: { name: causeName, message: causeMessage },
			} );
			expect( model.current.total.amount ).toBe( '2.00' );
			expect( reports ).toEqual( [ causeMessage ] );
			expect( () => jest.runOnlyPendingTimers() ).toThrow( causeMessage );
		}
	);

	it( 'wraps a listener that throws or rejects, reports it, rethrows it outside and shows the localized text', async () => {
		jest.useFakeTimers();
		const { request, model } = setup();
		request.addEventListener( 'shippingcontactchanged', () => {
			throw new Error( 'boom' );
		} );
		request.addEventListener( 'shippingoptionchanged', () =>
			Promise.reject( new Error( 'no rates' ) )
		);
		const session = sheet( model );
		const contact = await session.shippingContactChanged( CONTACT );
		expect( contact.error ).toMatchObject( {
			code: 'SHIPPING_ADDRESS_UNSERVICEABLE',
			message: EN_CONTACT,
		} );
		expect( contact.error?.cause ).toMatchObject( {
			name: 'InvalidEventListenerCallbackError',
			message:
				'The event listener for shippingcontactchanged failed: boom',
		} );
		expect( () => jest.runOnlyPendingTimers() ).toThrow(
			'The event listener for shippingcontactchanged failed: boom'
		);
		const option = await session.shippingOptionChanged( OPTION );
		expect( option.error?.message ).toBe( EN_OPTION );
		expect( reports ).toEqual( [
			'The event listener for shippingcontactchanged failed: boom',
			'The event listener for shippingoptionchanged failed: no rates',
		] );
	} );

	it( 'times a listener out after 30 s with the spec text', async () => {
		jest.useFakeTimers();
		const { request, model } = setup();
		request.addEventListener(
			'shippingcontactchanged',
			() => new Promise( () => {} )
		);
		let outcome: unknown = null;
		const pending = sheet( model )
			.shippingContactChanged( CONTACT )
			.then( ( o ) => ( outcome = o ) );
		await jest.advanceTimersByTimeAsync( 29_999 );
		expect( outcome ).toBeNull();
		await jest.advanceTimersByTimeAsync( 1 );
		await pending;
		const text =
			"The event listener for shippingcontactchanged timed out (30 seconds). If you've returned a promise, ensure it is resolving";
		expect( outcome ).toMatchObject( {
			request: model.current,
			error: {
				code: 'SHIPPING_ADDRESS_UNSERVICEABLE',
				message: EN_CONTACT,
				cause: {
					name: 'InvalidEventListenerCallbackError',
					message: text,
				},
			},
		} );
		expect( reports ).toEqual( [ text ] );
	} );

	it( 'answers PAYMENT_METHOD_DESTROYED when the method is destroyed during the listener', async () => {
		const { request, model } = setup();
		let finish: ( v: unknown ) => void = () => {};
		request.addEventListener(
			'shippingcontactchanged',
			() => new Promise( ( resolve ) => ( finish = resolve ) )
		);
		const session = sheet( model );
		const pending = session.shippingContactChanged( CONTACT );
		session.methodDestroyed();
		finish( {
			shippingOptions: [ OPTION ],
			total: { amount: '9.00', label: 'Total' },
		} );
		expect( await pending ).toEqual( {
			request: model.current,
			error: {
				code: 'PAYMENT_METHOD_DESTROYED',
				message: EN_DESTROYED,
			},
		} );
		expect( model.current.total.amount ).toBe( '2.00' );
		expect( model.locked ).toBe( false );
		expect(
			( await session.shippingOptionChanged( OPTION ) ).error?.code
		).toBe( 'PAYMENT_METHOD_DESTROYED' );
	} );

	it.each( [
		[ 'en-GB', EN_CONTACT ],
		[
			'fr-FR',
			"Une erreur s'est produite lors du traitement de l'adresse de livraison choisie. Veuillez réessayer.",
		],
		[
			'es-ES',
			'Se ha producido un error al procesar la dirección de envío seleccionada. Inténtalo de nuevo.',
		],
		[
			'ja-JP',
			'選択された配送先の処理中にエラーが発生しました。もう一度お試しください。',
		],
	] as Array< [ Locale, string ] > )(
		'shows the contact error in %s',
		async ( l, text ) => {
			jest.useFakeTimers();
			locale = l;
			const { request, model } = setup();
			request.addEventListener( 'shippingcontactchanged', () => {
				throw new Error( 'x' );
			} );
			const outcome =
				await sheet( model ).shippingContactChanged( CONTACT );
			expect( outcome.error?.message ).toBe( text );
		}
	);
} );
