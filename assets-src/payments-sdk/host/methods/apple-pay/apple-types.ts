/**
 * The part of Safari's Apple Pay JS the SDK uses (Apple's documentation; `@types/applepayjs` 14
 * has the full surface, which the sandbox's stand-in is checked against). Types only: nothing
 * here reaches the bundle.
 */

/** `ApplePayLineItem`. */
export interface AppleLineItem {
	label: string;
	amount: string;
	type?: 'final' | 'pending';
}

/** `ApplePayShippingMethod`. */
export interface AppleShippingMethod {
	label: string;
	detail?: string;
	amount: string;
	identifier: string;
}

/** `ApplePayPaymentContact`. */
export interface AppleContact {
	givenName?: string;
	familyName?: string;
	emailAddress?: string;
	phoneNumber?: string;
	addressLines?: string[];
	locality?: string;
	subLocality?: string;
	administrativeArea?: string;
	subAdministrativeArea?: string;
	postalCode?: string;
	country?: string;
	countryCode?: string;
}

/** `ApplePayPaymentRequest` as the SDK builds it. */
export interface ApplePaymentRequest {
	countryCode: string;
	currencyCode: string;
	merchantCapabilities: string[];
	supportedNetworks: string[];
	total: AppleLineItem;
	lineItems?: AppleLineItem[];
	shippingMethods?: AppleShippingMethod[];
	requiredBillingContactFields?: string[];
	requiredShippingContactFields?: string[];
	shippingContact?: AppleContact;
}

/** `ApplePayError`. */
export interface AppleError {
	code: string;
	contactField?: string;
	message: string;
}

/** `ApplePayPayment` (what onpaymentauthorized carries). */
export interface ApplePayment {
	token: {
		paymentData: unknown;
		paymentMethod: {
			displayName?: string;
			network?: string;
			type?: string;
		};
		transactionIdentifier: string;
	};
	billingContact?: AppleContact;
	shippingContact?: AppleContact;
}

/** An `ApplePaySession` instance. */
export interface AppleSession {
	onvalidatemerchant: ( event: { validationURL: string } ) => void;
	onshippingcontactselected: ( event: {
		shippingContact: AppleContact;
	} ) => void;
	onshippingmethodselected: ( event: {
		shippingMethod: AppleShippingMethod;
	} ) => void;
	onpaymentauthorized: ( event: { payment: ApplePayment } ) => void;
	oncancel: ( event: unknown ) => void;
	begin: () => void;
	abort: () => void;
	completeMerchantValidation: ( merchantSession: unknown ) => void;
	completeShippingContactSelection: ( update: {
		newTotal: AppleLineItem;
		newLineItems?: AppleLineItem[];
		newShippingMethods?: AppleShippingMethod[];
		errors?: AppleError[];
	} ) => void;
	completeShippingMethodSelection: ( update: {
		newTotal: AppleLineItem;
		newLineItems?: AppleLineItem[];
	} ) => void;
	completePayment: ( result: {
		status: number;
		errors?: AppleError[];
	} ) => void;
}

/** The `ApplePaySession` class (its statics and constructor). */
export interface AppleSessionClass {
	new ( version: number, request: ApplePaymentRequest ): AppleSession;
	canMakePayments: () => boolean;
	supportsVersion: ( version: number ) => boolean;
	readonly STATUS_SUCCESS: number;
	readonly STATUS_FAILURE: number;
}

/** The `ApplePayError` class. */
export type AppleErrorClass = new (
	code: string,
	contactField?: string,
	message?: string
) => AppleError;
