<?php
/**
 * Afterpay/Clearpay values, where it can be offered and its payment request.
 *
 * @package KestrelForms\Tests
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Tests\Unit\Domain\Payments;

use Kestrel\Forms\Domain\Payments\MethodEligibility;
use Kestrel\Forms\Domain\Payments\PaymentValue;
use Kestrel\Forms\Domain\Payments\WalletRequest;
use PHPUnit\Framework\TestCase;

final class AfterpayValueTest extends TestCase {

	private const FIELD = array(
		'id'      => 3,
		'type'    => 'payment',
		'methods' => array( 'card', 'afterpayClearpay' ),
	);

	public function test_a_value_takes_an_instant_wallet_nonce_and_the_popup_contacts(): void {
		$value = PaymentValue::read(
			array(
				'method' => 'afterpayClearpay',
				'token'  => 'wnon:afterpay-or-clearpay-ok',
				'wallet' => array(
					'shipping' => array(
						'givenName'    => 'Jane',
						'addressLines' => array( '1 Main St', '' ),
						'city'         => 'Springfield',
						'countryCode'  => 'us',
						'evil'         => '<script>',
					),
				),
			),
			self::FIELD
		);
		$this->assertInstanceOf( PaymentValue::class, $value );
		$this->assertSame( 'afterpayClearpay', $value->method );
		$this->assertSame(
			array(
				'givenName'    => 'Jane',
				'city'         => 'Springfield',
				'countryCode'  => 'US',
				'addressLine1' => '1 Main St',
			),
			$value->shipping
		);
		$this->assertFalse( $value->is_wallet() );
	}

	public function test_other_tokens_and_unoffered_methods_are_refused(): void {
		foreach ( array( 'cnon:card-nonce-ok', 'bnon:sandbox-bank-ok', 'wnon:', 'wnon:a b c d' ) as $token ) {
			$this->assertFalse(
				PaymentValue::read(
					array(
						'method' => 'afterpayClearpay',
						'token'  => $token,
					),
					self::FIELD
				),
				$token
			);
		}
		$this->assertFalse(
			PaymentValue::read(
				array(
					'method' => 'afterpayClearpay',
					'token'  => 'wnon:afterpay-or-clearpay-ok',
				),
				array( 'methods' => array( 'card' ) )
			)
		);
		// A draft belongs to Cash App Pay's redirect only.
		$this->assertFalse(
			PaymentValue::read(
				array(
					'method'  => 'afterpayClearpay',
					'token'   => 'wnon:afterpay-or-clearpay-ok',
					'draftId' => str_repeat( 'a', 32 ),
				),
				self::FIELD
			)
		);
	}

	/**
	 * Currencies and countries.
	 *
	 * @return array<string, array{0: string, 1: string, 2: string}>
	 */
	public static function eligibility(): array {
		return array(
			'USD in the US'        => array( 'USD', 'US', '' ),
			'CAD in Canada'        => array( 'CAD', 'CA', '' ),
			'AUD in Australia'     => array( 'AUD', 'AU', '' ),
			'GBP in the UK'        => array( 'GBP', 'GB', '' ),
			'EUR in France'        => array( 'EUR', 'FR', '' ),
			'EUR in Spain'         => array( 'EUR', 'ES', '' ),
			'EUR, country unknown' => array( 'eur', '', '' ),
			'JPY'                  => array( 'JPY', 'JP', MethodEligibility::BNPL_CURRENCY ),
			'NZD'                  => array( 'NZD', 'NZ', MethodEligibility::BNPL_CURRENCY ),
			'USD in Japan'         => array( 'USD', 'JP', MethodEligibility::BNPL_COUNTRY ),
			'EUR in Germany'       => array( 'EUR', 'DE', MethodEligibility::BNPL_COUNTRY ),
			'GBP in the US'        => array( 'GBP', 'us', MethodEligibility::BNPL_COUNTRY ),
			'JPY, country unknown' => array( 'JPY', '', MethodEligibility::BNPL_CURRENCY ),
		);
	}

	/**
	 * Where Afterpay/Clearpay is offered.
	 *
	 * @dataProvider eligibility
	 * @param string $currency Form currency.
	 * @param string $country  Location country.
	 * @param string $reason   Expected reason.
	 */
	public function test_eligibility( string $currency, string $country, string $reason ): void {
		$this->assertSame( $reason, MethodEligibility::reason( 'afterpayClearpay', $currency, $country ) );
		$this->assertSame(
			'' === $reason ? array( 'card', 'afterpayClearpay' ) : array( 'card' ),
			MethodEligibility::offered( array( 'card', 'afterpayClearpay' ), $currency, $country )
		);
	}

	/**
	 * A wallets' request of a shipping form (standard 5.00, express 15.00; total 35.00).
	 *
	 * @return array<string, mixed>
	 */
	private static function request(): array {
		return array(
			'countryCode'            => 'US',
			'currencyCode'           => 'USD',
			'total'                  => array(
				'amount' => '35.00',
				'label'  => 'Shop',
			),
			'lineItems'              => array(),
			'requestBillingContact'  => true,
			'requestShippingContact' => true,
			'shippingOptions'        => array(
				array(
					'id'     => 'standard',
					'label'  => 'Standard',
					'amount' => '5.00',
				),
				array(
					'id'     => 'express',
					'label'  => 'Express',
					'amount' => '15.00',
				),
			),
		);
	}

	public function test_afterpay_options_carry_their_order_total_and_no_tax(): void {
		$request = WalletRequest::for_afterpay(
			self::request(),
			self::FIELD,
			array(
				'standard' => 3500,
				'express'  => 4500,
			)
		);
		$this->assertTrue( $request['requestShippingContact'] );
		$this->assertSame(
			array(
				'id'           => 'express',
				'label'        => 'Express',
				'amount'       => '15.00',
				'total'        => array(
					'amount' => '45.00',
					'label'  => 'Shop',
				),
				'taxLineItems' => array(),
			),
			$request['shippingOptions'][1]
		);
	}

	public function test_a_form_mapping_its_own_address_asks_for_none(): void {
		$field            = self::FIELD;
		$field['billing'] = array(
			'addressLine1' => '6',
			'city'         => '7',
			'postalCode'   => '8',
		);
		$this->assertTrue( WalletRequest::has_own_address( $field ) );
		$request = WalletRequest::for_afterpay( self::request(), $field, array() );
		$this->assertFalse( $request['requestShippingContact'] );
		$this->assertArrayNotHasKey( 'shippingOptions', $request );

		unset( $field['billing']['city'] );
		$this->assertFalse( WalletRequest::has_own_address( $field ) );
	}

	public function test_a_form_shipping_at_one_price_offers_it_as_the_one_option(): void {
		$request = self::request();
		unset( $request['shippingOptions'] );
		$request = WalletRequest::for_afterpay(
			$request,
			self::FIELD,
			array(),
			array(
				'label'  => 'Shipping',
				'amount' => '5.00',
			)
		);
		$this->assertTrue( $request['requestShippingContact'] );
		$this->assertSame(
			array(
				array(
					'id'           => WalletRequest::FIXED_SHIPPING,
					'label'        => 'Shipping',
					'amount'       => '5.00',
					'total'        => array(
						'amount' => '35.00',
						'label'  => 'Shop',
					),
					'taxLineItems' => array(),
				),
			),
			$request['shippingOptions']
		);
	}
}
