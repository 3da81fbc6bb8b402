import type {
	FieldDefinition,
	FieldValue,
	FormDefinition,
	FormValues,
} from '../../shared';
import { isDisplayOnly } from '../values/initial-values';
import {
	currency as currencyOf,
	formatMoney,
	fromMinorUnits,
	limitsOf,
	maxMinorUnits,
	readDecimal,
	toMinorUnitsWithin,
} from '../../shared/money';
import { isChoice } from '../field-types/choice';
import { fieldTypeUnit } from '../field-types/registry';
import { validateChosen } from '../field-types/multiselect';
import { MAX_TEXT_LENGTH, validateText } from '../field-types/text';
import type { ValidationIssue, ValidationIssues } from './types';

export { MAX_TEXT_LENGTH };

/**
 * Validates one field's value the way the server will (immediate feedback; never trusted).
 *
 * @param field    Field definition.
 * @param value    Current value.
 * @param currency The form's currency (typed prices).
 * @param limits   The form's money bounds (`form.limits`; absent: the defaults).
 * @return The issue, or null when the value is acceptable.
 */
export function validateField(
	field: FieldDefinition,
	value: FieldValue | undefined,
	currency?: string,
	limits?: FormDefinition[ 'limits' ]
): ValidationIssue | null {
	if ( isDisplayOnly( field ) || ! hasInput( field ) ) {
		return null;
	}
	const unit = fieldTypeUnit( field.type );
	if ( unit ) {
		return unit.validate( field, value, { currency, limits } );
	}
	// The payment's card data lives in the provider's frames; the browser has a token only after
	// submit, and the server decides whether a payment is needed (visible, amount above 0).
	if ( field.type === 'payment' ) {
		return null;
	}
	if ( isMulti( field ) ) {
		return validateChosen( field, value );
	}
	// Products, options and shipping not yet in a unit of their own: one text value.
	return validateText( field, value, ( text ) => {
		if ( field.type === 'product' && field.inputType === 'price' ) {
			const amount = readDecimal( text, 'currency', currency );
			return amount === null
				? { code: 'number' }
				: amountRange( amount, currency, limits );
		}
		return [ 'product', 'option', 'shipping' ].includes( field.type )
			? isChoice( field, text )
			: null;
	} );
}

/**
 * Whether a field has an input the visitor fills in (single, hidden and calculated products,
 * single shipping and the total are computed).
 *
 * @param field Field.
 */
export function hasInput( field: FieldDefinition ): boolean {
	switch ( field.type ) {
		case 'product':
			return [ 'select', 'radio', 'price' ].includes(
				field.inputType ?? ''
			);
		case 'shipping':
			return field.inputType !== 'singleshipping';
		case 'total':
			return false;
		default:
			return ! ( field.type === 'number' && field.enableCalculation );
	}
}

/**
 * Whether a field takes several checked values (checkboxes, checkbox options).
 *
 * @param field Field.
 */
export function isMulti( field: FieldDefinition ): boolean {
	return (
		field.type === 'checkbox' ||
		( field.type === 'option' && field.inputType === 'checkbox' )
	);
}

/**
 * The bounds of a typed price (0 to the largest amount, as money text) when it is outside them,
 * else null; the twin of `SubmissionValidator::amount_range()`.
 *
 * @param amount   Canonical decimal.
 * @param currency Currency code.
 * @param limits   The form's money bounds.
 */
export function amountRange(
	amount: string,
	currency: string | undefined,
	limits: FormDefinition[ 'limits' ]
): ValidationIssue | null {
	const code = currencyOf( currency ).code;
	const decimals = currencyOf( code ).decimals;
	const max = maxMinorUnits( limitsOf( limits ), decimals );
	const minor = toMinorUnitsWithin( amount, decimals, max );
	return minor !== null && minor >= 0
		? null
		: {
				code: 'amount_range',
				min: formatMoney( '0', code ),
				max: formatMoney( fromMinorUnits( max, decimals ), code ),
			};
}

/**
 * Validates every field of a form.
 *
 * @param form   Form definition.
 * @param values Values by field id.
 * @return Issues by field id, in field order.
 */
export function validateForm(
	form: FormDefinition,
	values: FormValues
): ValidationIssues {
	const issues: ValidationIssues = {};
	for ( const field of form.fields ) {
		const issue = validateField(
			field,
			values[ field.id ],
			form.currency,
			form.limits
		);
		if ( issue ) {
			issues[ field.id ] = issue;
		}
	}
	return issues;
}
