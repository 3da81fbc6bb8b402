/**
 * Cash App Pay merchant code written against the provider's types only (issue 16; wave 2 P3):
 * the quickstart's cash-app-pay page (payment request, redirect URL and reference, button
 * options, the result only through `ontokenization`), a merchant gate on the click, the
 * interaction events, and the token details a merchant reads. Compiled against the provider's
 * package and against our types, like flows.ts.
 */
import type * as Sq from 'sq-types';

declare const APP_ID: string;
declare const LOCATION_ID: string;
declare function pay( token: string ): Promise< void >;
declare function show( text: string ): void;

/** The method object, as merchants name it from the factory. */
type CashAppPay = Awaited< ReturnType< Sq.Payments[ 'cashAppPay' ] > >;
/** The button options, as attach() takes them. */
type ButtonOptions = Exclude<
	NonNullable< Parameters< CashAppPay[ 'attach' ] >[ 1 ] >,
	false
>;

export async function cashAppPayCheckout(): Promise< void > {
	const payments: Sq.Payments = window.Square!.payments(
		APP_ID,
		LOCATION_ID
	);
	const paymentRequest: Sq.PaymentRequest = payments.paymentRequest( {
		countryCode: 'US',
		currencyCode: 'USD',
		total: { amount: '1.00', label: 'Total' },
	} );
	let cashAppPay: CashAppPay;
	try {
		cashAppPay = await payments.cashAppPay( paymentRequest, {
			redirectURL: window.location.href,
			referenceId: 'my-website-00000001',
		} );
	} catch ( e ) {
		show( `Cash App Pay is not available: ${ ( e as Error ).message }` );
		return;
	}
	const buttonOptions: ButtonOptions = {
		shape: 'semiround',
		width: 'full',
		theme: 'light',
		size: 'small',
	};
	let termsAccepted = false;
	await cashAppPay.attach( '#cash-app-pay', buttonOptions, async () => {
		if ( ! termsAccepted ) {
			show( 'Accept the terms first.' );
		}
		return termsAccepted;
	} );
	termsAccepted = true;
	cashAppPay.addEventListener( 'customerInteraction', ( { detail } ) => {
		if ( detail && 'isMobile' in detail ) {
			show( detail.isMobile ? 'Continue in Cash App' : 'Scan the code' );
		}
	} );
	cashAppPay.addEventListener( 'customerDismissed', () => show( 'Closed' ) );
	cashAppPay.addEventListener( 'ontokenization', async ( { detail } ) => {
		if (
			! detail ||
			! ( 'tokenResult' in detail ) ||
			! detail.tokenResult
		) {
			return;
		}
		const result: Sq.TokenResult = detail.tokenResult;
		if ( result.status === 'OK' && result.token ) {
			show( `Paying as ${ result.details?.cashAppPay?.cashtag ?? '' }` );
			await pay( result.token );
		} else if ( result.status === 'Cancel' ) {
			show( 'Declined in Cash App' );
		} else {
			show( `Failed: ${ JSON.stringify( result.errors ) }` );
		}
	} );
	// Cash App Pay cannot follow a new amount: destroy and create the method again.
	if (
		! paymentRequest.update( { total: { amount: '2.00', label: 'Total' } } )
	) {
		await cashAppPay.destroy();
	}
}
