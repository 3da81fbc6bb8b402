/**
 * The interface between form-view and the payment field script (P1-CONTRACTS "Field definition").
 * form-view owns the React field and the submit; the field script (build/payment-field.js) owns
 * everything that talks to the provider's SDK, and registers itself as an adapter. Types only.
 */
import type {
	BillingMapping,
	CaptureMode,
	PaymentMethod,
	PaymentValue,
} from '../../../shared';
import type { BillingContact as SdkBillingContact } from '@square/web-payments-sdk-types/dist/types/contact';

/** The public payment configuration FormRenderer prints next to the form (never a secret). */
export interface PaymentConfig {
	applicationId: string;
	locationId: string;
	environment: 'sandbox' | 'production';
	/** ISO 4217 code of the form's currency. */
	currency: string;
	/** ISO 3166-1 alpha-2 code of the seller's country ('' when not known). */
	country: string;
	methods: PaymentMethod[];
	billing: BillingMapping;
	captureMode: CaptureMode;
	verifyBuyer: boolean;
	includeInputLabels: boolean;
	/** Where the SDK was loaded from (informational: the page already has it). */
	sdkUrl: string;
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
}

/** `window.kestrelForms.payments`: where the field script registers its adapter. */
export interface PaymentRegistry {
	register: ( adapter: PaymentAdapter ) => void;
	/** The adapter, once registered. */
	current: () => PaymentAdapter | null;
	/** Resolves with the adapter as soon as one is registered. */
	ready: () => Promise< PaymentAdapter >;
}
