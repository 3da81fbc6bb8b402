/**
 * What comes back from Apple Pay, in the SDK's terms: Apple's contacts as the SDK's Contact, a
 * shipping change's outcome as the sheet's update (ApplePayError for the refusals), and the
 * wallet card nonce as the token result.
 */
import type { ShippingChangeOutcome } from '../../payment-request';
import type {
	CardBrand,
	Contact,
	PaymentRequestOptions,
	ShippingErrors,
	ShippingOption,
	TokenResult,
} from '../../types';
import type {
	AppleContact,
	AppleError,
	AppleErrorClass,
	AppleLineItem,
	AppleShippingMethod,
} from './apple-types';
import { appleLineItem, appleLineItems, appleShippingMethods } from './request';

/** What the main frame answers to REQUEST_APPLE_PAY_CARD_NONCE (spec §7). */
export interface AppleNonceReply {
	cardNonce: string;
	card: {
		brand: CardBrand;
		last4: string;
		expMonth: number;
		expYear: number;
		cardType?: string;
		prepaidType?: string;
	};
	billingContact?: AppleContact;
	shippingContact?: AppleContact;
	sessionId?: string;
	paymentMethodTrackingId?: string;
}

/**
 * Apple's contact as the SDK's Contact (empty fields left out).
 *
 * @param contact Apple contact (redacted before authorisation: locality, area, postal code,
 *                country only).
 */
export function contactFromApple( contact: AppleContact | undefined ): Contact {
	const out: Record< string, unknown > = {
		givenName: contact?.givenName,
		familyName: contact?.familyName,
		email: contact?.emailAddress,
		phone: contact?.phoneNumber,
		addressLines: contact?.addressLines,
		city: contact?.locality,
		state: contact?.administrativeArea,
		postalCode: contact?.postalCode,
		countryCode: contact?.countryCode?.toUpperCase(),
	};
	for ( const key of Object.keys( out ) ) {
		if ( out[ key ] === undefined || out[ key ] === '' ) {
			delete out[ key ];
		}
	}
	return out as Contact;
}

/** The merchant's shippingErrors fields as Apple's contact fields. */
const CONTACT_FIELDS: Record< keyof ShippingErrors, string > = {
	addressLines: 'addressLines',
	city: 'locality',
	state: 'administrativeArea',
	postalCode: 'postalCode',
	country: 'countryCode',
};

/**
 * The errors the sheet shows after a shipping change (spec §8 "Wallets"): the merchant's
 * shippingErrors (one per field) and `error` are `addressUnserviceable` with the merchant's
 * texts; a listener that failed, or a method destroyed meanwhile, is `unknown` with the SDK's
 * localized text.
 *
 * @param outcome    What the payment request made of the change.
 * @param ErrorClass The browser's ApplePayError.
 */
export function appleShippingErrors(
	outcome: ShippingChangeOutcome,
	ErrorClass: AppleErrorClass
): AppleError[] {
	const error = outcome.error;
	if ( ! error ) {
		return [];
	}
	if ( error.shippingErrors ) {
		return (
			Object.entries( error.shippingErrors ) as Array<
				[ keyof ShippingErrors, string ]
			>
		 ).map(
			( [ field, text ] ) =>
				new ErrorClass(
					'addressUnserviceable',
					CONTACT_FIELDS[ field ],
					text
				)
		);
	}
	return [
		new ErrorClass(
			error.cause || error.code === 'PAYMENT_METHOD_DESTROYED'
				? 'unknown'
				: 'addressUnserviceable',
			undefined,
			error.message
		),
	];
}

/**
 * The totals the sheet shows for a request.
 *
 * @param request Payment request.
 */
export function appleTotals( request: Readonly< PaymentRequestOptions > ): {
	newTotal: AppleLineItem;
	newLineItems: AppleLineItem[];
	newShippingMethods: AppleShippingMethod[];
} {
	return {
		newTotal: appleLineItem( request.total ),
		newLineItems: appleLineItems( request ),
		newShippingMethods: appleShippingMethods( request.shippingOptions ),
	};
}

/**
 * The OK token result (API §12: Apple Pay is a card payment with a `cnon:` token).
 *
 * @param reply  The main frame's answer.
 * @param option The shipping option chosen, if any.
 */
export function appleTokenResult(
	reply: AppleNonceReply,
	option: ShippingOption | undefined
): TokenResult {
	const c = reply.card;
	const billing = reply.billingContact
		? contactFromApple( reply.billingContact )
		: undefined;
	const contact = reply.shippingContact
		? contactFromApple( reply.shippingContact )
		: undefined;
	return {
		status: 'OK',
		token: reply.cardNonce,
		details: {
			method: 'Apple Pay',
			card: {
				brand: c.brand,
				last4: c.last4,
				expMonth: c.expMonth,
				expYear: c.expYear,
				cardType: c.cardType as 'CREDIT',
				prepaidType: c.prepaidType as 'NOT_PREPAID',
			},
			billing,
			shipping: { contact, option },
		},
	};
}
