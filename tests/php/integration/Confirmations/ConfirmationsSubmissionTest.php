<?php
/**
 * Confirmations through the public submission route: merge tags filled in (the audit saw
 * "Thanks {Your name:1}!"), the three kinds (message, page, redirect with a URL-encoded query
 * string), the choice by conditional logic, the legacy single confirmation, the checks on save
 * and default-value tags on the visitor's page.
 *
 * @package KestrelForms\Tests
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Tests\Integration\Confirmations;

use Kestrel\Forms\Tests\Integration\Rest\SubmissionAnswers;
use Kestrel\Forms\Tests\Integration\Support\TestCase;
use WP_REST_Response;

final class ConfirmationsSubmissionTest extends TestCase {

	use SubmissionAnswers;

	protected function set_up(): void {
		self::without_submission_rate_limit();
	}

	/**
	 * A form with a name (its label has a colon), an email and a plan choice.
	 *
	 * @param array<string, mixed> $extra Definition keys (confirmation, confirmations).
	 * @return array<string, mixed>
	 */
	private static function definition( array $extra ): array {
		return $extra + array(
			'title'  => 'Sign up',
			'fields' => array(
				array(
					'id'    => 1,
					'type'  => 'text',
					'label' => 'Your name',
				),
				array(
					'id'    => 2,
					'type'  => 'email',
					'label' => 'Email: work',
				),
				array(
					'id'      => 3,
					'type'    => 'radio',
					'label'   => 'Plan',
					'choices' => array(
						array(
							'text'  => 'Free',
							'value' => 'free',
						),
						array(
							'text'  => 'Pro plan',
							'value' => 'pro',
						),
					),
				),
			),
		);
	}

	/**
	 * Saves a form as an administrator and submits it as a visitor.
	 *
	 * @param array<string, mixed> $definition Definition.
	 * @param array<string, mixed> $values     Submitted values.
	 */
	private function submit( array $definition, array $values ): WP_REST_Response {
		$this->as_admin();
		$saved = $this->rest( 'POST', '/kestrel-forms/v1/forms', $definition );
		$this->assert_rest_status( 201, $saved );
		$this->as_anonymous();
		$response = $this->rest( 'POST', '/kestrel-forms/v1/forms/' . $saved->get_data()['id'] . '/submissions', array( 'values' => $values ) );
		$this->assert_rest_status( 201, $response );
		return $response;
	}

	/**
	 * The confirmation of an answer.
	 *
	 * @param WP_REST_Response $response Submission answer.
	 * @return array<string, mixed>
	 */
	private static function confirmation( WP_REST_Response $response ): array {
		return (array) $response->get_data()['confirmation'];
	}

	/**
	 * A rule set on the plan.
	 *
	 * @param string $plan Plan value.
	 * @return array<string, mixed>
	 */
	private static function plan_is( string $plan ): array {
		return array(
			'actionType' => 'show',
			'logicType'  => 'all',
			'rules'      => array(
				array(
					'fieldId'  => '3',
					'operator' => 'is',
					'value'    => $plan,
				),
			),
		);
	}

	public function test_the_confirmation_message_shows_the_values_not_the_tags(): void {
		$response = $this->submit(
			self::definition(
				array(
					'confirmation' => array(
						'type'    => 'message',
						'message' => '<p>Thanks {Your name:1}! We wrote to {Email: work:2} about the {Plan:3}. Entry #{entry_id}.</p>',
					),
				)
			),
			array(
				'1' => 'Ada <script>alert(1)</script>',
				'2' => 'ada@example.org',
				'3' => 'pro',
			)
		);
		$this->assertSame(
			array(
				'type'    => 'message',
				'message' => '<p>Thanks Ada &lt;script&gt;alert(1)&lt;/script&gt;! We wrote to ada@example.org about the Pro plan. Entry #' . self::entry_id_of( $response ) . '.</p>',
			),
			self::confirmation( $response )
		);
	}

	public function test_confirmations_are_chosen_by_logic_and_a_message_gets_its_tags(): void {
		$definition = self::definition(
			array(
				'confirmations' => array(
					array(
						'id'        => 'default',
						'name'      => 'Default',
						'isDefault' => true,
						'type'      => 'message',
						'message'   => 'Welcome {Your name:1}.',
					),
					array(
						'id'               => 'pro',
						'name'             => 'Pro',
						'type'             => 'message',
						'message'          => '<strong>Pro</strong> welcome, {Your name:1}! {all_fields}',
						'conditionalLogic' => self::plan_is( 'pro' ),
					),
				),
			)
		);
		$pro        = self::confirmation(
			$this->submit(
				$definition,
				array(
					'1' => 'Ada & Bob',
					'3' => 'pro',
				)
			)
		);
		$this->assertSame( 'message', $pro['type'] );
		$this->assertSame(
			'<strong>Pro</strong> welcome, Ada &amp; Bob! <table class="kestrel-forms-all-fields"><tbody><tr><th scope="row">Your name</th><td>Ada &amp; Bob</td></tr><tr><th scope="row">Plan</th><td>Pro plan</td></tr></tbody></table>',
			$pro['message']
		);
		$this->assertArrayNotHasKey( 'id', $pro, 'The answer keeps its shape.' );
		$free = self::confirmation(
			$this->submit(
				$definition,
				array(
					'1' => 'Grace',
					'3' => 'free',
				)
			)
		);
		$this->assertSame(
			array(
				'type'    => 'message',
				'message' => 'Welcome Grace.',
			),
			$free
		);
	}

	public function test_a_redirect_gets_its_query_string_with_url_encoded_values(): void {
		$response = $this->submit(
			self::definition(
				array(
					'confirmations' => array(
						array(
							'id'          => 'out',
							'isDefault'   => true,
							'type'        => 'redirect',
							'url'         => 'https://example.org/thanks?src=form#done',
							'queryString' => 'name={Your name:1}&plan={Plan:3:value}&entry={entry_id}',
						),
					),
				)
			),
			array(
				'1' => 'Ada & Bob=1 #x',
				'3' => 'pro',
			)
		);
		$this->assertSame(
			array(
				'type' => 'redirect',
				'url'  => 'https://example.org/thanks?src=form&name=Ada%20%26%20Bob%3D1%20%23x&plan=pro&entry=' . self::entry_id_of( $response ) . '#done',
			),
			self::confirmation( $response )
		);
	}

	public function test_the_legacy_redirect_fills_tags_in_its_url(): void {
		$response = $this->submit(
			self::definition(
				array(
					'confirmation' => array(
						'type' => 'redirect',
						'url'  => '/thanks/?name={Your name:1}',
					),
				)
			),
			array( '1' => 'Ada Lovelace' )
		);
		$this->assertSame(
			array(
				'type' => 'redirect',
				'url'  => '/thanks/?name=Ada%20Lovelace',
			),
			self::confirmation( $response )
		);
	}

	public function test_a_page_confirmation_redirects_to_the_published_page_with_its_query_string(): void {
		$page_id  = (int) wp_insert_post(
			array(
				'post_type'   => 'page',
				'post_status' => 'publish',
				'post_title'  => 'Thank you',
			)
		);
		$response = $this->submit(
			self::definition(
				array(
					'confirmations' => array(
						array(
							'id'        => 'default',
							'isDefault' => true,
							'type'      => 'message',
							'message'   => 'Default',
						),
						array(
							'id'               => 'page',
							'type'             => 'page',
							'pageId'           => $page_id,
							'queryString'      => 'who={Your name:1}',
							'conditionalLogic' => self::plan_is( 'pro' ),
						),
					),
				)
			),
			array(
				'1' => 'Ada L',
				'3' => 'pro',
			)
		);
		$this->assertSame(
			array(
				'type' => 'redirect',
				'url'  => add_query_arg( 'who', 'Ada%20L', (string) get_permalink( $page_id ) ),
			),
			self::confirmation( $response )
		);
	}

	public function test_a_page_that_is_not_published_falls_back_to_the_default_message(): void {
		$draft = (int) wp_insert_post(
			array(
				'post_type'   => 'page',
				'post_status' => 'draft',
				'post_title'  => 'Not yet',
			)
		);
		$log   = wp_tempnam( 'kestrel-log' );
		$old   = ini_set( 'error_log', $log ); // phpcs:ignore WordPress.PHP.IniSet.Risky
		try {
			$response = $this->submit(
				self::definition(
					array(
						'confirmations' => array(
							array(
								'id'        => 'draft',
								'isDefault' => true,
								'type'      => 'page',
								'pageId'    => $draft,
							),
						),
					)
				),
				array( '1' => 'Ada' )
			);
		} finally {
			ini_set( 'error_log', (string) $old ); // phpcs:ignore WordPress.PHP.IniSet.Risky
		}
		$this->assertSame(
			array(
				'type'    => 'message',
				'message' => 'Thanks for contacting us! We will get in touch with you shortly.',
			),
			self::confirmation( $response )
		);
		$this->assertStringContainsString( 'names page ' . $draft . ', which is not a published page', (string) file_get_contents( $log ) ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_get_contents_file_get_contents
		wp_delete_file( $log );
	}

	public function test_saving_checks_defaults_ids_and_redirect_urls(): void {
		$this->as_admin();
		$response = $this->rest(
			'POST',
			'/kestrel-forms/v1/forms',
			self::definition(
				array(
					'confirmations' => array(
						array(
							'id'        => 'a',
							'isDefault' => true,
							'type'      => 'message',
						),
						array(
							'id'        => 'a',
							'isDefault' => true,
							'type'      => 'redirect',
							'url'       => '//evil.example/',
						),
					),
				)
			)
		);
		$this->assert_rest_error( 'kestrel_forms_invalid_form', 400, $response );
		$this->assertSame(
			array( 'confirmations[1].id', 'confirmations[1].isDefault', 'confirmations[1].url' ),
			array_column( $response->get_data()['data']['errors'], 'path' )
		);
	}

	public function test_confirmation_messages_are_kept_to_safe_html_for_users_without_unfiltered_html(): void {
		$this->as_admin();
		$editor_id = self::user_with_role( 'editor' );
		get_userdata( $editor_id )->add_cap( 'kestrel_forms_manage' );
		get_userdata( $editor_id )->add_cap( 'unfiltered_html', false );
		wp_set_current_user( $editor_id );
		$stored = $this->rest(
			'POST',
			'/kestrel-forms/v1/forms',
			self::definition(
				array(
					'confirmations' => array(
						array(
							'id'        => 'default',
							'isDefault' => true,
							'type'      => 'message',
							'message'   => '<b>Thanks {Your name:1}</b><script>bad()</script>',
						),
					),
				)
			)
		)->get_data();
		get_userdata( $editor_id )->remove_cap( 'kestrel_forms_manage' );
		get_userdata( $editor_id )->remove_cap( 'unfiltered_html' );
		$this->assertSame( '<b>Thanks {Your name:1}</b>bad()', $stored['confirmations'][0]['message'] );
	}

	public function test_default_values_on_the_page_get_their_tags(): void {
		$this->as_admin();
		add_filter( 'pre_option_timezone_string', static fn(): string => 'UTC' );
		add_filter( 'pre_option_date_format', static fn(): string => 'Y-m-d' );
		add_filter( 'pre_option_time_format', static fn(): string => '' );
		$definition                              = self::definition( array() );
		$definition['fields'][0]['defaultValue'] = '{user:display_name}';
		$definition['fields'][]                  = array(
			'id'           => 4,
			'type'         => 'hidden',
			'label'        => 'Context',
			'defaultValue' => '{date}|{embed_url}|{form_title}|{ip}|{Your name:1}',
		);
		$form_id                                 = (int) $this->rest( 'POST', '/kestrel-forms/v1/forms', $definition )->get_data()['id'];
		$page_id                                 = (int) wp_insert_post(
			array(
				'post_type'    => 'page',
				'post_status'  => 'publish',
				'post_title'   => 'Sign up',
				'post_content' => '[kestrel_form id="' . $form_id . '"]',
			)
		);
		// The page's main query, as when WordPress serves it.
		$query               = $GLOBALS['wp_query'];
		$GLOBALS['wp_query'] = new \WP_Query( array( 'page_id' => $page_id ) ); // phpcs:ignore WordPress.WP.GlobalVariablesOverride.Prohibited
		try {
			$data   = $this->embedded( do_shortcode( '[kestrel_form id="' . $form_id . '"]' ) );
			$fields = array_column( $data['form']['fields'], 'defaultValue', 'id' );
			$this->assertSame( gmdate( 'Y-m-d' ) . '|' . get_permalink( $page_id ) . '|Sign up|{ip}|{Your name:1}', $fields[4] );
			$this->assertNotSame( '', wp_get_current_user()->display_name );
			$this->assertSame( wp_get_current_user()->display_name, $fields[1], 'The logged-in user.' );

			$this->as_anonymous();
			$data = $this->embedded( do_shortcode( '[kestrel_form id="' . $form_id . '"]' ) );
			$this->assertSame( '', array_column( $data['form']['fields'], 'defaultValue', 'id' )[1], 'A visitor gets no one else\'s name.' );
		} finally {
			$GLOBALS['wp_query'] = $query; // phpcs:ignore WordPress.WP.GlobalVariablesOverride.Prohibited
		}
	}

	/**
	 * The JSON a rendered form embeds.
	 *
	 * @param string $html Rendered form.
	 * @return array<string, mixed>
	 */
	private function embedded( string $html ): array {
		$this->assertSame( 1, preg_match( '#<script type="application/json" class="kestrel-form__data">(.*?)</script>#s', $html, $m ), $html );
		return json_decode( $m[1], true );
	}
}
