/**
 * Payment request checks (spec §3 "Payment request", §5): the shape of a request (required
 * strings, line items, shipping options, booleans, contacts), the amount format per currency,
 * and the shape of a shipping listener's answer. Pure functions.
 */
import {
	InvalidCurrencyFormatError,
	InvalidPaymentRequestError,
	InvalidPaymentRequestUpdateError,
} from '../errors';
import type {
	PaymentRequestOptions,
	PaymentRequestUpdate,
	ShippingErrors,
} from '../types';

/** [property path, expected type] pairs, as InvalidPaymentRequestError takes them (API §11.2). */
export type Problems = Array< [ string, string ] >;

/** The line item lists of a request (spec §3); each item needs amount and label strings. */
const LINE_ITEM_LISTS = [
	'lineItems',
	'taxLineItems',
	'discounts',
	'shippingLineItems',
] as const;

/** The fields of ShippingErrors (API §7). */
const SHIPPING_ERROR_FIELDS = [
	'addressLines',
	'city',
	'state',
	'postalCode',
	'country',
] as const;

const isObject = ( v: unknown ): v is Record< string, unknown > =>
	typeof v === 'object' && v !== null && ! Array.isArray( v );

/**
 * Problems of one line item: amount and label must be strings (spec §5).
 *
 * @param item     The item.
 * @param path     Its path in the request.
 * @param problems Collected problems.
 */
function lineItemProblems(
	item: unknown,
	path: string,
	problems: Problems
): void {
	const o = isObject( item ) ? item : {};
	if ( typeof o.amount !== 'string' ) {
		problems.push( [ `${ path }.amount`, 'string' ] );
	}
	if ( typeof o.label !== 'string' ) {
		problems.push( [ `${ path }.label`, 'string' ] );
	}
}

/**
 * Problems of the parts a listener's answer may also carry: the line item lists, the total
 * and the shipping options.
 *
 * @param o        Request or answer.
 * @param problems Collected problems.
 */
function partsProblems(
	o: Record< string, unknown >,
	problems: Problems
): void {
	for ( const key of LINE_ITEM_LISTS ) {
		const list = o[ key ];
		if ( list === undefined ) {
			continue;
		}
		if ( ! Array.isArray( list ) ) {
			problems.push( [ key, 'array' ] );
			continue;
		}
		list.forEach( ( item, i ) =>
			lineItemProblems( item, `${ key }[${ i }]`, problems )
		);
	}
	const options = o.shippingOptions;
	if ( options === undefined ) {
		return;
	}
	if ( ! Array.isArray( options ) ) {
		problems.push( [ 'shippingOptions', 'array' ] );
		return;
	}
	options.forEach( ( s: unknown, i ) => {
		const path = `shippingOptions[${ i }]`;
		const option = isObject( s ) ? s : {};
		for ( const key of [ 'id', 'label', 'amount' ] ) {
			if ( typeof option[ key ] !== 'string' ) {
				problems.push( [ `${ path }.${ key }`, 'string' ] );
			}
		}
		// The spec asks a total object of every option, but the 1.51.4 types give it to
		// Afterpay options only and the quickstart passes options without one (API §13.3):
		// optional, and when present it is a line item.
		if ( option.total !== undefined ) {
			if ( isObject( option.total ) ) {
				lineItemProblems( option.total, `${ path }.total`, problems );
			} else {
				problems.push( [ `${ path }.total`, 'object' ] );
			}
		}
	} );
}

/**
 * Every shape problem of a whole request (spec §5): countryCode, currencyCode, total.amount
 * and total.label strings; line items with amount and label strings; shipping options with id,
 * label and amount strings; the contact flags booleans; the contacts objects.
 *
 * @param request What the merchant passed (or the merged result of an update).
 */
export function requestProblems( request: unknown ): Problems {
	const problems: Problems = [];
	const o = isObject( request ) ? request : {};
	for ( const key of [ 'countryCode', 'currencyCode' ] ) {
		if ( typeof o[ key ] !== 'string' ) {
			problems.push( [ key, 'string' ] );
		}
	}
	lineItemProblems( o.total, 'total', problems );
	partsProblems( o, problems );
	for ( const key of [ 'requestBillingContact', 'requestShippingContact' ] ) {
		if ( o[ key ] !== undefined && typeof o[ key ] !== 'boolean' ) {
			problems.push( [ key, 'boolean' ] );
		}
	}
	for ( const key of [ 'shippingContact', 'pickupContact' ] ) {
		if ( o[ key ] !== undefined && ! isObject( o[ key ] ) ) {
			problems.push( [ key, 'object' ] );
		}
	}
	return problems;
}

/**
 * Decimal places of a currency in payment requests (spec §3 "Money", §9): 0 for JPY, 2 for
 * every other currency.
 *
 * @param currencyCode ISO 4217 code.
 */
export function decimalsOf( currencyCode: string ): number {
	return currencyCode.toUpperCase() === 'JPY' ? 0 : 2;
}

/**
 * Whether an amount is a non-negative decimal string with at most the currency's decimal
 * places (spec §5): "10", "10.5", "10.50" in USD; "100" but not "100.5" in JPY.
 *
 * @param amount       Amount string.
 * @param currencyCode Currency.
 */
export function isValidAmount( amount: string, currencyCode: string ): boolean {
	const decimals = decimalsOf( currencyCode );
	const pattern =
		decimals === 0
			? /^\d+$/
			: new RegExp( String.raw`^\d+(?:\.\d{1,${ decimals }})?$` );
	return pattern.test( amount );
}

/**
 * Every amount of a well-shaped request with its path, in request order.
 *
 * @param request A request without shape problems.
 */
function amountsOf(
	request: PaymentRequestOptions
): Array< [ string, string ] > {
	const out: Array< [ string, string ] > = [
		[ 'total.amount', request.total.amount ],
	];
	for ( const key of LINE_ITEM_LISTS ) {
		( request[ key ] ?? [] ).forEach( ( item, i ) =>
			out.push( [ `${ key }[${ i }].amount`, item.amount ] )
		);
	}
	( request.shippingOptions ?? [] ).forEach( ( option, i ) => {
		out.push( [ `shippingOptions[${ i }].amount`, option.amount ] );
		const total = ( option as { total?: { amount: string } } ).total;
		if ( total ) {
			out.push( [
				`shippingOptions[${ i }].total.amount`,
				total.amount,
			] );
		}
	} );
	return out;
}

/**
 * Checks a whole request: shape first (every problem in one error), then each amount's format.
 *
 * @param request The request (new, or the merged result of an update).
 * @param update  Whether it comes from update() (InvalidPaymentRequestUpdateError).
 */
export function checkRequest(
	request: unknown,
	update = false
): asserts request is PaymentRequestOptions {
	const problems = requestProblems( request );
	if ( problems.length ) {
		throw update
			? new InvalidPaymentRequestUpdateError( problems )
			: new InvalidPaymentRequestError( problems );
	}
	const valid = request as PaymentRequestOptions;
	for ( const [ field, amount ] of amountsOf( valid ) ) {
		if ( ! isValidAmount( amount, valid.currencyCode ) ) {
			throw new InvalidCurrencyFormatError(
				amount,
				valid.currencyCode,
				field
			);
		}
	}
}

/** The request parts a listener's answer may change (API §7 PaymentRequestUpdate). */
export const UPDATABLE_PARTS = [
	...LINE_ITEM_LISTS,
	'total',
	'shippingOptions',
] as const;

/**
 * Problems of a shipping listener's answer (spec §5): an object; `error` a string;
 * `shippingErrors` an object of strings; a shipping contact answer needs shippingOptions
 * unless it carries an error or shippingErrors. Its line items, total and options are checked
 * with the merged request afterwards.
 *
 * @param answer  What the listener returned (resolved).
 * @param contact Whether it answers shippingcontactchanged.
 */
export function answerProblems( answer: unknown, contact: boolean ): Problems {
	if ( ! isObject( answer ) ) {
		return [ [ 'update', 'object' ] ];
	}
	const problems: Problems = [];
	if ( answer.error !== undefined && typeof answer.error !== 'string' ) {
		problems.push( [ 'error', 'string' ] );
	}
	const errors = answer.shippingErrors;
	if ( errors !== undefined ) {
		if ( ! isObject( errors ) ) {
			problems.push( [ 'shippingErrors', 'object' ] );
		} else {
			for ( const [ key, value ] of Object.entries( errors ) ) {
				if ( typeof value !== 'string' ) {
					problems.push( [ `shippingErrors.${ key }`, 'string' ] );
				}
			}
		}
	}
	if (
		contact &&
		answer.shippingOptions === undefined &&
		answer.error === undefined &&
		errors === undefined
	) {
		problems.push( [ 'shippingOptions', 'array' ] );
	}
	return problems;
}

/**
 * The shipping errors of an answer that has any (known fields only, in API order).
 *
 * @param answer A well-shaped answer.
 */
export function shippingErrorsOf(
	answer: PaymentRequestUpdate
): ShippingErrors | null {
	const errors = answer.shippingErrors ?? {};
	const out: ShippingErrors = {};
	for ( const key of SHIPPING_ERROR_FIELDS ) {
		if ( typeof errors[ key ] === 'string' ) {
			out[ key ] = errors[ key ];
		}
	}
	return Object.keys( out ).length ? out : null;
}
