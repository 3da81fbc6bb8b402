/**
 * The part of Google's `pay.js` API (`google.payments.api`, PaymentDataRequest API version 2)
 * the SDK uses, typed by us so the host bundle does not depend on `@types/googlepay`; the
 * sandbox stand-in is type-checked against those published types instead.
 */

export type GoogleEnvironment = 'TEST' | 'PRODUCTION';

export interface GoogleTransactionInfo {
	countryCode: string;
	currencyCode: string;
	totalPriceStatus: 'FINAL' | 'ESTIMATED';
	totalPrice: string;
	totalPriceLabel?: string;
	displayItems?: Array< {
		label: string;
		type: 'LINE_ITEM' | 'SUBTOTAL' | 'TAX' | 'DISCOUNT' | 'SHIPPING_OPTION';
		price: string;
		status?: 'FINAL' | 'PENDING';
	} >;
}

export interface GoogleShippingOptionParameters {
	defaultSelectedOptionId?: string;
	shippingOptions: Array< {
		id: string;
		label: string;
		description?: string;
	} >;
}

export interface GoogleCardMethod {
	type: 'CARD';
	parameters: {
		allowedAuthMethods: string[];
		allowedCardNetworks: string[];
		billingAddressRequired?: boolean;
		billingAddressParameters?: {
			format: 'MIN' | 'FULL';
			phoneNumberRequired?: boolean;
		};
	};
	tokenizationSpecification?: {
		type: 'PAYMENT_GATEWAY';
		parameters: { gateway: string; gatewayMerchantId: string };
	};
}

export interface GooglePaymentDataRequest {
	apiVersion: 2;
	apiVersionMinor: 0;
	merchantInfo: { merchantName?: string; authJwt?: string };
	allowedPaymentMethods: GoogleCardMethod[];
	transactionInfo: GoogleTransactionInfo;
	emailRequired?: boolean;
	shippingAddressRequired?: boolean;
	shippingAddressParameters?: { phoneNumberRequired?: boolean };
	shippingOptionRequired?: boolean;
	shippingOptionParameters?: GoogleShippingOptionParameters;
	callbackIntents?: Array< 'SHIPPING_ADDRESS' | 'SHIPPING_OPTION' >;
}

/** A full address (after authorisation) or the redacted one of onPaymentDataChanged. */
export interface GoogleAddress {
	name?: string;
	address1?: string;
	address2?: string;
	address3?: string;
	locality?: string;
	administrativeArea?: string;
	countryCode?: string;
	postalCode?: string;
	phoneNumber?: string;
}

export interface GooglePaymentData {
	apiVersion: number;
	apiVersionMinor: number;
	email?: string;
	shippingAddress?: GoogleAddress;
	shippingOptionData?: { id: string };
	paymentMethodData: {
		type: string;
		description?: string;
		info?: {
			cardNetwork?: string;
			cardDetails?: string;
			billingAddress?: GoogleAddress;
		};
		tokenizationData: { type: string; token: string };
	};
}

export interface GoogleIntermediatePaymentData {
	callbackTrigger:
		'INITIALIZE' | 'SHIPPING_ADDRESS' | 'SHIPPING_OPTION' | string;
	shippingAddress?: GoogleAddress;
	shippingOptionData?: { id: string };
}

export interface GooglePaymentDataRequestUpdate {
	newTransactionInfo?: GoogleTransactionInfo;
	newShippingOptionParameters?: GoogleShippingOptionParameters;
	error?: {
		reason:
			| 'SHIPPING_ADDRESS_INVALID'
			| 'SHIPPING_ADDRESS_UNSERVICEABLE'
			| 'SHIPPING_OPTION_INVALID'
			| 'OTHER_ERROR';
		message: string;
		intent: 'SHIPPING_ADDRESS' | 'SHIPPING_OPTION';
	};
}

export interface GoogleButtonOptions {
	onClick: ( event: Event ) => void;
	buttonColor?: 'default' | 'black' | 'white';
	buttonType?: 'long' | 'short' | 'buy';
	buttonSizeMode?: 'static' | 'fill';
	buttonRootNode?: Document | ShadowRoot;
}

export interface GooglePaymentsClient {
	isReadyToPay: ( request: {
		apiVersion: 2;
		apiVersionMinor: 0;
		allowedPaymentMethods: GoogleCardMethod[];
	} ) => Promise< { result: boolean } >;
	createButton: ( options: GoogleButtonOptions ) => HTMLElement;
	loadPaymentData: (
		request: GooglePaymentDataRequest
	) => Promise< GooglePaymentData >;
}

export interface GooglePaymentsClientConstructor {
	new ( options: {
		environment: GoogleEnvironment;
		paymentDataCallbacks?: {
			onPaymentDataChanged?: (
				data: GoogleIntermediatePaymentData
			) =>
				| GooglePaymentDataRequestUpdate
				| Promise< GooglePaymentDataRequestUpdate >;
		};
	} ): GooglePaymentsClient;
}

/**
 * `google.payments.api.PaymentsClient` of a window, once pay.js ran there.
 *
 * @param win Merchant window.
 */
export function paymentsClientOf(
	win: Window
): GooglePaymentsClientConstructor | undefined {
	const g = ( win as unknown as { google?: Record< string, any > } ).google;
	return g?.payments?.api?.PaymentsClient;
}
