import { oneTextUnit } from './text';

/**
 * A US number: an optional parenthesised area code, then 3 and 4 digits, with spaces, dots or
 * dashes between (a leading country code 1 is not taken: the field asks for ten digits).
 */
export const US_PHONE = /^(?:\((\d{3})\)|(\d{3}))[ .-]?(\d{3})[ .-]?(\d{4})$/;

/** An international number: digits, spaces and + ( ) - . only; 7 to 15 digits (E.164). */
const INTERNATIONAL_CHARACTERS = /^\+?[\d ().-]+$/;

/**
 * Whether a phone number is in the field's format.
 *
 * @param text        Trimmed text.
 * @param phoneFormat The field's phoneFormat (standard when absent).
 */
export function isPhone( text: string, phoneFormat?: string ): boolean {
	if ( phoneFormat === 'international' ) {
		const digits = text.replace( /\D/g, '' ).length;
		return (
			INTERNATIONAL_CHARACTERS.test( text ) && digits >= 7 && digits <= 15
		);
	}
	return US_PHONE.test( text );
}

/** Phone fields: one text value, a US number (standard) or an international one. */
export const phoneUnit = oneTextUnit( ( text, field ) =>
	isPhone( text, field.phoneFormat )
		? null
		: {
				code: 'phone',
				format:
					field.phoneFormat === 'international'
						? 'international'
						: 'standard',
			}
);
