import { limitsOf } from '../../shared/money';
import { readQuantity } from '../validation/quantity';
import type { FieldTypeUnit } from './types';
import { oneTextUnit, validateText } from './text';

const text = oneTextUnit();

/**
 * Quantity fields: a whole number from 0 to the form's largest quantity; without a defaultValue
 * they start at 1, as a product's own quantity input does (issue 14). The twin of PHP
 * `Domain\Logic\FormEvaluator::default_of()` for quantities.
 */
export const quantityUnit: FieldTypeUnit = {
	...text,
	initialValue: ( field ) => field.defaultValue ?? '1',
	validate: ( field, value, context ) =>
		validateText( field, value, ( typed ) => {
			const quantity = readQuantity(
				typed,
				field.numberFormat,
				limitsOf( context.limits ).maxQuantity
			);
			return typeof quantity === 'number' ? null : quantity;
		} ),
};
