<?php
/**
 * The wallet payment request and the wallet value of a payment field (pure parts).
 *
 * @package KestrelForms\Tests
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Tests\Unit\Domain\Payments;

use Kestrel\Forms\Domain\Payments\PaymentValue;
use Kestrel\Forms\Domain\Payments\WalletRequest;
use PHPUnit\Framework\TestCase;

final class WalletRequestTest extends TestCase {

	/**
	 * Pricing as PriceCalculator returns it: 2 × 10.00 + 1 × 0.99, shipping 4.00.
	 *
	 * @return array<string, mixed>
	 */
	private static function pricing(): array {
		return array(
			'currency'      => 'EUR',
			'products'      => array(
				array(
					'fieldId'   => 2,
					'name'      => 'Book',
					'quantity'  => '2',
					'lineMinor' => 2000,
				),
				array(
					'fieldId'   => 5,
					'name'      => 'Bookmark',
					'quantity'  => '1',
					'lineMinor' => 99,
				),
			),
			'shippingMinor' => 400,
			'totalMinor'    => 2499,
		);
	}

	public function test_the_total_is_the_engines_and_lines_are_products_then_shipping(): void {
		$request = WalletRequest::build( array( 'id' => 9 ), self::pricing(), 'FR', 'Shop', 'Shipping', null, true );
		$this->assertSame( 'FR', $request['countryCode'] );
		$this->assertSame( 'EUR', $request['currencyCode'] );
		$this->assertSame(
			array(
				'amount' => '24.99',
				'label'  => 'Shop',
			),
			$request['total']
		);
		$this->assertSame(
			array(
				array(
					'amount' => '20.00',
					'label'  => 'Book × 2',
				),
				array(
					'amount' => '0.99',
					'label'  => 'Bookmark',
				),
				array(
					'amount' => '4.00',
					'label'  => 'Shipping',
				),
			),
			$request['lineItems']
		);
		$this->assertTrue( $request['requestShippingContact'] );
		$this->assertArrayNotHasKey( 'shippingOptions', $request );
	}

	public function test_a_product_amount_source_takes_its_line_only_and_an_unknown_country_falls_back(): void {
		$request = WalletRequest::build( array( 'amountSource' => '5' ), self::pricing(), '', 'Shop', 'Shipping', null, true );
		$this->assertSame( '0.99', $request['total']['amount'] );
		$this->assertCount( 1, $request['lineItems'] );
		$this->assertFalse( $request['requestShippingContact'] );
		$this->assertSame( 'US', $request['countryCode'] );
	}

	public function test_shipping_choices_put_the_chosen_first_and_skip_hidden_fields(): void {
		$definition = array(
			'fields' => array(
				array(
					'id'        => 3,
					'type'      => 'shipping',
					'inputType' => 'radio',
					'choices'   => array(
						array(
							'text'  => 'Post',
							'value' => 'post',
							'price' => '4.00',
						),
						array(
							'text'  => 'Courier',
							'value' => 'courier',
							'price' => '12.5',
						),
					),
				),
			),
		);
		$choices    = WalletRequest::shipping_choices( $definition, array(), array( 3 => 'courier' ) );
		$this->assertSame( 3, $choices['field'] );
		$this->assertSame( array( 'courier', 'post' ), array_column( $choices['options'], 'id' ) );
		$this->assertNull( WalletRequest::shipping_choices( $definition, array( 3 => false ), array() ) );
		$this->assertFalse( WalletRequest::ships( $definition, array( 3 => false ) ) );

		$request = WalletRequest::build( array(), self::pricing(), 'FR', 'Shop', 'Shipping', $choices, true );
		$this->assertSame(
			array(
				array(
					'id'     => 'courier',
					'label'  => 'Courier',
					'amount' => '12.50',
				),
				array(
					'id'     => 'post',
					'label'  => 'Post',
					'amount' => '4.00',
				),
			),
			$request['shippingOptions']
		);
	}

	public function test_the_sheets_shipping_option_becomes_the_forms_when_it_is_one_of_its_choices(): void {
		$definition = array(
			'fields' => array(
				array(
					'id'        => 3,
					'type'      => 'shipping',
					'inputType' => 'select',
					'choices'   => array(
						array(
							'text'  => 'Post',
							'value' => 'post',
							'price' => '4.00',
						),
						array(
							'text'  => 'Courier',
							'value' => 'courier',
							'price' => '12.50',
						),
					),
				),
				array(
					'id'   => 5,
					'type' => 'payment',
				),
			),
		);
		$paid_by    = static fn ( string $method, mixed $option ): array => array(
			'3' => 'post',
			'5' => array(
				'method' => $method,
				'token'  => 'cnon:abcd',
				'wallet' => array( 'shippingOption' => $option ),
			),
		);

		$this->assertSame( 'courier', WalletRequest::with_sheet_shipping( $definition, $paid_by( 'applePay', 'courier' ) )['3'] );
		$this->assertSame( 'courier', WalletRequest::with_sheet_shipping( $definition, $paid_by( 'googlePay', 'courier' ) )['3'] );
		// Not one of the field's choices, not a string, or not a wallet: the form's choice stays.
		$this->assertSame( 'post', WalletRequest::with_sheet_shipping( $definition, $paid_by( 'applePay', 'teleport' ) )['3'] );
		$this->assertSame( 'post', WalletRequest::with_sheet_shipping( $definition, $paid_by( 'applePay', array( 'courier' ) ) )['3'] );
		$this->assertSame( 'post', WalletRequest::with_sheet_shipping( $definition, $paid_by( 'card', 'courier' ) )['3'] );
		// Two shipping fields, the first hidden: the visible one takes the choice, as the payment
		// request offered its options.
		$two                  = $definition;
		$second               = $definition['fields'][0];
		$second['id']         = 4;
		$second['choices'][1] = array(
			'text'  => 'Abroad express',
			'value' => 'intlexp',
			'price' => '40.00',
		);
		array_splice( $two['fields'], 1, 0, array( $second ) );
		$values = $paid_by( 'applePay', 'intlexp' ) + array( '4' => 'post' );
		$chosen = WalletRequest::with_sheet_shipping( $two, $values, array( 3 => false ) );
		$this->assertSame( 'intlexp', $chosen['4'] );
		$this->assertSame( 'post', $chosen['3'] );

		// A form without a shipping field with choices: nothing is added.
		$no_choices = array( 'fields' => array( $definition['fields'][1] ) );
		$this->assertSame( $paid_by( 'applePay', 'courier' ), WalletRequest::with_sheet_shipping( $no_choices, $paid_by( 'applePay', 'courier' ) ) );
	}

	public function test_a_wallet_value_keeps_a_clean_contact_and_a_card_value_none(): void {
		$field  = array( 'methods' => array( 'card', 'googlePay' ) );
		$wallet = array(
			'billing'  => array(
				'email'        => 'not-an-email',
				'givenName'    => array( 'Ada' ),
				'familyName'   => str_repeat( 'x', 300 ),
				'addressLines' => array( "1 Main St\r\n", 7 ),
				'countryCode'  => 'de',
			),
			'shipping' => 'nope',
		);
		$value  = PaymentValue::read(
			array(
				'method' => 'googlePay',
				'token'  => 'cnon:wallet-ok',
				'wallet' => $wallet,
			),
			$field
		);
		$this->assertInstanceOf( PaymentValue::class, $value );
		$this->assertTrue( $value->is_wallet() );
		$this->assertSame(
			array(
				'familyName'   => str_repeat( 'x', 100 ),
				'countryCode'  => 'DE',
				'addressLine1' => '1 Main St',
			),
			$value->billing
		);
		$this->assertSame( array(), $value->shipping );

		$card = PaymentValue::read(
			array(
				'method' => 'card',
				'token'  => 'cnon:card-ok',
				'wallet' => $wallet,
			),
			$field
		);
		$this->assertInstanceOf( PaymentValue::class, $card );
		$this->assertFalse( $card->is_wallet() );
		$this->assertSame( array(), $card->billing, 'Only a wallet value carries a contact.' );
		$this->assertFalse(
			PaymentValue::read(
				array(
					'method' => 'applePay',
					'token'  => 'cnon:x-ok',
				),
				$field
			),
			'A wallet the field does not offer.'
		);
	}
}
