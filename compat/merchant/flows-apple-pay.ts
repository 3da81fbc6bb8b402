/**
 * The quickstart's Apple Pay flow (wave 2 P2; sandbox/examples/apple-pay.html), written against
 * the provider's types only and compiled twice like flows.ts (tsconfig.real.json: the provider's
 * package; tsconfig.ours.json: our types): a payment request with a shipping listener,
 * `applePay()` with its unsupported case, `tokenize()` from the button's click, the token
 * result's card and shipping details, `destroy()`.
 */
import type * as Sq from 'sq-types';

declare const APP_ID: string;
declare const LOCATION_ID: string;
declare function pay( token: string ): Promise< void >;
declare function show( text: string ): void;

/** The Apple Pay method, as `payments.applePay()` gives it. */
type ApplePayMethod = Awaited< ReturnType< Sq.Payments[ 'applePay' ] > >;

export async function applePayCheckout(
	button: HTMLButtonElement
): Promise< void > {
	const payments: Sq.Payments = window.Square!.payments(
		APP_ID,
		LOCATION_ID
	);
	const standard: Sq.ShippingOption = {
		amount: '0.00',
		id: 'standard',
		label: 'Standard',
	};
	const request: Sq.PaymentRequest = payments.paymentRequest( {
		countryCode: 'US',
		currencyCode: 'USD',
		requestShippingContact: true,
		shippingOptions: [ standard ],
		total: { amount: '1.00', label: 'Total' },
	} );
	request.addEventListener(
		'shippingcontactchanged',
		( contact: Sq.ShippingContact ): Sq.PaymentRequestUpdate =>
			contact.countryCode === 'US'
				? { shippingOptions: [ standard ] }
				: { shippingErrors: { country: 'We ship to the US only.' } }
	);
	let applePay: ApplePayMethod;
	try {
		applePay = await payments.applePay( request );
	} catch ( e ) {
		// Off Safari, or the domain is not registered: the card path stays.
		if (
			e instanceof window.Square!.errors.PaymentMethodUnsupportedError
		) {
			show( e.message );
			return;
		}
		throw e;
	}
	button.addEventListener( 'click', async ( event ) => {
		event.preventDefault();
		// No await before tokenize(): Safari's user-gesture rule.
		const result: Sq.TokenResult = await applePay.tokenize();
		if ( result.status === 'OK' && result.token ) {
			const card = result.details?.card;
			const option: string = result.details?.shipping?.option?.id ?? '';
			const city: string = result.details?.shipping?.contact?.city ?? '';
			show( `${ card?.brand } ${ card?.last4 } ${ option } ${ city }` );
			await pay( result.token );
		} else if ( result.status === 'Cancel' ) {
			show( 'Apple Pay was cancelled.' );
		} else {
			show( JSON.stringify( result.errors ) );
		}
	} );
	window.addEventListener( 'pagehide', () => {
		void applePay.destroy();
	} );
}
