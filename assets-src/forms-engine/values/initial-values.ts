import type {
	FieldDefinition,
	FormDefinition,
	FormValues,
	SubmissionValues,
} from '../../shared';
import { fieldTypeUnit } from '../field-types/registry';

/**
 * Whether a field only displays content and never carries a value.
 *
 * @param field Field definition.
 */
export function isDisplayOnly( field: FieldDefinition ): boolean {
	return (
		field.type === 'section' ||
		field.type === 'html' ||
		field.type === 'page'
	);
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
		// A payment field has no value until the provider tokenizes on submit.
		if ( isDisplayOnly( field ) || field.type === 'payment' ) {
			continue;
		}
		const unit = fieldTypeUnit( field.type );
		if ( unit ) {
			values[ field.id ] = unit.initialValue( field );
			continue;
		}
		const selected = ( field.choices ?? [] ).filter(
			( c ) => c.isSelected
		);
		if ( field.type === 'option' && field.inputType === 'checkbox' ) {
			values[ field.id ] = selected.map( ( c ) => c.value );
		} else if ( field.choices ) {
			values[ field.id ] =
				selected[ 0 ]?.value ?? field.defaultValue ?? '';
		} else {
			values[ field.id ] = field.defaultValue ?? '';
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
		const unit = fieldTypeUnit( field.type );
		if ( unit ) {
			Object.assign( out, unit.toSubmission( field, value ) );
			continue;
		}
		out[ String( field.id ) ] = Array.isArray( value )
			? [ ...value ]
			: value;
	}
	return out;
}
