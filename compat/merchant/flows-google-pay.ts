/**
 * Google Pay merchant code written against the provider's types only (issue 15; wave 2 P2):
 * the quickstart's google-pay page (button options, the click listener on the container,
 * tokenize, verifyBuyer in an SCA region, the charge), its initialisation failures handled with
 * `Square.errors`, and the token details a merchant reads (card, shipping contact and option).
 * Compiled against the provider's package and against our types, like flows.ts.
 */
import type * as Sq from 'sq-types';

declare const APP_ID: string;
declare const LOCATION_ID: string;
declare function pay(
	token: string,
	verificationToken?: string
): Promise< void >;
declare function show( text: string ): void;

/** The method object, as merchants name it from the factory. */
type GooglePay = Awaited< ReturnType< Sq.Payments[ 'googlePay' ] > >;
/** The button options, as attach() takes them. */
type ButtonOptions = NonNullable< Parameters< GooglePay[ 'attach' ] >[ 1 ] >;

export async function googlePayCheckout(): Promise< void > {
	const payments: Sq.Payments = window.Square!.payments(
		APP_ID,
		LOCATION_ID
	);
	const paymentRequest: Sq.PaymentRequest = payments.paymentRequest( {
		countryCode: 'GB',
		currencyCode: 'GBP',
		total: { amount: '1.00', label: 'Total' },
		requestShippingContact: true,
		shippingOptions: [
			{ id: 'standard', label: 'Standard', amount: '0.00' },
		],
	} );
	paymentRequest.addEventListener(
		'shippingcontactchanged',
		( contact: Sq.ShippingContact ): Sq.PaymentRequestUpdate =>
			contact.countryCode === 'GB'
				? {
						shippingOptions: [
							{
								id: 'standard',
								label: 'Standard',
								amount: '0.00',
							},
						],
					}
				: { error: 'We ship to the United Kingdom only.' }
	);
	let googlePay: GooglePay;
	try {
		googlePay = await payments.googlePay( paymentRequest );
		const options: ButtonOptions = {
			buttonColor: 'white',
			buttonSizeMode: 'fill',
			buttonType: 'short',
		};
		await googlePay.attach( '#google-pay-button', options );
	} catch ( e ) {
		// Google Pay may be unavailable (browser, device, account): other methods still load.
		if (
			e instanceof window.Square!.errors.PaymentMethodUnsupportedError
		) {
			show( e.message );
		} else if ( e instanceof window.Square!.errors.ScriptLoaderError ) {
			show( 'Google Pay could not be loaded.' );
		}
		return;
	}
	document
		.getElementById( 'google-pay-button' )!
		.addEventListener( 'click', async ( event: Event ) => {
			event.preventDefault();
			const result: Sq.TokenResult = await googlePay.tokenize();
			if ( result.status === 'Cancel' ) {
				show( 'Cancelled.' );
				return;
			}
			if ( result.status !== 'OK' || ! result.token ) {
				show( JSON.stringify( result.errors ?? [] ) );
				return;
			}
			const method: string = result.details?.method ?? '';
			const last4: string = result.details?.card?.last4 ?? '';
			const city: string = result.details?.shipping?.contact?.city ?? '';
			const option: string = result.details?.shipping?.option?.id ?? '';
			show( `${ method } ${ last4 } ${ city } ${ option }` );
			const details: Sq.ChargeVerifyBuyerDetails = {
				amount: '1.00',
				currencyCode: 'GBP',
				intent: 'CHARGE',
				billingContact: {
					givenName: 'John',
					familyName: 'Doe',
					countryCode: 'GB',
				},
			};
			const verification = await payments.verifyBuyer(
				result.token,
				details
			);
			await pay( result.token, verification?.token );
		} );
	const detached: boolean = await googlePay.detach();
	const destroyed: boolean = await googlePay.destroy();
	show( `${ detached } ${ destroyed }` );
}
