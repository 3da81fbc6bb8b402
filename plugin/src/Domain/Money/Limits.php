<?php
/**
 * The bounds on quantities and amounts; the twin of assets-src/shared/money/limits.ts.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Domain\Money;

/**
 * How far a submission's money may go (issue 12, "Money"):
 *
 * - a quantity is a whole number from 0 to `max_quantity` (default 1,000,000: far beyond any
 *   order a web form takes, short enough to read in an error message);
 * - a typed or calculated price, every product line, shipping and the total lie within
 *   `max_amount` major units of the form's currency (default 999,999,999.99, just under a
 *   billion: above any single card charge, and exact as integer minor units for every currency,
 *   three-decimal ones included, in PHP and in JavaScript alike);
 * - neither bound can pass CEILING, the largest integer JavaScript holds exactly, so both engines
 *   compute the same integers whatever a site's filters say.
 *
 * The WordPress layer lets sites filter both (`kestrel_forms_max_quantity`,
 * `kestrel_forms_max_amount`) and hands the result to the engines in the form definition
 * (`limits`: { maxQuantity, maxAmount }); this class only reads and normalises.
 */
final class Limits {

	public const DEFAULT_MAX_QUANTITY = 1000000;

	/** Major units, as a canonical decimal. */
	public const DEFAULT_MAX_AMOUNT = '999999999.99';

	/** JavaScript's Number.MAX_SAFE_INTEGER (2^53 - 1). */
	public const CEILING = 9007199254740991;

	/**
	 * Bounds already normalised (see from()).
	 *
	 * @param int    $max_quantity Largest quantity, 0 to CEILING.
	 * @param string $max_amount   Largest amount in major units, a canonical non-negative decimal.
	 */
	private function __construct(
		public readonly int $max_quantity,
		public readonly string $max_amount
	) {}

	/**
	 * The default bounds.
	 */
	public static function defaults(): self {
		return new self( self::DEFAULT_MAX_QUANTITY, self::DEFAULT_MAX_AMOUNT );
	}

	/**
	 * Bounds from any values (a filter's result): what is not a usable bound falls back to the
	 * default; bounds above CEILING are lowered to it.
	 *
	 * @param mixed $max_quantity A whole number of 0 or more (int, or digits as text).
	 * @param mixed $max_amount   Major units of 0 or more (canonical decimal text, int or float).
	 */
	public static function from( mixed $max_quantity, mixed $max_amount ): self {
		$quantity = self::DEFAULT_MAX_QUANTITY;
		if ( is_int( $max_quantity ) && $max_quantity >= 0 ) {
			$quantity = min( $max_quantity, self::CEILING );
		} elseif ( is_string( $max_quantity ) && 1 === preg_match( '/^\d+$/', $max_quantity ) ) {
			$quantity = self::within_ceiling( $max_quantity ) ? (int) $max_quantity : self::CEILING;
		}

		$amount = self::DEFAULT_MAX_AMOUNT;
		if ( is_int( $max_amount ) || ( is_float( $max_amount ) && is_finite( $max_amount ) ) ) {
			$max_amount = Decimal::from_number( $max_amount );
		}
		if ( is_string( $max_amount ) && Decimal::is_decimal( $max_amount ) && ! str_starts_with( $max_amount, '-' ) ) {
			$amount = Decimal::round( $max_amount, 12 ); // Canonical (no trailing zeros); no currency has more places.
		}
		return new self( $quantity, $amount );
	}

	/**
	 * Bounds from a definition's `limits` object; missing or unusable parts are the defaults.
	 *
	 * @param mixed $limits { maxQuantity, maxAmount } or anything else.
	 */
	public static function from_array( mixed $limits ): self {
		$limits = is_array( $limits ) ? $limits : array();
		return self::from( $limits['maxQuantity'] ?? null, $limits['maxAmount'] ?? null );
	}

	/**
	 * The bounds as the browser receives them in the public definition.
	 *
	 * @return array{maxQuantity: int, maxAmount: string}
	 */
	public function to_array(): array {
		return array(
			'maxQuantity' => $this->max_quantity,
			'maxAmount'   => $this->max_amount,
		);
	}

	/**
	 * The largest amount in integer minor units of a currency with this many decimals: the bound
	 * cut (not rounded) to the currency's places, at most CEILING.
	 *
	 * @param int $decimals Currency decimals.
	 */
	public function max_minor( int $decimals ): int {
		list( $integer, $fraction ) = array_pad( explode( '.', $this->max_amount ), 2, '' );
		$digits                     = ltrim( $integer . substr( str_pad( $fraction, $decimals, '0' ), 0, $decimals ), '0' );
		if ( '' === $digits ) {
			return 0;
		}
		return self::within_ceiling( $digits ) ? (int) $digits : self::CEILING;
	}

	/**
	 * Whether a string of digits (no leading zeros needed) is at most CEILING, without casting it.
	 *
	 * @param string $digits Digits.
	 */
	public static function within_ceiling( string $digits ): bool {
		$digits  = ltrim( $digits, '0' );
		$ceiling = (string) self::CEILING;
		return strlen( $digits ) < strlen( $ceiling ) || ( strlen( $digits ) === strlen( $ceiling ) && strcmp( $digits, $ceiling ) <= 0 );
	}
}
