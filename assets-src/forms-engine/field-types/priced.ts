import type { FieldDefinition } from '../../shared';
import type { ValidationIssue } from '../validation/types';
import type { FieldTypeUnit } from './types';
import { checkedValues } from './checkbox';
import { isChoice } from './choice';
import { selectedValues, sendAsIs } from './multiselect';
import { oneTextUnit, validateText } from './text';

/**
 * What the pricing fields (product, option, shipping, total) share: the value is a choice's
 * `text|price` value (or a typed price), read as it is; what they cost is the pricing code's
 * (pricing/pricing.ts), never the unit's.
 *
 * @param check The type's check of a filled-in text (default: one of the choices).
 */
export function pricedUnit(
	check: (
		field: FieldDefinition,
		text: string
	) => ValidationIssue | null = isChoice
): FieldTypeUnit {
	const text = oneTextUnit();
	return {
		...text,
		// The selected choice, else the defaultValue.
		initialValue: ( field ) =>
			selectedValues( field )[ 0 ] ?? field.defaultValue ?? '',
		validate: ( field, value ) =>
			validateText( field, value, ( typed ) => check( field, typed ) ),
		toSubmission: sendAsIs,
		ruleValue: ( field, value, inputId ) => ( {
			// Rules read the value as sent, untrimmed; checked options one by one ("5.2").
			values: Array.isArray( value )
				? checkedValues( field, value, inputId )
				: [ value ?? '' ],
		} ),
	};
}
