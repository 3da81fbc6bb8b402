<?php
/**
 * The built-in currencies, read from plugin/data/currencies.json (shared with TypeScript).
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Domain\Money;

/**
 * Currency configuration by ISO code: symbol_left, symbol_right, symbol_padding,
 * thousand_separator, decimal_separator, decimals, code, name.
 */
final class Currencies {

	public const DEFAULT = 'USD';

	/**
	 * The currencies once read.
	 *
	 * @var array<string, array<string, string|int>>|null
	 */
	private static ?array $all = null;

	/**
	 * Every built-in currency by code.
	 *
	 * @return array<string, array<string, string|int>>
	 */
	public static function all(): array {
		if ( null === self::$all ) {
			$data      = json_decode( (string) file_get_contents( dirname( __DIR__, 3 ) . '/data/currencies.json' ), true ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_get_contents_file_get_contents -- local file.
			self::$all = is_array( $data['currencies'] ?? null ) ? $data['currencies'] : array();
		}
		return self::$all;
	}

	/**
	 * A currency by code; unknown codes fall back to the default.
	 *
	 * @param string $code ISO 4217 code.
	 * @return array<string, string|int>
	 */
	public static function get( string $code = self::DEFAULT ): array {
		$all = self::all();
		return $all[ strtoupper( $code ) ] ?? $all[ self::DEFAULT ];
	}
}
