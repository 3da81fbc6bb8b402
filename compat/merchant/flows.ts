/**
 * Merchant code written against the provider's types only (payments-sdk-compat.md §a2): the
 * quickstart-style card and gift card flows, error handling with `Square.errors`. Compiled twice:
 * `sq-types` resolves to the provider's package (tsconfig.real.json) and to our types
 * (tsconfig.ours.json). Both must compile.
 */
import type * as Sq from 'sq-types';

declare const APP_ID: string;
declare const LOCATION_ID: string;
declare function pay(
	token: string,
	verificationToken?: string
): Promise< void >;
declare function show( text: string ): void;

export async function cardCheckout(): Promise< void > {
	const payments: Sq.Payments = window.Square!.payments(
		APP_ID,
		LOCATION_ID
	);
	const card: Sq.Card = await payments.card( {
		style: {
			input: { color: 'rgb(33, 33, 33)', fontWeight: '400' },
			'.input-container.is-focus': { borderColor: '#006aff' },
			'@media screen and (max-width: 400px)': {
				input: { fontSize: '14px' },
			},
		},
	} );
	await card.attach( '#card-container' );
	card.addEventListener( 'errorClassRemoved', ( event ) => {
		show(
			`${ event.detail.field } ${ event.detail.currentState.hasErrorClass }`
		);
	} );
	card.recalculateSize();
	try {
		const result: Sq.TokenResult = await card.tokenize();
		if ( result.status === 'OK' && result.token ) {
			const brand: string = result.details?.card?.brand ?? '';
			const last4: string = result.details?.card?.last4 ?? '';
			show( `${ brand } ${ last4 }` );
			const details: Sq.ChargeVerifyBuyerDetails = {
				amount: '1.00',
				currencyCode: 'USD',
				intent: 'CHARGE',
				billingContact: { givenName: 'Ada', familyName: 'Lovelace' },
			};
			const verification = await payments.verifyBuyer(
				result.token,
				details
			);
			await pay( result.token, verification?.token );
		} else if ( result.status === 'Invalid' ) {
			for ( const error of result.errors ?? [] ) {
				show( error.message );
			}
		}
	} catch ( e ) {
		if ( e instanceof window.Square!.errors.TokenizationError ) {
			show( e.errors.map( ( x ) => x.message ).join( ' ' ) );
		}
	} finally {
		await card.destroy();
	}
}

export async function giftCardCheckout(): Promise< void > {
	const payments = window.Square!.payments( APP_ID, LOCATION_ID );
	const locale: Sq.SetLocaleResult = await payments.setLocale( 'fr-FR' );
	show( locale.newLocale );
	const giftCard: Sq.GiftCard = await payments.giftCard();
	await giftCard.attach( document.getElementById( 'gift-card' )! );
	const result = await giftCard.tokenize();
	if ( result.status === 'OK' ) {
		await pay( result.token! );
	}
}

/**
 * The quickstart's payment request with shipping listeners (wave 2 P2): a contact listener
 * that refuses a country or gives options and a new total, an async option listener, and an
 * update that may be refused while a wallet sheet is open.
 */
export function paymentRequestFlow(): boolean {
	const payments = window.Square!.payments( APP_ID, LOCATION_ID );
	const options: Sq.PaymentRequestOptions = {
		countryCode: 'US',
		currencyCode: 'USD',
		requestBillingContact: true,
		requestShippingContact: true,
		lineItems: [ { amount: '2.00', label: 'Item Cost' } ],
		shippingOptions: [
			{ amount: '0.00', id: 'shipping-option-1', label: 'Free' },
		],
		total: { amount: '2.00', label: 'Total' },
	};
	const request: Sq.PaymentRequest = payments.paymentRequest( options );
	request.addEventListener(
		'shippingcontactchanged',
		( contact: Sq.ShippingContact ): Sq.PaymentRequestUpdate => {
			if ( contact.countryCode !== 'US' ) {
				const shippingErrors: Sq.ShippingErrors = {
					country: 'We ship to the US only.',
				};
				return { shippingErrors };
			}
			const express: Sq.ShippingOption = {
				amount: '10.00',
				id: 'shipping-option-2',
				label: 'Express',
			};
			return {
				shippingOptions: [ ...options.shippingOptions!, express ],
				total: { amount: '2.00', label: 'Total' },
			};
		}
	);
	request.addEventListener(
		'shippingoptionchanged',
		async (
			option: Sq.ShippingOption
		): Promise< Sq.PaymentRequestUpdate > =>
			option.id === 'shipping-option-2'
				? { total: { amount: '12.00', label: 'Total' } }
				: { error: 'Unknown shipping option.' }
	);
	const updated: boolean = request.update( {
		total: { amount: '3.00', label: 'Total' },
	} );
	if ( ! updated ) {
		show( 'The wallet sheet is open; try again after it closes.' );
	}
	return updated;
}
