/**
 * What Cash App Pay checks before it talks to Pay Kit (spec §5 "Cash App Pay", §9): the payment
 * request (USD only, at least one minor unit), the options (a secure redirectURL, a referenceId
 * of at most 50 characters), the button options and shouldTokenize; and the expiry warning
 * delay (spec §4). Pure functions, so Jest covers them without a page.
 */
import {
	CashAppPayInvalidPaymentRequestError,
	CashAppPayInvalidShouldTokenizeError,
	CashAppPayMissingRedirectUrlError,
	InvalidCashAppPayOptionsFieldTypes,
	InvalidCashAppPayOptionsFieldValues,
} from '../../errors';
import type { PaymentRequestOptions } from '../../types';
import type { PayKitButtonOptions } from './pay-kit';

/** The longest referenceId (spec §5, §9: transaction ids at most 50 characters). */
export const MAX_REFERENCE_ID = 50;

/** Timers at or above this never fire as meant (setTimeout's 32-bit limit): no warning. */
export const NO_TIMER_MS = 2147483647;
export const MINUTE_MS = 60000;

export interface CheckedCashAppPayRequest {
	/** Total in cents. */
	amount: number;
	redirectURL: string;
	referenceId?: string;
}

/**
 * Whether a host is the page's own machine (like the https rule of spec §5).
 *
 * @param hostname URL host name.
 */
const isLocal = ( hostname: string ): boolean =>
	hostname === 'localhost' ||
	hostname.endsWith( '.localhost' ) ||
	hostname === '127.0.0.1' ||
	hostname === '[::1]';

/**
 * Cents of a decimal USD amount ("1.00" → 100), exact (no floating point).
 *
 * @param amount Decimal string already checked by the payment request.
 */
export function usdCents( amount: string ): number {
	const [ whole, fraction = '' ] = amount.split( '.' );
	return Number( whole ) * 100 + Number( ( fraction + '00' ).slice( 0, 2 ) );
}

/**
 * Checks the payment request and the options, in the spec's order after the merchant checks:
 * currency, amount, redirectURL, referenceId.
 *
 * @param request The payment request (already a valid request).
 * @param options `payments.cashAppPay`'s second argument.
 */
export function checkCashAppPayRequest(
	request: Readonly< PaymentRequestOptions >,
	options: unknown
): CheckedCashAppPayRequest {
	if ( request.currencyCode.toUpperCase() !== 'USD' ) {
		throw new CashAppPayInvalidPaymentRequestError(
			'INVALID_CURRENCY',
			`Cash App Pay only accepts USD; the payment request is in ${ request.currencyCode }.`,
			'currencyCode'
		);
	}
	const amount = usdCents( request.total.amount );
	if ( ! Number.isSafeInteger( amount ) || amount < 1 ) {
		throw new CashAppPayInvalidPaymentRequestError(
			'INVALID_AMOUNT',
			`Cash App Pay needs a total of at least 0.01 USD; the payment request's total is ${ request.total.amount }.`,
			'total.amount'
		);
	}
	const o = (
		typeof options === 'object' && options !== null ? options : {}
	) as Record< string, unknown >;
	const redirectURL = o.redirectURL;
	if ( typeof redirectURL !== 'string' || redirectURL.trim() === '' ) {
		throw new CashAppPayMissingRedirectUrlError();
	}
	let url: URL;
	try {
		url = new URL( redirectURL );
	} catch {
		throw new CashAppPayMissingRedirectUrlError(
			`Cash App Pay's redirectURL '${ redirectURL }' is not a valid URL.`
		);
	}
	if (
		url.protocol !== 'https:' &&
		! ( url.protocol === 'http:' && isLocal( url.hostname ) )
	) {
		throw new CashAppPayMissingRedirectUrlError(
			`Cash App Pay's redirectURL must use https (http only on localhost): '${ redirectURL }'.`
		);
	}
	const referenceId = o.referenceId;
	if ( referenceId !== undefined ) {
		if (
			typeof referenceId !== 'string' ||
			referenceId.length < 1 ||
			referenceId.length > MAX_REFERENCE_ID
		) {
			throw new CashAppPayInvalidPaymentRequestError(
				'INVALID_REFERENCE_ID',
				`Cash App Pay's referenceId must be a string of 1 to ${ MAX_REFERENCE_ID } characters.`,
				'referenceId'
			);
		}
	}
	return {
		amount,
		redirectURL,
		...( referenceId !== undefined
			? { referenceId: referenceId as string }
			: {} ),
	};
}

/** The button options and their values (types 1.51.4; `values` is a deprecated `theme`). */
const BUTTON_VALUES: Readonly< Record< string, readonly string[] > > = {
	shape: [ 'round', 'semiround' ],
	size: [ 'medium', 'small' ],
	theme: [ 'dark', 'light' ],
	values: [ 'dark', 'light' ],
	width: [ 'full', 'static' ],
};

/**
 * The button options for Pay Kit, or false for no button (the merchant's own element).
 * Types first (InvalidCashAppPayOptionsFieldTypes), then values (…FieldValues). Defaults are
 * Pay Kit's: round and dark (spec §2).
 *
 * @param options `attach`'s second argument.
 */
export function checkButtonOptions(
	options: unknown
): PayKitButtonOptions | false {
	if ( options === false ) {
		return false;
	}
	if ( options === undefined || options === null ) {
		return { shape: 'round', theme: 'dark' };
	}
	if ( typeof options !== 'object' || Array.isArray( options ) ) {
		throw new InvalidCashAppPayOptionsFieldTypes(
			'options',
			'an object or false'
		);
	}
	const o = options as Record< string, unknown >;
	for ( const [ key, value ] of Object.entries( o ) ) {
		if ( ! ( key in BUTTON_VALUES ) ) {
			throw new InvalidCashAppPayOptionsFieldValues(
				'options',
				key,
				Object.keys( BUTTON_VALUES )
			);
		}
		if ( value !== undefined && typeof value !== 'string' ) {
			throw new InvalidCashAppPayOptionsFieldTypes( key, 'a string' );
		}
	}
	for ( const [ key, value ] of Object.entries( o ) ) {
		if (
			value !== undefined &&
			! BUTTON_VALUES[ key ].includes( value as string )
		) {
			throw new InvalidCashAppPayOptionsFieldValues(
				key,
				value,
				BUTTON_VALUES[ key ]
			);
		}
	}
	const theme = ( o.theme ?? o.values ?? 'dark' ) as 'dark' | 'light';
	return {
		shape: ( o.shape as PayKitButtonOptions[ 'shape' ] ) ?? 'round',
		theme,
		...( o.size ? { size: o.size as PayKitButtonOptions[ 'size' ] } : {} ),
		...( o.width
			? { width: o.width as PayKitButtonOptions[ 'width' ] }
			: {} ),
	};
}

/**
 * Refuses a shouldTokenize that is given but not a function (spec §5).
 *
 * @param shouldTokenize `attach`'s third argument.
 */
export function checkShouldTokenize(
	shouldTokenize: unknown
): ( () => Promise< boolean > ) | undefined {
	if ( shouldTokenize === undefined ) {
		return undefined;
	}
	if ( typeof shouldTokenize !== 'function' ) {
		throw new CashAppPayInvalidShouldTokenizeError();
	}
	return shouldTokenize as () => Promise< boolean >;
}

/**
 * When to warn that the customer request expires (spec §4): one minute before it, but not
 * sooner than in one minute; never when the expiry is 2147483647 ms or more away (a timer that
 * long fires at once in browsers).
 *
 * @param expiresInMs Time until the request expires.
 * @return Delay in ms, or null for no timer.
 */
export function expiryWarningDelay( expiresInMs: number ): number | null {
	if ( ! Number.isFinite( expiresInMs ) || expiresInMs >= NO_TIMER_MS ) {
		return null;
	}
	return Math.max( expiresInMs - MINUTE_MS, MINUTE_MS );
}
