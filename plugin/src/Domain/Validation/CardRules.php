<?php
/**
 * The card-rules table: card type slug -> brand name, number prefixes, allowed lengths.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Domain\Validation;

/**
 * Defaults come from plugin/data/card-rules.json (shared with TypeScript, assets-src/shared/cards);
 * the WordPress layer lets sites filter them (`kestrel_forms_card_rules`) and passes the result
 * both to the browser and to the submission validator, so the two detect the same types
 * (specs/forms-visitor-behaviour.md §3 "card rules", §5 "Card type").
 */
final class CardRules {

	/** Shortest and longest card number accepted when a rule lists no lengths. */
	public const MIN_LENGTH = 12;
	public const MAX_LENGTH = 19;

	/** Type slugs, as the schema's creditCards items. */
	private const SLUG = '/^[a-z0-9_-]{1,40}$/';

	/**
	 * The built-in rules once loaded (null until first needed).
	 *
	 * @var array<string, array{name: string, prefixes: list<string|array{0: string, 1: string}>, lengths: list<int>}>|null
	 */
	private static ?array $defaults = null;

	/**
	 * The built-in rules.
	 *
	 * @return array<string, array{name: string, prefixes: list<string|array{0: string, 1: string}>, lengths: list<int>}>
	 */
	public static function defaults(): array {
		if ( null === self::$defaults ) {
			$data           = json_decode( (string) file_get_contents( dirname( __DIR__, 3 ) . '/data/card-rules.json' ), true ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_get_contents_file_get_contents -- local file.
			self::$defaults = self::normalize( is_array( $data ) ? ( $data['rules'] ?? array() ) : array() );
		}
		return self::$defaults;
	}

	/**
	 * A well-formed table from untrusted data (a site's filter): entries with a bad slug, without
	 * a name or without a valid prefix are dropped; a prefix is a digit string or a [from, to]
	 * pair of equally long digit strings; lengths are whole numbers from 1 to 19.
	 *
	 * @param mixed $rules Anything.
	 * @return array<string, array{name: string, prefixes: list<string|array{0: string, 1: string}>, lengths: list<int>}>
	 */
	public static function normalize( mixed $rules ): array {
		$out = array();
		if ( ! is_array( $rules ) ) {
			return $out;
		}
		foreach ( $rules as $slug => $rule ) {
			if ( ! is_string( $slug ) || ! preg_match( self::SLUG, $slug ) || ! is_array( $rule ) ) {
				continue;
			}
			$name     = $rule['name'] ?? null;
			$prefixes = array_values( array_filter( (array) ( $rule['prefixes'] ?? array() ), array( self::class, 'is_prefix' ) ) );
			if ( ! is_string( $name ) || '' === $name || ! $prefixes ) {
				continue;
			}
			$lengths      = array_values( array_filter( (array) ( $rule['lengths'] ?? array() ), static fn( mixed $n ): bool => is_int( $n ) && $n >= 1 && $n <= 19 ) );
			$out[ $slug ] = array(
				'name'     => $name,
				'prefixes' => array_map( static fn( string|array $p ): string|array => is_array( $p ) ? array_values( $p ) : $p, $prefixes ),
				'lengths'  => $lengths,
			);
		}
		return $out;
	}

	/**
	 * The digits of a card number as typed (spaces and dashes allowed between them), or null
	 * when anything else is in it.
	 *
	 * @param string $text Number as typed.
	 */
	public static function digits( string $text ): ?string {
		$text = trim( $text );
		return preg_match( '/^[\d\s-]*$/', $text ) ? (string) preg_replace( '/\D/', '', $text ) : null;
	}

	/**
	 * The type of a number: only from 4 digits on, and only when exactly one type matches.
	 *
	 * @param string                              $digits Digits only.
	 * @param array<string, array<string, mixed>> $rules  Normalised rules.
	 */
	public static function detect( string $digits, array $rules ): ?string {
		if ( strlen( $digits ) < 4 || ! ctype_digit( $digits ) ) {
			return null;
		}
		$matches = array();
		foreach ( $rules as $slug => $rule ) {
			foreach ( $rule['prefixes'] as $prefix ) {
				if ( self::matches( $digits, $prefix ) ) {
					$matches[] = (string) $slug;
					break;
				}
			}
		}
		return 1 === count( $matches ) ? $matches[0] : null;
	}

	/**
	 * The Luhn (mod 10) checksum.
	 *
	 * @param string $digits Digits only.
	 */
	public static function luhn( string $digits ): bool {
		if ( '' === $digits || ! ctype_digit( $digits ) ) {
			return false;
		}
		$sum    = 0;
		$length = strlen( $digits );
		for ( $i = 0; $i < $length; $i++ ) {
			$d = (int) $digits[ $length - 1 - $i ];
			if ( 1 === $i % 2 ) {
				$d *= 2;
				if ( $d > 9 ) {
					$d -= 9;
				}
			}
			$sum += $d;
		}
		return 0 === $sum % 10;
	}

	/**
	 * Whether a value is a valid prefix: a digit string, or a pair of digit strings of equal length.
	 *
	 * @param mixed $prefix Candidate prefix.
	 */
	private static function is_prefix( mixed $prefix ): bool {
		if ( is_string( $prefix ) ) {
			return '' !== $prefix && ctype_digit( $prefix );
		}
		if ( ! is_array( $prefix ) || 2 !== count( $prefix ) ) {
			return false;
		}
		$pair = array_values( $prefix );
		return is_string( $pair[0] ) && is_string( $pair[1] ) && '' !== $pair[0] && ctype_digit( $pair[0] ) && ctype_digit( $pair[1] ) && strlen( $pair[0] ) === strlen( $pair[1] );
	}

	/**
	 * Whether a card number starts with a prefix or falls in a prefix range.
	 *
	 * @param string                             $digits Digits.
	 * @param string|array{0: string, 1: string} $prefix Prefix or range.
	 */
	private static function matches( string $digits, string|array $prefix ): bool {
		if ( is_string( $prefix ) ) {
			return str_starts_with( $digits, $prefix );
		}
		$length = strlen( $prefix[0] );
		if ( strlen( $digits ) < $length ) {
			return false;
		}
		$head = (int) substr( $digits, 0, $length );
		return $head >= (int) $prefix[0] && $head <= (int) $prefix[1];
	}
}
