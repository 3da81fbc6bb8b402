/**
 * payments.paymentRequest() in the built bundle (spec §3–§5, §8; wave 2 A.1 acceptance checks
 * that need no wallet): amount formats per currency, the public error classes, unknown events,
 * update() of the merged request.
 */
import { expect, test } from '@playwright/test';
import { openCard } from './utils';

test( 'amounts, errors, events and update() as merchant code sees them', async ( {
	page,
} ) => {
	await openCard( page );
	const outcomes = await page.evaluate( () => {
		const w = window as any;
		const p =
			w.payments ??
			w.Square.payments(
				'sandbox-sq0idb-kestrel-example-app',
				'LSANDBOXMAIN'
			);
		const attempt = ( fn: () => unknown ): string => {
			try {
				const value = fn();
				return `ok ${ String( value ) }`;
			} catch ( e: any ) {
				const pub = Object.entries( w.Square.errors ).find(
					( [ , cls ] ) => e instanceof ( cls as any )
				);
				return `${ e.name }${ pub ? ' (Square.errors)' : '' }: ${ e.message }`;
			}
		};
		const request = ( currencyCode: string, amount: string ) =>
			p.paymentRequest( {
				countryCode: 'US',
				currencyCode,
				total: { amount, label: 'Total' },
			} );
		const usd = request( 'USD', '1.00' );
		return {
			usdThreeDecimals: attempt( () => request( 'USD', '1.234' ) ),
			jpyDecimal: attempt( () => request( 'JPY', '100.5' ) ),
			jpyWhole: attempt( () => typeof request( 'JPY', '100' ).update ),
			missing: attempt( () =>
				p.paymentRequest( {
					countryCode: 'US',
					total: { amount: '1.00', label: 'Total' },
				} )
			),
			unknownEvent: attempt( () =>
				usd.addEventListener( 'paymentmethodchanged', () => ( {} ) )
			),
			update: attempt( () =>
				usd.update( { total: { amount: '2.50', label: 'Total' } } )
			),
			mergedToJpy: attempt( () => usd.update( { currencyCode: 'JPY' } ) ),
		};
	} );
	const format = 'amount in a field is not expressed in a valid format';
	expect( outcomes ).toEqual( {
		usdThreeDecimals: `InvalidCurrencyFormatError: ${ format }`,
		jpyDecimal: `InvalidCurrencyFormatError: ${ format }`,
		jpyWhole: 'ok function',
		missing:
			"InvalidPaymentRequestError (Square.errors): Invalid payment request: expected 'currencyCode' to be string",
		unknownEvent:
			"InvalidEventListenerCallbackError (Square.errors): The event listener for paymentmethodchanged failed: 'paymentmethodchanged' is not a valid event. Valid events: shippingcontactchanged, shippingoptionchanged, afterpay_shippingaddresschanged, afterpay_shippingoptionchanged, update.",
		update: 'ok true',
		// The merged request keeps its 2.50 total, which JPY cannot express.
		mergedToJpy: `InvalidCurrencyFormatError: ${ format }`,
	} );
} );
