import type {
	FieldDefinition,
	FieldValue,
	FormDefinition,
	FormValues,
} from '../../shared';
import {
	evaluateForm,
	prepareForm,
	type Evaluation,
} from '../evaluate/evaluate';
import { fieldTypeUnit } from '../field-types/registry';
import { isDisplayOnly } from '../values/initial-values';
import type { ValidationIssue, ValidationIssues } from './types';
import { validateField } from './validate';

/**
 * A field's issue as the server decides it: its own value's issue, then what pricing found on it
 * (a product's quantity, a price, a line or the total out of bounds). As in PHP
 * `SubmissionValidator::validate()`, a product's quantity issue comes first, and a pricing issue
 * replaces "required" for a product it left off the order.
 *
 * @param form       Form definition (its currency and limits apply).
 * @param field      Field.
 * @param value      Its value.
 * @param evaluation Current evaluation (null: no pricing issues).
 */
export function fieldIssue(
	form: FormDefinition,
	field: FieldDefinition,
	value: FieldValue | undefined,
	evaluation: Evaluation | null
): ValidationIssue | null {
	const own = validateField( field, value, form.currency, form.limits );
	const priced = evaluation?.pricing?.issues[ field.id ] ?? null;
	if ( ! priced ) {
		return own;
	}
	if (
		fieldTypeUnit( field.type )?.pricing === 'product' &&
		! priced.code.startsWith( 'amount_' )
	) {
		return priced;
	}
	return own && own.code !== 'required' ? own : priced;
}

/**
 * Every issue of a submission, as the server would report it: visible fields only, in field
 * order. Shared fixtures (tests/fixtures/engine/money-bounds.json) hold it equal to PHP.
 *
 * @param form    Form definition.
 * @param entered Values the visitor entered, by field or input id.
 */
export function validateSubmission(
	form: FormDefinition,
	entered: FormValues
): ValidationIssues {
	const evaluation = evaluateForm( prepareForm( form ), entered );
	const issues: ValidationIssues = {};
	for ( const field of form.fields ) {
		if (
			isDisplayOnly( field ) ||
			evaluation.visible[ field.id ] === false
		) {
			continue;
		}
		const issue = fieldIssue(
			form,
			field,
			entered[ field.id ],
			evaluation
		);
		if ( issue ) {
			issues[ field.id ] = issue;
		}
	}
	return issues;
}
