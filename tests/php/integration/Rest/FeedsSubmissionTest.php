<?php
/**
 * Feeds on submit: the server decides which feeds fire, records them and runs the add-ons.
 *
 * @package KestrelForms\Tests
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Tests\Integration\Rest;

use Kestrel\Forms\Feeds\ExampleLogAddon;
use Kestrel\Forms\Plugin;
use Kestrel\Forms\Tests\Integration\Support\TestCase;
use RuntimeException;

final class FeedsSubmissionTest extends TestCase {

	use SubmissionAnswers;

	protected function set_up(): void {
		self::without_submission_rate_limit();
	}

	public function test_active_feeds_are_recorded_and_processed_in_priority_order(): void {
		delete_option( ExampleLogAddon::OPTION );
		// The plugin's own registry, as an add-on would use it on kestrel_forms_register_feed_addons.
		$registry = Plugin::instance()->feeds;
		ExampleLogAddon::register( $registry );
		$registry->register(
			'broken',
			static function (): void {
				throw new RuntimeException( 'CRM is down' );
			}
		);
		$failed = array();
		add_action(
			'kestrel_forms_feed_failed',
			static function ( array $feed ) use ( &$failed ): void {
				$failed[] = $feed['feedId'];
			}
		);
		$this->as_admin();
		$definition          = FormsControllerTest::definition();
		$definition['feeds'] = array(
			array(
				'feedId'           => 1,
				'addonSlug'        => 'example-log',
				'priority'         => 5,
				'conditionalLogic' => null,
			),
			array(
				'feedId'           => 2,
				'addonSlug'        => 'broken',
				'priority'         => 1,
				'conditionalLogic' => null,
			),
			array(
				'feedId'           => 3,
				'addonSlug'        => 'example-log',
				'priority'         => 9,
				'conditionalLogic' => array(
					'actionType' => 'show',
					'logicType'  => 'all',
					'rules'      => array(
						array(
							'fieldId'  => '3',
							'operator' => 'is',
							'value'    => 'b',
						),
					),
				),
			),
		);
		$form_id             = $this->rest( 'POST', '/kestrel-forms/v1/forms', $definition )->get_data()['id'];

		$this->as_anonymous();
		$response = $this->rest(
			'POST',
			"/kestrel-forms/v1/forms/{$form_id}/submissions",
			array(
				'values' => array(
					'1' => 'Ada',
					'3' => 'a',
				),
			)
		);
		$this->assert_rest_status( 201, $response );
		$entry_id = self::entry_id_of( $response );

		$this->assertSame( array( 2 ), $failed, 'A failing add-on is reported and does not stop the others.' );
		$log = get_option( ExampleLogAddon::OPTION );
		$this->assertSame( array( 1 ), array_column( $log, 'feed_id' ) );
		$this->assertSame( $entry_id, $log[0]['entry_id'] );

		$this->as_admin();
		$this->assertSame( array( 2, 1 ), $this->rest( 'GET', '/kestrel-forms/v1/entries/' . $entry_id )->get_data()['feeds'] );
	}
}
