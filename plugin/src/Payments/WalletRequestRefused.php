<?php
/**
 * Why a wallet payment request was not built.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Payments;

use RuntimeException;

/**
 * Thrown by {@see BuildWalletRequest}; Rest\ErrorMapper::wallet_request_refused() turns it into
 * the answer (`kestrel_forms_form_not_found` 404, `kestrel_forms_wallets_not_offered` 400,
 * `kestrel_forms_invalid_shipping_option` 400).
 */
final class WalletRequestRefused extends RuntimeException {

	/** No active form of that id. */
	public const FORM_NOT_FOUND = 'form_not_found';
	/** The form's payment field offers no wallet (or it has no payment field). */
	public const NO_WALLET = 'no_wallet';
	/** The shipping option is none of the form's. */
	public const UNKNOWN_SHIPPING_OPTION = 'unknown_shipping_option';

	/**
	 * Use the named constructors.
	 *
	 * @param string $kind One of the constants.
	 */
	private function __construct( public readonly string $kind ) {
		parent::__construct( 'Wallet payment request refused: ' . $kind );
	}

	/** No active form of that id. */
	public static function form_not_found(): self {
		return new self( self::FORM_NOT_FOUND );
	}

	/** The form offers no wallet. */
	public static function no_wallet(): self {
		return new self( self::NO_WALLET );
	}

	/** The shipping option is none of the form's. */
	public static function unknown_shipping_option(): self {
		return new self( self::UNKNOWN_SHIPPING_OPTION );
	}
}
