<?php
/**
 * ACH and Cash App Pay values and where they can be offered.
 *
 * @package KestrelForms\Tests
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Tests\Unit\Domain\Payments;

use Kestrel\Forms\Domain\Payments\MethodEligibility;
use Kestrel\Forms\Domain\Payments\PaymentValue;
use PHPUnit\Framework\TestCase;

final class BankAndCashAppValueTest extends TestCase {

	private const FIELD = array(
		'id'      => 3,
		'type'    => 'payment',
		'methods' => array( 'card', 'ach', 'cashAppPay' ),
	);

	/**
	 * Reads a value of the field.
	 *
	 * @param string $method Method.
	 * @param string $token  Token.
	 * @param string $draft  Draft id ('' for none).
	 * @return PaymentValue|null|false
	 */
	private static function read( string $method, string $token, string $draft = '' ): PaymentValue|null|false {
		return PaymentValue::read(
			array_filter(
				array(
					'method'  => $method,
					'token'   => $token,
					'draftId' => $draft,
				)
			),
			self::FIELD
		);
	}

	public function test_each_method_takes_its_own_token_prefix(): void {
		$ach = PaymentValue::read(
			array(
				'method'            => 'ach',
				'token'             => 'bnon:abc-123_X',
				'accountHolderName' => "  Jane <b>Doe</b>\x07 ",
			),
			self::FIELD
		);
		$this->assertInstanceOf( PaymentValue::class, $ach );
		$this->assertSame( 'ach', $ach->method );
		$this->assertSame( 'Jane Doe', $ach->account_holder );

		$cash = PaymentValue::read(
			array(
				'method'  => 'cashAppPay',
				'token'   => 'wnon:abcd-1',
				'draftId' => str_repeat( 'f0', 16 ),
			),
			self::FIELD
		);
		$this->assertInstanceOf( PaymentValue::class, $cash );
		$this->assertSame( str_repeat( 'f0', 16 ), $cash->draft_id );
		$this->assertSame( '', $cash->account_holder );

		foreach ( array(
			array( 'ach', 'cnon:card-nonce-ok' ),
			array( 'ach', 'wnon:abcd-1' ),
			array( 'cashAppPay', 'bnon:abcd-1' ),
			array( 'card', 'bnon:abcd-1' ),
			array( 'card', 'wnon:abcd-1' ),
			array( 'ach', 'bnon:ab' ),
			array( 'ach', 'bnon:abc d' ),
			array( 'googlePay', 'cnon:card-nonce-ok' ),
		) as $case ) {
			$this->assertFalse( self::read( ...$case ), implode( ' ', $case ) );
		}
	}

	public function test_a_draft_id_is_only_cash_app_pays_and_32_hex_digits(): void {
		foreach ( array(
			array( 'cashAppPay', 'wnon:abcd-1', 'ABCDEF0123456789ABCDEF0123456789' ),
			array( 'cashAppPay', 'wnon:abcd-1', str_repeat( 'a', 31 ) ),
			array( 'cashAppPay', 'wnon:abcd-1', str_repeat( 'a', 32 ) . "\n" ),
			array( 'card', 'cnon:card-nonce-ok', str_repeat( 'a', 32 ) ),
		) as $case ) {
			$this->assertFalse( self::read( ...$case ), implode( ' ', $case ) );
		}
		$this->assertSame( 'cashAppPay', PaymentValue::method_of( array( 'method' => 'cashAppPay' ), self::FIELD ) );
		$this->assertNull( PaymentValue::method_of( array( 'method' => 'applePay' ), self::FIELD ) );
		$this->assertNull( PaymentValue::method_of( 'cashAppPay', self::FIELD ) );
		$this->assertSame( 'card', PaymentValue::method_of( array(), self::FIELD ) );
	}

	public function test_ach_and_cash_app_pay_only_for_usd_on_a_us_location(): void {
		foreach ( array( 'ach', 'cashAppPay' ) as $method ) {
			$this->assertSame( '', MethodEligibility::reason( $method, 'USD', 'US' ) );
			$this->assertSame( '', MethodEligibility::reason( $method, 'usd', '' ), 'An unknown country: the currency decides.' );
			$this->assertSame( MethodEligibility::US_MERCHANT_ONLY, MethodEligibility::reason( $method, 'USD', 'PR' ) );
			$this->assertSame( MethodEligibility::US_MERCHANT_ONLY, MethodEligibility::reason( $method, 'GBP', 'GB' ) );
			$this->assertSame( MethodEligibility::USD_ONLY, MethodEligibility::reason( $method, 'EUR', 'US' ) );
			$this->assertSame( MethodEligibility::USD_ONLY, MethodEligibility::reason( $method, 'CAD', '' ) );
		}
		foreach ( array( 'card', 'giftCard', 'applePay', 'googlePay' ) as $method ) {
			$this->assertSame( '', MethodEligibility::reason( $method, 'JPY', 'JP' ) );
		}
		$this->assertSame( array( 'card', 'ach', 'cashAppPay' ), MethodEligibility::offered( array( 'card', 'ach', 'cashAppPay' ), 'USD', 'US' ) );
		$this->assertSame( array( 'applePay', 'card' ), MethodEligibility::offered( array( 'applePay', 'ach', 'card', 'cashAppPay' ), 'GBP', 'GB' ) );
	}
}
