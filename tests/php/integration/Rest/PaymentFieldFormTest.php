<?php
/**
 * The form REST API and the payment field type (issue 13): one payment field per form, refused
 * with `kestrel_forms_invalid_form` naming the second one's path.
 *
 * @package KestrelForms\Tests
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Tests\Integration\Rest;

use Kestrel\Forms\Tests\Integration\Support\TestCase;

final class PaymentFieldFormTest extends TestCase {

	/**
	 * A payment field.
	 *
	 * @param int $id Field id.
	 * @return array<string, mixed>
	 */
	private static function payment( int $id ): array {
		return array(
			'id'      => $id,
			'type'    => 'payment',
			'label'   => 'Payment',
			'methods' => array( 'card' ),
		);
	}

	public function test_a_form_with_one_payment_field_is_stored_and_a_second_is_refused(): void {
		$this->as_admin();
		$definition             = FormsControllerTest::definition();
		$definition['fields'][] = self::payment( 8 );
		$response               = $this->rest( 'POST', '/kestrel-forms/v1/forms', $definition );
		$this->assertSame( 201, $response->get_status() );
		$this->assertSame( 'payment', $response->get_data()['fields'][3]['type'] );

		$definition['fields'][] = self::payment( 9 );
		$response               = $this->rest( 'POST', '/kestrel-forms/v1/forms', $definition );
		$this->assertSame( 400, $response->get_status() );
		$error = $response->as_error();
		$this->assertSame( 'kestrel_forms_invalid_form', $error->get_error_code() );
		$this->assertSame( 'fields[4]', $error->get_error_data()['errors'][0]['path'] );
		$this->assertSame( 'singlePayment', $error->get_error_data()['errors'][0]['keyword'] );
		$this->assertSame(
			'Invalid form definition: fields[4] is a second payment field; a form takes one (the first is fields[3]).',
			$error->get_error_message()
		);
	}
}
