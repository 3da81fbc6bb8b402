/**
 * Message names, payloads and the envelope of the host <-> frame channel (spec §7 "Message
 * channel"). Pure: no DOM. The window-specific part (origins, sources) lives in host/ and frame/.
 */
import type {
	AnyFieldName,
	CardBrand,
	CardInputEventName,
	Locale,
	PostalCountry,
} from './constants';

/** Requests (answered with an ack, then a reply) and one-way events. */
export const MESSAGE = {
	/** host -> main frame: application id, hostname, locale, location id. */
	INITIALIZE: 'INITIALIZE',
	/** host -> main frame: { applicationId, hostname, locationId } -> hydration. */
	REQUEST_HYDRATION: 'REQUEST_HYDRATION',
	/**
	 * host -> frames, one-way: the session (locale; to element frames also the session id that
	 * their nonce requests name).
	 */
	SESSION_UPDATE: 'SESSION_UPDATE',
	/**
	 * host -> main frame: verifyBuyer -> {token, userChallenged}, or {challenge:{id,
	 * timeout_ms}} when the buyer must answer a challenge (host/verify-buyer/).
	 */
	REQUEST_VERIFICATION: 'REQUEST_VERIFICATION',
	/**
	 * host -> main frame, wallets (spec §7): Apple Pay merchant validation (a JSON string back)
	 * and card nonce; Google Pay auth token and card nonce.
	 */
	REQUEST_APPLE_PAY_MERCHANT_VALIDITY: 'REQUEST_APPLE_PAY_MERCHANT_VALIDITY',
	REQUEST_APPLE_PAY_CARD_NONCE: 'REQUEST_APPLE_PAY_CARD_NONCE',
	GENERATE_GOOGLE_PAY_AUTH_TOKEN: 'GENERATE_GOOGLE_PAY_AUTH_TOKEN',
	REQUEST_GOOGLE_PAY_CARD_NONCE: 'REQUEST_GOOGLE_PAY_CARD_NONCE',
	/** Cash App Pay: a Pay Kit grant for a wallet nonce (spec §7). */
	REQUEST_CASH_APP_PAY_INSTANT_WALLET_TOKEN:
		'REQUEST_CASH_APP_PAY_INSTANT_WALLET_TOKEN',
	/** Legacy Cash App: the authorisation URLs (wave 2 design A.0.1, ours). */
	REQUEST_CASH_APP_AUTH: 'REQUEST_CASH_APP_AUTH',
	/** Legacy Cash App: the wallet token once the buyer approved (ours). */
	REQUEST_CASH_APP_WALLET_TOKEN: 'REQUEST_CASH_APP_WALLET_TOKEN',
	/**
	 * host -> main frame, ACH (spec §7; names ours): the bank-link session {redirectUri,
	 * languageCode} -> {linkToken, sessionToken}; the bank nonce {accountHolderName,
	 * sessionToken, publicToken, bankAccountId} -> {bankNonce, accountDetails, sessionId}.
	 */
	REQUEST_BANK_LINK_SESSION: 'REQUEST_BANK_LINK_SESSION',
	REQUEST_BANK_NONCE: 'REQUEST_BANK_NONCE',
	/** host -> ACH authorisation frame: the authorisation to show (AchAuthorizationRequest). */
	ACH_AUTHORIZATION: 'ACH_AUTHORIZATION',
	/** ACH authorisation frame -> host, one-way: signed {token}, canceled, or error {message}. */
	ACH_AUTHORIZATION_RESULT: 'ACH_AUTHORIZATION_RESULT',
	/**
	 * host -> main frame, Afterpay/Clearpay (spec §7): the checkout token for the payment
	 * request ({token, expires}), then the wallet nonce for the completed order.
	 */
	REQUEST_AFTERPAY_CHECKOUT_HANDLER: 'REQUEST_AFTERPAY_CHECKOUT_HANDLER',
	REQUEST_AFTERPAY_INSTANT_WALLET_TOKEN:
		'REQUEST_AFTERPAY_INSTANT_WALLET_TOKEN',
	/** host -> challenge frame: {challengeId, locale}; the frame shows the code form. */
	START_CHALLENGE: 'START_CHALLENGE',
	/** host -> challenge frame: the buyer pressed Escape outside the frame, or time ran out. */
	CANCEL_CHALLENGE: 'CANCEL_CHALLENGE',
	/** challenge frame -> host, one-way: how the challenge ended (ChallengeOutcome). */
	CHALLENGE_RESULT: 'CHALLENGE_RESULT',
	/** host -> card frame: first configuration (loadCardsForm / LOAD_GIFT_CARDS_FORM). */
	LOAD_CARDS_FORM: 'loadCardsForm',
	LOAD_GIFT_CARDS_FORM: 'LOAD_GIFT_CARDS_FORM',
	/** host -> card frame: later configuration. */
	CONFIGURE: 'CONFIGURE',
	SET_FOCUS: 'SET_FOCUS',
	SET_ERROR: 'SET_ERROR',
	CLEAR: 'CLEAR',
	DESTROY: 'DESTROY',
	REQUEST_CARD_NONCE_IF_VALID_FORM: 'REQUEST_CARD_NONCE_IF_VALID_FORM',
	/** frame -> host, one-way: the frame's script runs and listens. */
	FRAME_READY: 'FRAME_READY',
	/** frame -> host, one-way: a field's state changed (drives classes, message line, events). */
	FIELD_EVENT: 'FIELD_EVENT',
	/** frame -> host, one-way: the postal country changed (card BIN looked up); message line only. */
	POSTAL_COUNTRY: 'POSTAL_COUNTRY',
} as const;

export type MessageType = ( typeof MESSAGE )[ keyof typeof MESSAGE ];

/** Every known message type, for the "undefined message type" report. */
export const MESSAGE_TYPES: ReadonlySet< string > = new Set(
	Object.values( MESSAGE )
);

/** Marker that tells our envelopes apart from other postMessage traffic. */
export const ENVELOPE_MARK = 'kestrel-payments';

/** An error as it crosses the boundary (API §11.1 SerializedError). */
export interface SerializedError {
	_isSerializedError: true;
	name: string;
	message: string;
	errors?: Array< Record< string, unknown > >;
	/**
	 * False for a failure that is not reported to monitoring (spec §8: network errors); ours,
	 * not part of the types' SerializedError.
	 */
	reportable?: false;
}

/** One postMessage payload. */
export interface Envelope {
	mark: typeof ENVELOPE_MARK;
	/** Random id per element instance. */
	channel: string;
	/** Correlation id (request, its ack and its reply share it). */
	id: string;
	kind: 'request' | 'ack' | 'reply' | 'event';
	type: string;
	payload?: unknown;
	error?: SerializedError;
}

/**
 * Whether a value is one of our envelopes.
 *
 * @param data postMessage data.
 */
export function isEnvelope( data: unknown ): data is Envelope {
	if ( ! data || typeof data !== 'object' ) {
		return false;
	}
	const d = data as Record< string, unknown >;
	return (
		d.mark === ENVELOPE_MARK &&
		typeof d.channel === 'string' &&
		typeof d.id === 'string' &&
		typeof d.type === 'string' &&
		( d.kind === 'request' ||
			d.kind === 'ack' ||
			d.kind === 'reply' ||
			d.kind === 'event' )
	);
}

/**
 * An Error as a SerializedError.
 *
 * @param error Anything thrown.
 */
export function serializeError( error: unknown ): SerializedError {
	const e = error as {
		name?: string;
		message?: string;
		errors?: Array< Record< string, unknown > >;
		reportable?: boolean;
	};
	return {
		_isSerializedError: true,
		name: typeof e?.name === 'string' ? e.name : 'UnexpectedError',
		message: typeof e?.message === 'string' ? e.message : String( error ),
		errors: Array.isArray( e?.errors ) ? e.errors : undefined,
		...( e?.reportable === false ? { reportable: false as const } : {} ),
	};
}

/** State of one input (API §4.3 CardInputEventState). */
export interface FieldState {
	hasErrorClass: boolean;
	hasFocusClass: boolean;
	isCompletelyValid: boolean;
	isEmpty: boolean;
	isPotentiallyValid: boolean;
}

/** FIELD_EVENT payload. */
export interface FieldEventPayload {
	eventType: CardInputEventName;
	field: AnyFieldName;
	cardBrand: CardBrand | string;
	postalCodeValue: string;
	currentState: FieldState;
	previousState?: FieldState;
	/** Fields currently in error, in the message-line order, for the host's message line. */
	errorFields: AnyFieldName[];
	/** Focused field, if any. */
	focusedField: AnyFieldName | null;
	/** Country whose postal format applies (card's issuing country, else the locale's). */
	postalCountry?: PostalCountry;
}

/** loadCardsForm / LOAD_GIFT_CARDS_FORM / CONFIGURE payload. */
export interface ConfigurePayload {
	includeInputLabels: boolean;
	style: Record< string, unknown >;
	postalCode?: string;
	locale: Locale;
	applicationId: string;
	locationId?: string;
	sessionId?: string;
}

/** Card summary returned with a nonce (never the number). */
export interface CardSummary {
	brand: CardBrand;
	last4: string;
	expMonth: number;
	expYear: number;
	cardType: 'UNKNOWN_CARD_TYPE' | 'CREDIT' | 'DEBIT';
	prepaidType: 'UNKNOWN_PREPAID_TYPE' | 'NOT_PREPAID' | 'PREPAID';
	postalCode?: string;
}

/** REQUEST_CARD_NONCE_IF_VALID_FORM reply. */
export type NonceReply =
	| {
			valid: false;
			errors: Array< {
				field: AnyFieldName;
				type: string;
				message: string;
			} >;
	  }
	| {
			valid: true;
			cardNonce: string;
			/** The card's summary (card element; none for a gift card). */
			card?: CardSummary;
			paymentMethodTrackingId: string;
	  };

/** Hydration response (spec §3). */
export interface Hydration {
	avt: string;
	sessionId: string;
	instanceId: string;
	merchantName: string;
	applePayMerchantIdentifier: string;
	cashAppPayMerchantIdentifier: string;
	paymentMethodSupportDetail: Record<
		string,
		{ IsSupported: boolean; UnsupportedReasonType?: string }
	>;
	featureFlagValues: Record< string, unknown >;
	isTestMerchant: boolean;
	/**
	 * Our extension: the merchant's Afterpay/Clearpay limits (decimal strings) and currency,
	 * when the merchant is onboarded.
	 */
	afterpayConfiguration?: {
		minimumAmount: string;
		maximumAmount: string;
		currency: string;
	};
}

/** How a verification challenge ended (CHALLENGE_RESULT). */
export type ChallengeOutcome =
	| { outcome: 'verified'; token: string; userChallenged: true }
	| {
			outcome: 'failed' | 'canceled' | 'timeout' | 'error';
			message: string;
	  };

/** What the host asks the ACH authorisation frame to show (ACH_AUTHORIZATION). */
export interface AchAuthorizationRequest {
	applicationId: string;
	locationId?: string;
	sessionId?: string;
	locale: string;
	merchantName?: string;
	intent: 'CHARGE' | 'RECURRING_CHARGE';
	/** Minor units. */
	total: { amount: number; currencyCode: string };
	bankNonce?: string;
	bankAccountId?: string;
	accountHolderName?: string;
	/** The linked account (absent for a bankAccountId). */
	accountDetails?: {
		bankName: string;
		accountNumberSuffix: string;
		accountType: string;
	};
	cadence?: string;
	frequency?: Record< string, unknown >;
	startDate?: string;
	idempotencyKey: string;
}

/** How the ACH authorisation ended (ACH_AUTHORIZATION_RESULT). */
export type AchAuthorizationOutcome =
	| {
			outcome: 'signed';
			token: string;
			accountDetails?: {
				bankName: string;
				accountNumberSuffix: string;
				accountType: string;
			};
	  }
	| { outcome: 'canceled' }
	| { outcome: 'error'; message: string };
