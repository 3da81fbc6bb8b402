/**
 * The catalogue texts of card and gift card tokenize errors (spec §5 validation codes, §8
 * "Card") and how a failed frame call becomes a public error.
 */
import {
	ChannelError,
	RemoteError,
	isReportable,
	type AnyFieldName,
} from '../../protocol';
import {
	TokenizationError,
	tokenizationInProgress,
	UnexpectedError,
	type ApplicationError,
} from '../errors';

/** Catalogue messages of tokenize errors per field (spec §8 "Card"). */
export const TOKENIZE_MESSAGES: Record< AnyFieldName, string > = {
	cardNumber: 'Credit card number is not valid',
	expirationDate: 'Expiration date is not valid',
	cvv: 'CVV is not valid',
	postalCode: 'Postal code is not valid',
	giftCardNumber: 'Gift card number is not valid',
};

/**
 * Catalogue messages of the provider's card codes (spec §5 validation codes, §8 "Card"), used
 * for the sub-errors of a TokenizationError whatever text the provider sent.
 */
export const CARD_CODE_MESSAGES: Readonly< Record< string, string > > = {
	INVALID_CARD_NUMBER: TOKENIZE_MESSAGES.cardNumber,
	INVALID_EXPIRATION_DATE: TOKENIZE_MESSAGES.expirationDate,
	INVALID_CVV: TOKENIZE_MESSAGES.cvv,
	INVALID_POSTAL_CODE: TOKENIZE_MESSAGES.postalCode,
	UNSUPPORTED_CARD_BRAND: 'Card not supported',
	MISSING_CARD_DATA: 'Card data is missing',
	MISSING_APPLICATION_ID: 'The application id is missing',
	INVALID_APPLICATION_ID: 'The application id is not valid',
};

/**
 * Sub-errors of a refused tokenization in the catalogue's words (unknown codes keep the
 * provider's text).
 *
 * @param errors Sub-errors from the frame: provider code as type, its detail as message.
 */
export function catalogueErrors(
	errors: ReadonlyArray< Record< string, unknown > >
): ApplicationError[] {
	return errors.map( ( e ) => {
		const type = String( e.type ?? 'UNKNOWN' );
		const out: ApplicationError = {
			type,
			message:
				CARD_CODE_MESSAGES[ type ] ??
				String( e.message ?? 'An unknown error has occurred' ),
		};
		if ( typeof e.field === 'string' ) {
			out.field = e.field;
		}
		return out;
	} );
}

/**
 * The public error for a frame call that failed: a refused tokenization keeps its catalogue
 * sub-errors (the lock its own message, spec §4); a channel or frame failure is reported
 * (unless it is a network error, spec §8 "Transport") and becomes an UnexpectedError naming
 * the action; anything else passes unchanged.
 *
 * @param error  What the call threw.
 * @param action "while …" text of the UnexpectedError.
 * @param report Error reporting of the payments instance.
 */
export function frameCallError(
	error: unknown,
	action: string,
	report: ( message: string ) => void
): unknown {
	if ( error instanceof RemoteError && error.name === 'TokenizationError' ) {
		const errors = catalogueErrors( error.errors );
		return errors.length === 1 &&
			errors[ 0 ].type === 'TOKENIZATION_IN_PROCESS'
			? tokenizationInProgress()
			: new TokenizationError( errors );
	}
	if ( error instanceof ChannelError || error instanceof RemoteError ) {
		if ( isReportable( error ) ) {
			report( `${ action }: ${ error.message }` );
		}
		return new UnexpectedError( action );
	}
	return error;
}
