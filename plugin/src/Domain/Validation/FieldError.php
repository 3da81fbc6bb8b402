<?php
/**
 * Why one field's submitted value was refused.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Domain\Validation;

/**
 * A stable code plus parameters; the WordPress layer turns it into a translated message.
 * `custom_message` is the field's own errorMessage when the admin set one.
 */
final class FieldError {

	public const REQUIRED   = 'required';
	public const EMAIL      = 'email';
	public const NUMBER     = 'number';
	public const RANGE      = 'range';
	public const MIN        = 'min';
	public const MAX        = 'max';
	public const CHOICE     = 'choice';
	public const MAX_LENGTH = 'max_length';
	public const INVALID    = 'invalid';
	public const MAX_ROWS   = 'max_rows';
	public const MAX_FILES  = 'max_files';
	/** Quantities: a number, but not a whole one. */
	public const INTEGER = 'integer';
	/** A typed or calculated price outside its bounds: params min, max (money text). */
	public const AMOUNT_RANGE = 'amount_range';
	/** A product line, shipping or the total above the largest amount: params max (money text). */
	public const AMOUNT_OVER = 'amount_over';
	/** The total below zero: params min (money text). */
	public const AMOUNT_UNDER = 'amount_under';
	/** A problem in one row of a list or repeater: params row (from 1), column, error (a FieldError). */
	public const ROW = 'row';
	/** Password fields: the confirmation differs. */
	public const MISMATCH = 'mismatch';
	/** Credit card fields: number (digits, length, Luhn), type, expiry, expired, security code, name. */
	public const CARD_NUMBER  = 'card_number';
	public const CARD_TYPE    = 'card_type';
	public const CARD_EXPIRY  = 'card_expiry';
	public const CARD_EXPIRED = 'card_expired';
	public const CARD_CODE    = 'card_code';
	public const CARD_NAME    = 'card_name';
	/** Phone fields: not a number in the field's phone format; params format (standard, international). */
	public const PHONE = 'phone';
	/** Date fields: not a real date in the field's format; params format ("mm/dd/yyyy"). */
	public const DATE = 'date';
	/** Date fields: before dateMin; params limit (the date in the field's format). */
	public const DATE_MIN = 'date_min';
	/** Date fields: after dateMax; params limit (the date in the field's format). */
	public const DATE_MAX = 'date_max';
	/** Time fields: not a time of the field's clock, or only part of one; params clock ('12', '24'). */
	public const TIME = 'time';
	/** Website fields: not an http(s) address with a host. */
	public const URL = 'url';
	/** Address fields: a ZIP or postal code not in the country's shape; params country (us, canadian). */
	public const POSTAL_CODE = 'postal_code';

	/**
	 * An error.
	 *
	 * @param string               $code           One of the constants above.
	 * @param array<string, mixed> $params         Details such as [ 'limit' => 20 ].
	 * @param string               $custom_message The field's own error message, '' when none.
	 * @param list<string>         $inputs         The input ids at fault ("1.3"), for fields with
	 *                                             several inputs; empty when the whole field is.
	 */
	public function __construct(
		public readonly string $code,
		public readonly array $params = array(),
		public readonly string $custom_message = '',
		public readonly array $inputs = array()
	) {}

	/**
	 * An error for a field, with the field's own message when it has one.
	 *
	 * @param array<string, mixed> $field  Field definition.
	 * @param string               $code   One of the constants above.
	 * @param array<string, mixed> $params Details.
	 * @param list<string>         $inputs Input ids at fault.
	 */
	public static function for_field( array $field, string $code, array $params = array(), array $inputs = array() ): self {
		return new self( $code, $params, trim( (string) ( $field['errorMessage'] ?? '' ) ), $inputs );
	}
}
