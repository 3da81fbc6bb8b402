<?php
/**
 * General settings: default currency, data retention, delete data on uninstall.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Settings;

use Kestrel\Forms\Domain\Money\Currencies;

/**
 * Option `kestrel_forms_general` = array{ currency: string, retention_days: int } (0 days: keep
 * entries for ever). "Delete data on uninstall" stays in its own option,
 * `kestrel_forms_delete_data_on_uninstall`, which plugin/uninstall.php reads without the plugin.
 */
final class GeneralSettings {

	public const OPTION           = 'kestrel_forms_general';
	public const UNINSTALL_OPTION = 'kestrel_forms_delete_data_on_uninstall';
	public const MAX_RETENTION    = 36500;

	/**
	 * The stored settings, with defaults for missing or invalid values.
	 *
	 * @return array{currency: string, retention_days: int, delete_on_uninstall: bool}
	 */
	public function get(): array {
		$stored   = get_option( self::OPTION, array() );
		$stored   = is_array( $stored ) ? $stored : array();
		$currency = is_string( $stored['currency'] ?? null ) && isset( Currencies::all()[ $stored['currency'] ] ) ? $stored['currency'] : Currencies::DEFAULT;
		return array(
			'currency'            => $currency,
			'retention_days'      => max( 0, min( self::MAX_RETENTION, (int) ( $stored['retention_days'] ?? 0 ) ) ),
			'delete_on_uninstall' => (bool) get_option( self::UNINSTALL_OPTION, false ),
		);
	}

	/**
	 * Checks the values sent; each valid one replaces the current one, the others keep theirs.
	 * Stores nothing (store() does).
	 *
	 * @param array<string, mixed> $input Values.
	 * @return array{values: array{currency: string, retention_days: int, delete_on_uninstall: bool}, errors: array<string, string>}
	 *         The settings to store, and messages by key (empty when every value is accepted).
	 */
	public function validate( array $input ): array {
		$values = $this->get();
		$errors = array();
		if ( array_key_exists( 'currency', $input ) ) {
			$code = is_string( $input['currency'] ) ? strtoupper( trim( $input['currency'] ) ) : '';
			if ( isset( Currencies::all()[ $code ] ) ) {
				$values['currency'] = $code;
			} else {
				$errors['currency'] = __( 'Choose a currency from the list.', 'kestrel-forms' );
			}
		}
		if ( array_key_exists( 'retention_days', $input ) ) {
			$days = filter_var( $input['retention_days'], FILTER_VALIDATE_INT );
			if ( false === $days || $days < 0 || $days > self::MAX_RETENTION ) {
				/* translators: %d: largest number of days. */
				$errors['retention_days'] = sprintf( __( 'Enter a whole number of days from 0 (keep for ever) to %d.', 'kestrel-forms' ), self::MAX_RETENTION );
			} else {
				$values['retention_days'] = (int) $days;
			}
		}
		if ( array_key_exists( 'delete_on_uninstall', $input ) ) {
			$values['delete_on_uninstall'] = wp_validate_boolean( $input['delete_on_uninstall'] );
		}
		return array(
			'values' => $values,
			'errors' => $errors,
		);
	}

	/**
	 * Stores settings validate() accepted.
	 *
	 * @param array{currency: string, retention_days: int, delete_on_uninstall: bool} $values Values.
	 */
	public function store( array $values ): void {
		update_option(
			self::OPTION,
			array(
				'currency'       => $values['currency'],
				'retention_days' => $values['retention_days'],
			),
			false
		);
		update_option( self::UNINSTALL_OPTION, $values['delete_on_uninstall'] ? 1 : 0, false );
	}
}
