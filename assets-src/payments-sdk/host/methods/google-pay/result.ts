/**
 * What tokenize() resolves with (spec §4 "Cancel gives status CANCEL", §8 "Wallets"; API §10):
 * Google's statusCode on a failed loadPaymentData as a token result, and the nonce reply as an
 * OK result with the card, billing and shipping details. Pure functions.
 */
import type { Contact, ShippingOption, TokenResult } from '../../types';
import type { GoogleAddress, GooglePaymentData } from './vendor';

/** The texts of a failed sheet by Google's statusCode (spec §8 "Wallets"). */
export const GOOGLE_PAY_ERROR_TEXTS: Readonly< Record< string, string > > = {
	DEVELOPER_ERROR: 'Configuration is invalid.',
	MERCHANT_ACCOUNT_ERROR: 'Configuration is invalid.',
	BUYER_ACCOUNT_ERROR: 'Google Pay is not ready to pay.',
	INTERNAL_ERROR: 'Google Pay is not supported.',
};

/**
 * A failed loadPaymentData as a token result: CANCELED is `Cancel`, anything else `Error`
 * with the statusCode as the error type and the spec's text.
 *
 * @param error What loadPaymentData rejected with.
 */
export function sheetFailure( error: unknown ): TokenResult {
	const code =
		typeof ( error as { statusCode?: unknown } )?.statusCode === 'string'
			? ( error as { statusCode: string } ).statusCode
			: 'INTERNAL_ERROR';
	if ( code === 'CANCELED' ) {
		return { status: 'Cancel' };
	}
	return {
		status: 'Error',
		errors: [
			{
				type: code,
				message:
					GOOGLE_PAY_ERROR_TEXTS[ code ] ??
					GOOGLE_PAY_ERROR_TEXTS.INTERNAL_ERROR!,
			},
		],
	};
}

/**
 * A Google address as the SDK's contact (the name split at its last space).
 *
 * @param address Google's address.
 * @param email   The buyer's email, if given.
 */
export function contactOf(
	address: GoogleAddress | undefined,
	email?: string
): Contact | undefined {
	if ( ! address && ! email ) {
		return undefined;
	}
	const a = address ?? {};
	const name = ( a.name ?? '' ).trim();
	const cut = name.lastIndexOf( ' ' );
	const lines = [ a.address1, a.address2, a.address3 ].filter(
		( l ): l is string => Boolean( l )
	);
	let names: Contact = {};
	if ( cut > 0 ) {
		names = {
			givenName: name.slice( 0, cut ),
			familyName: name.slice( cut + 1 ),
		};
	} else if ( name ) {
		names = { givenName: name };
	}
	const contact: Contact = {
		...names,
		...( lines.length ? { addressLines: lines } : {} ),
		...( a.locality ? { city: a.locality } : {} ),
		...( a.administrativeArea ? { state: a.administrativeArea } : {} ),
		...( a.postalCode ? { postalCode: a.postalCode } : {} ),
		...( a.countryCode ? { countryCode: a.countryCode } : {} ),
		...( a.phoneNumber ? { phone: a.phoneNumber } : {} ),
		...( email ? { email } : {} ),
	};
	return contact;
}

/** The main frame's REQUEST_GOOGLE_PAY_CARD_NONCE reply (spec §7). */
export interface GooglePayNonceReply {
	cardNonce: string;
	card: {
		brand: string;
		last4: string;
		expMonth: number;
		expYear: number;
		cardType?: string;
		prepaidType?: string;
	};
	sessionId?: string;
	paymentMethodTrackingId?: string;
}

/**
 * The OK result.
 *
 * @param reply       The nonce reply.
 * @param paymentData What Google's sheet gave.
 * @param option      The shipping option picked, if any.
 */
export function tokenResultOf(
	reply: GooglePayNonceReply,
	paymentData: GooglePaymentData,
	option?: ShippingOption
): TokenResult {
	const billing = contactOf(
		paymentData.paymentMethodData.info?.billingAddress,
		paymentData.email
	);
	const contact = contactOf( paymentData.shippingAddress, paymentData.email );
	return {
		status: 'OK',
		token: reply.cardNonce,
		details: {
			method: 'Google Pay',
			card: {
				brand: reply.card.brand as never,
				last4: reply.card.last4,
				expMonth: reply.card.expMonth,
				expYear: reply.card.expYear,
				...( reply.card.cardType
					? { cardType: reply.card.cardType as never }
					: {} ),
				...( reply.card.prepaidType
					? { prepaidType: reply.card.prepaidType as never }
					: {} ),
			},
			...( billing ? { billing } : {} ),
			shipping: {
				...( contact ? { contact } : {} ),
				...( option ? { option: { ...option } } : {} ),
			},
		},
	};
}
