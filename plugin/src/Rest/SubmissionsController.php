<?php
/**
 * REST resource: public form submissions.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Rest;

use Kestrel\Forms\Captcha\Settings as CaptchaSettings;
use Kestrel\Forms\Captcha\Verifier;
use Kestrel\Forms\Domain\Entry\Entry;
use Kestrel\Forms\Domain\Form\Form;
use Kestrel\Forms\Domain\Validation\SubmissionValidator;
use Kestrel\Forms\Feeds\FeedRegistry;
use Kestrel\Forms\Persistence\EntryRepository;
use Kestrel\Forms\Persistence\FormRepository;
use Kestrel\Forms\Security\SpamGuard;
use Kestrel\Forms\Settings\GeneralSettings;
use Kestrel\Forms\Uploads\UploadError;
use Kestrel\Forms\Uploads\UploadStore;
use WP_Error;
use WP_REST_Controller;
use WP_REST_Request;
use WP_REST_Response;
use WP_REST_Server;

/**
 * `POST kestrel-forms/v1/forms/{id}/submissions`: anyone may submit, without a nonce, so forms
 * work on cached pages. Everything the browser sends is validated again here.
 */
final class SubmissionsController extends WP_REST_Controller {

	public function __construct(
		private readonly FormRepository $forms,
		private readonly EntryRepository $entries,
		private readonly SubmissionValidator $validator,
		private readonly FeedRegistry $feeds,
		private readonly UploadStore $uploads,
		private ?Verifier $captcha = null
	) {
		$this->namespace = Routes::NAMESPACE;
		$this->rest_base = 'forms/(?P<form_id>[\d]+)/submissions';
	}

	/**
	 * Registers the route.
	 */
	public function register_routes(): void {
		register_rest_route(
			$this->namespace,
			'/' . $this->rest_base,
			array(
				array(
					'methods'             => WP_REST_Server::CREATABLE,
					'callback'            => array( $this, 'create_item' ),
					'permission_callback' => array( $this, 'create_item_permissions_check' ),
					'args'                => array(
						'form_id'        => array(
							'type'    => 'integer',
							'minimum' => 1,
						),
						'values'         => array(
							'description' => __( 'Submitted values keyed by field id or input id.', 'kestrel-forms' ),
							'type'        => 'object',
							'required'    => true,
						),
						'source_url'     => array(
							'description' => __( 'The page the form was submitted from.', 'kestrel-forms' ),
							'type'        => 'string',
							'maxLength'   => 2048,
						),
						'upload_id'      => array(
							'description' => __( 'The form view\'s unique upload id (8 hex characters) its files were uploaded with.', 'kestrel-forms' ),
							'type'        => 'string',
							'pattern'     => '^[A-Fa-f0-9]{8}$',
						),
						'uploaded_files' => array(
							'description' => __( 'Completed uploads keyed input_{fieldId}: lists of { temp_filename, uploaded_filename }. Only files this server issued count.', 'kestrel-forms' ),
							'type'        => 'object',
						),
						'honeypot'       => array(
							'description' => __( 'The hidden honeypot input: people leave it empty.', 'kestrel-forms' ),
							'type'        => 'string',
						),
						'render_token'   => array(
							'description' => __( 'The signed time the page printed the form (for the form\'s minimum time to submit).', 'kestrel-forms' ),
							'type'        => 'string',
						),
						'submission_key' => array(
							'description' => __( 'A key the browser makes once per submission; a repeat with the same key returns the first entry.', 'kestrel-forms' ),
							'type'        => 'string',
							'pattern'     => '^[A-Za-z0-9-]{8,64}$',
						),
					),
				),
			)
		);
	}

	/**
	 * Submitting is public by design (visitors are anonymous, pages may be cached). Sites can
	 * restrict it with the `kestrel_forms_can_submit` filter.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return true|WP_Error
	 */
	public function create_item_permissions_check( $request ) {
		/**
		 * Whether the current visitor may submit this form.
		 *
		 * @param bool            $allowed Default true.
		 * @param int             $form_id Form id.
		 * @param WP_REST_Request $request Request.
		 */
		$allowed = (bool) apply_filters( 'kestrel_forms_can_submit', true, (int) $request['form_id'], $request );
		return $allowed ? true : ErrorMapper::forbidden();
	}

	/**
	 * Validates and stores a submission.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response|WP_Error
	 */
	public function create_item( $request ) {
		$form = $this->forms->find( (int) $request['form_id'] );
		if ( ! $form ) {
			return ErrorMapper::form_not_found();
		}
		// A repeat of a stored submission (double click, network retry) gets the first answer
		// again, before anything it carried (captcha answer, upload tokens) is checked once more.
		$submission_key = isset( $request['submission_key'] ) ? (string) $request['submission_key'] : '';
		$existing       = '' !== $submission_key ? $this->entries->id_for_submission_key( $form->id, $submission_key ) : 0;
		$first          = $existing ? $this->entries->find( $existing ) : null;
		if ( $first ) {
			return $this->answer( $form, $first, false );
		}
		$values = (array) $request['values'];
		if ( $values && array_is_list( $values ) ) {
			// WordPress accepts a JSON list as an "object"; positions are not field ids.
			return new WP_Error(
				'kestrel_forms_invalid_param',
				__( 'values must be an object keyed by field id or input id.', 'kestrel-forms' ),
				array(
					'status' => 400,
					'params' => array( 'values' => __( 'values must be an object.', 'kestrel-forms' ) ),
				)
			);
		}

		/**
		 * Filters the raw submitted values before validation.
		 *
		 * @param array<string, mixed> $values Values keyed by field id or input id.
		 * @param Form                 $form   The form.
		 */
		$values = (array) apply_filters( 'kestrel_forms_submission_before', $values, $form );
		$values = $this->with_uploaded_files( $form, $values, $request['uploaded_files'] );
		// Prices in the form's currency, or the site's default one (as the browser did).
		$result = $this->validator->validate( $form->with_default_currency( ( new GeneralSettings() )->get()['currency'] ), $values );

		$messages = array();
		foreach ( $result->errors as $field_id => $error ) {
			$messages[ (string) $field_id ] = Messages::field_error( $error );
		}
		// Uploaded files: only what this server issued for this form, field and upload id.
		$clean         = $result->values;
		$tokens        = array();
		$upload_fields = array();
		foreach ( $form->fields() as $field ) {
			$key = (string) $field['id'];
			if ( 'fileupload' !== $field['type'] || ! isset( $clean[ $key ] ) || isset( $messages[ $key ] ) ) {
				continue;
			}
			$files = $this->uploads->claim( $form, (int) $field['id'], (string) $request['upload_id'], (array) $clean[ $key ] );
			if ( $files instanceof WP_Error ) {
				$messages[ $key ] = $files->get_error_message();
				continue;
			}
			$clean[ $key ]   = $files;
			$upload_fields[] = $key;
			array_push( $tokens, ...array_column( $files, 'token' ) );
		}
		/**
		 * Filters validation messages (by field id); add one to refuse a submission.
		 *
		 * @param array<string, string> $messages Messages by field id.
		 * @param Form                  $form     The form.
		 * @param array<string, string> $clean    Clean values by input id.
		 */
		$messages = (array) apply_filters( 'kestrel_forms_validation_errors', $messages, $form, $clean );
		if ( $messages ) {
			return ErrorMapper::validation_messages( array_map( 'strval', $messages ) );
		}

		// A captcha the visitor can see is verified with the provider before anything is stored.
		foreach ( $form->fields() as $field ) {
			if ( 'captcha' !== $field['type'] || empty( $result->visible[ (int) $field['id'] ] ) ) {
				continue;
			}
			$answer   = $values[ (string) $field['id'] ] ?? '';
			$this->captcha ??= new Verifier( new CaptchaSettings() );
			$verified = $this->captcha->verify( is_string( $answer ) ? $answer : '', self::remote_ip() );
			if ( $verified instanceof WP_Error ) {
				$status = (int) ( $verified->get_error_data()['status'] ?? 400 );
				return 400 === $status
					? ErrorMapper::validation_messages( array( (string) $field['id'] => $verified->get_error_message() ) )
					: $verified;
			}
		}

		// Spam is stored as spam (visible to admins), and the sender sees the usual answer.
		$spam   = SpamGuard::is_spam( $form, $request[ SpamGuard::HONEYPOT_PARAM ], $request[ SpamGuard::TOKEN_PARAM ] );
		$entry  = new Entry(
			0,
			$form->id,
			$clean,
			gmdate( 'Y-m-d H:i:s' ),
			$this->source_url( $request ),
			get_current_user_id(),
			$spam ? Entry::STATUS_SPAM : Entry::STATUS_ACTIVE,
			$result->pricing,
			array_map( static fn( array $feed ): int => (int) $feed['feedId'], $result->feeds )
		);
		// The files become this entry's in its own transaction: of two submissions naming the
		// same files, the second is refused instead of listing files it does not own.
		$stored = $this->entries->insert(
			$entry,
			'' !== $submission_key ? $submission_key : null,
			$tokens ? fn( int $id ): bool => $this->uploads->reserve( $tokens, $id ) : null
		);
		if ( ! empty( $stored['refused'] ) ) {
			$taken = UploadMessages::message( new UploadError( UploadError::UNKNOWN ) );
			return ErrorMapper::validation_messages( array_fill_keys( $upload_fields, $taken ) );
		}
		if ( ! $stored['id'] ) {
			return ErrorMapper::storage_failed();
		}
		$entry = $entry->with_id( $stored['id'] );
		if ( $stored['created'] && $spam ) {
			$this->uploads->attach( $tokens, $stored['id'] );
			/**
			 * Fires after a submission is stored as spam (no add-on feeds run for it).
			 *
			 * @param Entry $entry The stored entry.
			 * @param Form  $form  The form.
			 */
			do_action( 'kestrel_forms_submission_spam', $entry, $form );
		} elseif ( $stored['created'] ) {
			$this->uploads->attach( $tokens, $stored['id'] );
			/**
			 * Fires after a submission is stored as an entry (not for a repeated submission key).
			 *
			 * @param Entry $entry The stored entry.
			 * @param Form  $form  The form.
			 */
			do_action( 'kestrel_forms_submission_after', $entry, $form );
			$this->feeds->process( $result->feeds, $entry, $form );
		}

		return $this->answer( $form, $entry, $stored['created'] );
	}

	/**
	 * The answer to a stored submission: its entry id and the confirmation; a repeat of an
	 * earlier submission (same submission key) is marked as a replay.
	 *
	 * @param Form  $form    The form.
	 * @param Entry $entry   The stored entry.
	 * @param bool  $created Whether this request stored it.
	 */
	private function answer( Form $form, Entry $entry, bool $created ): WP_REST_Response {
		$confirmation = $form->confirmation( __( 'Thanks for contacting us! We will get in touch with you shortly.', 'kestrel-forms' ) );
		/**
		 * Filters the confirmation returned to the visitor.
		 *
		 * @param array{type: string, message?: string, url?: string} $confirmation Confirmation.
		 * @param Form  $form  The form.
		 * @param Entry $entry The entry.
		 */
		$confirmation = (array) apply_filters( 'kestrel_forms_confirmation', $confirmation, $form, $entry );
		if ( isset( $confirmation['message'] ) ) {
			$confirmation['message'] = wp_kses_post( (string) $confirmation['message'] );
		}
		if ( isset( $confirmation['url'] ) ) {
			$confirmation['url'] = esc_url_raw( (string) $confirmation['url'] );
		}

		$response = new WP_REST_Response(
			array(
				'entry_id'     => $entry->id,
				'confirmation' => $confirmation,
			),
			201
		);
		if ( ! $created ) {
			$response->header( 'Kestrel-Idempotent-Replay', 'true' );
		}
		return $response;
	}

	/**
	 * The page the visitor submitted from: the body's source_url or the Referer, kept only when
	 * it is an http(s) URL on this site.
	 *
	 * @param WP_REST_Request $request Request.
	 */
	private function source_url( WP_REST_Request $request ): string {
		$candidate = (string) ( $request['source_url'] ?? $request->get_header( 'referer' ) ?? '' );
		$url       = esc_url_raw( $candidate, array( 'http', 'https' ) );
		$host      = wp_parse_url( $url, PHP_URL_HOST );
		$home_host = wp_parse_url( home_url(), PHP_URL_HOST );
		return ( $url && $host && strtolower( (string) $host ) === strtolower( (string) $home_host ) ) ? $url : '';
	}

	/**
	 * Puts the tokens of the uploaded-files object (`input_{fieldId}` => records) under each
	 * file-upload field's id, where validation reads them. The records' names are ignored: the
	 * server keeps its own.
	 *
	 * @param Form                $form     The form.
	 * @param array<mixed, mixed> $values   Submitted values.
	 * @param mixed               $uploaded The uploaded_files parameter.
	 * @return array<mixed, mixed>
	 */
	private function with_uploaded_files( Form $form, array $values, mixed $uploaded ): array {
		if ( ! is_array( $uploaded ) ) {
			return $values;
		}
		foreach ( $form->fields() as $field ) {
			$records = $uploaded[ 'input_' . $field['id'] ] ?? null;
			if ( 'fileupload' !== $field['type'] || ! is_array( $records ) ) {
				continue;
			}
			$values[ (string) $field['id'] ] = array_map(
				static fn( mixed $record ): mixed => is_array( $record ) ? ( $record['temp_filename'] ?? null ) : null,
				array_values( $records )
			);
		}
		return $values;
	}

	/**
	 * The visitor's IP address as the server saw it (for the captcha provider), or ''.
	 */
	private static function remote_ip(): string {
		$ip = isset( $_SERVER['REMOTE_ADDR'] ) ? sanitize_text_field( wp_unslash( $_SERVER['REMOTE_ADDR'] ) ) : '';
		return false !== filter_var( $ip, FILTER_VALIDATE_IP ) ? $ip : '';
	}
}
