<?php
/**
 * The countries, US states and Canadian provinces an address field accepts.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Domain\FieldTypes;

/**
 * Read from plugin/data/address-lists.json, shared with TypeScript (assets-src/shared/address.ts).
 */
final class AddressLists {

	/** The country a US address stores. */
	public const US_COUNTRY = 'United States';

	/** The country a Canadian address stores. */
	public const CANADA_COUNTRY = 'Canada';

	/**
	 * The lists, once read.
	 *
	 * @var array{countries: list<string>, usStates: list<string>, canadianProvinces: list<string>}|null
	 */
	private static ?array $lists = null;

	/**
	 * Country names.
	 *
	 * @return list<string>
	 */
	public static function countries(): array {
		return self::lists()['countries'];
	}

	/**
	 * US state names (and the District of Columbia).
	 *
	 * @return list<string>
	 */
	public static function us_states(): array {
		return self::lists()['usStates'];
	}

	/**
	 * Canadian province and territory names.
	 *
	 * @return list<string>
	 */
	public static function canadian_provinces(): array {
		return self::lists()['canadianProvinces'];
	}

	/**
	 * The lists.
	 *
	 * @return array{countries: list<string>, usStates: list<string>, canadianProvinces: list<string>}
	 */
	private static function lists(): array {
		if ( null === self::$lists ) {
			$data        = json_decode( (string) file_get_contents( dirname( __DIR__, 3 ) . '/data/address-lists.json' ), true ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_get_contents_file_get_contents -- local file.
			$data        = is_array( $data ) ? $data : array();
			$strings     = static fn( mixed $list ): array => is_array( $list ) ? array_values( array_map( 'strval', $list ) ) : array();
			self::$lists = array(
				'countries'         => array_values( array_map( static fn( array $c ): string => (string) $c['name'], is_array( $data['countries'] ?? null ) ? $data['countries'] : array() ) ),
				'usStates'          => $strings( $data['usStates'] ?? null ),
				'canadianProvinces' => $strings( $data['canadianProvinces'] ?? null ),
			);
		}
		return self::$lists;
	}
}
