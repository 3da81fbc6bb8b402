/**
 * Business constants of the payments SDK (specs/payments-sdk.md §9). Pure data.
 */

/** SDK version this implementation is compatible with (spec §1). */
export const SDK_VERSION = '1.51.4';
/** Acknowledgement time-out of the message channel (spec §7, §9). */
export const ACK_TIMEOUT_MS = 10_000;
/** Time a frame (element or main) has to announce itself before its use fails. */
export const FRAME_LOAD_TIMEOUT_MS = 10_000;
/** Time-out of one HTTP attempt (spec §9). */
export const REQUEST_TIMEOUT_MS = 10_000;
/** Attempts per HTTP request, first one included (spec §7, §9). */
export const MAX_ATTEMPTS = 3;
/** First retry delay; it doubles per attempt (spec §9). */
export const RETRY_BASE_MS = 200;
/** Upper bound of the random jitter added to each retry delay (spec §9). */
export const RETRY_JITTER_MS = 1000;
/** Upper bound of one retry delay (spec §9). */
export const MAX_BACKOFF_MS = 32_000;
/** Time a payment request listener has to settle (spec §8 "Events", §9). */
export const EVENT_LISTENER_TIMEOUT_MS = 30_000;
/** Card iframe height without / with input labels (spec §2). */
export const CARD_HEIGHT = 48;
export const CARD_HEIGHT_LABELS = 62;
/** At this width or less the card iframe is twice as high plus 1 px (spec §2). */
export const NARROW_WIDTH = 482;
/** Gift card iframe heights: the card heights plus 2 (spec §2). */
export const GIFT_CARD_EXTRA = 2;
/** Resize debounce (card) / throttle (gift card) (spec §2). */
export const RESIZE_WAIT_MS = 100;
/** Delay before a focus class is removed (spec §4). */
export const CLASS_REMOVAL_DELAY_MS = 50;
/** Metrics flush interval (spec §7). */
export const METRICS_FLUSH_MS = 1000;
/** Error reporting limits (spec §9). */
export const ERROR_BREADCRUMBS = 100;
export const ERROR_BUFFER = 30;
export const ERROR_RATE_LIMIT_MS = 60_000;
export const ERROR_MESSAGE_MAX = 250;
export const KEEPALIVE_MAX_BYTES = 60_000;
export const KEEPALIVE_MAX_IN_FLIGHT = 15;

/**
 * The tokenize lock (spec §4): a second tokenize while one runs. The frame refuses with it and
 * the host throws it as a TokenizationError with this code and message.
 */
export const TOKENIZATION_IN_PROCESS = 'TOKENIZATION_IN_PROCESS';
export const TOKENIZATION_IN_PROCESS_MESSAGE =
	'the tokenization request is already in process';

/**
 * Style selectors that apply to the frame's inputs and their containers (API §4.2). The host
 * allows these plus the message line's (.message-text, .message-icon, host DOM); the frame
 * renders only these and checks them again.
 */
export const INPUT_STYLE_SELECTORS = [
	'input',
	'input.is-focus',
	'input::placeholder',
	'input.is-focus::placeholder',
	'input.is-error',
	'input.is-error::placeholder',
	'.input-container',
	'.input-container.is-focus',
	'.input-container.is-error',
] as const;
export type InputStyleSelector = ( typeof INPUT_STYLE_SELECTORS )[ number ];

/** Supported locales and language defaults (spec §3). */
export const LOCALES = [
	'en-US',
	'en-IE',
	'en-CA',
	'en-GB',
	'en-AU',
	'ja-JP',
	'fr-FR',
	'fr-CA',
	'es-ES',
] as const;
export type Locale = ( typeof LOCALES )[ number ];
export const DEFAULT_LOCALE: Locale = 'en-US';
export const LANGUAGE_DEFAULTS: Record< string, Locale > = {
	en: 'en-US',
	es: 'es-ES',
	fr: 'fr-FR',
	ja: 'ja-JP',
};

/** Card field names, in the order the message line checks them (spec §4). */
export const CARD_FIELDS = [
	'cardNumber',
	'expirationDate',
	'cvv',
	'postalCode',
] as const;
export type CardFieldName = ( typeof CARD_FIELDS )[ number ];
export const GIFT_CARD_FIELDS = [ 'giftCardNumber' ] as const;
export type GiftCardFieldName = ( typeof GIFT_CARD_FIELDS )[ number ];
export type AnyFieldName = CardFieldName | GiftCardFieldName;

/** Card brands (spec §3). */
export const CARD_BRANDS = [
	'OTHER_BRAND',
	'AMERICAN_EXPRESS',
	'DISCOVER_DINERS',
	'DISCOVER',
	'JCB',
	'MASTERCARD',
	'CHINA_UNIONPAY',
	'VISA',
] as const;
export type CardBrand = ( typeof CARD_BRANDS )[ number ];

/** Card element events (spec §3). */
export const CARD_EVENTS = [
	'focusClassAdded',
	'focusClassRemoved',
	'errorClassAdded',
	'errorClassRemoved',
	'cardBrandChanged',
	'postalCodeChanged',
	'escape',
	'submit',
] as const;
export type CardInputEventName = ( typeof CARD_EVENTS )[ number ];
export type GiftCardInputEventName = Exclude<
	CardInputEventName,
	'postalCodeChanged'
>;

/** Postal code countries (spec §3). */
export type PostalCountry = 'US' | 'CA' | 'GB';

/**
 * Resolves a requested locale: exact match, else the language default when the language is
 * supported, else null (types: an unsupported language is a no-op, spec §4 / API §13.7).
 *
 * @param requested Locale such as "fr-BE".
 */
export function resolveLocale( requested: string ): Locale | null {
	const exact = LOCALES.find(
		( l ) => l.toLowerCase() === String( requested ).toLowerCase()
	);
	if ( exact ) {
		return exact;
	}
	const lang = String( requested ).split( /[-_]/ )[ 0 ].toLowerCase();
	return LANGUAGE_DEFAULTS[ lang ] ?? null;
}

/** Postal code countries as a list. */
export const POSTAL_COUNTRIES: readonly PostalCountry[] = [ 'US', 'CA', 'GB' ];

/**
 * Postal country of a locale's region: the fallback while the card's issuing country is not
 * known (see postalCountryFor).
 *
 * @param locale Supported locale.
 */
export function postalCountryOf( locale: Locale ): PostalCountry {
	if ( locale.endsWith( '-CA' ) ) {
		return 'CA';
	}
	if ( locale.endsWith( '-GB' ) ) {
		return 'GB';
	}
	return 'US';
}

/**
 * Postal country of the card being typed. The card shows its postal code field by issuing
 * country (API §4, types) and the postal countries are US, CA and GB (spec §3); the issuing
 * country comes from the provider's BIN lookup (/v2/tokenization/product-information, spec §7)
 * once the first 6 digits are typed. Until then, for an unknown BIN, a failed lookup or a
 * country outside the three, the page locale's region decides (postalCountryOf).
 *
 * @param issuingCountry ISO country of the card's BIN, if known.
 * @param locale         Page locale.
 */
export function postalCountryFor(
	issuingCountry: string | null | undefined,
	locale: Locale
): PostalCountry {
	const country = String( issuingCountry ?? '' ).toUpperCase();
	return ( POSTAL_COUNTRIES as readonly string[] ).includes( country )
		? ( country as PostalCountry )
		: postalCountryOf( locale );
}

/** Where the SDK loads a third-party script from (wave 2 design A.0.2). */
export type ThirdPartyScript =
	| 'googlePay'
	| 'plaid'
	| 'cashAppPay'
	| 'afterpay'
	| 'clearpay'
	| 'afterpayMessaging';

/**
 * Third-party scripts by environment, loaded on demand (spec §7). Production and the provider's
 * own sandbox load the vendor's script; in our offline sandbox every entry is a stand-in served
 * under the SDK's asset origin (a path, resolved against it), so nothing leaves the machine.
 */
export const THIRD_PARTY_SCRIPTS: Readonly<
	Record<
		'production' | 'sandbox',
		Readonly< Record< ThirdPartyScript, string > >
	>
> = {
	production: {
		googlePay: 'https://pay.google.com/gp/p/js/pay.js',
		// Plaid Link's published loader (bank linking for ACH).
		plaid: 'https://cdn.plaid.com/link/v2/stable/link-initialize.js',
		// Cash App Pay Kit; production merchants only (test merchants use the provider's sandbox).
		cashAppPay: 'https://kit.cash.app/v1/pay.js',
		// Afterpay.js (US, CA, AU, NZ), Clearpay's portal script (GB, EU) and the messaging
		// library (the afterpay-placement element and the information modal).
		afterpay: 'https://portal.afterpay.com/afterpay.js',
		clearpay: 'https://portal.clearpay.co.uk/afterpay.js',
		afterpayMessaging: 'https://js.afterpay.com/afterpay-1.x.js',
	},
	sandbox: {
		googlePay: '/vendors/google-pay/pay.js',
		plaid: '/vendors/plaid/link-initialize.js',
		cashAppPay: '/vendors/cash-app/pay.js',
		afterpay: '/vendors/afterpay/afterpay.js',
		clearpay: '/vendors/clearpay/afterpay.js',
		afterpayMessaging: '/vendors/afterpay/afterpay-messaging.js',
	},
};
