/**
 * The payment request as Apple Pay takes it (spec §9 networks and version; wave 2 design A.1
 * mapping): pure converters, so the session can be built synchronously inside the buyer's click.
 */
import type {
	Contact,
	LineItem,
	PaymentRequestOptions,
	ShippingOption,
} from '../../types';
import type {
	AppleContact,
	AppleLineItem,
	ApplePaymentRequest,
	AppleSessionClass,
	AppleShippingMethod,
} from './apple-types';

/** Card networks (spec §9); INTERAC only with the interac flag. */
const NETWORKS = [ 'visa', 'masterCard', 'jcb', 'discover', 'amex' ];

/**
 * The highest Apple Pay JS version of 3 or lower the browser supports (spec §9), or null.
 *
 * @param Session The browser's ApplePaySession.
 */
export function appleVersion(
	Session: Pick< AppleSessionClass, 'supportsVersion' >
): number | null {
	for ( const version of [ 3, 2, 1 ] ) {
		if ( Session.supportsVersion( version ) ) {
			return version;
		}
	}
	return null;
}

/**
 * One line of the sheet.
 *
 * @param item   Line item.
 * @param negate Whether it is a discount (shown as a negative amount).
 */
export function appleLineItem( item: LineItem, negate = false ): AppleLineItem {
	const amount =
		negate && ! item.amount.startsWith( '-' ) && Number( item.amount ) !== 0
			? `-${ item.amount }`
			: item.amount;
	return {
		label: item.label,
		amount,
		type: item.pending ? 'pending' : 'final',
	};
}

/**
 * The sheet's lines: items, taxes, discounts (negative), shipping.
 *
 * @param request Payment request.
 */
export function appleLineItems(
	request: Readonly< PaymentRequestOptions >
): AppleLineItem[] {
	return [
		...( request.lineItems ?? [] ).map( ( i ) => appleLineItem( i ) ),
		...( request.taxLineItems ?? [] ).map( ( i ) => appleLineItem( i ) ),
		...( request.discounts ?? [] ).map( ( i ) => appleLineItem( i, true ) ),
		...( request.shippingLineItems ?? [] ).map( ( i ) =>
			appleLineItem( i )
		),
	];
}

/**
 * Shipping options as Apple's shipping methods.
 *
 * @param options Shipping options.
 */
export function appleShippingMethods(
	options: readonly ShippingOption[] | undefined
): AppleShippingMethod[] {
	return ( options ?? [] ).map( ( o ) => ( {
		identifier: o.id,
		label: o.label,
		amount: o.amount,
		detail: '',
	} ) );
}

/**
 * A contact as Apple names its fields.
 *
 * @param contact Contact.
 */
export function appleContact( contact: Contact ): AppleContact {
	return {
		givenName: contact.givenName,
		familyName: contact.familyName,
		emailAddress: contact.email,
		phoneNumber: contact.phone,
		addressLines: contact.addressLines,
		locality: contact.city,
		administrativeArea: contact.state,
		postalCode: contact.postalCode,
		countryCode: contact.countryCode,
	};
}

/**
 * The ApplePayPaymentRequest of a payment request.
 *
 * @param request Payment request (checked by the model).
 * @param interac Whether INTERAC is among the networks (feature flag).
 */
export function appleRequest(
	request: Readonly< PaymentRequestOptions >,
	interac: boolean
): ApplePaymentRequest {
	const out: ApplePaymentRequest = {
		countryCode: request.countryCode,
		currencyCode: request.currencyCode,
		merchantCapabilities: [ 'supports3DS' ],
		supportedNetworks: interac ? [ ...NETWORKS, 'interac' ] : NETWORKS,
		total: appleLineItem( request.total ),
		lineItems: appleLineItems( request ),
	};
	if ( request.shippingOptions?.length ) {
		out.shippingMethods = appleShippingMethods( request.shippingOptions );
	}
	if ( request.requestBillingContact ) {
		out.requiredBillingContactFields = [ 'postalAddress', 'name' ];
	}
	if ( request.requestShippingContact ) {
		out.requiredShippingContactFields = [
			'postalAddress',
			'name',
			'email',
			'phone',
		];
	}
	if ( request.shippingContact ) {
		out.shippingContact = appleContact( request.shippingContact );
	}
	return out;
}
