import type { FieldDefinition, FormDefinition } from '../../shared';
import {
	currency as currencyOf,
	formatMoney,
	fromMinorUnits,
	limitsOf,
	maxMinorUnits,
	readDecimal,
	toMinorUnitsWithin,
} from '../../shared/money';
import type { ValidationIssue } from '../validation/types';
import type { FieldTypeUnit } from './types';
import { pricedUnit } from './priced';
import { validateText } from './text';

/**
 * Whether a product has an input the visitor fills in: a drop-down, radio buttons or a typed
 * price (single, hidden and calculated products are priced by the definition).
 *
 * @param field Product field.
 */
export function productHasInput( field: FieldDefinition ): boolean {
	return [ 'select', 'radio', 'price' ].includes( field.inputType ?? '' );
}

const priced = pricedUnit();

/**
 * Product fields: a choice (drop-down, radio) or a typed price in the form's currency, within
 * the money bounds. Its own quantity input ("N.3") is read and checked by the pricing code
 * (`computePricing`, whose issues `fieldIssue()` puts first), which also prices the product.
 * The twin of PHP `ProductType`.
 */
export const productUnit: FieldTypeUnit = {
	...priced,
	hasInput: productHasInput,
	pricing: 'product',
	validate: ( field, value, context ) => {
		if ( ! productHasInput( field ) ) {
			return null; // Priced by the definition: nothing typed to check.
		}
		if ( field.inputType !== 'price' ) {
			return priced.validate( field, value, context );
		}
		return validateText( field, value, ( text ) => {
			const amount = readDecimal( text, 'currency', context.currency );
			return amount === null
				? { code: 'number' }
				: amountRange( amount, context.currency, context.limits );
		} );
	},
};

/**
 * The bounds of a typed price (0 to the largest amount, as money text) when it is outside them,
 * else null; the twin of `ProductType::amount_range()`.
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
