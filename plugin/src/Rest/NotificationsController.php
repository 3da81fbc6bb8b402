<?php
/**
 * REST: send a test of a notification, resend an entry's notifications.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Rest;

use Kestrel\Forms\Domain\Form\Form;
use Kestrel\Forms\Domain\Form\FormValidator;
use Kestrel\Forms\Domain\Form\InvalidForm;
use Kestrel\Forms\Notifications\Delivery;
use Kestrel\Forms\Notifications\Mailer;
use Kestrel\Forms\Notifications\Recipients;
use Kestrel\Forms\Persistence\EntryRepository;
use Kestrel\Forms\Persistence\FormRepository;
use Kestrel\Forms\Security\DefinitionSanitizer;
use WP_Error;
use WP_REST_Controller;
use WP_REST_Request;
use WP_REST_Response;
use WP_REST_Server;

/**
 * Routes (behind the manager capability):
 *
 * - `POST /forms/{id}/notifications/test` `{notification, to?}`: the notification (saved or not,
 *   checked against the form schema) with sample values, to `to` or the current user's address →
 *   `{sent, to, message}`; wp_mail() failing → 502 `kestrel_forms_notification_failed`.
 * - `POST /entries/{id}/notifications/resend` `{ids, to?}` → `{results: [{id, sent, to, error?}]}`,
 *   a note on the entry for each.
 */
final class NotificationsController extends WP_REST_Controller {

	/**
	 * Takes the stores, the definition validator and the mailer.
	 *
	 * @param FormRepository  $forms     Forms.
	 * @param EntryRepository $entries   Entries.
	 * @param FormValidator   $validator Definition validator.
	 * @param Mailer          $mailer    Notifications mailer.
	 */
	public function __construct(
		private readonly FormRepository $forms,
		private readonly EntryRepository $entries,
		private readonly FormValidator $validator,
		private readonly Mailer $mailer = new Mailer()
	) {
		$this->namespace = Routes::NAMESPACE;
	}

	/**
	 * Registers the routes.
	 */
	public function register_routes(): void {
		$to = array(
			'type'      => 'string',
			'maxLength' => 320,
		);
		register_rest_route(
			Routes::NAMESPACE,
			'/forms/(?P<id>[\d]+)/notifications/test',
			array(
				'methods'             => WP_REST_Server::CREATABLE,
				'callback'            => array( $this, 'test' ),
				'permission_callback' => array( ErrorMapper::class, 'can_manage_forms' ),
				'args'                => array(
					'notification' => array(
						'type'     => 'object',
						'required' => true,
					),
					'to'           => $to,
				),
			)
		);
		register_rest_route(
			Routes::NAMESPACE,
			'/entries/(?P<id>[\d]+)/notifications/resend',
			array(
				'methods'             => WP_REST_Server::CREATABLE,
				'callback'            => array( $this, 'resend' ),
				// Resending to an address of one's choice reads the entry: view and edit entries.
				'permission_callback' => array( ErrorMapper::class, 'can_resend_notifications' ),
				'args'                => array(
					'ids' => array(
						'type'     => 'array',
						'required' => true,
						'minItems' => 1,
						'maxItems' => 100,
						'items'    => array(
							'type'      => 'string',
							'maxLength' => 100,
						),
					),
					'to'  => $to,
				),
			)
		);
	}

	/**
	 * POST /forms/{id}/notifications/test
	 *
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response|WP_Error
	 */
	public function test( $request ) {
		$form = $this->forms->find( (int) $request['id'] );
		if ( ! $form ) {
			return ErrorMapper::form_not_found();
		}
		$to = self::recipient( $request['to'] ?? null, (string) wp_get_current_user()->user_email );
		if ( null === $to ) {
			return ErrorMapper::invalid_recipient();
		}
		$notification = $request['notification'];
		$notification = is_array( $notification ) ? $notification : array();
		// The notification as it would be saved: checked by the form schema, and its message kept
		// to what the current user may store (DefinitionSanitizer).
		$definition                  = $form->definition;
		$definition['notifications'] = array( $notification );
		try {
			$this->validator->assert_valid( $definition );
		} catch ( InvalidForm $e ) {
			return ErrorMapper::invalid_form( $e );
		}
		$definition = DefinitionSanitizer::for_current_user( $definition );
		$delivery   = $this->mailer->test( $definition['notifications'][0], new Form( $form->id, $definition ), $to );
		if ( ! $delivery->sent() ) {
			return ErrorMapper::notification_failed( $delivery->error );
		}
		return rest_ensure_response(
			array(
				'sent'    => true,
				'to'      => $delivery->to,
				/* translators: %s: email address. */
				'message' => sprintf( __( 'Test email sent to %s.', 'kestrel-forms' ), implode( ', ', $delivery->to ) ),
			)
		);
	}

	/**
	 * POST /entries/{id}/notifications/resend
	 *
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response|WP_Error
	 */
	public function resend( $request ) {
		$entry = $this->entries->find( (int) $request['id'] );
		$form  = $entry ? $this->forms->find( $entry->form_id ) : null;
		if ( ! $entry || ! $form ) {
			return ErrorMapper::entry_not_found();
		}
		$to = null;
		if ( null !== $request['to'] && '' !== trim( (string) $request['to'] ) ) {
			$to = self::recipient( $request['to'], '' );
			if ( null === $to ) {
				return ErrorMapper::invalid_recipient();
			}
		}
		$ids     = array_map( 'strval', (array) $request['ids'] );
		$results = array_map(
			static function ( Delivery $delivery ): array {
				$result = array(
					'id'   => $delivery->id,
					'sent' => $delivery->sent(),
					'to'   => $delivery->to,
				);
				if ( ! $delivery->sent() ) {
					$result['error'] = $delivery->error;
				}
				return $result;
			},
			$this->mailer->resend( $form, $entry, $ids, $to, get_current_user_id() )
		);
		return rest_ensure_response( array( 'results' => $results ) );
	}

	/**
	 * The one address to send to: the given one, else the fallback; null when not valid.
	 *
	 * @param mixed  $given    The request's `to`.
	 * @param string $fallback Default address.
	 */
	private static function recipient( mixed $given, string $fallback ): ?string {
		$text = is_string( $given ) && '' !== trim( $given ) ? $given : $fallback;
		// One address only: a list is refused, not sent to several people.
		$list = Recipients::addresses( $text );
		return 1 === count( $list['valid'] ) && ! $list['invalid'] ? $list['valid'][0] : null;
	}
}
