import type {
	FieldDefinition,
	FieldValue,
	FormDefinition,
	FormValues,
} from '../../shared';
import { fieldTypeUnit } from '../field-types/registry';
import { MAX_TEXT_LENGTH } from '../field-types/text';
import type { ValidationIssue, ValidationIssues } from './types';

export { MAX_TEXT_LENGTH };
export { isMulti } from '../field-types/option';
export { amountRange } from '../field-types/product';

/**
 * Validates one field's value the way the server will (immediate feedback; never trusted). The
 * field's type decides (its unit, field-types/registry.ts).
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
	const unit = fieldTypeUnit( field.type );
	if ( ! unit || unit.displayOnly || ! hasInput( field ) ) {
		return null;
	}
	return unit.validate( field, value, { currency, limits } );
}

/**
 * Whether a field has an input the visitor fills in (single, hidden and calculated products,
 * single shipping, the total and calculated numbers are computed), as its type says.
 *
 * @param field Field.
 */
export function hasInput( field: FieldDefinition ): boolean {
	return fieldTypeUnit( field.type )?.hasInput?.( field ) ?? true;
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
