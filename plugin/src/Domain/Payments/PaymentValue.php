<?php
/**
 * The value a visitor's browser sends for a payment field.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Domain\Payments;

/**
 * `values[fieldId] = {method: 'card'|'giftCard'|'applePay'|'googlePay', token: 'cnon:…',
 * verificationToken?: 'verf:…', wallet?: {billing?: contact, shipping?: contact}}`, or for a bank
 * payment `{method: 'ach', token: 'bnon:…', accountHolderName?}` and for Cash App Pay
 * `{method: 'cashAppPay', token: 'wnon:…', draftId?}`, for Afterpay/Clearpay
 * `{method: 'afterpayClearpay', token: 'wnon:…', wallet?: {billing?, shipping?, shippingOption?}}`: the single-use source token the provider's
 * SDK made in the browser (a wallet's is a `cnon:` card token too; each method has its own token
 * prefix), the buyer verification token and, for wallets, the contacts the wallet sheet returned. Nothing else
 * the browser sends for a payment (amount, currency, status) is read; the method is only a label
 * (one of the field's methods; the provider's answer wins when it names a wallet, and brand and
 * last 4 always come from it). The token is only ever passed to the provider: it is never stored in
 * the entry, a note or a log. Pure.
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

	/**
	 * The token prefix of each method that is not a card's: a bank account nonce for ACH, an
	 * instant wallet nonce for Cash App Pay. A `cnon:` token sent as ACH (or the other way
	 * round) is refused.
	 */
	private const METHOD_TOKEN_PATTERNS = array(
		'ach'              => '/^bnon:[A-Za-z0-9_\-]{4,500}$/',
		'cashAppPay'       => '/^wnon:[A-Za-z0-9_\-]{4,500}$/',
		'afterpayClearpay' => '/^wnon:[A-Za-z0-9_\-]{4,500}$/',
	);

	/** A payment draft's id ({@see \Kestrel\Forms\Persistence\PaymentDraftRepository}): 32 hex digits. */
	public const DRAFT_ID_PATTERN = '/^[a-f0-9]{32}$/D';

	/** The longest account holder name kept (characters). */
	private const HOLDER_NAME_MAX = 100;

	/** A buyer verification token of the SDK: `verf:` and letters, digits, `-` or `_`. */
	private const VERIFICATION_PATTERN = '/^verf:[A-Za-z0-9_\-]{4,500}$/';

	/** The wallet methods: their value may carry the sheet's contacts. */
	public const WALLETS = array( 'applePay', 'googlePay' );

	/**
	 * The methods whose value may carry the contacts (and shipping option) their sheet or popup
	 * returned: the wallets and Afterpay/Clearpay.
	 */
	public const CONTACT_METHODS = array( 'applePay', 'googlePay', 'afterpayClearpay' );

	/** A wallet contact's text keys and their longest length (characters). */
	private const CONTACT_KEYS = array(
		'givenName'   => 100,
		'familyName'  => 100,
		'email'       => 255,
		'phone'       => 40,
		'city'        => 100,
		'state'       => 100,
		'postalCode'  => 20,
		'countryCode' => 10,
	);

	/**
	 * Use {@see self::read()}.
	 *
	 * @param string                $method             card, giftCard, applePay or googlePay.
	 * @param string                $token              Source token.
	 * @param string                $verification_token Buyer verification token ('' when none).
	 * @param array<string, string> $billing            Wallet billing contact (clean; empty when none).
	 * @param array<string, string> $shipping           Wallet shipping contact (clean; empty when none).
	 * @param string                $account_holder     ACH: the name the browser sent ('' when none).
	 * @param string                $draft_id           Cash App Pay: the payment draft it returned from ('' when none).
	 */
	private function __construct(
		public readonly string $method,
		public readonly string $token,
		public readonly string $verification_token,
		public readonly array $billing = array(),
		public readonly array $shipping = array(),
		public readonly string $account_holder = '',
		public readonly string $draft_id = ''
	) {}

	/** Whether the value was made by a wallet button. */
	public function is_wallet(): bool {
		return in_array( $this->method, self::WALLETS, true );
	}

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
		if ( ! is_string( $method ) || ! in_array( $method, $methods, true ) ) {
			return false;
		}
		$pattern = self::METHOD_TOKEN_PATTERNS[ $method ] ?? self::TOKEN_PATTERN;
		$draft   = $raw['draftId'] ?? '';
		if ( ! is_string( $token ) || 1 !== preg_match( $pattern, $token )
			|| ! is_string( $verify ) || ( '' !== $verify && 1 !== preg_match( self::VERIFICATION_PATTERN, $verify ) )
			|| ! is_string( $draft ) || ( '' !== $draft && ( 'cashAppPay' !== $method || 1 !== preg_match( self::DRAFT_ID_PATTERN, $draft ) ) ) ) {
			return false;
		}
		$wallet = in_array( $method, self::CONTACT_METHODS, true ) && is_array( $raw['wallet'] ?? null ) ? $raw['wallet'] : array();
		$holder = 'ach' === $method ? self::text( $raw['accountHolderName'] ?? null, self::HOLDER_NAME_MAX ) : '';
		return new self( $method, $token, $verify, self::contact( $wallet['billing'] ?? null ), self::contact( $wallet['shipping'] ?? null ), $holder, $draft );
	}

	/**
	 * The method a value names before it has a token (a payment draft is stored before the buyer
	 * approves): one of the field's methods, or null when absent or not offered.
	 *
	 * @param mixed                $raw   The value the browser sent for the field.
	 * @param array<string, mixed> $field The payment field's definition.
	 */
	public static function method_of( mixed $raw, array $field ): ?string {
		$methods = is_array( $field['methods'] ?? null ) && $field['methods'] ? array_values( $field['methods'] ) : self::DEFAULT_METHODS;
		$method  = is_array( $raw ) ? ( $raw['method'] ?? 'card' ) : null;
		return is_string( $method ) && in_array( $method, $methods, true ) ? $method : null;
	}

	/**
	 * A wallet contact reduced to known keys and plain text: strings only, no control characters
	 * or markup, cut to a length; address lines joined as `addressLine1` / `addressLine2`; a
	 * country code only as two letters, an email only when it looks like one. Anything else is
	 * dropped (a contact is never a reason to refuse a payment).
	 *
	 * @param mixed $raw The browser's contact.
	 * @return array<string, string>
	 */
	public static function contact( mixed $raw ): array {
		if ( ! is_array( $raw ) ) {
			return array();
		}
		$clean = array();
		foreach ( self::CONTACT_KEYS as $key => $max ) {
			$text = self::text( $raw[ $key ] ?? null, $max );
			if ( '' !== $text ) {
				$clean[ $key ] = $text;
			}
		}
		$lines = is_array( $raw['addressLines'] ?? null ) ? array_values( $raw['addressLines'] ) : array();
		foreach ( array( 'addressLine1', 'addressLine2' ) as $at => $key ) {
			$text = self::text( $lines[ $at ] ?? null, 255 );
			if ( '' !== $text ) {
				$clean[ $key ] = $text;
			}
		}
		if ( isset( $clean['countryCode'] ) ) {
			if ( 1 === preg_match( '/^[A-Za-z]{2}$/D', $clean['countryCode'] ) ) {
				$clean['countryCode'] = strtoupper( $clean['countryCode'] );
			} else {
				unset( $clean['countryCode'] );
			}
		}
		if ( isset( $clean['email'] ) && false === filter_var( $clean['email'], FILTER_VALIDATE_EMAIL ) ) {
			unset( $clean['email'] );
		}
		return $clean;
	}

	/**
	 * Plain text: a string without tags, control characters, angle brackets or surrounding space, cut
	 * to `$max` characters ('' for anything else).
	 *
	 * @param mixed $value Value.
	 * @param int   $max   Most characters.
	 */
	private static function text( mixed $value, int $max ): string {
		if ( ! is_string( $value ) || 1 !== preg_match( '//u', $value ) ) {
			return '';
		}
		$text = trim( (string) preg_replace( '/[\x00-\x1F\x7F<>]+/u', ' ', strip_tags( $value ) ) );
		return mb_substr( (string) preg_replace( '/\s{2,}/u', ' ', $text ), 0, $max );
	}
}
