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
	// `inputs` comes with the issues of multi-input fields; older issues have none.
	return withInputs(
		issueMessage( issue, field ),
		( issue as { inputs?: unknown } ).inputs
	);
}

/**
 * A message with the inputs it names, when it names some.
 *
 * @param message The message.
 * @param inputs  Input ids, if any.
 */
function withInputs( message: string, inputs: unknown ): FieldError {
	return Array.isArray( inputs ) && inputs.length
		? { message, inputs: inputs.map( String ) }
		: { message };
}

/**
 * The errors of a refused submission: the server's messages by field id, with the inputs at
 * fault from its `data.details` (`{ [fieldId]: { code, inputs? } }`, docs/rest-api.md).
 *
 * @param messages Messages by field id.
 * @param details  The details, when the server sent them.
 */
export function serverErrors(
	messages: Record< string, string >,
	details: unknown
): Record< number, FieldError > {
	const errors: Record< number, FieldError > = {};
	for ( const [ id, message ] of Object.entries( messages ) ) {
		errors[ Number( id ) ] = withInputs(
			message,
			( details as Record< string, { inputs?: unknown } > | undefined )?.[
				id
			]?.inputs
		);
	}
	return errors;
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
