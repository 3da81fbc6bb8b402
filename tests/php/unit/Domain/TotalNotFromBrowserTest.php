<?php
/**
 * A total sent by the browser never steers the server's rules: the browser has no input for it,
 * and a rule on the total fed a posted value could hide the payment field while the server's
 * own total is due (a charge skipped).
 *
 * @package KestrelForms\Tests
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Tests\Unit\Domain;

use Kestrel\Forms\Domain\Form\Form;
use Kestrel\Forms\Domain\Validation\SubmissionValidator;
use PHPUnit\Framework\TestCase;

final class TotalNotFromBrowserTest extends TestCase {

	public function test_a_posted_total_cannot_hide_the_payment_field(): void {
		$form = new Form(
			1,
			array(
				'title'  => 'Order',
				'fields' => array(
					array(
						'id'        => 1,
						'type'      => 'product',
						'label'     => 'Mug',
						'inputType' => 'singleproduct',
						'basePrice' => '10.00',
					),
					array(
						'id'    => 2,
						'type'  => 'total',
						'label' => 'Total',
					),
					array(
						'id'               => 3,
						'type'             => 'payment',
						'label'            => 'Pay',
						'conditionalLogic' => array(
							'actionType' => 'hide',
							'logicType'  => 'all',
							'rules'      => array(
								array(
									'fieldId'  => '2',
									'operator' => 'is',
									'value'    => '0',
								),
							),
						),
					),
				),
			)
		);
		foreach ( array( array(), array( '2' => '0' ), array( '2' => '$0.00' ) ) as $posted ) {
			$result = ( new SubmissionValidator() )->validate( $form, $posted );
			$this->assertTrue( $result->visible[3], 'The payment field stays shown for ' . (string) json_encode( $posted ) );
			$this->assertArrayHasKey( 3, $result->errors, 'A payment is due: the token is required.' );
			$this->assertSame( '10', $result->values['2'] ); // The server's own total.
		}
	}
}
