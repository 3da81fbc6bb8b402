/**
 * A field's error as the form keeps it: the message and the inputs it is about
 * (docs/field-types.md "Validation"), so a field of several inputs marks only those invalid and
 * the error summary's link lands on the first of them.
 */
import type { FieldDefinition } from '../../shared';
import type { ValidationIssue } from '../../forms-engine';
import { focusTargetId, ids } from '../ids';
import { issueMessage } from '../messages';
import type { FieldError } from './types';

/**
 * The error for an issue of the engine.
 *
 * @param issue The issue (an issue of a multi-input field may name its inputs).
 * @param field The field.
 */
export function fieldError(
	issue: ValidationIssue,
	field: FieldDefinition
): FieldError {
	const message = issueMessage( issue, field );
	// `inputs` comes with the issues of multi-input fields; older issues have none.
	const inputs = ( issue as { inputs?: unknown } ).inputs;
	return Array.isArray( inputs ) && inputs.length
		? { message, inputs: inputs.map( String ) }
		: { message };
}

/** Types whose inputs are all numbered "N.n" (no plain `input_{formId}_{fieldId}`). */
const GROUPED = [ 'radio', 'checkbox', 'consent' ];

/**
 * The id of the element the error summary's link focuses: the first input the error names,
 * else the field's input (the first choice of a group).
 *
 * @param formId Form id.
 * @param field  The field.
 * @param error  Its error.
 */
export function errorTargetId(
	formId: number,
	field: FieldDefinition,
	error: FieldError | undefined
): string {
	const named = error?.inputs?.[ 0 ]?.split( '.' )[ 1 ];
	if ( named ) {
		return ids.input( formId, field.id, Number( named ) );
	}
	return focusTargetId( formId, field.id, GROUPED.includes( field.type ) );
}

/**
 * Focuses the element the summary's link points at, or, when the field has no element with that
 * id (a name whose first input is hidden), the field's first control.
 *
 * @param formId Form id.
 * @param field  The field.
 * @param target The id.
 */
export function focusError(
	formId: number,
	field: FieldDefinition,
	target: string
) {
	(
		document.getElementById( target ) ??
		document
			.getElementById( ids.field( formId, field.id ) )
			?.querySelector< HTMLElement >( 'input, select, textarea, button' )
	)?.focus();
}
