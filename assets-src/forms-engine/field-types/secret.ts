import type {
	FieldDefinition,
	FieldValue,
	SubmissionValues,
} from '../../shared';
import type { ValidationIssue } from '../validation/types';
import { passwordSubmission, validatePassword } from '../validation/password';
import { cardSubmission, validateCard } from '../validation/credit-card';
import type { FieldTypeUnit } from './types';
import { textOf } from './parts';

/**
 * A unit for a secret: its checks and wire values from its own module; rules never read it
 * (as on the server, which never hands secrets to the evaluator).
 *
 * @param validate   The type's checks.
 * @param submission The type's wire values.
 */
function secretUnit(
	validate: (
		field: FieldDefinition,
		value: FieldValue | undefined
	) => ValidationIssue | null,
	submission: (
		field: FieldDefinition,
		value: FieldValue | undefined
	) => SubmissionValues
): FieldTypeUnit {
	return {
		inputIds: () => [],
		initialValue: ( field ) => field.defaultValue ?? '',
		isEmpty: ( _field, value ) =>
			( Array.isArray( value )
				? ( value[ 0 ] ?? '' )
				: ( textOf( value ) ?? '' )
			).trim() === '',
		validate: ( field, value ) => validate( field, value ),
		toSubmission: submission,
		// Never read back: a secret the server received is not written into the page again
		// (a form printed after a plain post starts with it empty).
		fromSubmission: () => undefined,
		ruleValue: () => ( { values: [ '' ] } ),
	};
}

/** Password fields: [password, confirmation, strength] in the browser (validation/password.ts). */
export const passwordUnit = secretUnit( validatePassword, passwordSubmission );

/** Credit card fields: [number, month, year, code, name] (validation/credit-card.ts). */
export const creditCardUnit = secretUnit( validateCard, cardSubmission );
