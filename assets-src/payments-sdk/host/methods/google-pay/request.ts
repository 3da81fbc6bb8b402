/**
 * The PaymentDataRequest the SDK gives Google Pay (spec §4, §9; wave 2 design A.1 mapping and
 * A.3): API version 2.0, card networks (+ INTERAC by flag), PAN_ONLY and CRYPTOGRAM_3DS, the
 * provider as payment gateway with the location as gateway merchant, and the transaction,
 * shipping and callback intents from the payment request. Pure functions.
 */
import type {
	LineItem,
	PaymentRequestOptions,
	ShippingOption,
} from '../../types';
import type {
	GoogleCardMethod,
	GooglePaymentDataRequest,
	GoogleShippingOptionParameters,
	GoogleTransactionInfo,
} from './vendor';

/** Card networks (spec §9); INTERAC only with the interac feature flag. */
export const GOOGLE_PAY_NETWORKS = [
	'AMEX',
	'DISCOVER',
	'JCB',
	'MASTERCARD',
	'VISA',
] as const;

/** Authentication methods (spec §9). */
export const GOOGLE_PAY_AUTH_METHODS = [
	'PAN_ONLY',
	'CRYPTOGRAM_3DS',
] as const;

/** What the request needs besides the payment request. */
export interface RequestContext {
	/** Location id: the gateway merchant id. */
	locationId: string;
	/** The hydration's merchant name, if any. */
	merchantName?: string;
	/** The provider's Google Pay auth token (GENERATE_GOOGLE_PAY_AUTH_TOKEN), if any. */
	authJwt?: string;
	/** The interac feature flag. */
	interac: boolean;
}

/**
 * The card payment method, with or without the tokenization (isReadyToPay takes none).
 *
 * @param request          The payment request.
 * @param rc               Request context.
 * @param withTokenization Whether to name the gateway.
 */
export function cardMethod(
	request: Pick< PaymentRequestOptions, 'requestBillingContact' >,
	rc: Pick< RequestContext, 'locationId' | 'interac' >,
	withTokenization = true
): GoogleCardMethod {
	const billing = request.requestBillingContact === true;
	return {
		type: 'CARD',
		parameters: {
			allowedAuthMethods: [ ...GOOGLE_PAY_AUTH_METHODS ],
			allowedCardNetworks: [
				...GOOGLE_PAY_NETWORKS,
				...( rc.interac ? [ 'INTERAC' ] : [] ),
			],
			...( billing
				? {
						billingAddressRequired: true,
						billingAddressParameters: {
							format: 'FULL' as const,
							phoneNumberRequired: true,
						},
					}
				: {} ),
		},
		...( withTokenization
			? {
					tokenizationSpecification: {
						type: 'PAYMENT_GATEWAY' as const,
						parameters: {
							gateway: 'square',
							gatewayMerchantId: rc.locationId,
						},
					},
				}
			: {} ),
	};
}

/**
 * Discounts reduce the total: Google shows them as negative prices.
 *
 * @param amount A non-negative amount.
 */
const negative = ( amount: string ): string =>
	/^0*(\.0*)?$/.test( amount ) ? amount : `-${ amount }`;

/**
 * `transactionInfo` of the payment request (A.1 mapping).
 *
 * @param request The payment request.
 */
export function transactionInfo(
	request: Readonly< PaymentRequestOptions >
): GoogleTransactionInfo {
	const status = ( item: LineItem ) =>
		item.pending ? ( 'PENDING' as const ) : ( 'FINAL' as const );
	const items = (
		list: readonly LineItem[] | undefined,
		type: 'LINE_ITEM' | 'TAX' | 'DISCOUNT' | 'SHIPPING_OPTION'
	) =>
		( list ?? [] ).map( ( item ) => ( {
			label: item.label,
			type,
			price: type === 'DISCOUNT' ? negative( item.amount ) : item.amount,
			status: status( item ),
		} ) );
	const displayItems = [
		...items( request.lineItems, 'LINE_ITEM' ),
		...items( request.taxLineItems, 'TAX' ),
		...items( request.discounts, 'DISCOUNT' ),
		...items( request.shippingLineItems, 'SHIPPING_OPTION' ),
	];
	return {
		countryCode: request.countryCode,
		currencyCode: request.currencyCode,
		totalPriceStatus: request.total.pending ? 'ESTIMATED' : 'FINAL',
		totalPrice: request.total.amount,
		totalPriceLabel: request.total.label,
		...( displayItems.length ? { displayItems } : {} ),
	};
}

/**
 * `shippingOptionParameters` of the payment request, or undefined without options.
 *
 * @param request  The payment request.
 * @param selected The option the buyer has picked, kept selected when it is still offered.
 */
export function shippingOptionParameters(
	request: Readonly< PaymentRequestOptions >,
	selected?: string
): GoogleShippingOptionParameters | undefined {
	const options: readonly ShippingOption[] = request.shippingOptions ?? [];
	if ( ! options.length ) {
		return undefined;
	}
	return {
		defaultSelectedOptionId: options.some( ( o ) => o.id === selected )
			? selected
			: options[ 0 ]!.id,
		shippingOptions: options.map( ( o ) => ( {
			id: o.id,
			label: o.label,
			description: `${ o.amount } ${ request.currencyCode }`,
		} ) ),
	};
}

/**
 * The whole PaymentDataRequest for loadPaymentData.
 *
 * @param request The payment request.
 * @param rc      Request context.
 */
export function paymentDataRequest(
	request: Readonly< PaymentRequestOptions >,
	rc: RequestContext
): GooglePaymentDataRequest {
	const shipping = request.requestShippingContact === true;
	const options = shipping ? shippingOptionParameters( request ) : undefined;
	const contact = shipping || request.requestBillingContact === true;
	return {
		apiVersion: 2,
		apiVersionMinor: 0,
		merchantInfo: {
			...( rc.merchantName ? { merchantName: rc.merchantName } : {} ),
			...( rc.authJwt ? { authJwt: rc.authJwt } : {} ),
		},
		allowedPaymentMethods: [ cardMethod( request, rc ) ],
		transactionInfo: transactionInfo( request ),
		...( contact ? { emailRequired: true } : {} ),
		...( shipping
			? {
					shippingAddressRequired: true,
					shippingAddressParameters: { phoneNumberRequired: true },
					shippingOptionRequired: Boolean( options ),
					...( options ? { shippingOptionParameters: options } : {} ),
					callbackIntents: options
						? [ 'SHIPPING_ADDRESS', 'SHIPPING_OPTION' ]
						: [ 'SHIPPING_ADDRESS' ],
				}
			: {} ),
	};
}
