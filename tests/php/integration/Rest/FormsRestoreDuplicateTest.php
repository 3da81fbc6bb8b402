<?php
/**
 * REST: /kestrel-forms/v1/forms/{id}/restore and /duplicate (the React forms list).
 *
 * @package KestrelForms\Tests
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Tests\Integration\Rest;

use Kestrel\Forms\Tests\Integration\Support\TestCase;

final class FormsRestoreDuplicateTest extends TestCase {

	private function create_form(): array {
		$this->as_admin();
		$created = $this->rest( 'POST', '/kestrel-forms/v1/forms', FormsControllerTest::definition() );
		$this->assert_rest_status( 201, $created );
		return $created->get_data();
	}

	public function test_trash_then_restore_brings_the_form_back_to_the_list(): void {
		$form = $this->create_form();
		$this->assert_rest_status( 200, $this->rest( 'DELETE', '/kestrel-forms/v1/forms/' . $form['id'] ) );
		$this->assertSame( array(), array_column( $this->rest( 'GET', '/kestrel-forms/v1/forms' )->get_data(), 'id' ) );
		$this->assertSame( array( $form['id'] ), array_column( $this->rest( 'GET', '/kestrel-forms/v1/forms', null, array( 'status' => 'trash' ) )->get_data(), 'id' ) );

		$restored = $this->rest( 'POST', '/kestrel-forms/v1/forms/' . $form['id'] . '/restore' );
		$this->assert_rest_status( 200, $restored );
		$this->assertSame( 'active', $restored->get_data()['status'] );
		$this->assertSame( array( $form['id'] ), array_column( $this->rest( 'GET', '/kestrel-forms/v1/forms' )->get_data(), 'id' ) );
		$this->assertSame( array(), $this->rest( 'GET', '/kestrel-forms/v1/forms', null, array( 'status' => 'trash' ) )->get_data() );
	}

	public function test_duplicate_copies_the_definition_under_a_new_id_and_title(): void {
		$form = $this->create_form();
		$this->rest( 'POST', '/kestrel-forms/v1/forms/' . $form['id'] . '/submissions', array( 'values' => array( '1' => 'Ada' ) ) );

		$copy = $this->rest( 'POST', '/kestrel-forms/v1/forms/' . $form['id'] . '/duplicate' );
		$this->assert_rest_status( 201, $copy );
		$data = $copy->get_data();
		$this->assertNotSame( $form['id'], $data['id'] );
		$this->assertSame( 'Contact (copy)', $data['title'] );
		$this->assertSame( $form['fields'], $data['fields'] );
		$this->assertSame( 0, $data['entryCount'], 'Entries are not copied.' );
		$this->assertCount( 2, $this->rest( 'GET', '/kestrel-forms/v1/forms' )->get_data() );
	}

	public function test_unknown_forms_are_404(): void {
		$this->as_admin();
		$this->assert_rest_error( 'kestrel_forms_form_not_found', 404, $this->rest( 'POST', '/kestrel-forms/v1/forms/987654/restore' ) );
		$this->assert_rest_error( 'kestrel_forms_form_not_found', 404, $this->rest( 'POST', '/kestrel-forms/v1/forms/987654/duplicate' ) );
	}

	public function test_subscribers_and_visitors_are_refused(): void {
		$form = $this->create_form();
		$this->rest( 'DELETE', '/kestrel-forms/v1/forms/' . $form['id'] );
		foreach ( array( 'as_subscriber', 'as_anonymous' ) as $who ) {
			$this->{$who}();
			foreach ( array( 'restore', 'duplicate' ) as $action ) {
				$response = $this->rest( 'POST', '/kestrel-forms/v1/forms/' . $form['id'] . '/' . $action );
				$this->assert_rest_error( 'kestrel_forms_forbidden', 403, $response );
			}
		}
		$this->as_admin();
		$this->assertSame( 'trash', $this->rest( 'GET', '/kestrel-forms/v1/forms/' . $form['id'] )->get_data()['status'] );
		$this->assertCount( 0, $this->rest( 'GET', '/kestrel-forms/v1/forms' )->get_data() );
	}
}
