/**
 * The payment field in the engine (issue 13): it holds no value while the visitor fills the form
 * (the browser gets a single-use token from the provider on submit), it is never priced, and its
 * visibility comes from its own conditional logic like any field. What it charges is the engine's
 * total or one product's line, in integer minor units; the server prices the form again and
 * charges its own figure (the browser's amount only feeds buyer verification).
 */
import type { FieldDefinition, FormDefinition } from '../../shared';
import { currency as currencyOf } from '../../shared/money';
import type { Evaluation } from '../evaluate/evaluate';
import type { FieldTypeUnit } from './types';
import { sendAsIs } from './multiselect';

/**
 * Payment fields as a type: no value while the visitor fills the form (the card data lives in
 * the provider's frames; the browser gets a token only on submit), so nothing to validate here:
 * the server decides whether a payment is due (visible, an amount above 0) and never stores
 * the token (PHP `PaymentType`). Rules read nothing ("").
 */
export const paymentUnit: FieldTypeUnit = {
	startsEmpty: true,
	inputIds: () => [],
	initialValue: () => '',
	isEmpty: ( _field, value ) => value === undefined || value === '',
	validate: () => null,
	toSubmission: sendAsIs,
	// The token is spent on submit (and nothing posts without JavaScript): the field starts
	// empty again in a form printed after a plain post.
	fromSubmission: () => undefined,
	ruleValue: () => ( { values: [ '' ] } ),
};

/**
 * Whether a field is a payment field.
 *
 * @param field Field.
 */
export function isPayment( field: FieldDefinition ): boolean {
	return field.type === 'payment';
}

/**
 * The form's payment field (a form has at most one; the server refuses a second).
 *
 * @param form Form definition.
 */
export function paymentFieldOf( form: FormDefinition ): FieldDefinition | null {
	return form.fields.find( isPayment ) ?? null;
}

/** What a payment field would charge now. */
export interface PaymentAmount {
	/** Integer minor units of the form's currency (0: nothing to charge). */
	minor: number;
	/** The same as a decimal string with the currency's decimals ("30.00", JPY "3000"). */
	decimal: string;
	currency: string;
}

/**
 * The amount a payment field charges for an evaluation: the form total for `amountSource`
 * 'total' (the default), else the line of the named product (price × quantity with its options;
 * 0 when the product is hidden or not chosen). A hidden payment field charges nothing.
 *
 * @param form       Form definition.
 * @param field      The payment field.
 * @param evaluation Current evaluation (null: a form whose rules could not be prepared).
 */
export function paymentAmount(
	form: FormDefinition,
	field: FieldDefinition,
	evaluation: Evaluation | null
): PaymentAmount {
	const { code, decimals } = currencyOf( form.currency );
	let minor = 0;
	if ( evaluation && evaluation.visible[ field.id ] !== false ) {
		const pricing = evaluation.pricing;
		const source = field.amountSource ?? 'total';
		if ( source === 'total' ) {
			minor = pricing?.totalMinor ?? 0;
		} else {
			minor =
				pricing?.products.find( ( line ) => line.fieldId === source )
					?.lineMinor ?? 0;
		}
	}
	minor = Math.max( 0, Math.trunc( minor ) );
	return { minor, decimal: fixed( minor, decimals ), currency: code };
}

/**
 * Minor units as a decimal with exactly the currency's places (3000, 2 → "30.00"; JPY 3000 →
 * "3000"), the format the provider's verifyBuyer amount takes.
 *
 * @param minor    Non-negative integer minor units.
 * @param decimals The currency's decimals.
 */
function fixed( minor: number, decimals: number ): string {
	const digits = String( minor ).padStart( decimals + 1, '0' );
	return decimals
		? `${ digits.slice( 0, -decimals ) }.${ digits.slice( -decimals ) }`
		: digits;
}
