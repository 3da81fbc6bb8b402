<?php
/**
 * The pricing units' checks that need the whole form and the server's pricing (a product's
 * quantity field, a required product on the order, the stored total, a payment due), which the
 * one-field shared fixtures cannot show.
 *
 * @package KestrelForms\Tests
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Tests\Unit\Domain;

use Kestrel\Forms\Domain\FieldTypes\FieldTypes;
use Kestrel\Forms\Domain\FieldTypes\ProductType;
use Kestrel\Forms\Domain\Form\Form;
use Kestrel\Forms\Domain\Validation\FieldError;
use Kestrel\Forms\Domain\Validation\SubmissionValidator;
use PHPUnit\Framework\TestCase;

final class PricedTypesTest extends TestCase {

	/**
	 * A form of a single product (id 1), then the given fields.
	 *
	 * @param array<string, mixed>       $product Overrides of the product.
	 * @param list<array<string, mixed>> $more    Other fields.
	 */
	private static function form( array $product = array(), array $more = array() ): Form {
		return new Form(
			3,
			array(
				'title'  => 'Shop',
				'fields' => array_merge(
					array(
						array_merge(
							array(
								'id'        => 1,
								'type'      => 'product',
								'label'     => 'Mug',
								'inputType' => 'singleproduct',
								'basePrice' => '10.00',
							),
							$product
						),
					),
					$more
				),
			)
		);
	}

	public function test_a_required_product_with_quantity_0_is_not_on_the_order(): void {
		$result = ( new SubmissionValidator() )->validate( self::form( array( 'isRequired' => true ) ), array( '1.3' => '0' ) );
		$this->assertSame( FieldError::REQUIRED, $result->errors[1]->code ?? null );
		$ok = ( new SubmissionValidator() )->validate( self::form( array( 'isRequired' => true ) ), array( '1.3' => '2' ) );
		$this->assertSame( array(), $ok->errors );
		$this->assertSame( array( '1.3' => '2' ), $ok->values );
	}

	public function test_a_quantity_field_carries_the_quantity_and_the_own_input_is_ignored(): void {
		$quantity = array(
			'id'           => 2,
			'type'         => 'quantity',
			'label'        => 'How many',
			'productField' => 1,
		);
		$result   = ( new SubmissionValidator() )->validate(
			self::form( array(), array( $quantity ) ),
			array(
				'1.3' => 'lots',
				'2'   => '3',
			)
		);
		$this->assertSame( array(), $result->errors );
		$this->assertSame( array( '2' => '3' ), array_map( 'strval', $result->values ) );
		$this->assertSame( 3000, $result->pricing['totalMinor'] ?? null );
	}

	public function test_the_total_stores_the_servers_total_never_the_browsers(): void {
		$total  = array(
			'id'    => 9,
			'type'  => 'total',
			'label' => 'Total',
		);
		$result = ( new SubmissionValidator() )->validate(
			self::form( array(), array( $total ) ),
			array(
				'1.3' => '2',
				'9'   => '$1.00',
			)
		);
		$this->assertSame( '20', $result->values['9'] ?? null ); // A canonical decimal, as every amount stored.
	}

	public function test_a_payment_needs_a_token_only_when_an_amount_is_due(): void {
		$payment = array(
			'id'      => 5,
			'type'    => 'payment',
			'label'   => 'Payment',
			'methods' => array( 'card' ),
		);
		$due     = ( new SubmissionValidator() )->validate( self::form( array(), array( $payment ) ), array() );
		$this->assertSame( FieldError::REQUIRED, $due->errors[5]->code ?? null );
		$free = ( new SubmissionValidator() )->validate( self::form( array( 'basePrice' => '0' ), array( $payment ) ), array() );
		$this->assertSame( array(), $free->errors );
		$this->assertArrayNotHasKey( '5', $free->values );
	}

	public function test_the_evaluator_reads_the_products_own_quantity(): void {
		$unit = FieldTypes::get( 'product' );
		$this->assertInstanceOf( ProductType::class, $unit );
		$field = self::form()->fields()[0];
		$this->assertSame( array( '1.3' => '4' ), $unit->entered_inputs( $field, array( '1.3' => 4 ) ) );
		$this->assertSame( array(), $unit->entered_inputs( $field, array( '1.3' => array( '4' ) ) ) );
	}
}
