/**
 * Error classes of the SDK (API §11; spec §8). Programmer misuse throws one of these; user
 * outcomes (validation, declines) are TokenResult values. `name` is always the class name.
 */
import {
	TOKENIZATION_IN_PROCESS,
	TOKENIZATION_IN_PROCESS_MESSAGE,
	type SerializedError,
} from '../protocol';

/** API §11.1 sub-error shapes. */
export type ErrorCategory =
	| 'API_ERROR'
	| 'AUTHENTICATION_ERROR'
	| 'INVALID_REQUEST_ERROR'
	| 'RATE_LIMIT_ERROR'
	| 'PAYMENT_METHOD_ERROR'
	| 'REFUND_ERROR';
export interface ApplicationError {
	message: string;
	type: string;
	field?: string;
	detail?: string;
}
export interface SquareApiError {
	category: ErrorCategory;
	code: string;
	detail?: string;
	field?: string;
}
export interface VerifyBuyerErrorDetails {
	code?: string;
	type: string;
	message: string;
}
export interface SqErrorI {
	message: string;
	name: string;
	errors: SubError[];
}
export type SubError =
	SquareApiError | ApplicationError | VerifyBuyerErrorDetails | SqErrorI;

/** Base of every SDK error. */
export class SqError< E extends SubError = SubError > extends Error {
	readonly errors: E[];

	/**
	 * @param message Text.
	 * @param errors  Sub-errors.
	 */
	constructor( message?: string, errors: E[] = [] ) {
		super( message );
		this.name = new.target.name;
		this.errors = errors;
		Object.setPrototypeOf( this, new.target.prototype );
	}

	/**
	 * Copies name, message and sub-errors from an error that crossed the frame boundary.
	 *
	 * @param error Serialized error.
	 */
	fromSerializedError( error: SerializedError ): void {
		this.message = error.message;
		( this as { errors: E[] } ).errors = ( error.errors ??
			[] ) as unknown as E[];
	}
}

const describe = ( el: unknown ) =>
	typeof el === 'string'
		? el
		: `<${ ( el as { tagName?: string } )?.tagName?.toLowerCase() ?? '?' }>`;

export class BrowserNotSupportedError extends SqError {
	constructor() {
		super( 'Web Payments SDK does not support this browser' );
	}
}
export class WebSdkEmbedError extends SqError {
	constructor() {
		super(
			'Web Payments SDK can only be embedded on sites that use HTTPS'
		);
	}
}
export class InvalidApplicationIdError extends SqError {
	constructor() {
		super(
			"The Payment 'applicationId' option is not in the correct format."
		);
	}
}
export class ApplicationIdEnvironmentMismatchError extends SqError {
	/** @param environment Environment of the loaded SDK. */
	constructor( environment = 'sandbox' ) {
		super(
			`The application id does not belong to the ${ environment } environment of the loaded SDK.`
		);
	}
}
export class ElementNotFoundError extends SqError {
	/** @param element Selector or element. */
	constructor( element: HTMLElement | string ) {
		super( `Element ${ describe( element ) } was not found.` );
	}
}
export class InvalidOptionError extends SqError {
	/** @param optionName Option. */
	constructor( optionName: string ) {
		super( `'${ optionName }' is not a valid option.` );
	}
}
export class InvalidEventListenerCallbackError extends SqError {
	/**
	 * @param event   Event name.
	 * @param message Text.
	 */
	constructor( event: string, message: string ) {
		super( `The event listener for ${ event } failed: ${ message }` );
	}
}
export class InvalidPaymentRequestError extends SqError {
	/** @param missingFields [property, expected type] pairs. */
	constructor( missingFields: string[][] = [] ) {
		super(
			`Invalid payment request: ${ missingFields
				.map( ( [ p, t ] ) => `expected '${ p }' to be ${ t }` )
				.join( ', ' ) }`
		);
	}
}
export class InvalidPaymentRequestUpdateError extends SqError {
	/** @param missingFields [property, expected type] pairs. */
	constructor( missingFields: string[][] = [] ) {
		super(
			`Invalid payment request update: ${ missingFields
				.map( ( [ p, t ] ) => `expected '${ p }' to be ${ t }` )
				.join( ', ' ) }`
		);
	}
}
/** Spec §5: the text of an amount that is not a non-negative decimal in the currency's digits. */
const INVALID_CURRENCY_FORMAT_MESSAGE =
	'amount in a field is not expressed in a valid format';
/**
 * A payment request amount that is not a non-negative decimal string with at most the
 * currency's decimal places (spec §5; API §11.2, not on Square.errors). The message is the
 * spec's; the sub-error names the field and the amount.
 */
export class InvalidCurrencyFormatError extends SqError< ApplicationError > {
	/**
	 * @param amount       The amount given.
	 * @param currencyCode Currency of the request.
	 * @param field        Where the amount is ("total.amount", "lineItems[0].amount").
	 */
	constructor( amount: string, currencyCode: string, field?: string ) {
		super( INVALID_CURRENCY_FORMAT_MESSAGE, [
			{
				type: 'INVALID_CURRENCY_FORMAT',
				message: INVALID_CURRENCY_FORMAT_MESSAGE,
				field,
				detail: `'${ amount }' is not a valid ${ currencyCode } amount.`,
			},
		] );
	}
}
export class PaymentMethodUnsupportedError extends SqError {
	/**
	 * @param error Reason.
	 * @param field Field.
	 */
	constructor( error: ApplicationError, field?: string ) {
		super( error.message, [ { ...error, field: field ?? error.field } ] );
	}
}
export class PlaidMissingNameError extends SqError {
	constructor() {
		super( 'accountHolderName is required.' );
	}
}
export class ScriptLoaderError extends SqError {
	/** @param errorMessage Text. */
	// eslint-disable-next-line no-useless-constructor -- makes the message required, as in the types.
	constructor( errorMessage: string ) {
		super( errorMessage );
	}
}
export class TokenizationError extends SqError< ApplicationError > {
	/** @param errors Causes. */
	constructor( errors: ApplicationError[] = [] ) {
		super(
			errors.length
				? `Tokenization failed: ${ errors.map( ( e ) => e.message ).join( ' ' ) }`
				: 'Tokenization failed.',
			errors
		);
	}
}
export class UnexpectedError extends SqError {
	/** @param actionText "while …" suffix. */
	constructor( actionText?: string ) {
		super(
			actionText
				? `An unexpected error occurred while ${ actionText }`
				: 'An unexpected error occurred'
		);
	}
}
export class VerifyBuyerError extends SqError {
	/** @param error Details. */
	constructor( error: VerifyBuyerErrorDetails ) {
		super( error.message, [ error ] );
	}
}
export class InvalidFieldNameError extends SqError {
	/**
	 * @param name  Given name.
	 * @param valid Valid names.
	 */
	constructor( name: string, valid: readonly string[] = [] ) {
		super(
			`'${ name }' is not a valid field name. Valid names: ${ valid.join( ', ' ) }.`
		);
	}
}
export class InvalidConfigurationPropertyError extends SqError {
	/** @param property Property. */
	constructor( property: string ) {
		super( `'${ property }' is not a valid configuration property.` );
	}
}
export class InvalidConfigurationValueError extends SqError {
	/**
	 * @param property Property.
	 * @param value    Value.
	 * @param message  Detail.
	 */
	constructor( property: string, value: unknown, message?: string ) {
		super(
			`'${ String( value ) }' is not a valid value for '${ property }'.${
				message ? ` ${ message }` : ''
			}`
		);
	}
}
export class PaymentMethodAlreadyAttachedError extends SqError {
	/** @param paymentMethod Method. */
	constructor( paymentMethod: string ) {
		super( `${ paymentMethod } is already attached.` );
	}
}
export class PaymentMethodNotAttachedError extends SqError {
	/** @param paymentMethod Method. */
	constructor( paymentMethod: string ) {
		super( `${ paymentMethod } is not attached.` );
	}
}
export class PaymentMethodAlreadyDestroyedError extends SqError {
	/** @param paymentMethod Method. */
	constructor( paymentMethod: string ) {
		super( `${ paymentMethod } is already destroyed.` );
	}
}
export class InvalidElementTypeError extends SqError {
	/**
	 * @param element Element.
	 * @param allowed Allowed tag names.
	 */
	constructor( element: HTMLElement | string, allowed: Set< string > ) {
		super(
			`${ describe( element ) } is not a valid element; use one of: ${ [
				...allowed,
			].join( ', ' ) }.`
		);
	}
}
export class InvalidElementPresentError extends SqError {
	/**
	 * @param paymentMethod Method.
	 * @param elementIds    Conflicting ids.
	 */
	constructor( paymentMethod: string, elementIds: string ) {
		super(
			`${ paymentMethod } cannot be used while an element with id ${ elementIds } is present.`
		);
	}
}
export class MethodNotAvailableError extends SqError {
	constructor() {
		super( 'Method is not enabled for this app.' );
	}
}
export class FeatureDisabledError extends SqError {
	/** @param featureName Feature. */
	constructor( featureName: string ) {
		super( `The feature '${ featureName }' is not enabled.` );
	}
}
export class InvalidInputStylePropertyError extends SqError {
	/** @param property Property. */
	constructor( property: string ) {
		super( `'${ property }' is not a valid style property.` );
	}
}
export class InvalidInputStyleValueError extends SqError {
	/**
	 * @param property Property.
	 * @param value    Value.
	 */
	constructor( property: string, value: string ) {
		super(
			`'${ value }' is not a valid value for the style property '${ property }'.`
		);
	}
}
export class InvalidInputStyleSelectorError extends SqError {
	/** @param selector Selector. */
	constructor( selector: string ) {
		super( `'${ selector }' is not a valid style selector.` );
	}
}
export type StyleError =
	| InvalidInputStylePropertyError
	| InvalidInputStyleValueError
	| InvalidInputStyleSelectorError;
export class InvalidStylesError extends SqError {
	/** @param errors Style errors. */
	constructor( errors: StyleError[] ) {
		super(
			`Invalid styles: ${ errors.map( ( e ) => e.message ).join( ' ' ) }`,
			errors.map( ( e ) => ( {
				name: e.name,
				message: e.message,
				errors: [],
			} ) )
		);
	}
}
/**
 * Cash App Pay (spec §5, §8): a payment request Cash App Pay cannot take (not USD, amount below
 * one minor unit, referenceId too long). The sub-error names the field and the reason.
 */
export class CashAppPayInvalidPaymentRequestError extends SqError< ApplicationError > {
	/**
	 * @param type    Reason code ("INVALID_CURRENCY", "INVALID_AMOUNT", …).
	 * @param message Text.
	 * @param field   Field.
	 */
	constructor( type: string, message: string, field?: string ) {
		super( message, [ { type, message, field } ] );
	}
}
export class CashAppPayMissingRedirectUrlError extends SqError {
	/** @param detail Why the URL is refused. */
	constructor( detail = 'Cash App Pay needs a redirectURL.' ) {
		super( detail );
	}
}
export class CashAppPayInvalidShouldTokenizeError extends SqError {
	constructor() {
		super(
			'shouldTokenize must be a function that returns a Promise<boolean>.'
		);
	}
}
export class CashAppPayGrantMissingError extends SqError {
	constructor() {
		super( 'Cash App Pay approved the request without a payment grant.' );
	}
}
export class InvalidCashAppPayOptionsFieldTypes extends SqError {
	/**
	 * @param field    Option.
	 * @param expected Expected type.
	 */
	constructor( field: string, expected: string ) {
		super(
			`Cash App Pay button option '${ field }' must be ${ expected }.`
		);
	}
}
export class InvalidCashAppPayOptionsFieldValues extends SqError {
	/**
	 * @param field   Option.
	 * @param value   Given value.
	 * @param allowed Allowed values.
	 */
	constructor( field: string, value: unknown, allowed: readonly string[] ) {
		super(
			`'${ String( value ) }' is not a valid value for the Cash App Pay button option '${ field }'. Valid values: ${ allowed.join( ', ' ) }.`
		);
	}
}
/** Legacy Cash App: the redirect back from Cash App carried `error` (spec §8). */
export class CashAppRedirectError extends SqError {
	/** @param error The `error` query parameter. */
	constructor( error: string ) {
		super( `Received an error in redirect from Cash App: ${ error }` );
	}
}
/** Legacy Cash App: the authorisation's QR url is not a URL (spec §5, §8). */
export class CashAppInvalidQrUrlError extends SqError {
	/** @param url What the provider gave. */
	constructor( url: unknown ) {
		super(
			`The Cash App QR code url '${ String( url ) }' is not a valid URL.`
		);
	}
}
/**
 * Afterpay/Clearpay (spec §5, §8; wave 2 A.6): tokenize() is not for a method whose button
 * reports through an `ontokenization` listener (the button starts the flow itself then).
 */
export class AfterpayOnTokenizeListenerError extends SqError {
	constructor() {
		super(
			'tokenize() cannot be called while an ontokenization listener is registered: the Afterpay/Clearpay button starts the checkout and reports the result to the listener.'
		);
	}
}
/** A payment request that asks for shipping without the listener its wallet needs. */
export class PaymentMethodMissingListenerError extends SqError {
	/**
	 * @param paymentMethod Method.
	 * @param event         The event that needs a listener.
	 */
	constructor( paymentMethod: string, event: string ) {
		super(
			`${ paymentMethod } needs a listener for '${ event }' on the payment request when requestShippingContact is true.`
		);
	}
}
/** The provider refused the Afterpay/Clearpay checkout request. */
export class AfterpayRequestError extends SqError {
	/** @param detail The provider's reason. */
	constructor( detail: string ) {
		super( `The Afterpay/Clearpay checkout request failed: ${ detail }` );
	}
}
/** The total is outside the merchant's Afterpay/Clearpay limits. */
export class AfterpayAmountOutsideLimitsError extends SqError {
	/**
	 * @param amount   The total.
	 * @param minimum  Lowest total.
	 * @param maximum  Highest total.
	 * @param currency Currency.
	 */
	constructor(
		amount: string,
		minimum: string,
		maximum: string,
		currency: string
	) {
		super(
			`The amount ${ amount } ${ currency } is outside the Afterpay/Clearpay limits of this merchant (${ minimum } to ${ maximum } ${ currency }).`
		);
	}
}
/** A currency Afterpay/Clearpay does not take (or not this merchant's). */
export class AfterpayUnsupportedCurrencyError extends SqError {
	/**
	 * @param currency  The request's currency.
	 * @param supported What is supported.
	 */
	constructor( currency: string, supported: readonly string[] ) {
		super(
			`Afterpay/Clearpay does not support the currency ${ currency } here; supported: ${ supported.join(
				', '
			) }.`
		);
	}
}
/** The merchant is not enabled for Afterpay/Clearpay. */
export class AfterpayMerchantError extends SqError {
	/** @param reason Why (the hydration's UnsupportedReasonType). */
	constructor( reason: string ) {
		super(
			`This merchant is not enabled for Afterpay/Clearpay (${ reason }).`,
			[ { type: reason, message: 'Merchant not enabled.' } ]
		);
	}
}
/** A payment request Afterpay/Clearpay cannot use (spec §5 shipping contact fields). */
export class AfterpayInvalidPaymentRequestError extends SqError {
	/** @param problems What is wrong. */
	constructor( problems: string[] ) {
		super(
			`Invalid payment request for Afterpay/Clearpay: ${ problems.join(
				'; '
			) }.`
		);
	}
}
/**
 * A second tokenize while one runs (spec §4 "Tokenize lock"). 1.51.4 has no class of its own
 * for it (API §11.2: 41 classes, none for the lock), so it is a TokenizationError — `name` is
 * 'TokenizationError' and `instanceof Square.errors.TokenizationError` holds — whose message
 * and only sub-error say 'the tokenization request is already in process'.
 */
export function tokenizationInProgress(): TokenizationError {
	const error = new TokenizationError( [
		{
			type: TOKENIZATION_IN_PROCESS,
			message: TOKENIZATION_IN_PROCESS_MESSAGE,
		},
	] );
	error.message = TOKENIZATION_IN_PROCESS_MESSAGE;
	return error;
}
/**
 * A payment request listener that did not settle within 30 s (spec §8 "Events", §9). 1.51.4
 * has no class of its own for it, so it is an InvalidEventListenerCallbackError whose message
 * is the spec's text.
 *
 * @param event Event name.
 */
export function listenerTimedOut(
	event: string
): InvalidEventListenerCallbackError {
	const error = new InvalidEventListenerCallbackError( event, '' );
	error.message = `The event listener for ${ event } timed out (30 seconds). If you've returned a promise, ensure it is resolving`;
	return error;
}
/** The 13 classes exposed as `Square.errors` (API §11.3). */
export const PUBLIC_ERRORS = {
	BrowserNotSupportedError,
	ElementNotFoundError,
	InvalidOptionError,
	InvalidEventListenerCallbackError,
	InvalidPaymentRequestError,
	InvalidPaymentRequestUpdateError,
	PaymentMethodUnsupportedError,
	PlaidMissingNameError,
	ScriptLoaderError,
	TokenizationError,
	UnexpectedError,
	VerifyBuyerError,
	WebSdkEmbedError,
};
