<?php
/**
 * The web API switch: whether external clients (application passwords) may use our REST API.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Settings;

/**
 * Option `kestrel_forms_api_enabled` (off by default). The admin screens use cookies and a
 * nonce and are not affected; a request to kestrel-forms/v1 authenticated with an application
 * password is refused with 403 while the switch is off (Rest\ApiGate, hooked by Plugin.php).
 */
final class ApiSettings {

	public const OPTION = 'kestrel_forms_api_enabled';

	/**
	 * Whether external clients may use the API.
	 */
	public function enabled(): bool {
		return (bool) get_option( self::OPTION, false );
	}

	/**
	 * Switches external access on or off.
	 *
	 * @param bool $enabled On or off.
	 */
	public function set_enabled( bool $enabled ): void {
		update_option( self::OPTION, $enabled ? 1 : 0, false );
	}
}
