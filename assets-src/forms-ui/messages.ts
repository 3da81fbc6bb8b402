import { __, _n, sprintf } from '@wordpress/i18n';
import type { FieldDefinition } from '../shared';
import type { ValidationIssue } from '../forms-engine';
import { strengthText } from './password-texts';

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
		case 'integer':
			return __( 'Please enter a whole number.', 'kestrel-forms' );
		case 'amount_range':
			return sprintf(
				/* translators: 1: smallest amount, 2: largest amount, both with the currency (e.g. $0.00, $999,999,999.99). */
				__(
					'Please enter an amount from %1$s to %2$s.',
					'kestrel-forms'
				),
				issue.min,
				issue.max
			);
		case 'amount_over':
			return sprintf(
				/* translators: %s: largest amount with the currency, e.g. $999,999,999.99. */
				__(
					'This comes to more than %s, the most this form accepts.',
					'kestrel-forms'
				),
				issue.max
			);
		case 'amount_under':
			return sprintf(
				/* translators: %s: smallest amount with the currency, e.g. $0.00. */
				__(
					'This comes to less than %s, which this form does not accept.',
					'kestrel-forms'
				),
				issue.min
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
		case 'max_rows':
			return sprintf(
				/* translators: %d: maximum number of rows. */
				_n(
					'Please enter at most %d row.',
					'Please enter at most %d rows.',
					issue.limit,
					'kestrel-forms'
				),
				issue.limit
			);
		case 'max_files':
			return sprintf(
				/* translators: %d: maximum number of files. */
				_n(
					'Please upload at most %d file.',
					'Please upload at most %d files.',
					issue.limit,
					'kestrel-forms'
				),
				issue.limit
			);
		case 'row':
			return issue.column
				? sprintf(
						/* translators: 1: row number, 2: column or field name, 3: the problem. */
						__( 'Row %1$d, %2$s: %3$s', 'kestrel-forms' ),
						issue.row,
						issue.column,
						issueMessage( issue.issue, { id: 0, type: 'text' } )
					)
				: sprintf(
						/* translators: 1: row number, 2: the problem. */
						__( 'Row %1$d: %2$s', 'kestrel-forms' ),
						issue.row,
						issueMessage( issue.issue, { id: 0, type: 'text' } )
					);
		case 'mismatch':
			return __( 'Your passwords do not match.', 'kestrel-forms' );
		case 'password_strength':
			// Browser only: zxcvbn runs in the browser, so the server never sends this one.
			return sprintf(
				/* translators: %s: the weakest accepted strength, such as "Medium". */
				__(
					'Please choose a stronger password (at least: %s).',
					'kestrel-forms'
				),
				strengthText( issue.minimum )
			);
		case 'password_unchecked':
			return __(
				'The password strength is still being checked. Please try again in a moment.',
				'kestrel-forms'
			);
		case 'card_number':
			return __( 'Please enter a valid card number.', 'kestrel-forms' );
		case 'card_type':
			return __( 'This card type is not accepted.', 'kestrel-forms' );
		case 'card_expiry':
			return __(
				'Please enter a valid expiration date.',
				'kestrel-forms'
			);
		case 'card_code':
			return __( 'Please enter a valid security code.', 'kestrel-forms' );
		case 'card_name':
			return __( "Please enter the cardholder's name.", 'kestrel-forms' );
		case 'phone':
			return issue.format === 'international'
				? __(
						'Enter a valid phone number: 7 to 15 digits, with spaces, + ( ) - . allowed, e.g. +44 20 7946 0958.',
						'kestrel-forms'
					)
				: // eslint-disable-next-line @wordpress/i18n-hyphenated-range -- a phone number, not a range.
					__(
						'Enter a valid phone number, e.g. (555) 123-4567.',
						'kestrel-forms'
					);
		case 'date':
			return sprintf(
				/* translators: %s: the date format, e.g. mm/dd/yyyy. */
				__( 'Enter a real date as %s.', 'kestrel-forms' ),
				issue.format
			);
		case 'date_min':
			return sprintf(
				/* translators: %s: the earliest date accepted, in the field's format, e.g. 01/02/2026. */
				__( 'Enter a date on or after %s.', 'kestrel-forms' ),
				issue.limit
			);
		case 'date_max':
			return sprintf(
				/* translators: %s: the latest date accepted, in the field's format, e.g. 12/31/2026. */
				__( 'Enter a date on or before %s.', 'kestrel-forms' ),
				issue.limit
			);
		case 'time':
			return issue.clock === '24'
				? __(
						'Enter a valid time: hours 0 to 23 and minutes 00 to 59, e.g. 13:30.',
						'kestrel-forms'
					)
				: __(
						'Enter a valid time: hours 1 to 12, minutes 00 to 59 and AM or PM, e.g. 9:30 AM.',
						'kestrel-forms'
					);
		case 'url':
			return __(
				'Enter a web address starting with http:// or https://, e.g. https://example.com.',
				'kestrel-forms'
			);
		case 'postal_code':
			return issue.country === 'canadian'
				? __(
						'Enter a valid postal code, e.g. K1A 0B1.',
						'kestrel-forms'
					)
				: // eslint-disable-next-line @wordpress/i18n-hyphenated-range -- a ZIP+4 code, not a range.
					__(
						'Enter a valid ZIP code, e.g. 12345 or 12345-6789.',
						'kestrel-forms'
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
