<?php
/**
 * The server's engine and the payment field's value.
 *
 * @package KestrelForms\Tests
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Tests\Unit\Domain\Payments;

use Kestrel\Forms\Domain\Form\Form;
use Kestrel\Forms\Domain\Payments\PaymentValue;
use Kestrel\Forms\Domain\Validation\FieldError;
use Kestrel\Forms\Domain\Validation\SubmissionValidator;
use PHPUnit\Framework\TestCase;

final class PaymentFieldValidationTest extends TestCase {

	/**
	 * Product 12.50 × quantity + shipping 5.00, a checkbox that hides the payment, the payment.
	 */
	private function form(): Form {
		return new Form(
			7,
			array(
				'title'    => 'Shop',
				'currency' => 'USD',
				'fields'   => array(
					array(
						'id'        => 1,
						'type'      => 'product',
						'label'     => 'Mug',
						'inputType' => 'radio',
						'choices'   => array(
							array(
								'text'  => 'Mug',
								'value' => 'mug',
								'price' => '12.50',
							),
						),
					),
					array(
						'id'           => 2,
						'type'         => 'quantity',
						'productField' => 1,
					),
					array(
						'id'        => 3,
						'type'      => 'shipping',
						'inputType' => 'singleshipping',
						'basePrice' => '5.00',
					),
					array(
						'id'      => 4,
						'type'    => 'checkbox',
						'choices' => array(
							array(
								'text'  => 'Pay later',
								'value' => 'later',
							),
						),
					),
					array(
						'id'               => 5,
						'type'             => 'payment',
						'label'            => 'Card',
						'methods'          => array( 'card', 'giftCard' ),
						'conditionalLogic' => array(
							'actionType' => 'hide',
							'logicType'  => 'all',
							'rules'      => array(
								array(
									'fieldId'  => '4',
									'operator' => 'is',
									'value'    => 'later',
								),
							),
						),
					),
				),
			)
		);
	}

	/**
	 * Validates an order of two mugs with a payment value.
	 *
	 * @param mixed                $payment The payment field's value (null: absent).
	 * @param array<string, mixed> $extra   Other values.
	 */
	private function validate( mixed $payment, array $extra = array() ) {
		$values = $extra + array(
			'1' => 'mug',
			'2' => '2',
		);
		if ( null !== $payment ) {
			$values['5'] = $payment;
		}
		return ( new SubmissionValidator() )->validate( $this->form(), $values );
	}

	public function test_a_token_is_accepted_and_never_stored(): void {
		$result = $this->validate(
			array(
				'method'            => 'card',
				'token'             => 'cnon:card-nonce-ok',
				'verificationToken' => 'verf:abc-123',
				'amount'            => '0.01',
			)
		);
		$this->assertSame( array(), $result->errors );
		$this->assertSame( 3000, $result->pricing['totalMinor'] );
		$this->assertArrayNotHasKey( '5', $result->values );
		$this->assertArrayNotHasKey( '5:json', $result->values );
		$this->assertStringNotContainsString( 'cnon:', (string) json_encode( $result->values ) );
	}

	public function test_a_token_is_required_when_an_amount_is_due(): void {
		$this->assertSame( FieldError::REQUIRED, $this->validate( null )->errors[5]->code );
		$this->assertSame( FieldError::REQUIRED, $this->validate( array( 'method' => 'card' ) )->errors[5]->code );
		$this->assertSame( FieldError::REQUIRED, $this->validate( 'cnon:card-nonce-ok' )->errors[5]->code, 'A bare string is not the value.' );
	}

	public function test_malformed_values_are_invalid(): void {
		$this->assertSame(
			FieldError::INVALID,
			$this->validate(
				array(
					'method' => 'bitcoin',
					'token'  => 'cnon:card-nonce-ok',
				)
			)->errors[5]->code
		);
		$this->assertSame( FieldError::INVALID, $this->validate( array( 'token' => array( 'x' ) ) )->errors[5]->code );
		$this->assertSame( FieldError::INVALID, $this->validate( array( 'token' => 'cnon:<script>' ) )->errors[5]->code );
		$this->assertSame(
			FieldError::INVALID,
			$this->validate(
				array(
					'token'             => 'cnon:card-nonce-ok',
					'verificationToken' => 5,
				)
			)->errors[5]->code
		);
		$this->assertSame(
			array(),
			$this->validate(
				array(
					'method' => 'giftCard',
					'token'  => 'cnon:gift-card-nonce-ok',
				)
			)->errors
		);
	}

	public function test_no_token_is_needed_when_nothing_is_due_or_the_field_is_hidden(): void {
		$this->assertSame( array(), $this->validate( null, array( '2' => '0' ) )->errors, 'A total of 0 charges nothing.' );
		$this->assertSame( array(), $this->validate( null, array( '4' => array( 'later' ) ) )->errors, 'A hidden payment field charges nothing.' );
		$this->assertSame( array(), $this->validate( null, array( '4.1' => 'later' ) )->errors );
	}

	public function test_payment_value_reader(): void {
		$field = array( 'methods' => array( 'card' ) );
		$value = PaymentValue::read(
			array(
				'method'            => 'card',
				'token'             => 'cnon:card-nonce-ok',
				'verificationToken' => 'verf:1234',
			),
			$field
		);
		$this->assertInstanceOf( PaymentValue::class, $value );
		$this->assertSame( 'cnon:card-nonce-ok', $value->token );
		$this->assertSame( 'verf:1234', $value->verification_token );
		$this->assertSame( 'card', PaymentValue::read( array( 'token' => 'cnon:card-nonce-ok' ), array() )->method, 'card by default' );
		$this->assertFalse(
			PaymentValue::read(
				array(
					'method' => 'giftCard',
					'token'  => 'cnon:card-nonce-ok',
				),
				$field
			),
			'A method the field does not offer.'
		);
		$this->assertNull( PaymentValue::read( array( 'token' => '' ), $field ) );
		$this->assertNull( PaymentValue::read( null, $field ) );
	}
}

