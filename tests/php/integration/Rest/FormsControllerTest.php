<?php
/**
 * REST: /kestrel-forms/v1/forms.
 *
 * @package KestrelForms\Tests
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Tests\Integration\Rest;

use Kestrel\Forms\Tests\Integration\Support\TestCase;

final class FormsControllerTest extends TestCase {

	/**
	 * @return array<string, mixed>
	 */
	public static function definition(): array {
		return array(
			'title'  => 'Contact',
			'fields' => array(
				array(
					'id'         => 1,
					'type'       => 'text',
					'label'      => 'Name',
					'isRequired' => true,
				),
				array(
					'id'    => 2,
					'type'  => 'email',
					'label' => 'Email',
				),
				array(
					'id'      => 3,
					'type'    => 'radio',
					'label'   => 'Pick',
					'choices' => array(
						array(
							'text'  => 'A',
							'value' => 'a',
						),
						array(
							'text'  => 'B',
							'value' => 'b',
						),
					),
				),
			),
		);
	}

	public function test_create_read_update_list_and_delete(): void {
		$this->as_admin();
		$created = $this->rest( 'POST', '/kestrel-forms/v1/forms', self::definition() + array( 'id' => 999 ) );
		$this->assert_rest_status( 201, $created );
		$form = $created->get_data();
		$this->assertIsInt( $form['id'] );
		$this->assertNotSame( 999, $form['id'], 'A client-sent id is ignored.' );
		$this->assertSame( 'Contact', $form['title'] );
		$this->assertSame( self::definition()['fields'], $form['fields'] );
		$this->assertSame( 'active', $form['status'] );
		$this->assertMatchesRegularExpression( '/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/', $form['createdAt'] );

		$read = $this->rest( 'GET', '/kestrel-forms/v1/forms/' . $form['id'] );
		$this->assert_rest_status( 200, $read );
		$this->assertSame( $form['fields'], $read->get_data()['fields'] );

		// A client may PUT back what it read: read-only keys are ignored.
		$changed          = $read->get_data();
		$changed['title'] = 'Contact us';
		$updated          = $this->rest( 'PUT', '/kestrel-forms/v1/forms/' . $form['id'], $changed );
		$this->assert_rest_status( 200, $updated );
		$this->assertSame( 'Contact us', $updated->get_data()['title'] );

		$list = $this->rest( 'GET', '/kestrel-forms/v1/forms' );
		$this->assert_rest_status( 200, $list );
		$this->assertSame( array( $form['id'] ), array_column( $list->get_data(), 'id' ) );
		$this->assertSame( '1', (string) $list->get_headers()['X-WP-Total'] );

		$trashed = $this->rest( 'DELETE', '/kestrel-forms/v1/forms/' . $form['id'] );
		$this->assert_rest_status( 200, $trashed );
		$this->assertSame( 'trash', $trashed->get_data()['status'] );
		$this->assertSame( array(), $this->rest( 'GET', '/kestrel-forms/v1/forms' )->get_data() );

		$deleted = $this->rest( 'DELETE', '/kestrel-forms/v1/forms/' . $form['id'], null, array( 'force' => true ) );
		$this->assert_rest_status( 200, $deleted );
		$this->assertTrue( $deleted->get_data()['deleted'] );
		$this->assert_rest_error( 'kestrel_forms_form_not_found', 404, $this->rest( 'GET', '/kestrel-forms/v1/forms/' . $form['id'] ) );
	}

	public function test_invalid_definition_names_the_json_path(): void {
		$this->as_admin();
		$definition                         = self::definition();
		$definition['fields'][2]['choices'] = array();
		$response                           = $this->rest( 'POST', '/kestrel-forms/v1/forms', $definition );
		$this->assert_rest_error( 'kestrel_forms_invalid_form', 400, $response );
		$this->assertStringContainsString( 'fields[2].choices', $response->get_data()['message'] );
		$this->assertSame( 'fields[2].choices', $response->get_data()['data']['errors'][0]['path'] );

		unset( $definition['fields'][2]['choices'] );
		$response = $this->rest( 'POST', '/kestrel-forms/v1/forms', $definition );
		$this->assertStringContainsString( 'fields[2].choices', $response->get_data()['message'] );
		$this->assertSame( array(), $this->rest( 'GET', '/kestrel-forms/v1/forms' )->get_data(), 'Nothing was stored.' );
	}

	public function test_body_must_be_a_json_object(): void {
		$this->as_admin();
		$this->assert_rest_error( 'kestrel_forms_invalid_json', 400, $this->rest( 'POST', '/kestrel-forms/v1/forms', '[1,2]' ) );
		$this->assert_rest_error( 'kestrel_forms_invalid_json', 400, $this->rest( 'POST', '/kestrel-forms/v1/forms', 'not json' ) );
	}

	public function test_subscribers_and_visitors_are_refused_on_every_route(): void {
		$this->as_admin();
		$id = $this->rest( 'POST', '/kestrel-forms/v1/forms', self::definition() )->get_data()['id'];

		$routes = array(
			array( 'GET', '/kestrel-forms/v1/forms' ),
			array( 'POST', '/kestrel-forms/v1/forms' ),
			array( 'GET', '/kestrel-forms/v1/forms/' . $id ),
			array( 'PUT', '/kestrel-forms/v1/forms/' . $id ),
			array( 'DELETE', '/kestrel-forms/v1/forms/' . $id ),
			array( 'GET', '/kestrel-forms/v1/entries?form_id=' . $id ),
			array( 'GET', '/kestrel-forms/v1/entries/1' ),
			array( 'POST', '/kestrel-forms/v1/demo' ),
		);
		foreach ( array(
			'subscriber' => 403,
			'anonymous'  => 403,
		) as $who => $status ) {
			'subscriber' === $who ? $this->as_subscriber() : $this->as_anonymous();
			foreach ( $routes as list( $method, $route ) ) {
				$body     = in_array( $method, array( 'POST', 'PUT' ), true ) ? self::definition() : null;
				$response = $this->rest( $method, $route, $body );
				$this->assertSame( $status, $response->get_status(), "$who $method $route" );
				$this->assertSame( 'kestrel_forms_forbidden', $response->get_data()['code'], "$who $method $route" );
			}
		}
		$this->as_admin();
		$this->assertSame( 'Contact', $this->rest( 'GET', '/kestrel-forms/v1/forms/' . $id )->get_data()['title'], 'Nothing changed.' );
	}

	public function test_every_route_declares_a_permission_callback(): void {
		foreach ( rest_get_server()->get_routes( 'kestrel-forms/v1' ) as $route => $handlers ) {
			if ( '/kestrel-forms/v1' === $route ) {
				continue; // The namespace index is core's own.
			}
			foreach ( $handlers as $handler ) {
				$this->assertIsCallable( $handler['permission_callback'] ?? null, $route );
			}
		}
	}

	public function test_markup_is_filtered_for_users_without_unfiltered_html(): void {
		$definition                 = self::definition();
		$definition['fields'][]     = array(
			'id'      => 9,
			'type'    => 'html',
			'content' => '<p>Hi</p><img src=x onerror="alert(1)"><script>bad()</script>',
		);
		$definition['confirmation'] = array(
			'type'    => 'message',
			'message' => '<b>Thanks</b><script>bad()</script>',
		);

		$this->as_admin();
		$editor_id = self::user_with_role( 'editor' );
		get_userdata( $editor_id )->add_cap( 'kestrel_forms_manage' );
		get_userdata( $editor_id )->add_cap( 'unfiltered_html', false );
		wp_set_current_user( $editor_id );
		$stored = $this->rest( 'POST', '/kestrel-forms/v1/forms', $definition )->get_data();
		$this->assertSame( '<p>Hi</p><img src="x">bad()', end( $stored['fields'] )['content'] );
		$this->assertSame( '<b>Thanks</b>bad()', $stored['confirmation']['message'] );
		get_userdata( $editor_id )->remove_cap( 'kestrel_forms_manage' );
		get_userdata( $editor_id )->remove_cap( 'unfiltered_html' );
	}

	public function test_authors_read_the_embed_view_only(): void {
		$this->as_admin();
		$definition                 = self::definition();
		$definition['confirmation'] = array(
			'type'    => 'message',
			'message' => 'Private',
		);
		$id                         = $this->rest( 'POST', '/kestrel-forms/v1/forms', $definition )->get_data()['id'];

		$this->as_role( 'author' );
		$list = $this->rest( 'GET', '/kestrel-forms/v1/forms', null, array( 'context' => 'embed' ) );
		$this->assert_rest_status( 200, $list );
		$this->assertSame(
			array(
				array(
					'id'    => $id,
					'title' => 'Contact',
				),
			),
			$list->get_data()
		);
		$one = $this->rest( 'GET', '/kestrel-forms/v1/forms/' . $id, null, array( 'context' => 'embed' ) )->get_data();
		$this->assertSame( $id, $one['id'] );
		$this->assertArrayNotHasKey( 'confirmation', $one );
		$this->assert_rest_error( 'kestrel_forms_forbidden', 403, $this->rest( 'GET', '/kestrel-forms/v1/forms' ) );
		$this->assert_rest_error( 'kestrel_forms_forbidden', 403, $this->rest( 'GET', '/kestrel-forms/v1/forms/' . $id ) );

		$this->as_subscriber();
		$this->assert_rest_error( 'kestrel_forms_forbidden', 403, $this->rest( 'GET', '/kestrel-forms/v1/forms', null, array( 'context' => 'embed' ) ) );

		$this->as_admin();
		$this->rest( 'DELETE', '/kestrel-forms/v1/forms/' . $id );
		$this->as_role( 'author' );
		$this->assert_rest_error( 'kestrel_forms_form_not_found', 404, $this->rest( 'GET', '/kestrel-forms/v1/forms/' . $id, null, array( 'context' => 'embed' ) ) );
	}
}
