<?php
/**
 * The value a visitor's browser sends for a payment field.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Domain\Payments;

/**
 * `values[fieldId] = {method: 'card'|'giftCard', token: 'cnon:…', verificationToken?: 'verf:…'}`:
 * the single-use source token the provider's SDK made in the browser, and the buyer
 * verification token. Nothing else the browser sends for a payment (amount, currency, status) is
 * read. The token is only ever passed to the provider: it is never stored in the entry, a note or
 * a log. Pure.
 */
final class PaymentValue {

	/** The methods of a field that lists none. */
	public const DEFAULT_METHODS = array( 'card' );

	/**
	 * A single-use source token of the provider's Web Payments SDK: `cnon:` and letters, digits,
	 * `-` or `_` (card and gift card alike, e.g. `cnon:CBASE…`, the sandbox's fixed
	 * `cnon:card-nonce-ok`). A stored id (`gftc:…` gift card, `ccof:…` card on file) is refused:
	 * CreatePayment would accept it as source, so anyone knowing it could spend it.
	 */
	private const TOKEN_PATTERN = '/^cnon:[A-Za-z0-9_\-]{4,500}$/';

	/** A buyer verification token of the SDK: `verf:` and letters, digits, `-` or `_`. */
	private const VERIFICATION_PATTERN = '/^verf:[A-Za-z0-9_\-]{4,500}$/';

	/**
	 * Use {@see self::read()}.
	 *
	 * @param string $method             card or giftCard.
	 * @param string $token              Source token.
	 * @param string $verification_token Buyer verification token ('' when none).
	 */
	private function __construct(
		public readonly string $method,
		public readonly string $token,
		public readonly string $verification_token
	) {}

	/**
	 * Reads a submitted value.
	 *
	 * @param mixed                $raw   The submitted value of the field.
	 * @param array<string, mixed> $field The payment field's definition (its `methods`).
	 * @return self|null|false The value; null when nothing usable was sent (absent, not an object,
	 *                         or no token); false when a token was sent but the value is malformed.
	 */
	public static function read( mixed $raw, array $field ): self|null|false {
		if ( ! is_array( $raw ) ) {
			return null;
		}
		$token = $raw['token'] ?? null;
		if ( null === $token || '' === $token ) {
			return null;
		}
		$methods = is_array( $field['methods'] ?? null ) && $field['methods'] ? array_values( $field['methods'] ) : self::DEFAULT_METHODS;
		$method  = $raw['method'] ?? 'card';
		$verify  = $raw['verificationToken'] ?? '';
		if ( ! is_string( $token ) || 1 !== preg_match( self::TOKEN_PATTERN, $token )
			|| ! is_string( $method ) || ! in_array( $method, $methods, true )
			|| ! is_string( $verify ) || ( '' !== $verify && 1 !== preg_match( self::VERIFICATION_PATTERN, $verify ) ) ) {
			return false;
		}
		return new self( $method, $token, $verify );
	}
}
