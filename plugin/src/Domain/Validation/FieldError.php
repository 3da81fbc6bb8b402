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

	/**
	 * An error.
	 *
	 * @param string               $code           One of the constants above.
	 * @param array<string, mixed> $params         Details such as [ 'limit' => 20 ].
	 * @param string               $custom_message The field's own error message, '' when none.
	 */
	public function __construct(
		public readonly string $code,
		public readonly array $params = array(),
		public readonly string $custom_message = ''
	) {}
}
