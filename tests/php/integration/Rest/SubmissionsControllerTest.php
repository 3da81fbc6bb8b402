<?php
/**
 * REST: public submissions and the entries they create.
 *
 * @package KestrelForms\Tests
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Tests\Integration\Rest;

use Kestrel\Forms\Domain\Entry\Entry;
use Kestrel\Forms\Tests\Integration\Support\TestCase;

final class SubmissionsControllerTest extends TestCase {

	use SubmissionAnswers;

	private int $form_id;

	protected function set_up(): void {
		self::without_submission_rate_limit();
		$this->as_admin();
		$definition                 = FormsControllerTest::definition();
		$definition['fields'][]     = array(
			'id'       => 4,
			'type'     => 'number',
			'label'    => 'Count',
			'rangeMin' => 1,
			'rangeMax' => 5,
		);
		$definition['fields'][]     = array(
			'id'      => 5,
			'type'    => 'checkbox',
			'label'   => 'Extras',
			'choices' => array(
				array(
					'text'  => 'X',
					'value' => 'x',
				),
				array(
					'text'  => 'Y',
					'value' => 'y',
				),
			),
		);
		$definition['fields'][]     = array(
			'id'      => 6,
			'type'    => 'html',
			'content' => '<p>Hi</p>',
		);
		$definition['confirmation'] = array(
			'type'    => 'message',
			'message' => 'Thanks!<script>alert(1)</script>',
		);
		$this->form_id              = $this->rest( 'POST', '/kestrel-forms/v1/forms', $definition )->get_data()['id'];
		$this->as_anonymous();
	}

	private function submit( array $values, array $extra = array() ): \WP_REST_Response {
		return $this->rest( 'POST', "/kestrel-forms/v1/forms/{$this->form_id}/submissions", array( 'values' => $values ) + $extra );
	}

	public function test_anonymous_submission_is_stored_and_readable_by_admins(): void {
		$response = $this->submit(
			array(
				'1'  => 'Ada',
				'2'  => 'ada@example.org',
				'3'  => 'b',
				'4'  => '3',
				'5'  => array( 'y' ),
				'6'  => 'x',
				'42' => 'unknown',
			),
			array( 'source_url' => home_url( '/contact/' ) )
		);
		$this->assert_rest_status( 201, $response );
		$data = $response->get_data();
		$this->assertSame(
			array(
				'type'    => 'message',
				'message' => 'Thanks!alert(1)',
			),
			$data['confirmation']
		);

		$this->as_admin();
		$this->assertArrayNotHasKey( 'entry_id', $data, 'Visitors never see entry ids.' );
		$this->assertMatchesRegularExpression( '/^[a-f0-9]{32}$/D', $data['reference'] );
		$entry = $this->rest( 'GET', '/kestrel-forms/v1/entries/' . self::entry_id_of( $response ) );
		$this->assert_rest_status( 200, $entry );
		$entry = json_decode( (string) wp_json_encode( $entry->get_data() ), true );
		$this->assertSame( $this->form_id, $entry['form_id'] );
		$this->assertSame(
			array(
				'1'   => 'Ada',
				'2'   => 'ada@example.org',
				'3'   => 'b',
				'4'   => '3',
				'5.2' => 'y',
			),
			$entry['values']
		);
		$this->assertSame( 0, $entry['user_id'] );
		$this->assertSame( Entry::STATUS_ACTIVE, $entry['status'] );
		$this->assertSame( home_url( '/contact/' ), $entry['source_url'] );
		$this->assertEqualsWithDelta( time(), strtotime( $entry['created_at'] ), 60 );
		$this->assertStringEndsWith( 'Z', $entry['created_at'] );
	}

	public function test_validation_failure_maps_field_ids_to_messages_and_stores_nothing(): void {
		$response = $this->submit(
			array(
				'2' => 'nope',
				'3' => 'z',
				'4' => '9',
				'5' => array( 'q' ),
			)
		);
		$this->assert_rest_error( 'kestrel_forms_validation_failed', 400, $response );
		$errors = (array) $response->get_data()['data']['errors'];
		$this->assertSame(
			array(
				'1' => 'This field is required.',
				'2' => 'Please enter a valid email address.',
				'3' => 'Please choose one of the listed options.',
				'4' => 'Please enter a number from 1 to 5.',
				'5' => 'Please choose one of the listed options.',
			),
			$errors
		);
		$this->as_admin();
		$this->assertSame( array(), $this->rest( 'GET', '/kestrel-forms/v1/entries', null, array( 'form_id' => $this->form_id ) )->get_data() );
	}

	public function test_unknown_and_trashed_forms_are_404(): void {
		$response = $this->rest( 'POST', '/kestrel-forms/v1/forms/987654/submissions', array( 'values' => array() ) );
		$this->assert_rest_error( 'kestrel_forms_form_not_found', 404, $response );

		$this->as_admin();
		$this->rest( 'DELETE', '/kestrel-forms/v1/forms/' . $this->form_id );
		$this->as_anonymous();
		$this->assert_rest_error( 'kestrel_forms_form_not_found', 404, $this->submit( array( '1' => 'Ada' ) ) );
	}

	public function test_values_must_be_an_object(): void {
		$list = $this->rest( 'POST', "/kestrel-forms/v1/forms/{$this->form_id}/submissions", array( 'values' => array( 'x', 'Ada' ) ) );
		$this->assert_rest_error( 'kestrel_forms_invalid_param', 400, $list );

		$response = $this->rest( 'POST', "/kestrel-forms/v1/forms/{$this->form_id}/submissions", array( 'values' => 'Ada' ) );
		$this->assert_rest_error( 'kestrel_forms_invalid_param', 400, $response );
		$this->assert_rest_error( 'kestrel_forms_missing_param', 400, $this->rest( 'POST', "/kestrel-forms/v1/forms/{$this->form_id}/submissions", array() ) );
	}

	public function test_a_repeated_submission_key_makes_one_entry(): void {
		$key    = str_repeat( 'ab12', 8 );
		$first  = $this->submit( array( '1' => 'Ada' ), array( 'submission_key' => $key ) );
		$second = $this->submit( array( '1' => 'Ada' ), array( 'submission_key' => $key ) );
		$this->assert_rest_status( 201, $first );
		$this->assert_rest_status( 201, $second );
		$this->assertSame( $first->get_data()['reference'], $second->get_data()['reference'] );
		$this->assertSame( self::entry_id_of( $first ), self::entry_id_of( $second ) );
		$this->assertArrayNotHasKey( 'entry_id', $second->get_data(), 'A replay names no id either.' );
		$this->assertSame( 'true', $second->get_headers()['Kestrel-Idempotent-Replay'] ?? null );

		$third = $this->submit( array( '1' => 'Ada' ), array( 'submission_key' => str_repeat( 'cd34', 8 ) ) );
		$this->assertNotSame( self::entry_id_of( $first ), self::entry_id_of( $third ) );
	}

	public function test_foreign_source_url_is_not_stored(): void {
		$id = self::entry_id_of( $this->submit( array( '1' => 'Ada' ), array( 'source_url' => 'https://evil.example/phish' ) ) );
		$this->as_admin();
		$this->assertSame( '', $this->rest( 'GET', '/kestrel-forms/v1/entries/' . $id )->get_data()['source_url'] );
	}

	public function test_hooks_fire_and_filters_apply(): void {
		$seen = array();
		add_filter(
			'kestrel_forms_submission_before',
			static function ( array $values ) {
				$values['1'] = strtoupper( (string) $values['1'] );
				return $values;
			}
		);
		add_action(
			'kestrel_forms_submission_after',
			static function ( Entry $entry ) use ( &$seen ): void {
				$seen[] = $entry;
			}
		);
		add_filter(
			'kestrel_forms_validation_errors',
			static function ( array $messages, $form, array $clean ) {
				if ( 'BLOCKED' === ( $clean['1'] ?? '' ) ) {
					$messages['1'] = 'Not this name.';
				}
				return $messages;
			},
			10,
			3
		);

		$this->assert_rest_status( 201, $this->submit( array( '1' => 'ada' ) ) );
		$this->assertCount( 1, $seen );
		$this->assertSame( 'ADA', $seen[0]->values['1'] );

		$refused = $this->submit( array( '1' => 'blocked' ) );
		$this->assert_rest_error( 'kestrel_forms_validation_failed', 400, $refused );
		$this->assertSame( array( '1' => 'Not this name.' ), (array) $refused->get_data()['data']['errors'] );
		$this->assertCount( 1, $seen );
	}

	public function test_entries_are_paged_newest_first(): void {
		foreach ( array( 'one', 'two', 'three' ) as $name ) {
			$this->submit( array( '1' => $name ) );
		}
		$this->as_admin();
		$page = $this->rest(
			'GET',
			'/kestrel-forms/v1/entries',
			null,
			array(
				'form_id'  => $this->form_id,
				'per_page' => 2,
			)
		);
		$this->assert_rest_status( 200, $page );
		$this->assertSame( array( 'three', 'two' ), array_map( static fn( $e ) => ( (array) $e['values'] )['1'], $page->get_data() ) );
		$this->assertSame( '3', (string) $page->get_headers()['X-WP-Total'] );
		$this->assertSame( '2', (string) $page->get_headers()['X-WP-TotalPages'] );
		$second = $this->rest(
			'GET',
			'/kestrel-forms/v1/entries',
			null,
			array(
				'form_id'  => $this->form_id,
				'per_page' => 2,
				'page'     => 2,
			)
		);
		$this->assertSame( array( 'one' ), array_map( static fn( $e ) => ( (array) $e['values'] )['1'], $second->get_data() ) );
		$this->assert_rest_error( 'kestrel_forms_entry_not_found', 404, $this->rest( 'GET', '/kestrel-forms/v1/entries/999999' ) );
	}
}
