/**
 * Per-field rules of the card and gift card inputs (spec §5): how typed text is formatted and
 * whether a value is valid, by field name. Pure: the frame state is passed in.
 */
import type { AnyFieldName, CardBrand, PostalCountry } from '../../protocol';
import {
	checkCardNumber,
	checkCvv,
	checkExpiry,
	checkGiftCard,
	checkPostal,
	cvvLength,
	digitsOf,
	formatCardNumber,
	formatExpiry,
	formatGiftCard,
	type Validity,
} from '../validation';

/** What a field's rules depend on besides its own text. */
export interface FieldContext {
	/** Brand detected from the card number. */
	brand: CardBrand;
	/** Country whose postal format applies. */
	postalCountry: PostalCountry;
	/** Today (expiry check). */
	now: Date;
}

/**
 * The text an input shows after typing: brand-aware groups for numbers, MM/YY for the
 * expiry, the brand's CVV length, at most 10 upper-case postal characters.
 *
 * @param name  Field.
 * @param value Typed text.
 * @param brand Detected brand.
 */
export function formatField(
	name: AnyFieldName,
	value: string,
	brand: CardBrand
): string {
	switch ( name ) {
		case 'cardNumber':
			return formatCardNumber( value );
		case 'giftCardNumber':
			return formatGiftCard( value );
		case 'expirationDate':
			return formatExpiry( value );
		case 'cvv':
			return digitsOf( value ).slice( 0, cvvLength( brand ) );
		case 'postalCode':
			return value.toUpperCase().slice( 0, 10 );
	}
	return value;
}

/**
 * Validity of one field's value.
 *
 * @param name  Field.
 * @param value Its text.
 * @param ctx   Brand, postal country, today.
 */
export function fieldValidity(
	name: AnyFieldName,
	value: string,
	ctx: FieldContext
): Validity {
	switch ( name ) {
		case 'cardNumber':
			return checkCardNumber( value );
		case 'expirationDate':
			return checkExpiry( value, ctx.now );
		case 'cvv':
			return checkCvv( value, ctx.brand );
		case 'postalCode':
			return checkPostal( value, ctx.postalCountry );
		default:
			return checkGiftCard( value );
	}
}
