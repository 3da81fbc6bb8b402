<?php
/**
 * Address fields.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Domain\FieldTypes;

use Kestrel\Forms\Domain\Schema\SchemaError;
use Kestrel\Forms\Domain\Validation\FieldError;

/**
 * Street, Line 2, City, State / Province, ZIP / Postal Code, Country ("N.1" to "N.6"). A US or
 * Canadian address takes a state or province from the list, a ZIP or postal code in the
 * country's shape, and stores its fixed country; an international one a country from the list.
 * A required address needs every shown input but Line 2. The twin of address.ts.
 */
final class AddressType implements FieldType, DefinitionRules, StoredValues {

	use StoredAsSent;

	private const STATE   = 3;
	private const POSTAL  = 4;
	private const COUNTRY = 5;

	/** A US ZIP code: 5 digits, or ZIP+4. */
	private const US_ZIP = '/^\d{5}(?:-\d{4})?$/';

	/** A Canadian postal code: A1A 1A1 (the space optional, either case). */
	private const CANADIAN_POSTAL = '/^[a-z]\d[a-z] ?\d[a-z]\d$/i';

	/**
	 * The six inputs.
	 *
	 * @param array<string, mixed> $field Address field.
	 * @return list<string>
	 */
	public function input_ids( array $field ): array {
		return Wire::input_ids( $field, array( 1, 2, 3, 4, 5, 6 ) );
	}

	/**
	 * Each input's defaultValue; the default state, province or country; the fixed country.
	 *
	 * @param array<string, mixed> $field Address field.
	 * @return list<string>
	 */
	public function default_value( array $field ): array {
		$value = array_map( static fn( string $id ): string => Wire::input_default( $field, $id ), $this->input_ids( $field ) );
		$type  = (string) ( $field['addressType'] ?? 'international' );
		$state = 'us' === $type ? ( $field['defaultState'] ?? '' ) : ( 'canadian' === $type ? ( $field['defaultProvince'] ?? '' ) : '' );
		if ( '' !== $state ) {
			$value[ self::STATE ] = (string) $state;
		}
		if ( 'international' === $type && '' !== (string) ( $field['defaultCountry'] ?? '' ) ) {
			$value[ self::COUNTRY ] = (string) $field['defaultCountry'];
		}
		$fixed = self::fixed_country( $field );
		if ( '' !== $fixed ) {
			$value[ self::COUNTRY ] = $fixed;
		}
		return $value;
	}

	/**
	 * The tuple entered.
	 *
	 * @param array<string, mixed> $field Address field.
	 * @param array<mixed, mixed>  $raw   All submitted values.
	 * @return list<string>|null
	 */
	public function entered( array $field, array $raw ): ?array {
		return MultiInput::entered( $raw, $this->input_ids( $field ) );
	}

	/**
	 * Validates the shown inputs; stores the non-empty ones and a fixed country.
	 *
	 * @param array<string, mixed> $field   Address field.
	 * @param array<mixed, mixed>  $raw     All submitted values.
	 * @param ValidationContext    $context Unused.
	 * @return array<string, string>|FieldError
	 */
	public function validate( array $field, array $raw, ValidationContext $context ): array|FieldError {
		$ids    = $this->input_ids( $field );
		$shown  = self::shown( $field );
		$stored = MultiInput::validate( $field, $raw, $ids, $shown, array_values( array_diff( $shown, array( 1 ) ) ) );
		if ( $stored instanceof FieldError ) {
			return $stored;
		}
		// Filled-in parts are read again for the lists (MultiInput::validate() found them text).
		$error = self::list_error( $field, Wire::parts( $raw, $ids ) ?? array(), $shown );
		if ( null !== $error ) {
			return $error;
		}
		$fixed = self::fixed_country( $field );
		if ( array() !== $stored && '' !== $fixed ) {
			$stored[ $ids[ self::COUNTRY ] ] = $fixed;
		}
		return $stored;
	}

	/**
	 * One input by its id ("1.3"; a fixed country reads as itself), or the shown parts joined by
	 * ", ".
	 *
	 * @param array<string, mixed> $field Address field.
	 * @param string|list<string>  $value Value.
	 * @param string               $ref   Rule reference.
	 */
	public function rule_reading( array $field, string|array $value, string $ref ): RuleReading {
		$fixed    = self::fixed_country( $field );
		$read     = static fn( int $i ): string => self::COUNTRY === $i && '' !== $fixed ? $fixed : Wire::part( $value, $i );
		$position = array_search( $ref, $this->input_ids( $field ), true );
		if ( false !== $position ) {
			return new RuleReading( array( $read( (int) $position ) ) );
		}
		$parts = array_map( $read, self::shown( $field ) );
		return new RuleReading( array( implode( ', ', array_filter( $parts, static fn( string $p ): bool => '' !== $p ) ) ) );
	}

	/**
	 * The country a US or Canadian address stores ('' for international).
	 *
	 * @param array<string, mixed> $field Address field.
	 */
	public static function fixed_country( array $field ): string {
		return match ( (string) ( $field['addressType'] ?? 'international' ) ) {
			'us'       => AddressLists::US_COUNTRY,
			'canadian' => AddressLists::CANADA_COUNTRY,
			default    => '',
		};
	}

	/**
	 * A filled-in state, postal code or country the address type does not allow.
	 *
	 * @param array<string, mixed> $field Address field.
	 * @param list<string>         $parts The tuple.
	 * @param list<int>            $shown Shown positions.
	 */
	private static function list_error( array $field, array $parts, array $shown ): ?FieldError {
		$ids    = Wire::input_ids( $field, array( 1, 2, 3, 4, 5, 6 ) );
		$filled = static fn( int $i ): bool => in_array( $i, $shown, true ) && '' !== $parts[ $i ];
		$type   = (string) ( $field['addressType'] ?? 'international' );
		if ( 'us' !== $type && 'canadian' !== $type ) {
			return $filled( self::COUNTRY ) && ! in_array( $parts[ self::COUNTRY ], AddressLists::countries(), true )
				? FieldError::for_field( $field, FieldError::CHOICE, array(), array( $ids[ self::COUNTRY ] ) )
				: null;
		}
		$states = 'us' === $type ? AddressLists::us_states() : AddressLists::canadian_provinces();
		if ( $filled( self::STATE ) && ! in_array( $parts[ self::STATE ], $states, true ) ) {
			return FieldError::for_field( $field, FieldError::CHOICE, array(), array( $ids[ self::STATE ] ) );
		}
		$postal = 'us' === $type ? self::US_ZIP : self::CANADIAN_POSTAL;
		if ( $filled( self::POSTAL ) && 1 !== preg_match( $postal, $parts[ self::POSTAL ] ) ) {
			return FieldError::for_field( $field, FieldError::POSTAL_CODE, array( 'country' => $type ), array( $ids[ self::POSTAL ] ) );
		}
		return null;
	}

	/**
	 * The shown inputs, as positions (a fixed country is never shown).
	 *
	 * @param array<string, mixed> $field Address field.
	 * @return list<int>
	 */
	private static function shown( array $field ): array {
		$fixed = '' !== self::fixed_country( $field );
		$shown = array();
		foreach ( Wire::input_ids( $field, array( 1, 2, 3, 4, 5, 6 ) ) as $i => $id ) {
			if ( Wire::is_shown( $field, $id, false ) && ! ( $fixed && self::COUNTRY === $i ) ) {
				$shown[] = $i;
			}
		}
		return $shown;
	}

	/**
	 * Inputs N.1 to N.6; the default state, province or country from its list.
	 *
	 * @param array<string, mixed> $field Address field.
	 * @param string               $path  Its JSON path.
	 * @return list<SchemaError>
	 */
	public function definition_errors( array $field, string $path ): array {
		return array_merge(
			DefinitionChecks::inputs( $field, $path, $this->input_ids( $field ) ),
			DefinitionChecks::in_list( $field, $path, 'defaultState', AddressLists::us_states(), 'US states' ),
			DefinitionChecks::in_list( $field, $path, 'defaultProvince', AddressLists::canadian_provinces(), 'Canadian provinces' ),
			DefinitionChecks::in_list( $field, $path, 'defaultCountry', AddressLists::countries(), 'countries' )
		);
	}
}
