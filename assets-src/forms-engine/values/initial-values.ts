import type {
	FieldDefinition,
	FormDefinition,
	FormValues,
	SubmissionValues,
} from '../../shared';
import { fieldTypeUnit } from '../field-types/registry';
import { textUnit } from '../field-types/text';

/**
 * Whether a field only displays content and never carries a value.
 *
 * @param field Field definition.
 */
export function isDisplayOnly( field: FieldDefinition ): boolean {
	return fieldTypeUnit( field.type )?.displayOnly === true;
}

/**
 * The values a form starts with: default values, pre-selected choices.
 *
 * @param form Form definition.
 * @return Values by field id (display-only fields omitted).
 */
export function initialValues( form: FormDefinition ): FormValues {
	const values: FormValues = {};
	for ( const field of form.fields ) {
		const unit = fieldTypeUnit( field.type ) ?? textUnit;
		// Display-only fields have no value; a payment field none until the provider tokenizes
		// on submit.
		if ( ! unit.displayOnly && ! unit.startsEmpty ) {
			values[ field.id ] = unit.initialValue( field );
		}
	}
	return values;
}

/**
 * The `values` object the submissions endpoint takes: by field id, lists for checkboxes.
 *
 * @param form   Form definition.
 * @param values Current values.
 */
export function toSubmissionValues(
	form: FormDefinition,
	values: FormValues
): SubmissionValues {
	const out: SubmissionValues = {};
	for ( const field of form.fields ) {
		const value = values[ field.id ];
		if ( isDisplayOnly( field ) || value === undefined ) {
			continue;
		}
		Object.assign(
			out,
			( fieldTypeUnit( field.type ) ?? textUnit ).toSubmission(
				field,
				value
			)
		);
	}
	return out;
}
