import type {
	FieldDefinition,
	FormDefinition,
	FormValues,
	SubmissionValues,
} from '../../shared';
import { emptyRow, isRepeated } from './rows';
import { passwordSubmission } from '../validation/password';
import { cardSubmission } from '../validation/credit-card';
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
 * The value of a field without a defaultValue of its own. A separate quantity field starts at 1,
 * as a product's own quantity input does, so a product picked by the visitor counts at once
 * (issue 14: it started empty and an order totalled $0.00). A defaultValue, "0" or "" included,
 * wins. The twin of PHP `Domain\Logic\FormEvaluator::default_of()`.
 *
 * @param field Field definition.
 */
function defaultOf( field: FieldDefinition ): string {
	return field.type === 'quantity' ? '1' : '';
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
		if ( isRepeated( field ) ) {
			values[ field.id ] = emptyRow( field );
		} else if (
			field.type === 'checkbox' ||
			( field.type === 'option' && field.inputType === 'checkbox' )
		) {
			values[ field.id ] = selected.map( ( c ) => c.value );
		} else if ( field.choices ) {
			values[ field.id ] =
				selected[ 0 ]?.value ?? field.defaultValue ?? '';
		} else {
			values[ field.id ] = field.defaultValue ?? defaultOf( field );
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
		// Several inputs under input ids (docs/rest-api.md); a password's strength is not sent.
		if ( field.type === 'password' || field.type === 'creditcard' ) {
			Object.assign(
				out,
				field.type === 'password'
					? passwordSubmission( field, value )
					: cardSubmission( field, value )
			);
			continue;
		}
		out[ String( field.id ) ] = Array.isArray( value )
			? [ ...value ]
			: value;
	}
	return out;
}
