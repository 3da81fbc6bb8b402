/**
 * The public type surface of our SDK (API reference §1–§11), written as string unions so merchant
 * code comparing with 'OK' type-checks. The compat check (compat/) proves it fits the
 * provider's published types, version 1.51.4. This module declares no globals; the opt-in
 * `global.ts` augments `Window`.
 */
import type {
	CardBrand,
	CardFieldName,
	CardInputEventName,
	GiftCardFieldName,
	GiftCardInputEventName,
} from '../protocol';
import type { PUBLIC_ERRORS } from './errors';

export type {
	CardBrand,
	CardFieldName,
	CardInputEventName,
	GiftCardFieldName,
	GiftCardInputEventName,
};
export type {
	ApplicationError,
	ErrorCategory,
	SquareApiError,
	SubError,
	VerifyBuyerErrorDetails,
} from './errors';

/** Token status values (API §10.1: mixed case). */
export type TokenStatus =
	'Unknown' | 'OK' | 'Error' | 'Invalid' | 'Abort' | 'Cancel';
export type MethodType =
	| 'Apple Pay'
	| 'AfterpayClearpay'
	| 'Card'
	| 'Cash App'
	| 'Google Pay'
	| 'Gift Card'
	| 'ACH'
	| 'Cash App Pay';
export type CardType = 'UNKNOWN_CARD_TYPE' | 'CREDIT' | 'DEBIT';
export type PrepaidType = 'UNKNOWN_PREPAID_TYPE' | 'NOT_PREPAID' | 'PREPAID';

export interface Contact {
	givenName?: string;
	familyName?: string;
	addressLines?: string[];
	city?: string;
	state?: string;
	postalCode?: string;
	countryCode?: string;
	email?: string;
	phone?: string;
}
export type BillingContact = Contact;
export type ShippingContact = Contact;
export interface Money {
	amount: number;
	currencyCode: string;
}

/** An event given to listeners. */
export interface SqEvent< T = unknown > {
	readonly type: string;
	readonly detail: T;
}
export type SqEventListener = ( event: SqEvent< any > ) => void;

export interface CardDetails {
	brand: CardBrand;
	cardType?: CardType;
	prepaidType?: PrepaidType;
	expMonth: number;
	expYear: number;
	last4: string;
	billing?: Contact;
}
export interface ShippingOption {
	id: string;
	label: string;
	amount: string;
}
export interface LineItem {
	amount: string;
	label: string;
	id?: string;
	imageUrl?: string;
	productUrl?: string;
	pending?: boolean;
}
export interface TokenDetails {
	method: MethodType;
	card?: CardDetails;
	giftCard?: { type: 'Gift' };
	bankAccount?: {
		accountNumberSuffix: string;
		accountType: string;
		bankName: string;
	};
	cashApp?: { cashtag: string; transactionId: string };
	cashAppPay?: { cashtag: string; referenceId: string | undefined };
	shipping?: { contact?: Contact; option?: ShippingOption };
	billing?: Contact;
}
export interface TokenErrorDetails {
	type: string;
	message: string;
	field?: string;
}
export interface TokenResult {
	status: TokenStatus;
	token?: string;
	errors?: Array< TokenErrorDetails | Error >;
	details?: TokenDetails;
}
export interface TokenizationEvent {
	tokenResult?: TokenResult;
	error?: unknown;
}

/** Style (API §4.2). */
type Props< K extends string > = Partial< Record< K, string > >;
export type InputPropertyValues = Props<
	'backgroundColor' | 'color' | 'fontFamily' | 'fontSize' | 'fontWeight'
>;
export type TextPropertyValues = Props< 'color' >;
export type ComponentPropertyValues = Props<
	'borderColor' | 'borderRadius' | 'borderWidth'
>;
export type ComponentStatePropertyValues = Props<
	'borderColor' | 'borderWidth'
>;
export interface CardClassSelectors {
	[ selectorOrMedia: string ]:
		| Partial< Record< string, string > >
		| Record< string, Partial< Record< string, string > > >
		| undefined;
	input?: InputPropertyValues;
	'input.is-focus'?: InputPropertyValues;
	'input::placeholder'?: TextPropertyValues;
	'input.is-focus::placeholder'?: TextPropertyValues;
	'input.is-error'?: TextPropertyValues;
	'input.is-error::placeholder'?: TextPropertyValues;
	'.input-container'?: ComponentPropertyValues;
	'.input-container.is-focus'?: ComponentStatePropertyValues;
	'.input-container.is-error'?: ComponentStatePropertyValues;
	'.message-text'?: TextPropertyValues;
	'.message-icon'?: TextPropertyValues;
	'.message-text.is-error'?: TextPropertyValues;
	'.message-icon.is-error'?: TextPropertyValues;
}
export interface CardOptions {
	includeInputLabels?: boolean;
	postalCode?: string;
	style?: CardClassSelectors;
}
export interface GiftCardOptions {
	includeInputLabels?: boolean;
	style?: CardClassSelectors;
}
export interface CardInputEventState {
	hasErrorClass: boolean;
	hasFocusClass: boolean;
	isCompletelyValid: boolean;
	isEmpty: boolean;
	isPotentiallyValid: boolean;
}
export interface CardInputEvent {
	cardBrand: string;
	currentState: CardInputEventState;
	eventType: CardInputEventName;
	field: CardFieldName;
	postalCodeValue: string;
	previousState?: CardInputEventState;
}
export interface GiftCardInputEvent {
	cardBrand: string;
	currentState: CardInputEventState;
	eventType: GiftCardInputEventName;
	field: GiftCardFieldName;
	previousState?: CardInputEventState;
}

/** Base of every method object (event names are plain strings: compat §a). */
export interface PaymentMethod {
	addEventListener: ( type: string, listener: SqEventListener ) => void;
	removeEventListener: ( type: string, listener: SqEventListener ) => void;
	destroy: () => Promise< boolean >;
}
export interface Card extends PaymentMethod {
	attach: ( selectorOrElement: string | HTMLElement ) => Promise< void >;
	configure: ( options: CardOptions ) => Promise< void >;
	detach: () => Promise< boolean >;
	recalculateSize: () => void;
	focus: ( field: CardFieldName ) => Promise< boolean >;
	clear: () => Promise< boolean >;
	setError: ( field: CardFieldName ) => Promise< boolean >;
	addEventListener: (
		type: string,
		listener: ( event: SqEvent< CardInputEvent > ) => void
	) => void;
	removeEventListener: (
		type: string,
		listener: ( event: SqEvent< CardInputEvent > ) => void
	) => void;
	tokenize: () => Promise< TokenResult >;
}
export interface GiftCard extends PaymentMethod {
	attach: ( selectorOrElement: string | HTMLElement ) => Promise< void >;
	configure: ( options: GiftCardOptions ) => Promise< void >;
	detach: () => Promise< boolean >;
	focus: ( field: GiftCardFieldName ) => Promise< boolean >;
	clear: () => Promise< boolean >;
	setError: ( field: GiftCardFieldName ) => Promise< boolean >;
	addEventListener: (
		type: string,
		listener: ( event: SqEvent< GiftCardInputEvent > ) => void
	) => void;
	removeEventListener: (
		type: string,
		listener: ( event: SqEvent< GiftCardInputEvent > ) => void
	) => void;
	tokenize: () => Promise< TokenResult >;
}

/** Wallets and ACH: declared for compatibility; not enabled in this build (docs/payments-sdk.md). */
export interface GooglePayButtonOptions {
	buttonColor?: 'default' | 'black' | 'white';
	buttonSizeMode?: 'static' | 'fill';
	buttonType?: 'long' | 'short';
}
export interface GooglePay extends PaymentMethod {
	attach: (
		selectorOrElement: string | HTMLElement,
		options?: GooglePayButtonOptions
	) => Promise< void >;
	detach: () => Promise< boolean >;
	tokenize: () => Promise< TokenResult >;
}
export interface ApplePay extends PaymentMethod {
	tokenize: () => Promise< TokenResult >;
}
export interface AfterpayButtonOptions {
	buttonColor?: 'black' | 'mint';
	buttonType?:
		| 'checkout_with_afterpay'
		| 'buy_now_with_afterpay'
		| 'place_order_with_afterpay';
	finalCtaButtonType?: 'review_my_order' | 'buy_now';
	useCustomButton?: boolean;
}
export interface AfterpayMessagingOptions {
	badgeTheme:
		'black-on-mint' | 'black-on-white' | 'mint-on-black' | 'white-on-black';
	modalLinkStyle:
		| 'circled-info-icon'
		| 'circled-question-icon'
		| 'learn-more-text'
		| 'more-info-text'
		| 'none';
	modalTheme: 'mint' | 'white';
	size: 'xs' | 'sm' | 'md' | 'lg';
}
export interface AfterpayClearpay extends PaymentMethod {
	attach: (
		selector: string,
		options?: AfterpayButtonOptions
	) => Promise< void >;
	attachMessaging: (
		selector: string,
		options?: AfterpayMessagingOptions
	) => Promise< void >;
	displayInformationModal: ( options?: {
		modalTheme?: 'mint' | 'white';
	} ) => void;
	attachCheckoutWidget: (
		selectorOrElement: string | HTMLElement,
		options?: { includeBranding: boolean }
	) => Promise< void >;
	detach: () => Promise< boolean >;
	tokenize: () => Promise< TokenResult >;
}
export interface CashAppPayButtonOptions {
	shape?: 'round' | 'semiround';
	size?: 'medium' | 'small';
	values?: 'dark' | 'light';
	theme?: 'dark' | 'light';
	width?: 'full' | 'static';
}
export interface CashAppPaymentRequestOptions {
	redirectURL: string;
	referenceId?: string;
}
export type CashAppPayEventData = TokenizationEvent | { isMobile: boolean };
export interface CashAppPay extends PaymentMethod {
	attach: (
		selectorOrElement: string | HTMLElement,
		options?: CashAppPayButtonOptions | false,
		shouldTokenize?: () => Promise< boolean >
	) => Promise< void >;
	detach: () => Promise< boolean >;
	addEventListener: (
		type: string,
		listener: ( event: SqEvent< CashAppPayEventData > ) => void
	) => void;
	removeEventListener: (
		type: string,
		listener: ( event: SqEvent< CashAppPayEventData > ) => void
	) => void;
}
export interface AchOptions {
	redirectURI: string;
	transactionId: string;
}
export interface AchChargeTokenOptions {
	accountHolderName: string;
	intent: 'CHARGE';
	total: Money;
	bankAccountId?: string;
}
/** The later amount shape (`amount: '1.00', currency: 'USD'`) instead of `total`. */
export interface AchChargeAmountTokenOptions {
	accountHolderName: string;
	intent: 'CHARGE';
	amount: string;
	currency: string;
	bankAccountId?: string;
}
/** Marked private in 1.51.4's typings. */
export interface AchStoreTokenOptions {
	accountHolderName: string;
	intent: 'STORE';
}
/** Marked private in 1.51.4's typings. */
export interface AchRecurringChargeTokenOptions {
	accountHolderName?: string;
	intent: 'RECURRING_CHARGE';
	total?: Money;
	amount?: string;
	currency?: string;
	bankAccountId: string;
	cadence?: 'WEEKLY' | 'MONTHLY';
	frequency?: Record< string, unknown >;
	startDate: string;
	idempotencyKey?: string;
}
/** Without an intent (achAuth no-support, supported). */
export interface AchLinkTokenOptions {
	accountHolderName: string;
}
export type AchTokenOptions =
	| AchChargeTokenOptions
	| AchChargeAmountTokenOptions
	| AchStoreTokenOptions
	| AchRecurringChargeTokenOptions
	| AchLinkTokenOptions;
export interface ACH extends PaymentMethod {
	tokenize: ( options: AchTokenOptions ) => Promise< TokenResult >;
	addEventListener: (
		type: string,
		listener: ( event: SqEvent< TokenizationEvent > ) => void
	) => void;
	removeEventListener: (
		type: string,
		listener: ( event: SqEvent ) => void
	) => void;
}
export interface DigitalWalletOptions {
	redirectURI: string;
	totalTransactionAmount?: Money;
	transactionId: string;
}
export interface CashApp extends PaymentMethod {
	readonly willRedirect: boolean;
	attachAll: (
		selectors: { button?: string; qrCode: string },
		options?: {
			button: {
				theme: 'light' | 'dark';
				shape: 'Squared' | 'Semirounded' | 'Rounded';
			};
		}
	) => Promise< void >;
	tokenize: () => Promise< TokenResult >;
	getRedirectResult: () => Promise< TokenResult | null >;
}

export interface PaymentRequestOptions {
	countryCode: string;
	currencyCode: string;
	total: LineItem;
	lineItems?: LineItem[];
	taxLineItems?: LineItem[];
	discounts?: LineItem[];
	shippingLineItems?: LineItem[];
	shippingOptions?: ShippingOption[];
	requestBillingContact?: boolean;
	requestShippingContact?: boolean;
	shippingContact?: Contact;
	pickupContact?: Contact;
}
/** The address fields a shipping listener refuses, each with its text (API §7). */
export interface ShippingErrors {
	addressLines?: string;
	city?: string;
	state?: string;
	postalCode?: string;
	country?: string;
}
export interface PaymentRequestUpdate {
	error?: string;
	shippingErrors?: ShippingErrors;
	lineItems?: LineItem[];
	total?: LineItem;
	shippingOptions?: ShippingOption[];
	taxLineItems?: LineItem[];
	shippingLineItems?: LineItem[];
	discounts?: LineItem[];
}
export type PaymentRequestEventName =
	| 'shippingcontactchanged'
	| 'shippingoptionchanged'
	| 'afterpay_shippingaddresschanged'
	| 'afterpay_shippingoptionchanged';
export interface AfterpayShippingOption extends ShippingOption {
	taxLineItems?: LineItem[];
	total: LineItem;
}
export interface AfterpayPaymentRequestShippingUpdate {
	error?: string;
	shippingErrors?: PaymentRequestUpdate[ 'shippingErrors' ];
	shippingOptions?: AfterpayShippingOption[];
}
/** Callbacks per event; checked at run time per event name. */
export type PaymentRequestCallback =
	| ( (
			contact: Contact
	  ) => PaymentRequestUpdate | Promise< PaymentRequestUpdate > )
	| ( (
			option: ShippingOption
	  ) => PaymentRequestUpdate | Promise< PaymentRequestUpdate > )
	| ( (
			contact: Contact
	  ) =>
			| AfterpayPaymentRequestShippingUpdate
			| Promise< AfterpayPaymentRequestShippingUpdate > )
	| ( ( option: ShippingOption ) => void );
export interface PaymentRequest {
	addEventListener: (
		event: PaymentRequestEventName,
		callback: PaymentRequestCallback
	) => void;
	update: ( options: Partial< PaymentRequestOptions > ) => boolean;
}

export interface ChargeVerifyBuyerDetails {
	readonly billingContact: Contact;
	readonly amount: string;
	readonly currencyCode: string;
	readonly intent: 'CHARGE' | 'CHARGE_AND_STORE';
}
export interface StoreVerifyBuyerDetails {
	readonly billingContact: Contact;
	readonly intent: 'STORE';
}
export interface VerifyBuyerResponseDetails {
	token: string;
	userChallenged: boolean;
}
export interface SetLocaleResult {
	previousLocale: string;
	newLocale: string;
	message?: string;
}

export interface Payments {
	card: ( options?: CardOptions ) => Promise< Card >;
	giftCard: ( options?: GiftCardOptions ) => Promise< GiftCard >;
	ach: ( options?: AchOptions ) => Promise< ACH >;
	applePay: ( paymentRequest: PaymentRequest ) => Promise< ApplePay >;
	googlePay: ( paymentRequest: PaymentRequest ) => Promise< GooglePay >;
	afterpayClearpay: (
		paymentRequest: PaymentRequest
	) => Promise< AfterpayClearpay >;
	cashAppPay: (
		paymentRequest: PaymentRequest,
		options: CashAppPaymentRequestOptions
	) => Promise< CashAppPay >;
	cashApp: ( options: DigitalWalletOptions ) => Promise< CashApp >;
	paymentRequest: ( options: PaymentRequestOptions ) => PaymentRequest;
	verifyBuyer: (
		source: string,
		details: ChargeVerifyBuyerDetails | StoreVerifyBuyerDetails
	) => Promise< VerifyBuyerResponseDetails | null >;
	setLocale: ( locale: string ) => Promise< SetLocaleResult >;
}

export type PublicErrors = typeof PUBLIC_ERRORS;

/** Type of `window.Square`. */
export interface Square {
	errors: PublicErrors;
	payments: ( applicationId: string, locationId?: string ) => Payments;
}
