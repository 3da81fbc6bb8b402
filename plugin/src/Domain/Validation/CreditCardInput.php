<?php
/**
 * Server-side checks and storage of a credit card field.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Domain\Validation;

/**
 * The card arrives as values["{id}.1"] (number; spaces and dashes allowed), values["{id}.2"]
 * ([month, year]), values["{id}.3"] (security code) and values["{id}.5"] (cardholder name).
 * Checked in this order: required, the number (digits, 12 to 19 of them, Luhn), a type of the
 * card rules that the field accepts (re-derived here, never taken from the browser), the type's
 * lengths, the expiry (a real month, not in the past), the security code (3 or 4 digits), the
 * name.
 *
 * An entry stores the last four digits ("{id}.1"), the brand name ("{id}.4", as Gravity Forms
 * does) and the cardholder name ("{id}.5"). Never the full number, the expiry or the security
 * code.
 */
final class CreditCardInput {

	/**
	 * Validates a credit card field and returns what an entry stores of it.
	 *
	 * @param array<string, mixed>                $field Credit card field.
	 * @param array<mixed, mixed>                 $raw   All submitted values.
	 * @param array<string, array<string, mixed>> $rules Normalised card rules (CardRules::normalize).
	 * @param int                                 $year  The current year.
	 * @param int                                 $month The current month (1-12).
	 * @return array<string, string>|FieldError What to store by input id, [] when blank, or an error.
	 */
	public static function validate( array $field, array $raw, array $rules, int $year, int $month ): array|FieldError {
		$id     = (string) $field['id'];
		$number = self::text( $raw[ $id . '.1' ] ?? null );
		$code   = self::text( $raw[ $id . '.3' ] ?? null );
		$name   = self::text( $raw[ $id . '.5' ] ?? null );
		$expiry = $raw[ $id . '.2' ] ?? null;
		if ( null === $expiry || '' === $expiry ) {
			$expiry = array( '', '' );
		}
		$expiry = is_array( $expiry ) && 2 === count( $expiry ) ? array_map( array( self::class, 'text' ), array_values( $expiry ) ) : null;
		if ( null === $number || null === $code || null === $name || null === $expiry || in_array( null, $expiry, true ) ) {
			return self::error( $field, FieldError::INVALID );
		}
		list( $exp_month, $exp_year ) = $expiry;

		if ( '' === $number . $code . $name . $exp_month . $exp_year ) {
			return empty( $field['isRequired'] ) ? array() : self::error( $field, FieldError::REQUIRED );
		}
		$digits = CardRules::digits( $number );
		if ( null === $digits || strlen( $digits ) < CardRules::MIN_LENGTH || strlen( $digits ) > CardRules::MAX_LENGTH || ! CardRules::luhn( $digits ) ) {
			return self::error( $field, FieldError::CARD_NUMBER );
		}
		$type = CardRules::detect( $digits, $rules );
		if ( null === $type || ! in_array( $type, self::accepted( $field, $rules ), true ) ) {
			return self::error( $field, FieldError::CARD_TYPE );
		}
		$lengths = $rules[ $type ]['lengths'] ?? array();
		if ( $lengths && ! in_array( strlen( $digits ), $lengths, true ) ) {
			return self::error( $field, FieldError::CARD_NUMBER );
		}
		if ( ! preg_match( '/^\d{1,2}$/', $exp_month ) || (int) $exp_month < 1 || (int) $exp_month > 12 || ! preg_match( '/^\d{4}$/', $exp_year ) ) {
			return self::error( $field, FieldError::CARD_EXPIRY );
		}
		// A card is valid through the last day of its expiry month.
		if ( (int) $exp_year < $year || ( (int) $exp_year === $year && (int) $exp_month < $month ) ) {
			return self::error( $field, FieldError::CARD_EXPIRED );
		}
		if ( ! preg_match( '/^\d{3,4}$/', $code ) ) {
			return self::error( $field, FieldError::CARD_CODE );
		}
		if ( '' === $name ) {
			return self::error( $field, FieldError::CARD_NAME );
		}
		if ( mb_strlen( $name, 'UTF-8' ) > 200 ) {
			return self::error( $field, FieldError::MAX_LENGTH, array( 'limit' => 200 ) );
		}
		return array(
			$id . '.1' => substr( $digits, -4 ),
			$id . '.4' => (string) $rules[ $type ]['name'],
			$id . '.5' => $name,
		);
	}

	/**
	 * The types a field accepts: its creditCards list (absent or empty: every type of the rules).
	 *
	 * @param array<string, mixed>                $field Field.
	 * @param array<string, array<string, mixed>> $rules Rules.
	 * @return list<string>
	 */
	public static function accepted( array $field, array $rules ): array {
		$all    = array_map( 'strval', array_keys( $rules ) );
		$listed = is_array( $field['creditCards'] ?? null ) ? array_map( 'strval', $field['creditCards'] ) : array();
		return $listed ? array_values( array_intersect( $all, $listed ) ) : $all;
	}

	/**
	 * A submitted scalar as trimmed single-line text; null for arrays, objects and invalid UTF-8.
	 *
	 * @param mixed $raw Submitted value.
	 */
	private static function text( mixed $raw ): ?string {
		if ( null === $raw ) {
			return '';
		}
		if ( ! is_string( $raw ) && ! is_int( $raw ) ) {
			return null;
		}
		$text = (string) $raw;
		if ( ! mb_check_encoding( $text, 'UTF-8' ) ) {
			return null;
		}
		return trim( (string) preg_replace( '/[\x00-\x1F\x7F]/u', '', $text ) );
	}

	/**
	 * The field's error, with its custom message when it has one.
	 *
	 * @param array<string, mixed> $field  Field.
	 * @param string               $code   FieldError code.
	 * @param array<string, mixed> $params Details.
	 */
	private static function error( array $field, string $code, array $params = array() ): FieldError {
		return new FieldError( $code, $params, trim( (string) ( $field['errorMessage'] ?? '' ) ) );
	}
}
