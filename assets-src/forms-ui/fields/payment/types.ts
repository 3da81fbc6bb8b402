/**
 * The payment field's types (P1-CONTRACTS "Field definition"). All its code ships in the payment
 * field script (build/payment-field.js, only on pages with a payment field), which provides the
 * field to form-view as a generic field unit (../units.ts, unit.tsx). Types only.
 */
import type {
	AfterpayButtonSettings,
	AfterpayCheckoutWidgetSettings,
	AfterpayMessagingSettings,
	ApplePayButtonStyle,
	BillingMapping,
	CaptureMode,
	FieldDefinition,
	FormDefinition,
	FormValues,
	GooglePayButtonOptions,
	PaymentMethod,
	PaymentValue,
	WalletMethod,
} from '../../../shared';
import type { Evaluation } from '../../../forms-engine';
import type { SubmissionFailure } from '../../submit/submit';
import type { UnitFormPort } from '../units';
import type { BillingContact as SdkBillingContact } from '@square/web-payments-sdk-types/dist/types/contact';
import type { CashAppPayButtonOptions } from '@square/web-payments-sdk-types/dist/types/payment-method/cash-app-pay/types';

/**
 * The methods a payment field may list in this version: the shared ones and the bank / Cash App
 * methods of issue 16 (the form schema's `ach`, `cashAppPay`).
 */
export type FieldMethod = PaymentMethod | 'ach' | 'cashAppPay';

/**
 * The methods that start a payment from their own button (wallets, bank account, Cash App,
 * Afterpay/Clearpay).
 */
export type ButtonMethod =
	WalletMethod | 'ach' | 'cashAppPay' | 'afterpayClearpay';

/** The Cash App Pay button's options (the provider's CashAppPayButtonOptions). */
export type CashAppButtonOptions = Pick<
	CashAppPayButtonOptions,
	'shape' | 'size' | 'theme' | 'width'
>;

/** The payment field's settings of issue 16 (the form contract's keys). */
export interface BankAndCashAppSettings {
	methods?: FieldMethod[];
	/** The id of a text field of the same form holding the ACH account holder's name. */
	accountHolderField?: string;
	cashAppPayButton?: CashAppButtonOptions;
}

/**
 * What a submission carries in the payment field's value: the shared shape, and for a bank
 * payment the account holder's name, for Cash App Pay the payment draft it came back to.
 */
export interface FieldPaymentValue extends Omit< PaymentValue, 'method' > {
	method: FieldMethod;
	accountHolderName?: string;
	draftId?: string;
}

/** The public payment configuration FormRenderer prints next to the form (never a secret). */
export interface PaymentConfig {
	applicationId: string;
	locationId: string;
	environment: 'sandbox' | 'production';
	/** ISO 4217 code of the form's currency. */
	currency: string;
	/** ISO 3166-1 alpha-2 code of the seller's country ('' when not known). */
	country: string;
	/** The methods offered here (ACH and Cash App Pay only for a USD form on a US location). */
	methods: FieldMethod[];
	billing: BillingMapping;
	captureMode: CaptureMode;
	verifyBuyer: boolean;
	includeInputLabels: boolean;
	/** Where the SDK was loaded from (informational: the page already has it). */
	sdkUrl: string;
	/** The Google Pay button's options (absent: the provider's defaults). */
	googlePayButton?: GooglePayButtonOptions;
	/** The Apple Pay button's style (absent: black). */
	applePayButtonStyle?: ApplePayButtonStyle;
	/** The Cash App Pay button's options (absent: the provider's defaults). */
	cashAppPayButton?: CashAppButtonOptions;
	/** ACH: the id of the text field holding the account holder's name. */
	accountHolderField?: string;
	/**
	 * Afterpay/Clearpay: the order amounts the server accepts for it, in minor units (present
	 * whenever `methods` has `afterpayClearpay`).
	 */
	afterpayLimits?: { minimum: number; maximum: number };
	/** Afterpay/Clearpay: the button's options (absent: the provider's defaults). */
	afterpayButton?: AfterpayButtonSettings;
	/** Afterpay/Clearpay: the instalment messaging under the form's total (absent: off). */
	afterpayMessaging?: AfterpayMessagingSettings;
	/** Afterpay/Clearpay: the checkout widget above its button (absent: off). */
	afterpayCheckoutWidget?: AfterpayCheckoutWidgetSettings;
}

/**
 * A wallet payment request as the server builds it (POST /forms/{id}/payment-request): the
 * provider's PaymentRequest options, amounts as decimal strings.
 */
export interface WalletRequest {
	countryCode: string;
	currencyCode: string;
	total: { amount: string; label: string };
	lineItems: Array< { amount: string; label: string } >;
	shippingOptions?: Array< { id: string; label: string; amount: string } >;
	requestBillingContact: boolean;
	requestShippingContact: boolean;
}

/**
 * Afterpay/Clearpay's request as the server builds it (`method: 'afterpayClearpay'`): when the
 * popup asks for an address, each shipping option carries the order total with it.
 */
export interface AfterpayRequest extends Omit<
	WalletRequest,
	'shippingOptions'
> {
	shippingOptions?: Array< {
		id: string;
		label: string;
		amount: string;
		total: { amount: string; label: string };
		taxLineItems: Array< { amount: string; label: string } >;
	} >;
}

/** What the field's Afterpay/Clearpay method is made with. */
export interface AfterpaySetup {
	/** The server's request for the form's values. */
	request: AfterpayRequest;
	/** The id of the element the provider's button goes into. */
	buttonId: string;
	/** The id of the element the instalment messaging goes into (absent: no messaging). */
	messagingId?: string;
	/** The element the checkout widget goes into (absent: no widget). */
	widget?: HTMLElement;
	/** Asks the server for the options (with their totals) of the popup's address. */
	address: ( contact: unknown ) => Promise< AfterpayRequest >;
}

/** The field's Afterpay/Clearpay method: its button, messaging and widget follow `update`. */
export interface AfterpayHandle {
	/** Changes the request (messaging, widget, the popup's total); false while the popup is open. */
	update: ( request: AfterpayRequest ) => boolean;
	/** Opens the popup; call it in the click's own task (nothing awaited first). */
	tokenize: () => Promise< WalletOutcome >;
	destroy: () => Promise< void >;
}

/** What the wallet sheet's shipping listeners answer (the provider's PaymentRequestUpdate). */
export interface WalletRequestUpdate {
	total?: { amount: string; label: string };
	lineItems?: Array< { amount: string; label: string } >;
	shippingOptions?: Array< { id: string; label: string; amount: string } >;
	error?: string;
}

/** A wallet's tokenize result: a value to submit, the visitor's cancel, or a failure. */
export type WalletOutcome =
	| { status: 'OK'; value: FieldPaymentValue }
	| { status: 'Cancel' }
	| { status: 'Error'; message: string };

/** One wallet method the provider offers on this page. */
export interface WalletHandle {
	method: WalletMethod;
	/** Google Pay: the provider's button into a container (Apple Pay: the field's own button). */
	attach: ( container: HTMLElement ) => Promise< void >;
	/**
	 * Opens the wallet's sheet. Call it in the click's own task, with nothing awaited before it
	 * (Apple's user-gesture rule): the provider's tokenize starts synchronously.
	 */
	tokenize: () => Promise< WalletOutcome >;
	destroy: () => Promise< void >;
}

/** The field's one payment request and the wallets made from it. */
export interface WalletSession {
	/** Changes the request; false while a sheet is open (try again after it closes). */
	update: ( request: WalletRequest ) => boolean;
	/** A wallet method; rejects when the provider does not offer it here (the reason as message). */
	wallet: ( method: WalletMethod ) => Promise< WalletHandle >;
}

/** What the wallet sheet's shipping changes are answered with (the server's prices). */
export interface WalletShipping {
	contact: ( contact: unknown ) => Promise< WalletRequestUpdate >;
	option: ( optionId: string ) => Promise< WalletRequestUpdate >;
}

/** What a bank payment's tokenize needs: who holds the account and the server's total. */
export interface AchRequest {
	accountHolderName: string;
	/** Integer minor units (100 = 1.00 USD). */
	amount: number;
	currencyCode: string;
}

/** The field's bank-account method (the provider's `payments.ach()`). */
export interface AchHandle {
	/** Opens the bank link and the authorisation; starts synchronously (nothing awaited first). */
	tokenize: ( request: AchRequest ) => Promise< WalletOutcome >;
	destroy: () => Promise< void >;
}

/** One Cash App Pay instance: its payment request, redirect and button. */
export interface CashAppSetup {
	container: HTMLElement;
	/** The server's total, a decimal string ("10.00"). */
	total: { amount: string; label: string };
	currencyCode: string;
	countryCode: string;
	redirectURL: string;
	referenceId: string;
	button?: CashAppButtonOptions;
	/** Asked on the button's click before Cash App starts (false: it does not start). */
	shouldTokenize: () => Promise< boolean >;
	/** The result (approved, declined, failed), from the provider's `ontokenization`. */
	onResult: ( outcome: WalletOutcome ) => void;
	onInteraction?: ( isMobile: boolean ) => void;
	onDismissed?: () => void;
}

/** An attached Cash App Pay instance. */
export interface CashAppHandle {
	destroy: () => Promise< void >;
}

/** What `attach` is told: the page configuration and the one method of this container. */
export interface AttachConfig extends PaymentConfig {
	method: PaymentMethod;
}

/** The billing contact given to buyer verification: the provider SDK's published type. */
export type BillingContact = SdkBillingContact;

/** What a tokenize needs besides the card: the amount to verify and who pays. */
export interface TokenizeRequest {
	/** Decimal string with the currency's decimals ("30.00"; JPY "3000"). */
	amount: string;
	currencyCode: string;
	billingContact: BillingContact;
}

/**
 * A tokenize result. Failures are values, with a readable (translated) message for the visitor
 * and a code: `invalid` (the visitor's entry), `tokenize_failed`, `verify_failed`,
 * `unavailable` (no SDK / not attached), `busy`.
 */
export type TokenizeOutcome =
	| { ok: true; value: PaymentValue }
	| { ok: false; message: string; code: string };

/** One attached payment method element. */
export interface PaymentHandle {
	/** Tokenizes (then verifies the buyer when configured). Tokens are single use. */
	tokenize: ( request: TokenizeRequest ) => Promise< TokenizeOutcome >;
	/** Makes the element measure itself again (after it was hidden). */
	remeasure: () => void;
	/** Removes the element and its frames; idempotent. */
	destroy: () => Promise< void >;
}

/** What the field script registers. */
export interface PaymentAdapter {
	attach: (
		container: HTMLElement,
		config: AttachConfig
	) => Promise< PaymentHandle >;
	/** The field's payment request for its wallet buttons (absent: no wallets). */
	walletSession?: (
		config: PaymentConfig,
		request: WalletRequest,
		shipping: WalletShipping
	) => WalletSession;
	/** The bank-account method (absent: not supported by this adapter). */
	ach?: ( config: PaymentConfig ) => Promise< AchHandle >;
	/** A Cash App Pay instance with its button (absent: not supported by this adapter). */
	cashAppPay?: (
		config: PaymentConfig,
		setup: CashAppSetup
	) => Promise< CashAppHandle >;
	/**
	 * The Afterpay/Clearpay method with its button, messaging and widget attached (absent: not
	 * supported by this adapter); rejects when the provider does not offer it here.
	 */
	afterpay?: (
		config: PaymentConfig,
		setup: AfterpaySetup
	) => Promise< AfterpayHandle >;
}

/** What the field hands the form: its elements' tokenize and a few UI actions. */
export interface PaymentGate {
	tokenize: ( request: TokenizeRequest ) => Promise< TokenizeOutcome >;
	/** Throws the entered details away: fresh elements (expired or used token). */
	reset: () => void;
	/** Moves focus to the field. */
	focus: () => void;
	/** Says a message in the field's live region. */
	announce: ( text: string ) => void;
}

/** What Form passes down to the payment field; the field's elements put their gate in it. */
export interface PaymentBinding {
	config: PaymentConfig | null;
	registry: PaymentRegistry | null;
	gate: PaymentGate | null;
	/** A button method's value waiting for the submit its button started (used once). */
	pending?: FieldPaymentValue | null;
}

/** A payment step's result: a value to send (none when nothing is charged), or a message. */
export type PaymentStep =
	| { ok: true; value: FieldPaymentValue | null }
	| { ok: false; message: string };

/** What the payment controller reads when it acts (the form's current props). */
export interface PaymentContext {
	form: FormDefinition;
	/** The page configuration and, once the field rendered its elements, their gate. */
	binding: PaymentBinding;
}

/** The form's side of the payment field (use-payment.ts), created once per form. */
export interface PaymentController {
	/** Leaving a page (Next): tokenizes when it holds the payment field, and keeps the token. */
	leavePage: (
		pageFields: FieldDefinition[],
		evaluation: Evaluation | null,
		values: FormValues
	) => Promise< PaymentStep >;
	/** The final submit: the kept token (same amount, field on an earlier page) or a fresh one. */
	forSubmit: (
		pageFields: FieldDefinition[],
		evaluation: Evaluation | null,
		values: FormValues
	) => Promise< PaymentStep >;
	/**
	 * The message at the payment field for a failed answer, or null when the form shows it as
	 * usual (not the payment's, or other fields have errors too).
	 */
	failureMessage: ( failure: SubmissionFailure ) => string | null;
	/** Sends again while the server answers 409 in progress (same submission key). */
	retry: < T >( send: () => Promise< T > ) => Promise< T >;
	/** Focuses the field and says a message in its live region. */
	present: ( message: string ) => void;
}

/** Props of the field's elements (PaymentField.tsx), rendered inside form-view's shell. */
export interface PaymentElementsProps {
	formId: number;
	field: FieldDefinition;
	error?: string;
	concealed?: boolean;
	binding: PaymentBinding;
	/** The form's port (wallet buttons check and submit the form themselves). */
	form?: UnitFormPort;
}

/** `window.kestrelForms.payments`: where the field script registers its SDK adapter. */
export interface PaymentRegistry {
	register: ( adapter: PaymentAdapter ) => void;
	/** The adapter, once registered. */
	current: () => PaymentAdapter | null;
	/** Resolves with the adapter as soon as one is registered. */
	ready: () => Promise< PaymentAdapter >;
}
