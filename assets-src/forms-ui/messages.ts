import { __, _n, sprintf } from '@wordpress/i18n';
import type { FieldDefinition } from '../shared';
import type { ValidationIssue } from '../forms-engine';

/**
 * Visitor-facing text for a validation issue. Same words as the server's
 * `Rest\Messages::field_error()`, so a message does not change between browser and server checks.
 *
 * @param issue Issue from the engine.
 * @param field The field (its own errorMessage wins).
 */
export function issueMessage(
	issue: ValidationIssue,
	field: FieldDefinition
): string {
	if ( field.errorMessage?.trim() ) {
		return field.errorMessage.trim();
	}
	switch ( issue.code ) {
		case 'required':
			return __( 'This field is required.', 'kestrel-forms' );
		case 'email':
			return __( 'Please enter a valid email address.', 'kestrel-forms' );
		case 'number':
			return __( 'Please enter a valid number.', 'kestrel-forms' );
		case 'range':
			return sprintf(
				/* translators: 1: minimum, 2: maximum. */
				__(
					'Please enter a number from %1$s to %2$s.',
					'kestrel-forms'
				),
				String( issue.min ),
				String( issue.max )
			);
		case 'min':
			return sprintf(
				/* translators: %s: minimum. */
				__(
					'Please enter a number greater than or equal to %s.',
					'kestrel-forms'
				),
				String( issue.min )
			);
		case 'max':
			return sprintf(
				/* translators: %s: maximum. */
				__(
					'Please enter a number less than or equal to %s.',
					'kestrel-forms'
				),
				String( issue.max )
			);
		case 'choice':
			return __(
				'Please choose one of the listed options.',
				'kestrel-forms'
			);
		case 'max_length':
			return sprintf(
				/* translators: %d: maximum number of characters. */
				_n(
					'Please enter at most %d character.',
					'Please enter at most %d characters.',
					issue.limit,
					'kestrel-forms'
				),
				issue.limit
			);
		default:
			return __( 'This value is not valid.', 'kestrel-forms' );
	}
}

/** Heading of the error summary; the server sends the same sentence with a 400. */
export const summaryText = (): string =>
	__(
		'There was a problem with your submission. Please review the fields below.',
		'kestrel-forms'
	);
