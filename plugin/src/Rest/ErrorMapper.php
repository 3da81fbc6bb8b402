<?php
/**
 * Turns domain failures into WP_Error responses, in one place.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Rest;

use Kestrel\Forms\Captcha\CaptchaFailure;
use Kestrel\Forms\Domain\Form\InvalidForm;
use Kestrel\Forms\Domain\Schema\SchemaError;
use Kestrel\Forms\Domain\Validation\FieldError;
use Kestrel\Forms\Payments\PaymentRefused;
use Kestrel\Forms\Payments\PaymentActionRefused;
use Kestrel\Forms\Payments\WalletRequestRefused;
use Kestrel\Forms\Payments\WebhookRejected;
use Kestrel\Forms\Domain\Import\NotAGravityFormsExport;
use Kestrel\Forms\Security\Capabilities;
use Kestrel\Forms\Submissions\SubmissionRefused;
use Kestrel\Forms\Uploads\UploadError;
use WP_Error;
use WP_REST_Request;

/**
 * Every REST error the plugin returns is built here, with a stable `kestrel_forms_*` code.
 */
final class ErrorMapper {

	/**
	 * An invalid form definition: 400, the message names the first offending JSON path and
	 * `data.errors` lists every violation.
	 *
	 * @param InvalidForm $e Exception.
	 */
	public static function invalid_form( InvalidForm $e ): WP_Error {
		$errors = array_map(
			static fn( SchemaError $error ): array => array(
				'path'    => $error->path,
				'keyword' => $error->keyword,
				'message' => Messages::schema_error( $error ),
			),
			$e->errors
		);
		return new WP_Error(
			'kestrel_forms_invalid_form',
			$errors ? $errors[0]['message'] : __( 'Invalid form definition.', 'kestrel-forms' ),
			array(
				'status' => 400,
				'errors' => $errors,
			)
		);
	}

	/**
	 * A submission that failed validation: 400 with messages by field id.
	 *
	 * @param array<int, FieldError> $errors Errors by field id.
	 */
	public static function validation_failed( array $errors ): WP_Error {
		$messages = array();
		foreach ( $errors as $field_id => $error ) {
			$messages[ (string) $field_id ] = Messages::field_error( $error );
		}
		return self::validation_messages( $messages );
	}

	/**
	 * A submission that failed validation, from ready messages.
	 *
	 * @param array<int|string, string> $messages Messages by field id (numeric ids stay integer keys in PHP).
	 * @param array<string, mixed>      $details  The error codes by field id, with the input ids at
	 *                                            fault (`{code, inputs?}`); absent when none is known.
	 */
	public static function validation_messages( array $messages, array $details = array() ): WP_Error {
		return new WP_Error(
			'kestrel_forms_validation_failed',
			__( 'There was a problem with your submission. Please review the fields below.', 'kestrel-forms' ),
			array(
				'status' => 400,
				'errors' => (object) $messages,
			) + ( $details ? array( 'details' => (object) $details ) : array() )
		);
	}

	/**
	 * 404 for a form that does not exist (or is in the trash).
	 */
	public static function form_not_found(): WP_Error {
		return new WP_Error( 'kestrel_forms_form_not_found', __( 'Form not found.', 'kestrel-forms' ), array( 'status' => 404 ) );
	}

	/**
	 * 404 for an entry that does not exist.
	 */
	public static function entry_not_found(): WP_Error {
		return new WP_Error( 'kestrel_forms_entry_not_found', __( 'Entry not found.', 'kestrel-forms' ), array( 'status' => 404 ) );
	}

	/**
	 * An upload, claim or file download that was refused, with the status resumable.js needs
	 * (see Uploads\UploadError).
	 *
	 * @param UploadError $e Exception.
	 */
	public static function upload_error( UploadError $e ): WP_Error {
		$retry = $e->retry_after();
		if ( UploadError::RATE_LIMITED === $e->error_code ) {
			return self::rate_limited( (int) $retry );
		}
		$data = array( 'status' => $e->status() );
		if ( null !== $retry ) {
			// Becomes the Retry-After header (add_retry_after()): 503 while another worker
			// assembles the file, 429 when the client holds too many uploads.
			$data['retry_after'] = $retry;
		}
		return new WP_Error( $e->error_code, UploadMessages::message( $e ), $data );
	}

	/**
	 * A submission that was not stored ({@see SubmissionRefused}, from the Submissions use case).
	 *
	 * @param SubmissionRefused $e Exception.
	 */
	public static function submission_refused( SubmissionRefused $e ): WP_Error {
		return match ( $e->kind ) {
			SubmissionRefused::FORM_NOT_FOUND    => self::form_not_found(),
			SubmissionRefused::VALUES_NOT_OBJECT => new WP_Error(
				'kestrel_forms_invalid_param',
				__( 'values must be an object keyed by field id or input id.', 'kestrel-forms' ),
				array(
					'status' => 400,
					'params' => array( 'values' => __( 'values must be an object.', 'kestrel-forms' ) ),
				)
			),
			SubmissionRefused::INVALID_FIELDS    => self::validation_messages( $e->messages, $e->details ),
			SubmissionRefused::CAPTCHA           => self::captcha_failed( $e->captcha ?? new CaptchaFailure( CaptchaFailure::UNAVAILABLE ) ),
			SubmissionRefused::RATE_LIMITED      => self::rate_limited( $e->retry_after ),
			SubmissionRefused::TOO_LARGE         => self::too_large( $e->limit ),
			SubmissionRefused::IN_PROGRESS       => new WP_Error(
				'kestrel_forms_submission_in_progress',
				__( 'This submission is still being processed. Please wait a moment.', 'kestrel-forms' ),
				array(
					'status'      => 409,
					'retry_after' => $e->retry_after,
				)
			),
			SubmissionRefused::DRAFT_NOT_FOUND   => self::draft_not_found( 400 ),
			SubmissionRefused::DRAFT_REFUSED     => new WP_Error(
				'kestrel_forms_payment_draft_refused',
				__( 'This form cannot be kept while you approve the payment. Reload the page and try again.', 'kestrel-forms' ),
				array( 'status' => 400 )
			),
			default                              => self::storage_failed(),
		};
	}

	/**
	 * A payment draft that is unknown, expired, another form's or another browser's (ADR 0009):
	 * one answer for all, 404 on GET and 400 for a submission naming it.
	 *
	 * @param int $status HTTP status.
	 */
	public static function draft_not_found( int $status = 404 ): WP_Error {
		return new WP_Error(
			'kestrel_forms_payment_draft_not_found',
			__( 'This payment is no longer waiting: fill in the form again.', 'kestrel-forms' ),
			array( 'status' => $status )
		);
	}

	/**
	 * A submission whose payment was not taken ({@see PaymentRefused}, from Payments\ChargePayment):
	 * a decline or an amount below the minimum is a 400 validation error at the payment field with
	 * `data.payment.code`; an unknown outcome that was voided 502 `kestrel_forms_payment_not_taken`;
	 * the same submission being charged 409 `kestrel_forms_payment_in_progress` (Retry-After);
	 * payments not set up 503 `kestrel_forms_payments_unavailable`; card testing 429.
	 *
	 * @param PaymentRefused $e Exception.
	 */
	public static function payment_refused( PaymentRefused $e ): WP_Error {
		if ( $e->is_field_error() ) {
			$error = self::validation_messages( array( $e->field_id => $e->visitor_text ) );
			return new WP_Error(
				$error->get_error_code(),
				$error->get_error_message(),
				array_merge( (array) $error->get_error_data(), array( 'payment' => array( 'code' => $e->payment_code ) ) )
			);
		}
		return match ( $e->kind ) {
			PaymentRefused::RATE_LIMITED => self::rate_limited( $e->retry_after ),
			PaymentRefused::IN_PROGRESS  => new WP_Error(
				'kestrel_forms_payment_in_progress',
				$e->visitor_text,
				array(
					'status'      => 409,
					'retry_after' => max( 1, $e->retry_after ),
				)
			),
			PaymentRefused::NOT_TAKEN    => new WP_Error( 'kestrel_forms_payment_not_taken', $e->visitor_text, array( 'status' => 502 ) ),
			default                      => new WP_Error(
				'kestrel_forms_payments_unavailable',
				$e->visitor_text,
				array(
					'status' => 503,
					'reason' => $e->payment_code,
				)
			),
		};
	}

	/**
	 * A captcha answer that was not accepted: `kestrel_forms_captcha_{kind}`, 400 or 503.
	 *
	 * @param CaptchaFailure $failure Failure.
	 */
	public static function captcha_failed( CaptchaFailure $failure ): WP_Error {
		return new WP_Error( 'kestrel_forms_captcha_' . $failure->kind, $failure->message(), array( 'status' => $failure->status() ) );
	}

	/**
	 * 400 for a body that is not a JSON object.
	 */
	public static function invalid_json(): WP_Error {
		return new WP_Error( 'kestrel_forms_invalid_json', __( 'The request body must be a JSON object.', 'kestrel-forms' ), array( 'status' => 400 ) );
	}

	/**
	 * 400 for an import body that is JSON but not a Gravity Forms export; `data.detail` says why.
	 *
	 * @param NotAGravityFormsExport $e Exception.
	 */
	public static function not_a_gravity_forms_export( NotAGravityFormsExport $e ): WP_Error {
		return new WP_Error(
			'kestrel_forms_not_gravity_forms_export',
			__( 'This file is not a Gravity Forms export. Export the forms from Gravity Forms → Import/Export and import that file.', 'kestrel-forms' ),
			array(
				'status' => 400,
				'detail' => $e->getMessage(),
			)
		);
	}

	/**
	 * 400 when forms of an export would not be valid definitions: nothing is stored; `data.forms`
	 * names them with their errors and `data.report` is the import report.
	 *
	 * @param list<array<string, mixed>> $invalid Results with errors.
	 * @param list<array<string, mixed>> $report  Import report.
	 */
	public static function import_invalid( array $invalid, array $report ): WP_Error {
		return new WP_Error(
			'kestrel_forms_import_invalid',
			__( 'Some forms of the export cannot be imported; nothing was imported.', 'kestrel-forms' ),
			array(
				'status' => 400,
				'forms'  => array_map(
					static fn( array $r ): array => array(
						'title'     => $r['title'],
						'source_id' => $r['source_id'],
						'errors'    => $r['errors'],
					),
					$invalid
				),
				'report' => $report,
			)
		);
	}

	/**
	 * 500 when the database refused a write.
	 */
	public static function storage_failed(): WP_Error {
		return new WP_Error( 'kestrel_forms_storage_failed', __( 'The data could not be saved. Please try again.', 'kestrel-forms' ), array( 'status' => 500 ) );
	}

	/**
	 * 429 when a client went over a rate limit ({@see \Kestrel\Forms\Security\RateLimiter}).
	 * `data.retry_after` becomes the `Retry-After` header ({@see self::add_retry_after()}).
	 *
	 * @param int $retry_after Seconds until the client may try again.
	 */
	public static function rate_limited( int $retry_after ): WP_Error {
		return new WP_Error(
			'kestrel_forms_rate_limited',
			sprintf(
				/* translators: %d: seconds to wait. */
				_n( 'Too many requests. Please try again in %d second.', 'Too many requests. Please try again in %d seconds.', $retry_after, 'kestrel-forms' ),
				$retry_after
			),
			array(
				'status'      => 429,
				'retry_after' => $retry_after,
			)
		);
	}

	/**
	 * 413 for a request body over the route's limit, refused before it is parsed.
	 *
	 * @param int $limit Bytes allowed.
	 */
	public static function too_large( int $limit ): WP_Error {
		return new WP_Error(
			'kestrel_forms_request_too_large',
			sprintf(
				/* translators: %s: size such as "1 MB". */
				__( 'The request is too large (at most %s).', 'kestrel-forms' ),
				size_format( $limit )
			),
			array(
				'status' => 413,
				'limit'  => $limit,
			)
		);
	}

	/**
	 * `rest_post_dispatch` filter: an error of this plugin that says when to retry
	 * (`data.retry_after`, e.g. 429 or a 503 while another worker assembles a file) carries the
	 * `Retry-After` header, which resumable.js and other HTTP clients read.
	 *
	 * @param mixed           $response Response.
	 * @param mixed           $server   Server.
	 * @param WP_REST_Request $request  Request.
	 * @return mixed
	 */
	public static function add_retry_after( $response, $server, $request ) {
		if ( ! $response instanceof \WP_REST_Response || ! str_starts_with( (string) $request->get_route(), '/' . Routes::NAMESPACE . '/' ) ) {
			return $response;
		}
		$data  = $response->get_data();
		$retry = is_array( $data ) ? ( $data['data']['retry_after'] ?? null ) : null;
		if ( is_int( $retry ) && $retry > 0 ) {
			$response->header( 'Retry-After', (string) $retry );
		}
		return $response;
	}

	/** Core REST error codes raised before our callbacks run, and the codes we answer instead. */
	private const CORE_CODES = array(
		'rest_invalid_json'           => 'kestrel_forms_invalid_json',
		'rest_invalid_param'          => 'kestrel_forms_invalid_param',
		'rest_missing_callback_param' => 'kestrel_forms_missing_param',
	);

	/**
	 * `rest_request_after_callbacks` filter: on this plugin's routes, errors WordPress raises while
	 * checking the body and arguments keep their message and data but get a kestrel_forms_* code,
	 * so clients see one stable family of codes.
	 *
	 * @param mixed                $response Result of the callbacks (or the validation error).
	 * @param array<string, mixed> $handler  Route handler.
	 * @param WP_REST_Request      $request  Request.
	 * @return mixed
	 */
	public static function rename_core_errors( $response, $handler, $request ) {
		if ( ! $response instanceof WP_Error || ! str_starts_with( (string) $request->get_route(), '/' . Routes::NAMESPACE . '/' ) ) {
			return $response;
		}
		$code = $response->get_error_code();
		if ( ! isset( self::CORE_CODES[ $code ] ) ) {
			return $response;
		}
		return new WP_Error( self::CORE_CODES[ $code ], $response->get_error_message(), $response->get_error_data() );
	}

	/**
	 * The permission_callback of every manager route: true for a user with the plugin
	 * capability, otherwise 403 (forbidden()).
	 *
	 * @return true|WP_Error
	 */
	public static function manager_only(): bool|WP_Error {
		return Capabilities::current_user_can_manage() ? true : self::forbidden();
	}

	/**
	 * Permission: read entries (Capabilities::VIEW_ENTRIES, or the umbrella).
	 *
	 * @return true|WP_Error
	 */
	public static function can_view_entries(): bool|WP_Error {
		return Capabilities::current_user_has( Capabilities::VIEW_ENTRIES ) ? true : self::forbidden();
	}

	/**
	 * Permission: change entries, their notes and payments (Capabilities::EDIT_ENTRIES).
	 *
	 * @return true|WP_Error
	 */
	public static function can_edit_entries(): bool|WP_Error {
		return Capabilities::current_user_has( Capabilities::EDIT_ENTRIES ) ? true : self::forbidden();
	}

	/**
	 * Permission: resend an entry's notifications, possibly to any address (which shows the
	 * entry's values to whoever reads that mailbox): view entries as well as edit entries.
	 *
	 * @return true|WP_Error
	 */
	public static function can_resend_notifications(): bool|WP_Error {
		return Capabilities::current_user_has( Capabilities::VIEW_ENTRIES ) && Capabilities::current_user_has( Capabilities::EDIT_ENTRIES ) ? true : self::forbidden();
	}

	/**
	 * Permission: export entries (Capabilities::EXPORT_ENTRIES).
	 *
	 * @return true|WP_Error
	 */
	public static function can_export_entries(): bool|WP_Error {
		return Capabilities::current_user_has( Capabilities::EXPORT_ENTRIES ) ? true : self::forbidden();
	}

	/**
	 * Permission: create, change and delete forms (Capabilities::MANAGE_FORMS).
	 *
	 * @return true|WP_Error
	 */
	public static function can_manage_forms(): bool|WP_Error {
		return Capabilities::current_user_has( Capabilities::MANAGE_FORMS ) ? true : self::forbidden();
	}

	/**
	 * Permission: read a form's definition, for those who build forms or read their entries
	 * (the entries screen needs the fields to show the values).
	 *
	 * @return true|WP_Error
	 */
	public static function can_read_forms(): bool|WP_Error {
		return Capabilities::current_user_has( Capabilities::MANAGE_FORMS ) || Capabilities::current_user_has( Capabilities::VIEW_ENTRIES ) ? true : self::forbidden();
	}

	/**
	 * Permission: the plugin's settings (Capabilities::MANAGE_SETTINGS).
	 *
	 * @return true|WP_Error
	 */
	public static function can_manage_settings(): bool|WP_Error {
		return Capabilities::current_user_has( Capabilities::MANAGE_SETTINGS ) ? true : self::forbidden();
	}

	/**
	 * 403 for anyone without the plugin capability, logged in or not (issue 2 asks for 403 for
	 * anonymous requests too, rather than WordPress's usual 401).
	 */
	public static function forbidden(): WP_Error {
		return new WP_Error(
			'kestrel_forms_forbidden',
			__( 'Sorry, you are not allowed to do that.', 'kestrel-forms' ),
			array( 'status' => 403 )
		);
	}

	/**
	 * 403 for an application-password client while the web API is switched off (Rest\ApiGate).
	 */
	public static function api_disabled(): WP_Error {
		return new WP_Error(
			'kestrel_forms_api_disabled',
			__( 'The Kestrel Forms API is switched off for external clients. An administrator can switch it on under Forms → Settings → Web API.', 'kestrel-forms' ),
			array( 'status' => 403 )
		);
	}

	/**
	 * 400 when an entry edit names a field or input whose value cannot be edited.
	 *
	 * @param string $key Field or input id as sent.
	 */
	public static function value_not_editable( string $key ): WP_Error {
		return new WP_Error(
			'kestrel_forms_not_editable',
			/* translators: %s: field or input id. */
			sprintf( __( 'The value of "%s" cannot be edited.', 'kestrel-forms' ), $key ),
			array( 'status' => 400 )
		);
	}

	/**
	 * 400 when files are attached to a field that is not an upload field of the entry's form.
	 */
	public static function not_an_upload_field(): WP_Error {
		return new WP_Error( 'kestrel_forms_not_editable', __( 'Files can only be attached to an upload field of this entry\'s form.', 'kestrel-forms' ), array( 'status' => 400 ) );
	}

	/**
	 * 400 for an entry note without text.
	 */
	public static function empty_note(): WP_Error {
		return new WP_Error( 'kestrel_forms_empty_note', __( 'Write a note first.', 'kestrel-forms' ), array( 'status' => 400 ) );
	}

	/**
	 * 404 for a note that is not on the entry.
	 */
	public static function note_not_found(): WP_Error {
		return new WP_Error( 'kestrel_forms_note_not_found', __( 'Note not found.', 'kestrel-forms' ), array( 'status' => 404 ) );
	}

	/**
	 * 502 when wp_mail() did not send a notification (the message is its error, e.g. the SMTP
	 * server's answer).
	 *
	 * @param string $message Why the email was not sent.
	 */
	public static function notification_failed( string $message ): WP_Error {
		return new WP_Error(
			'kestrel_forms_notification_failed',
			/* translators: %s: the mail error. */
			sprintf( __( 'The email could not be sent: %s', 'kestrel-forms' ), $message ),
			array( 'status' => 502 )
		);
	}

	/**
	 * 400 for an address that is not a valid email address (a test send's or resend's "to").
	 */
	public static function invalid_recipient(): WP_Error {
		return new WP_Error( 'kestrel_forms_invalid_recipient', __( 'Enter a valid email address to send to.', 'kestrel-forms' ), array( 'status' => 400 ) );
	}

	/**
	 * 400 for refused settings: the first message, and every message by setting key in
	 * `data.errors`.
	 *
	 * @param array<string, string> $errors Messages by setting key (at least one).
	 */
	public static function invalid_settings( array $errors ): WP_Error {
		return new WP_Error(
			'kestrel_forms_invalid_settings',
			(string) reset( $errors ),
			array(
				'status' => 400,
				'errors' => (object) $errors,
			)
		);
	}

	/**
	 * An action on an entry's payment that was not carried out ({@see PaymentActionRefused}):
	 * 404 `kestrel_forms_payment_not_found`, 409/400 `kestrel_forms_payment_action_refused`,
	 * 400 `kestrel_forms_refund_too_large` (with `data.available`, minor units) or 502
	 * `kestrel_forms_payment_provider_unavailable` (the outcome is not known yet; Sync finishes it).
	 *
	 * @param PaymentActionRefused $e Exception.
	 */
	public static function payment_action_refused( PaymentActionRefused $e ): WP_Error {
		$codes = array(
			PaymentActionRefused::NOT_FOUND => 'kestrel_forms_payment_not_found',
			PaymentActionRefused::TOO_LARGE => 'kestrel_forms_refund_too_large',
			PaymentActionRefused::PROVIDER  => 'kestrel_forms_payment_provider_unavailable',
		);
		$data  = array( 'status' => $e->status );
		if ( PaymentActionRefused::TOO_LARGE === $e->kind ) {
			$data['available'] = $e->available;
		}
		return new WP_Error( $codes[ $e->kind ] ?? 'kestrel_forms_payment_action_refused', $e->getMessage(), $data );
	}

	/**
	 * A wallet payment request that was not built ({@see WalletRequestRefused}): 404
	 * `kestrel_forms_form_not_found`, 400 `kestrel_forms_wallets_not_offered` or 400
	 * `kestrel_forms_invalid_shipping_option`.
	 *
	 * @param WalletRequestRefused $e Exception.
	 */
	public static function wallet_request_refused( WalletRequestRefused $e ): WP_Error {
		if ( WalletRequestRefused::FORM_NOT_FOUND === $e->kind ) {
			return self::form_not_found();
		}
		if ( WalletRequestRefused::UNKNOWN_SHIPPING_OPTION === $e->kind ) {
			return new WP_Error( 'kestrel_forms_invalid_shipping_option', __( 'This shipping option is not available.', 'kestrel-forms' ), array( 'status' => 400 ) );
		}
		return new WP_Error( 'kestrel_forms_wallets_not_offered', __( 'This form does not take wallet payments.', 'kestrel-forms' ), array( 'status' => 400 ) );
	}

	/**
	 * A webhook delivery that was not accepted ({@see WebhookRejected}): 401
	 * `kestrel_forms_webhook_signature`, 503 `kestrel_forms_webhook_unconfigured` (no signature
	 * key stored: never accepted unsigned) or 400 `kestrel_forms_invalid_json`.
	 *
	 * @param WebhookRejected $e Exception.
	 */
	public static function webhook_rejected( WebhookRejected $e ): WP_Error {
		switch ( $e->kind ) {
			case WebhookRejected::UNCONFIGURED:
				return new WP_Error( 'kestrel_forms_webhook_unconfigured', __( 'Payment webhooks are not set up on this site yet.', 'kestrel-forms' ), array( 'status' => 503 ) );
			case WebhookRejected::SIGNATURE:
				return new WP_Error( 'kestrel_forms_webhook_signature', __( 'The webhook signature is missing or does not match.', 'kestrel-forms' ), array( 'status' => 401 ) );
			default:
				return self::invalid_json();
		}
	}

	/**
	 * 503 for a webhook event left for the provider's redelivery (the payment is still being
	 * charged); `data.retry_after` becomes the Retry-After header.
	 *
	 * @param int $retry_after Seconds.
	 */
	public static function webhook_deferred( int $retry_after ): WP_Error {
		return new WP_Error(
			'kestrel_forms_webhook_deferred',
			__( 'This payment is still being completed; the event is handled when it is delivered again.', 'kestrel-forms' ),
			array(
				'status'      => 503,
				'retry_after' => max( 1, $retry_after ),
			)
		);
	}

	/**
	 * 400 when the site offers no application passwords.
	 */
	public static function app_passwords_unavailable(): WP_Error {
		return new WP_Error( 'kestrel_forms_app_passwords_unavailable', __( 'Application passwords are not available on this site (they need HTTPS or a local environment).', 'kestrel-forms' ), array( 'status' => 400 ) );
	}

	/**
	 * 400 when WordPress refused to create an application password (its message is kept).
	 *
	 * @param WP_Error $error WordPress's error.
	 */
	public static function app_password_failed( WP_Error $error ): WP_Error {
		return new WP_Error( 'kestrel_forms_app_password_failed', $error->get_error_message(), array( 'status' => 400 ) );
	}

	/**
	 * 404 for an application password that is not the user's.
	 */
	public static function app_password_not_found(): WP_Error {
		return new WP_Error( 'kestrel_forms_app_password_not_found', __( 'Application password not found.', 'kestrel-forms' ), array( 'status' => 404 ) );
	}
}
