<?php
/**
 * REST: creates the demo form and a page holding it (used by `npm start`).
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Rest;

use Kestrel\Forms\Domain\Form\FormValidator;
use Kestrel\Forms\Persistence\FormRepository;
use Kestrel\Forms\Security\Capabilities;
use WP_Error;
use WP_REST_Request;
use WP_REST_Response;
use WP_REST_Server;

/**
 * `POST kestrel-forms/v1/demo`: idempotent; returns the existing demo when it is still there.
 * Development builds only (enabled()).
 */
final class DemoController {

	private const OPTION = 'kestrel_forms_demo';

	/**
	 * Takes the forms store and the definition validator.
	 *
	 * @param FormRepository $forms     Forms.
	 * @param FormValidator  $validator Definition validator.
	 */
	public function __construct(
		private readonly FormRepository $forms,
		private readonly FormValidator $validator
	) {}

	/**
	 * Registers the route, in development builds only (enabled()).
	 */
	public function register_routes(): void {
		if ( ! self::enabled() ) {
			return;
		}
		register_rest_route(
			Routes::NAMESPACE,
			'/demo',
			array(
				'methods'             => WP_REST_Server::CREATABLE,
				'callback'            => array( $this, 'create' ),
				'permission_callback' => array( $this, 'permissions_check' ),
			)
		);
	}

	/**
	 * Whether the demo route exists: on a site whose environment type is `local` or
	 * `development` (wp-env, the test sites and the native stack set WP_ENVIRONMENT_TYPE to
	 * `local`), or where the constant KESTREL_FORMS_DEV says so (true: on anywhere, false: off
	 * even there). A production site never gets a route that publishes pages.
	 */
	public static function enabled(): bool {
		return self::enabled_in( wp_get_environment_type(), defined( 'KESTREL_FORMS_DEV' ) ? (bool) constant( 'KESTREL_FORMS_DEV' ) : null );
	}

	/**
	 * The rule of enabled(): the constant when defined, else the environment type.
	 *
	 * @param string    $environment_type wp_get_environment_type().
	 * @param bool|null $dev              KESTREL_FORMS_DEV, or null when not defined.
	 */
	public static function enabled_in( string $environment_type, ?bool $dev ): bool {
		return $dev ?? in_array( $environment_type, array( 'local', 'development' ), true );
	}

	/**
	 * Needs the plugin capability and the right to publish pages.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return true|WP_Error
	 */
	public function permissions_check( WP_REST_Request $request ): bool|WP_Error {
		return Capabilities::current_user_has( Capabilities::MANAGE_FORMS ) && current_user_can( 'publish_pages' ) ? true : ErrorMapper::forbidden();
	}

	/**
	 * Creates (or finds) the demo form and page.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response|WP_Error
	 */
	public function create( WP_REST_Request $request ): WP_REST_Response|WP_Error {
		$demo    = (array) get_option( self::OPTION, array() );
		$form_id = (int) ( $demo['form_id'] ?? 0 );
		$page_id = (int) ( $demo['page_id'] ?? 0 );

		if ( ! $form_id || ! $this->forms->find( $form_id ) ) {
			$definition = self::definition();
			$this->validator->assert_valid( $definition );
			$form_id = $this->forms->create( $definition );
			if ( ! $form_id ) {
				return ErrorMapper::storage_failed();
			}
			$page_id = 0;
		}
		if ( ! $page_id || 'publish' !== get_post_status( $page_id ) ) {
			$page_id = wp_insert_post(
				array(
					'post_type'    => 'page',
					'post_status'  => 'publish',
					'post_title'   => __( 'Kestrel Forms demo', 'kestrel-forms' ),
					'post_name'    => 'kestrel-forms-demo',
					'post_content' => sprintf( '<!-- wp:kestrel-forms/form {"formId":%d} /-->', $form_id ),
				),
				true
			);
			if ( is_wp_error( $page_id ) ) {
				return ErrorMapper::storage_failed();
			}
		}
		update_option(
			self::OPTION,
			array(
				'form_id' => $form_id,
				'page_id' => $page_id,
			),
			false
		);
		return new WP_REST_Response(
			array(
				'form_id'  => $form_id,
				'page_id'  => $page_id,
				'page_url' => (string) get_permalink( $page_id ),
			),
			201
		);
	}

	/**
	 * The demo form: one of every field type of this version.
	 *
	 * @return array<string, mixed>
	 */
	public static function definition(): array {
		return array(
			'title'        => __( 'Contact us', 'kestrel-forms' ),
			'description'  => __( 'Tell us what you need and we will reply within a day.', 'kestrel-forms' ),
			'button'       => array( 'text' => __( 'Send', 'kestrel-forms' ) ),
			'confirmation' => array(
				'type'    => 'message',
				'message' => __( 'Thank you! Your message has been received.', 'kestrel-forms' ),
			),
			'fields'       => array(
				array(
					'id'         => 1,
					'type'       => 'text',
					'label'      => __( 'Name', 'kestrel-forms' ),
					'isRequired' => true,
					'maxLength'  => 100,
				),
				array(
					'id'          => 2,
					'type'        => 'email',
					'label'       => __( 'Email', 'kestrel-forms' ),
					'isRequired'  => true,
					'description' => __( 'We only use it to answer you.', 'kestrel-forms' ),
				),
				array(
					'id'      => 3,
					'type'    => 'select',
					'label'   => __( 'Topic', 'kestrel-forms' ),
					'choices' => array(
						array(
							'text'  => __( 'A question', 'kestrel-forms' ),
							'value' => 'question',
						),
						array(
							'text'  => __( 'A booking', 'kestrel-forms' ),
							'value' => 'booking',
						),
						array(
							'text'  => __( 'Something else', 'kestrel-forms' ),
							'value' => 'other',
						),
					),
				),
				array(
					'id'       => 4,
					'type'     => 'number',
					'label'    => __( 'Number of guests', 'kestrel-forms' ),
					'rangeMin' => 1,
					'rangeMax' => 20,
				),
				array(
					'id'    => 5,
					'type'  => 'section',
					'label' => __( 'How should we reply?', 'kestrel-forms' ),
				),
				array(
					'id'      => 6,
					'type'    => 'radio',
					'label'   => __( 'Preferred contact', 'kestrel-forms' ),
					'choices' => array(
						array(
							'text'       => __( 'Email', 'kestrel-forms' ),
							'value'      => 'email',
							'isSelected' => true,
						),
						array(
							'text'  => __( 'Phone', 'kestrel-forms' ),
							'value' => 'phone',
						),
					),
				),
				array(
					'id'      => 7,
					'type'    => 'checkbox',
					'label'   => __( 'Send me', 'kestrel-forms' ),
					'choices' => array(
						array(
							'text'  => __( 'The newsletter', 'kestrel-forms' ),
							'value' => 'newsletter',
						),
						array(
							'text'  => __( 'Event invitations', 'kestrel-forms' ),
							'value' => 'events',
						),
					),
				),
				array(
					'id'         => 8,
					'type'       => 'textarea',
					'label'      => __( 'Message', 'kestrel-forms' ),
					'isRequired' => true,
					'maxLength'  => 2000,
				),
				array(
					'id'      => 9,
					'type'    => 'html',
					'content' => '<p><small>' . esc_html__( 'We never share your details.', 'kestrel-forms' ) . '</small></p>',
				),
				array(
					'id'           => 10,
					'type'         => 'hidden',
					'label'        => __( 'Campaign', 'kestrel-forms' ),
					'defaultValue' => 'demo',
				),
			),
		);
	}
}
