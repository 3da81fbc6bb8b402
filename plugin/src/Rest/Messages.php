<?php
/**
 * Translated texts for domain error codes.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Rest;

use Kestrel\Forms\Domain\Schema\SchemaError;
use Kestrel\Forms\Domain\Validation\FieldError;

/**
 * The Domain layer speaks in codes; this is the one place that turns them into words.
 */
final class Messages {

	/**
	 * Visitor-facing message for a field error. A field's own errorMessage wins.
	 *
	 * @param FieldError $error Error.
	 */
	public static function field_error( FieldError $error ): string {
		if ( '' !== $error->custom_message ) {
			return $error->custom_message;
		}
		$p = $error->params;
		switch ( $error->code ) {
			case FieldError::REQUIRED:
				return __( 'This field is required.', 'kestrel-forms' );
			case FieldError::EMAIL:
				return __( 'Please enter a valid email address.', 'kestrel-forms' );
			case FieldError::NUMBER:
				return __( 'Please enter a valid number.', 'kestrel-forms' );
			case FieldError::RANGE:
				/* translators: 1: minimum, 2: maximum. */
				return sprintf( __( 'Please enter a number from %1$s to %2$s.', 'kestrel-forms' ), self::num( $p['min'] ), self::num( $p['max'] ) );
			case FieldError::MIN:
				/* translators: %s: minimum. */
				return sprintf( __( 'Please enter a number greater than or equal to %s.', 'kestrel-forms' ), self::num( $p['min'] ) );
			case FieldError::MAX:
				/* translators: %s: maximum. */
				return sprintf( __( 'Please enter a number less than or equal to %s.', 'kestrel-forms' ), self::num( $p['max'] ) );
			case FieldError::INTEGER:
				return __( 'Please enter a whole number.', 'kestrel-forms' );
			case FieldError::AMOUNT_RANGE:
				/* translators: 1: smallest amount, 2: largest amount, both with the currency (e.g. $0.00, $999,999,999.99). */
				return sprintf( __( 'Please enter an amount from %1$s to %2$s.', 'kestrel-forms' ), (string) $p['min'], (string) $p['max'] );
			case FieldError::AMOUNT_OVER:
				/* translators: %s: largest amount with the currency, e.g. $999,999,999.99. */
				return sprintf( __( 'This comes to more than %s, the most this form accepts.', 'kestrel-forms' ), (string) $p['max'] );
			case FieldError::AMOUNT_UNDER:
				/* translators: %s: smallest amount with the currency, e.g. $0.00. */
				return sprintf( __( 'This comes to less than %s, which this form does not accept.', 'kestrel-forms' ), (string) $p['min'] );
			case FieldError::CHOICE:
				return __( 'Please choose one of the listed options.', 'kestrel-forms' );
			case FieldError::MAX_LENGTH:
				/* translators: %d: maximum number of characters. */
				return sprintf( _n( 'Please enter at most %d character.', 'Please enter at most %d characters.', (int) $p['limit'], 'kestrel-forms' ), (int) $p['limit'] );
			case FieldError::MAX_ROWS:
				/* translators: %d: maximum number of rows. */
				return sprintf( _n( 'Please enter at most %d row.', 'Please enter at most %d rows.', (int) $p['limit'], 'kestrel-forms' ), (int) $p['limit'] );
			case FieldError::MAX_FILES:
				/* translators: %d: maximum number of files. */
				return sprintf( _n( 'Please upload at most %d file.', 'Please upload at most %d files.', (int) $p['limit'], 'kestrel-forms' ), (int) $p['limit'] );
			case FieldError::ROW:
				$inner = self::field_error( $p['error'] );
				return '' !== (string) $p['column']
					/* translators: 1: row number, 2: column or field name, 3: the problem. */
					? sprintf( __( 'Row %1$d, %2$s: %3$s', 'kestrel-forms' ), (int) $p['row'], (string) $p['column'], $inner )
					/* translators: 1: row number, 2: the problem. */
					: sprintf( __( 'Row %1$d: %2$s', 'kestrel-forms' ), (int) $p['row'], $inner );
			case FieldError::MISMATCH:
				return __( 'Your passwords do not match.', 'kestrel-forms' );
			case FieldError::CARD_NUMBER:
				return __( 'Please enter a valid card number.', 'kestrel-forms' );
			case FieldError::CARD_TYPE:
				return __( 'This card type is not accepted.', 'kestrel-forms' );
			case FieldError::CARD_EXPIRY:
				return __( 'Please enter a valid expiration date.', 'kestrel-forms' );
			case FieldError::CARD_EXPIRED:
				return __( 'This card has expired.', 'kestrel-forms' );
			case FieldError::CARD_CODE:
				return __( 'Please enter a valid security code.', 'kestrel-forms' );
			case FieldError::CARD_NAME:
				return __( "Please enter the cardholder's name.", 'kestrel-forms' );
			case FieldError::PHONE:
				return 'international' === ( $p['format'] ?? '' )
					? __( 'Enter a valid phone number: 7 to 15 digits, with spaces, + ( ) - . allowed, e.g. +44 20 7946 0958.', 'kestrel-forms' )
					: __( 'Enter a valid phone number, e.g. (555) 123-4567.', 'kestrel-forms' );
			case FieldError::DATE:
				/* translators: %s: the date format, e.g. mm/dd/yyyy. */
				return sprintf( __( 'Enter a real date as %s.', 'kestrel-forms' ), (string) ( $p['format'] ?? '' ) );
			case FieldError::DATE_MIN:
				/* translators: %s: the earliest date accepted, in the field's format, e.g. 01/02/2026. */
				return sprintf( __( 'Enter a date on or after %s.', 'kestrel-forms' ), (string) $p['limit'] );
			case FieldError::DATE_MAX:
				/* translators: %s: the latest date accepted, in the field's format, e.g. 12/31/2026. */
				return sprintf( __( 'Enter a date on or before %s.', 'kestrel-forms' ), (string) $p['limit'] );
			case FieldError::TIME:
				return '24' === ( $p['clock'] ?? '' )
					? __( 'Enter a valid time: hours 0 to 23 and minutes 00 to 59, e.g. 13:30.', 'kestrel-forms' )
					: __( 'Enter a valid time: hours 1 to 12, minutes 00 to 59 and AM or PM, e.g. 9:30 AM.', 'kestrel-forms' );
			case FieldError::URL:
				return __( 'Enter a web address starting with http:// or https://, e.g. https://example.com.', 'kestrel-forms' );
			case FieldError::POSTAL_CODE:
				return 'canadian' === ( $p['country'] ?? '' )
					? __( 'Enter a valid postal code, e.g. K1A 0B1.', 'kestrel-forms' )
					: __( 'Enter a valid ZIP code, e.g. 12345 or 12345-6789.', 'kestrel-forms' );
			default:
				return __( 'This value is not valid.', 'kestrel-forms' );
		}
	}

	/**
	 * Admin-facing message for a definition error: the JSON path, then what is wrong.
	 *
	 * @param SchemaError $error Error.
	 */
	public static function schema_error( SchemaError $error ): string {
		$p      = $error->params;
		$scalar = static fn( string $k ): string => is_scalar( $p[ $k ] ?? null ) ? (string) $p[ $k ] : '';
		switch ( $error->keyword ) {
			case 'required':
				$what = __( 'is required', 'kestrel-forms' );
				break;
			case 'type':
				/* translators: %s: JSON type name. */
				$what = sprintf( __( 'must be of type %s', 'kestrel-forms' ), $scalar( 'expected' ) );
				break;
			case 'additionalProperties':
				$what = __( 'is not an allowed property', 'kestrel-forms' );
				break;
			case 'enum':
			case 'const':
				/* translators: %s: allowed values. */
				$what = sprintf( __( 'must be one of: %s', 'kestrel-forms' ), $scalar( 'allowed' ) );
				break;
			case 'minItems':
				/* translators: %d: number of items. */
				$what = sprintf( _n( 'must contain at least %d item', 'must contain at least %d items', (int) $scalar( 'limit' ), 'kestrel-forms' ), (int) $scalar( 'limit' ) );
				break;
			case 'maxItems':
				/* translators: %d: number of items. */
				$what = sprintf( _n( 'must contain at most %d item', 'must contain at most %d items', (int) $scalar( 'limit' ), 'kestrel-forms' ), (int) $scalar( 'limit' ) );
				break;
			case 'minimum':
				/* translators: %s: limit. */
				$what = sprintf( __( 'must be at least %s', 'kestrel-forms' ), $scalar( 'limit' ) );
				break;
			case 'maximum':
				/* translators: %s: limit. */
				$what = sprintf( __( 'must be at most %s', 'kestrel-forms' ), $scalar( 'limit' ) );
				break;
			case 'pattern':
				$what = __( 'has an invalid format', 'kestrel-forms' );
				break;
			case 'unique':
				/* translators: %s: JSON path of the other field. */
				$what = sprintf( __( 'duplicates the id of %s', 'kestrel-forms' ), $scalar( 'ref' ) );
				break;
			case 'inputId':
				/* translators: %s: required prefix such as "3.". */
				$what = sprintf( __( 'must start with %s', 'kestrel-forms' ), $scalar( 'ref' ) );
				break;
			case 'inputCount':
				$what = __( 'must have one input per choice', 'kestrel-forms' );
				break;
			case 'range':
				$what = __( 'must not be greater than rangeMax', 'kestrel-forms' );
				break;
			case 'fieldInput':
				/* translators: %s: the input ids of the field type, such as "1.2, 1.3, 1.4, 1.6, 1.8". */
				$what = sprintf( __( 'must be one of the inputs of this field type: %s', 'kestrel-forms' ), $scalar( 'ref' ) );
				break;
			case 'listValue':
				/* translators: %s: what the list holds, such as "US states". */
				$what = sprintf( __( 'is not one of the %s', 'kestrel-forms' ), $scalar( 'ref' ) );
				break;
			case 'date':
				$what = __( 'is not a real date (Y-m-d)', 'kestrel-forms' );
				break;
			case 'dateRange':
				$what = __( 'must not be after dateMax', 'kestrel-forms' );
				break;
			case 'unknownField':
				/* translators: %s: field reference such as 3 or {:3.2}. */
				$what = sprintf( __( 'refers to %s, which is not a field with a value', 'kestrel-forms' ), $scalar( 'ref' ) );
				break;
			case 'singlePayment':
				/* translators: %s: JSON path of the first payment field, such as fields[2]. */
				$what = sprintf( __( 'is a second payment field; a form takes one (the first is %s)', 'kestrel-forms' ), $scalar( 'ref' ) );
				break;
			case 'duplicateMethod':
				/* translators: %s: payment method such as applePay. */
				$what = sprintf( __( 'lists the payment method %s twice', 'kestrel-forms' ), $scalar( 'ref' ) );
				break;
			case 'calculation':
				$what = __( 'is only available on number fields', 'kestrel-forms' );
				break;
			case 'formula':
				$what = __( 'is not a valid formula (numbers, merge tags, + - * / and parentheses)', 'kestrel-forms' );
				break;
			case 'cycle':
				$fields = array_map( 'intval', (array) ( $p['fields'] ?? array() ) );
				/* translators: %s: comma-separated field ids. */
				$what = sprintf( __( 'form a cycle: fields %s depend on each other', 'kestrel-forms' ), implode( ', ', $fields ) );
				break;
			case 'minLength':
				/* translators: %s: number of characters. */
				$what = sprintf( __( 'must be at least %s character(s) long', 'kestrel-forms' ), $scalar( 'limit' ) );
				break;
			case 'maxLength':
				/* translators: %s: number of characters. */
				$what = sprintf( __( 'must be at most %s character(s) long', 'kestrel-forms' ), $scalar( 'limit' ) );
				break;
			default:
				$what = SchemaError::describe( $error->keyword, $p );
		}
		$where = '' === $error->path ? __( '(the form)', 'kestrel-forms' ) : $error->path;
		/* translators: 1: JSON path such as fields[2].choices, 2: what is wrong. */
		return sprintf( __( 'Invalid form definition: %1$s %2$s.', 'kestrel-forms' ), $where, $what );
	}

	/**
	 * A number as text for a message (whole numbers without decimals).
	 *
	 * @param mixed $n Number.
	 */
	private static function num( mixed $n ): string {
		return is_numeric( $n ) ? (string) ( 0.0 === fmod( (float) $n, 1.0 ) ? (int) $n : (float) $n ) : '';
	}
}
