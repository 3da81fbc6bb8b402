<?php
/**
 * The plain (no-JavaScript) form post: the second door to the submission use case.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Frontend;

use Closure;
use Kestrel\Forms\Domain\FieldTypes\FieldTypes;
use Kestrel\Forms\Domain\Form\Form;
use Kestrel\Forms\Domain\Validation\FieldError;
use Kestrel\Forms\Domain\Validation\SubmissionValidator;
use Kestrel\Forms\Frontend\Markup\FormMarkup;
use Kestrel\Forms\Payments\PaymentRefused;
use Kestrel\Forms\Persistence\FormRepository;
use Kestrel\Forms\Security\ClientAddress;
use Kestrel\Forms\Security\SpamGuard;
use Kestrel\Forms\Settings\GeneralSettings;
use Kestrel\Forms\Submissions\DraftCookie;
use Kestrel\Forms\Submissions\PlainPostUploads;
use Kestrel\Forms\Submissions\PlainPostValues;
use Kestrel\Forms\Submissions\StoredSubmission;
use Kestrel\Forms\Submissions\SubmissionGate;
use Kestrel\Forms\Submissions\SubmissionRefused;
use Kestrel\Forms\Submissions\SubmissionRequest;
use Kestrel\Forms\Submissions\SubmitForm;
use Kestrel\Forms\Uploads\FileNames;
use Kestrel\Forms\Uploads\UploadError;
use WP_REST_Request;

/**
 * A visitor without JavaScript posts the printed form to its page (docs/server-rendering.md §5).
 * On `template_redirect`, before the page renders, a POST carrying `kestrel_form_id`:
 *
 * 1. passes {@see SubmissionGate} (the rate limit and body size of the REST route, in the same
 *    counter: one limit per client whichever door it uses) and `kestrel_forms_can_submit`;
 * 2. is read as the REST submission's values ({@see PlainPostValues}: the form's `input_*` names
 *    only); files in `$_FILES` go through the upload pipeline ({@see PlainPostUploads}) and, with
 *    those uploaded on earlier pages (`kestrel_uploaded_files`), become `uploaded_files`;
 * 3. moves by `kestrel_nav`: `previous` back one shown page (no checks); `next` (or `default`
 *    before the last shown page) checks the page's visible fields with the server's validator
 *    and visibility, and goes on only when they pass; `submit` (or `default` on the last page)
 *    calls {@see SubmitForm::submit()}, which checks everything again (spam, captcha, prices,
 *    idempotency by `kestrel_submission_key`) exactly as for the REST route.
 *
 * A stored submission is answered with a 303 (Post/Redirect/Get): to the confirmation's URL, or
 * back to the page with a sealed `kestrel_confirmation` parameter ({@see PlainPostConfirmation})
 * whose GET prints the message in the form's place. Anything else leaves the form's state in
 * {@see PlainPostState} and lets the page render: the form again with its values, the errors
 * at their fields, the summary, on the right page.
 */
final class PlainPost {

	/** The hidden input naming the form. */
	public const FORM_ID = 'kestrel_form_id';

	/** The hidden input holding the 0-based index of the page shown. */
	public const PAGE = 'kestrel_page';

	/** The name of the navigation buttons (values previous, next, submit, default). */
	public const NAV = 'kestrel_nav';

	/** The honeypot input. */
	public const HONEYPOT = 'kestrel_hp';

	/** The render token input. */
	public const RENDER_TOKEN = 'kestrel_render_token';

	/** The submission key input (made by the server for each print of the form). */
	public const SUBMISSION_KEY = 'kestrel_submission_key';

	/** A printed submission key (FormRenderer makes 32 characters; this post's key adds 32). */
	private const KEY_PATTERN = '/^[A-Za-z0-9-]{8,32}$/D';

	/** Field types whose posted values are never printed back into the page. */
	private const NOT_ECHOED = array( 'password', 'creditcard', 'captcha', 'payment', 'fileupload' );

	/**
	 * Answers with a redirect and ends the request (tests record the URL instead).
	 *
	 * @var Closure(string): void
	 */
	private readonly Closure $redirect;

	/**
	 * Builds the door.
	 *
	 * @param SubmitForm                                        $submit          The submission use case (built as the REST route builds it).
	 * @param FormRepository                                    $forms           Forms.
	 * @param SubmissionValidator                               $validator       The server's engine (page checks).
	 * @param PlainPostUploads                                  $uploads         The upload step.
	 * @param Closure(FieldError|UploadError): string           $field_message   A field's error in words (the REST route's words).
	 * @param Closure(SubmissionRefused|PaymentRefused): string $refusal_message A refusal in words (the REST route's message).
	 * @param (Closure(string): void)|null                      $redirect        Sends a 303 to the URL and ends the request (null: wp_redirect and exit).
	 */
	public function __construct(
		private readonly SubmitForm $submit,
		private readonly FormRepository $forms,
		private readonly SubmissionValidator $validator,
		private readonly PlainPostUploads $uploads,
		private readonly Closure $field_message,
		private readonly Closure $refusal_message,
		?Closure $redirect = null
	) {
		$this->redirect = $redirect ?? static function ( string $url ): void {
			// The confirmation's own URL (a page of this site or the site owner's address), not the visitor's.
			wp_redirect( $url, 303 ); // phpcs:ignore WordPress.Security.SafeRedirect.wp_redirect_wp_redirect -- a confirmation may redirect off-site, as the REST answer lets the browser do.
			exit;
		};
	}

	/**
	 * Hooks the door on `template_redirect`. The door and its use case are built only for a
	 * request that is a plain post of a form or a confirmation's GET.
	 *
	 * @param Closure(): self $build Builds the door (the composition root knows how).
	 */
	public static function register( Closure $build ): void {
		add_action(
			'template_redirect',
			static function () use ( $build ): void {
				$method = isset( $_SERVER['REQUEST_METHOD'] ) ? strtoupper( sanitize_key( wp_unslash( $_SERVER['REQUEST_METHOD'] ) ) ) : 'GET';
				// phpcs:disable WordPress.Security.NonceVerification -- a public form on pages that may be cached, like the REST route: no nonce (the submission key and the spam checks stand in).
				if ( ( 'POST' === $method && isset( $_POST[ self::FORM_ID ] ) ) || isset( $_GET[ PlainPostConfirmation::PARAM ] ) ) {
					$build()->handle( $method, $_GET, $_POST, $_FILES ); // phpcs:ignore WordPress.Security.ValidatedSanitizedInput -- PlainPostValues reads only the form's inputs and unslashes them; the validator checks every value.
				} elseif ( 'POST' === $method ) {
					$length   = isset( $_SERVER['CONTENT_LENGTH'] ) ? absint( $_SERVER['CONTENT_LENGTH'] ) : 0;
					$overflow = self::overflowed( $length, $_POST, $_FILES, (string) ini_get( 'post_max_size' ) );
					if ( null !== $overflow ) {
						self::no_cache();
						PlainPostState::set_overflow( $overflow );
					}
				}
				// phpcs:enable
			}
		);
	}

	/**
	 * The message for a post that PHP dropped because its body was larger than `post_max_size`
	 * (PHP then fills neither `$_POST` nor `$_FILES`), or null for any other request. A plain post
	 * with large files without JavaScript is the likely cause; with JavaScript, files go in chunks.
	 *
	 * @param int                 $length        The request's Content-Length.
	 * @param array<mixed, mixed> $post          `$_POST`.
	 * @param array<mixed, mixed> $files         `$_FILES`.
	 * @param string              $post_max_size PHP's `post_max_size` ("8M"; "0": no limit).
	 */
	public static function overflowed( int $length, array $post, array $files, string $post_max_size ): ?string {
		$limit = wp_convert_hr_to_bytes( $post_max_size );
		if ( $limit <= 0 || $length <= $limit || array() !== $post || array() !== $files ) {
			return null;
		}
		return sprintf(
			/* translators: %s: the largest request the site accepts, such as "8 MB". */
			__( 'What you sent was larger than this site accepts (%s), so none of it arrived. Please fill in the form again and choose smaller files.', 'kestrel-forms' ),
			self::size_text( $limit )
		);
	}

	/**
	 * A size as text: a whole number of its unit without decimals ("8 MB"), else with two
	 * ("1.46 GB" for 1500M, where size_format's default would say "1 GB"). Plain text (a locale's
	 * `&nbsp;` separator decoded), since the summary escapes what it prints.
	 *
	 * @param int $bytes Bytes, more than 0.
	 */
	private static function size_text( int $bytes ): string {
		$decimals = 0;
		foreach ( array( GB_IN_BYTES, MB_IN_BYTES, KB_IN_BYTES ) as $unit ) {
			if ( $bytes >= $unit ) {
				$decimals = 0 === $bytes % $unit ? 0 : 2;
				break;
			}
		}
		return html_entity_decode( (string) size_format( $bytes, $decimals ), ENT_QUOTES, 'UTF-8' );
	}

	/**
	 * Handles a request (the superglobals, or a test's arrays).
	 *
	 * @param string              $method HTTP method.
	 * @param array<mixed, mixed> $get    The query (`$_GET`, slashed).
	 * @param array<mixed, mixed> $post   The body (`$_POST`, slashed).
	 * @param array<mixed, mixed> $files  The files (`$_FILES`).
	 */
	public function handle( string $method, array $get, array $post, array $files ): void {
		if ( 'POST' === $method && isset( $post[ self::FORM_ID ] ) ) {
			$this->post( $post, $files );
			return;
		}
		if ( isset( $get[ PlainPostConfirmation::PARAM ] ) ) {
			$this->confirmation( $get[ PlainPostConfirmation::PARAM ] );
		}
	}

	/**
	 * A plain post of a form.
	 *
	 * @param array<mixed, mixed> $post  The body.
	 * @param array<mixed, mixed> $files The files.
	 */
	private function post( array $post, array $files ): void {
		$form_id = is_scalar( $post[ self::FORM_ID ] ) ? absint( $post[ self::FORM_ID ] ) : 0;
		self::no_cache();
		if ( ! self::same_origin() ) {
			// Posted from another site with the visitor's cookies: nothing here acts as them
			// (the REST route without a nonce does not either), filters and checks included.
			wp_set_current_user( 0 );
		}
		$nav     = is_string( $post[ self::NAV ] ?? null ) ? sanitize_key( wp_unslash( $post[ self::NAV ] ) ) : 'default';
		$refused = null;
		try {
			// The body as parsed (files travel apart and meet the upload limits instead). Every
			// post counts, moves between pages too: each may store files.
			SubmissionGate::check( null, strlen( http_build_query( $post ) ) );
		} catch ( SubmissionRefused $e ) {
			$refused = $e;
		}
		$form = $form_id > 0 ? $this->forms->find( $form_id ) : null;
		if ( ! $form ) {
			return; // Not a form of this site (or in the trash): the page renders as it is.
		}
		$values = self::with_unprinted_defaults( $form, PlainPostValues::from_post( $form, $post ) );
		$pages  = new PlainPostPages( $form );
		$page   = $pages->clamp( is_scalar( $post[ self::PAGE ] ?? null ) ? wp_unslash( (string) $post[ self::PAGE ] ) : 0 );
		$token  = is_string( $post[ self::RENDER_TOKEN ] ?? null ) ? wp_unslash( $post[ self::RENDER_TOKEN ] ) : '';
		$kept   = PlainPostValues::uploaded_files( $form, $post[ PlainPostValues::UPLOADED_FILES ] ?? null );
		$state  = array(
			'values'        => self::echoed( $form, $values ),
			'errors'        => array(),
			'summary'       => null,
			'page'          => $page,
			'uploadedFiles' => $kept,
			// Printed again, so the form's minimum time counts from its first print.
			'renderToken'   => null !== SpamGuard::rendered_at( $form->id, $token ) ? $token : null,
		);
		if ( null !== $refused ) {
			PlainPostState::set( $form->id, array( 'summary' => $this->refusal( $refused ) ) + $state );
			return;
		}
		// The filter's third argument is the REST request on the REST route; here a request
		// holding the posted fields, so callbacks typed for a WP_REST_Request keep working.
		$request = new WP_REST_Request( 'POST' );
		$request->set_body_params( wp_unslash( $post ) );
		/** This filter is documented in Rest\SubmissionsController::create_item_permissions_check(). */
		if ( ! (bool) apply_filters( 'kestrel_forms_can_submit', true, $form->id, $request ) ) {
			PlainPostState::set( $form->id, array( 'summary' => __( 'Sorry, you are not allowed to do that.', 'kestrel-forms' ) ) + $state );
			return;
		}
		// This print of the form was submitted already (a reload of the POST, a double click):
		// the first answer again, before any file of the repeat is stored.
		$key   = self::submission_key( $post, $values, $files );
		$first = '' !== $key ? $this->submit->answer_for_key( $form->id, $key ) : null;
		if ( null !== $first ) {
			( $this->redirect )( self::confirmation_url( $first ) );
			return;
		}

		// Files of this post replace those a field had (a new choice), the others stay.
		$upload                 = $this->uploads->store( $form, $files, ClientAddress::current() );
		$state['uploadedFiles'] = array_merge( $kept, $upload['files'] );
		$upload_errors          = array();
		foreach ( $upload['errors'] as $field_id => $failure ) {
			// As the browser's uploader says it: "{file name} - {message}".
			$upload_errors[ (string) $field_id ] = array( 'message' => FileNames::display_name( $failure['name'] ) . ' - ' . ( $this->field_message )( $failure['error'] ) );
			unset( $state['uploadedFiles'][ 'input_' . $field_id ] );
		}

		$result = $this->validator->validate( $form->with_default_currency( ( new GeneralSettings() )->get()['currency'] ), self::with_tokens( $form, $values, $state['uploadedFiles'] ) );
		$next   = $pages->next( $page, $result->visible );
		// A choice the visitor cleared posts nothing; the page must not print its default again.
		$state['values'] = self::echoed( $form, self::with_cleared( $form, $values, $result->visible ) );
		if ( 'previous' === $nav && ! $upload_errors ) {
			// No checks, except that a file chosen here and refused is not dropped unsaid.
			PlainPostState::set( $form->id, array( 'page' => $pages->previous( $page, $result->visible ) ?? $page ) + $state );
			return;
		}
		// A Next or submit button the rules hide cannot be pressed (spec §4), Enter included: the
		// page is printed again as it is (its rules may now show the button, or hide the field
		// that asked for it).
		$shown = FormMarkup::buttons_shown( $form->definition, $values );
		$going = 'next' === $nav || ( ! in_array( $nav, array( 'submit', 'previous' ), true ) && null !== $next );
		$break = null !== $next ? $pages->break_id( $page + 1 ) : null;
		if ( ( $going && null !== $break && false === ( $shown['next'][ $break ] ?? true ) )
			|| ( ! $going && 'previous' !== $nav && ! $shown['submit'] ) ) {
			PlainPostState::set( $form->id, $state );
			return;
		}
		if ( $going ) {
			$errors = array();
			foreach ( $pages->field_ids( $page ) as $field_id ) {
				$error = $upload_errors[ (string) $field_id ] ?? null;
				if ( null === $error && isset( $result->errors[ $field_id ] ) && ! empty( $result->visible[ $field_id ] ) ) {
					$error = self::field_error( ( $this->field_message )( $result->errors[ $field_id ] ), $result->errors[ $field_id ]->inputs );
				}
				if ( null !== $error ) {
					$errors[ (string) $field_id ] = $error;
				}
			}
			PlainPostState::set( $form->id, $errors ? $this->with_errors( $state, $errors, $pages ) : array( 'page' => $next ?? $page ) + $state );
			return;
		}
		if ( $upload_errors ) {
			PlainPostState::set( $form->id, $this->with_errors( $state, $upload_errors, $pages ) );
			return;
		}
		if ( self::print_too_old( $form, $post ) ) {
			// With JavaScript the page fetches a fresh render time; without it, a print older than
			// render times live (a cached page, a tab left open for a day) would be stored as spam
			// while the visitor reads the usual confirmation. The form is printed again, fresh.
			$state['renderToken'] = null;
			PlainPostState::set( $form->id, array( 'summary' => __( 'This page was open for a long time. Please check your answers and send the form again.', 'kestrel-forms' ) ) + $state );
			return;
		}
		$this->submit( $form, $post, $values, $state, $pages, $key );
	}

	/**
	 * The submission key of this post: the key printed with the form, bound to what was posted
	 * and by whom. A page served from a cache prints the same key for every visitor, so the
	 * printed key alone would answer a second visitor with the first one's entry (and store
	 * nothing). A repeat of the same post (a reload of the POST, a double click) sends the same
	 * key, values and files from the same address, and so is still the same submission.
	 *
	 * @param array<mixed, mixed>                $post   The body.
	 * @param array<string, string|list<string>> $values The posted values.
	 * @param array<mixed, mixed>                $files  The files.
	 * @return string The key ('' when the post printed none: no idempotency).
	 */
	private static function submission_key( array $post, array $values, array $files ): string {
		$printed = is_string( $post[ self::SUBMISSION_KEY ] ?? null ) ? wp_unslash( $post[ self::SUBMISSION_KEY ] ) : '';
		if ( 1 !== preg_match( self::KEY_PATTERN, $printed ) ) {
			return '';
		}
		$sent = array();
		foreach ( $files as $name => $file ) {
			if ( is_array( $file ) ) {
				$sent[ (string) $name ] = array( $file['name'] ?? null, $file['size'] ?? null );
			}
		}
		ksort( $values );
		ksort( $sent );
		$digest = hash_hmac(
			'sha256',
			(string) wp_json_encode( array( $values, $sent, $post[ PlainPostValues::UPLOADED_FILES ] ?? null, ClientAddress::current() ) ),
			$printed
		);
		// 32 + 1 + 31 characters: within the submission keys' 64.
		return $printed . '-' . substr( $digest, 0, 31 );
	}

	/**
	 * Whether a post from a person (the honeypot empty) carries a render time too old, or none,
	 * for a form with a minimum time to submit.
	 *
	 * @param Form                $form The form.
	 * @param array<mixed, mixed> $post The body.
	 */
	private static function print_too_old( Form $form, array $post ): bool {
		if ( (int) ( $form->definition['minimumSubmitSeconds'] ?? 0 ) <= 0 ) {
			return false;
		}
		$honeypot = is_string( $post[ self::HONEYPOT ] ?? null ) ? trim( wp_unslash( $post[ self::HONEYPOT ] ) ) : '';
		$token    = is_string( $post[ self::RENDER_TOKEN ] ?? null ) ? wp_unslash( $post[ self::RENDER_TOKEN ] ) : '';
		return '' === $honeypot && null === SpamGuard::rendered_at( $form->id, $token );
	}

	/**
	 * Submits through the use case; redirects on success, else records the refusal.
	 *
	 * @param Form                               $form   The form.
	 * @param array<mixed, mixed>                $post   The body.
	 * @param array<string, string|list<string>> $values The posted values.
	 * @param array<string, mixed>               $state  The state so far.
	 * @param PlainPostPages                     $pages  The form's pages.
	 * @param string                             $key    This post's submission key (self::submission_key()).
	 */
	private function submit( Form $form, array $post, array $values, array $state, PlainPostPages $pages, string $key ): void {
		$request = new SubmissionRequest(
			$form->id,
			$values,
			self::page_url(),
			$key,
			is_string( $post[ self::HONEYPOT ] ?? null ) ? wp_unslash( $post[ self::HONEYPOT ] ) : null,
			is_string( $post[ self::RENDER_TOKEN ] ?? null ) ? wp_unslash( $post[ self::RENDER_TOKEN ] ) : null,
			'',
			$state['uploadedFiles'],
			ClientAddress::current(),
			self::same_origin() ? get_current_user_id() : 0,
			DraftCookie::sent()
		);
		try {
			$stored = $this->submit->submit( $request );
		} catch ( SubmissionRefused $e ) {
			if ( SubmissionRefused::INVALID_FIELDS !== $e->kind ) {
				PlainPostState::set( $form->id, array( 'summary' => $this->refusal( $e ) ) + $state );
				return;
			}
			$errors = array();
			foreach ( $e->messages as $field_id => $message ) {
				$errors[ (string) $field_id ] = self::field_error( $message, $e->details[ (string) $field_id ]['inputs'] ?? array() );
			}
			PlainPostState::set( $form->id, $this->with_errors( $state, $errors, $pages ) );
			return;
		} catch ( PaymentRefused $e ) { // @phpstan-ignore catch.neverThrown (SubmitForm::submit() documents it in words: its payment step, ChargePayment, throws it when no money was taken)
			PlainPostState::set(
				$form->id,
				$e->is_field_error()
					? $this->with_errors( $state, array( $e->field_id => self::field_error( $e->visitor_text, array() ) ), $pages )
					: array( 'summary' => $this->refusal( $e ) ) + $state
			);
			return;
		}
		( $this->redirect )( self::confirmation_url( $stored ) );
	}

	/**
	 * Where a stored submission sends the browser: the confirmation's URL, or this page with the
	 * sealed parameter that prints the message in the form's place.
	 *
	 * @param StoredSubmission $stored The stored submission (new, or the first of its key).
	 */
	private static function confirmation_url( StoredSubmission $stored ): string {
		if ( 'redirect' === ( $stored->confirmation['type'] ?? '' ) && '' !== (string) ( $stored->confirmation['url'] ?? '' ) ) {
			return (string) $stored->confirmation['url'];
		}
		return add_query_arg( PlainPostConfirmation::PARAM, PlainPostConfirmation::seal( $stored->form->id, $stored->entry->id ), self::page_url() )
			. '#kestrel-form-' . $stored->form->id;
	}

	/**
	 * The GET a stored plain post redirected to: the message of the entry the parameter names.
	 *
	 * @param mixed $value The parameter's value.
	 */
	private function confirmation( mixed $value ): void {
		$named = PlainPostConfirmation::open( is_string( $value ) ? wp_unslash( $value ) : null );
		if ( null === $named ) {
			return; // Forged, damaged or expired: the page shows the form as on any visit.
		}
		$answer  = $this->submit->answer_for_entry( $named['form_id'], $named['entry_id'] );
		$message = $answer ? ( $answer->confirmation['message'] ?? null ) : null;
		if ( is_string( $message ) && 'message' === ( $answer->confirmation['type'] ?? '' ) ) {
			self::no_cache();
			if ( ! headers_sent() ) {
				// Links in the message must not hand the parameter on to other sites.
				header( 'Referrer-Policy: same-origin' );
			}
			PlainPostState::set_confirmation( $named['form_id'], $message );
		}
	}

	/**
	 * The state with field errors and the summary, on the first page holding an error.
	 *
	 * @param array<string, mixed>                                             $state  The state so far.
	 * @param array<int|string, array{message: string, inputs?: list<string>}> $errors Errors by field id.
	 * @param PlainPostPages                                                   $pages  The form's pages.
	 * @return array<string, mixed>
	 */
	private function with_errors( array $state, array $errors, PlainPostPages $pages ): array {
		$page = null;
		foreach ( array_keys( $errors ) as $field_id ) {
			$on   = $pages->page_of( (int) $field_id );
			$page = null === $on ? $page : min( $page ?? $on, $on );
		}
		foreach ( array_keys( $errors ) as $field_id ) {
			unset( $state['uploadedFiles'][ 'input_' . $field_id ] ); // Chosen again with the error.
		}
		return array(
			'errors'  => $errors,
			// The heading the browser's error summary shows (forms-ui/messages.ts summaryText).
			'summary' => __( 'There was a problem with your submission. Please review the fields below.', 'kestrel-forms' ),
			'page'    => $page ?? $state['page'],
		) + $state;
	}

	/**
	 * A refusal that is no field's, in the words the browser shows for it.
	 *
	 * @param SubmissionRefused|PaymentRefused $e The refusal.
	 */
	private function refusal( SubmissionRefused|PaymentRefused $e ): string {
		if ( $e instanceof SubmissionRefused && SubmissionRefused::RATE_LIMITED === $e->kind ) {
			// forms-ui/submit/submit.ts rateLimited(): the browser's own words for a 429.
			$wait = max( 1, $e->retry_after );
			/* translators: %d: seconds to wait. */
			return sprintf( _n( 'Too many submissions were sent from your connection. Please try again in %d second.', 'Too many submissions were sent from your connection. Please try again in %d seconds.', $wait, 'kestrel-forms' ), $wait );
		}
		$message = ( $this->refusal_message )( $e );
		return '' !== $message ? $message : __( 'Your submission could not be sent. Please try again.', 'kestrel-forms' );
	}

	/**
	 * A field's error as the state carries it.
	 *
	 * @param string       $message The message.
	 * @param list<string> $inputs  The input ids at fault (none: the whole field).
	 * @return array{message: string, inputs?: list<string>}
	 */
	private static function field_error( string $message, array $inputs ): array {
		return array( 'message' => $message ) + ( $inputs ? array( 'inputs' => array_values( $inputs ) ) : array() );
	}

	/**
	 * The values with the uploaded files' tokens under their fields, as the validator reads them.
	 *
	 * @param Form                                                                         $form     The form.
	 * @param array<string, string|list<string>>                                           $values   Posted values.
	 * @param array<string, list<array{temp_filename: string, uploaded_filename: string}>> $uploaded Files by input_{fieldId}.
	 * @return array<string, mixed>
	 */
	private static function with_tokens( Form $form, array $values, array $uploaded ): array {
		foreach ( $form->fields() as $field ) {
			if ( 'fileupload' === $field['type'] ) {
				$values[ (string) $field['id'] ] = array_column( $uploaded[ 'input_' . $field['id'] ] ?? array(), 'temp_filename' );
			}
		}
		return $values;
	}

	/**
	 * The values with the fields that posted nothing put in as empty (docs/server-rendering.md
	 * §1: a key the wire lacks leaves its field at its initial value). Unchecked boxes, a radio
	 * group without a choice and a multi-select without a selection post nothing at all; every
	 * shown field's inputs were printed and posted (hidden pages keep their inputs), so nothing
	 * for a shown field means the visitor left it empty: an empty list for the fields of chosen
	 * values, an empty text for the others.
	 *
	 * @param Form                               $form    The form.
	 * @param array<string, string|list<string>> $values  Posted values.
	 * @param array<int, bool>                   $visible Visibility by field id (the server's).
	 * @return array<string, string|list<string>>
	 */
	private static function with_cleared( Form $form, array $values, array $visible ): array {
		$posted = array();
		foreach ( array_keys( $values ) as $key ) {
			$posted[ explode( '.', (string) $key )[0] ] = true;
		}
		foreach ( $form->fields() as $field ) {
			$id = (string) $field['id'];
			if ( isset( $posted[ $id ] ) || empty( $visible[ (int) $id ] ) || ! self::may_post_nothing( $field ) ) {
				continue;
			}
			$chosen        = in_array( $field['type'], array( 'checkbox', 'multiselect' ), true ) || ( 'option' === $field['type'] && 'checkbox' === ( $field['inputType'] ?? '' ) );
			$values[ $id ] = $chosen ? array() : '';
		}
		return $values;
	}

	/**
	 * Whether a field printed with enabled inputs can post nothing: boxes and radios left
	 * unchecked, a multi-select with nothing chosen. Every other control posts its value (empty
	 * or not) while enabled; one that posted nothing was printed hidden by its rules (disabled).
	 *
	 * @param array<string, mixed> $field Field definition.
	 */
	private static function may_post_nothing( array $field ): bool {
		$type = (string) ( $field['type'] ?? '' );
		return in_array( $type, array( 'checkbox', 'radio', 'multiselect', 'consent' ), true )
			|| ( in_array( $type, array( 'option', 'product', 'shipping' ), true ) && in_array( $field['inputType'] ?? '', array( 'radio', 'checkbox' ), true ) );
	}

	/**
	 * The posted values with the initial value of each one-input field that posted nothing
	 * although its control always posts: it was printed hidden by its rules (disabled), and this
	 * post's values may show it. In the browser it would hold its default (the engine's initial
	 * value); the server's own default, never the browser's.
	 *
	 * @param Form                               $form   The form.
	 * @param array<string, string|list<string>> $values Posted values.
	 * @return array<string, string|list<string>>
	 */
	private static function with_unprinted_defaults( Form $form, array $values ): array {
		foreach ( $form->fields() as $field ) {
			$id   = (string) $field['id'];
			$unit = FieldTypes::for_field( $field );
			if ( array_key_exists( $id, $values ) || self::may_post_nothing( $field ) || FieldTypes::displays_only( $field )
				|| in_array( $field['type'], self::NOT_ECHOED, true ) || array() !== $unit->input_ids( $field ) ) {
				continue;
			}
			$initial = $unit->default_value( $field );
			if ( is_string( $initial ) && '' !== $initial ) {
				$values[ $id ] = $initial;
			}
		}
		return $values;
	}

	/**
	 * The posted values the page may print back: never a password, card number, captcha answer,
	 * payment data or upload token.
	 *
	 * @param Form                               $form   The form.
	 * @param array<string, string|list<string>> $values Posted values.
	 * @return array<string, string|list<string>>
	 */
	private static function echoed( Form $form, array $values ): array {
		foreach ( $form->fields() as $field ) {
			if ( in_array( $field['type'], self::NOT_ECHOED, true ) ) {
				$id = (string) $field['id'];
				foreach ( array_keys( $values ) as $key ) {
					if ( (string) $key === $id || str_starts_with( (string) $key, $id . '.' ) ) {
						unset( $values[ $key ] );
					}
				}
			}
		}
		return $values;
	}

	/**
	 * The URL of this request on this site, without a confirmation parameter.
	 */
	private static function page_url(): string {
		$uri = isset( $_SERVER['REQUEST_URI'] ) ? (string) wp_unslash( $_SERVER['REQUEST_URI'] ) : '/'; // phpcs:ignore WordPress.Security.ValidatedSanitizedInput.InputNotSanitized -- esc_url_raw below.
		if ( ! str_starts_with( $uri, '/' ) || str_starts_with( $uri, '//' ) ) {
			$uri = '/';
		}
		$home = (array) wp_parse_url( home_url() );
		$port = isset( $home['port'] ) ? ':' . (int) $home['port'] : '';
		$url  = esc_url_raw( ( $home['scheme'] ?? 'http' ) . '://' . ( $home['host'] ?? '' ) . $port . $uri, array( 'http', 'https' ) );
		return remove_query_arg( PlainPostConfirmation::PARAM, $url );
	}

	/**
	 * Whether the post comes from a page of this site (its Origin, else its Referer): only then
	 * is the entry recorded as the signed-in user's. A page elsewhere can make a visitor's
	 * browser post a form (no nonce: pages may be cached), but not in the visitor's name.
	 */
	private static function same_origin(): bool {
		$from = isset( $_SERVER['HTTP_ORIGIN'] ) ? (string) wp_unslash( $_SERVER['HTTP_ORIGIN'] ) : ( isset( $_SERVER['HTTP_REFERER'] ) ? (string) wp_unslash( $_SERVER['HTTP_REFERER'] ) : '' ); // phpcs:ignore WordPress.Security.ValidatedSanitizedInput.InputNotSanitized -- only its host is compared.
		$host = wp_parse_url( $from, PHP_URL_HOST );
		return is_string( $host ) && strtolower( $host ) === strtolower( (string) wp_parse_url( home_url(), PHP_URL_HOST ) );
	}

	/**
	 * The answer to a plain post (and to a confirmation's GET) is this visitor's: never cached.
	 */
	private static function no_cache(): void {
		if ( ! headers_sent() ) {
			nocache_headers();
		}
	}
}
