<?php
/**
 * The submission use case: validate, verify, store, notify.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Submissions;

use Closure;
use Kestrel\Forms\Captcha\CaptchaFailure;
use Kestrel\Forms\Captcha\Settings as CaptchaSettings;
use Kestrel\Forms\Captcha\Verifier;
use Kestrel\Forms\Domain\Entry\Entry;
use Kestrel\Forms\Domain\Form\Form;
use Kestrel\Forms\Domain\Logic\EntryLogic;
use Kestrel\Forms\Domain\Payments\ChargePlan;
use Kestrel\Forms\Domain\Payments\MethodEligibility;
use Kestrel\Forms\Domain\Payments\PaymentValue;
use Kestrel\Forms\Domain\Payments\WalletRequest;
use Kestrel\Forms\Domain\Validation\FieldError;
use Kestrel\Forms\Domain\Validation\SubmissionResult;
use Kestrel\Forms\Domain\Validation\SubmissionValidator;
use Kestrel\Forms\Entries\MergeTags;
use Kestrel\Forms\Feeds\FeedRegistry;
use Kestrel\Forms\Payments\ChargePayment;
use Kestrel\Forms\Payments\PaymentMessages;
use Kestrel\Forms\Payments\PaymentRefused;
use Kestrel\Forms\Persistence\EntryRepository;
use Kestrel\Forms\Persistence\PaymentDraftRepository;
use Kestrel\Forms\Persistence\FormRepository;
use Kestrel\Forms\Security\SpamGuard;
use Kestrel\Forms\Settings\GeneralSettings;
use Kestrel\Forms\Uploads\UploadError;
use Kestrel\Forms\Uploads\UploadStore;

/**
 * Turns a {@see SubmissionRequest} into a stored entry, or throws {@see SubmissionRefused}.
 * Doors (the REST route today, a plain form post later) call it after {@see SubmissionGate}
 * and only translate its answer. Everything the browser sent is validated again here.
 */
final class SubmitForm {

	/** How often, and how long (ms), a request waits for another one with the same key. */
	private const WAIT_STEPS   = 25;
	private const WAIT_STEP_MS = 200;

	/**
	 * Builds the use case.
	 *
	 * @param FormRepository                          $forms     Forms.
	 * @param EntryRepository                         $entries   Entries.
	 * @param SubmissionValidator                     $validator The server's engine.
	 * @param FeedRegistry                            $feeds     Add-on feeds.
	 * @param UploadStore                             $uploads   Uploaded files.
	 * @param Closure(FieldError|UploadError): string $message   Visitor message of a field's error.
	 * @param Verifier|null                           $captcha   Captcha verifier (built on first use).
	 * @param Closure(int): void|null                 $pause     Waits some milliseconds (tests).
	 * @param ChargePayment|null                      $charge    Takes the payment (built on first use).
	 * @param PaymentDraftRepository|null             $drafts    Payment drafts (built on first use).
	 */
	public function __construct(
		private readonly FormRepository $forms,
		private readonly EntryRepository $entries,
		private readonly SubmissionValidator $validator,
		private readonly FeedRegistry $feeds,
		private readonly UploadStore $uploads,
		private readonly Closure $message,
		private ?Verifier $captcha = null,
		private ?Closure $pause = null,
		private ?ChargePayment $charge = null,
		private ?PaymentDraftRepository $drafts = null
	) {}

	/**
	 * The payment drafts.
	 */
	private function drafts(): PaymentDraftRepository {
		return $this->drafts ??= new PaymentDraftRepository();
	}

	/**
	 * The payment use case.
	 */
	private function charge(): ChargePayment {
		return $this->charge ??= new ChargePayment();
	}

	/**
	 * Validates and stores a submission.
	 *
	 * @param SubmissionRequest $request The submission.
	 * @throws SubmissionRefused When it is not stored (PaymentRefused when its payment was not taken).
	 */
	public function submit( SubmissionRequest $request ): StoredSubmission {
		$form = $this->forms->find( $request->form_id );
		if ( ! $form ) {
			throw SubmissionRefused::form_not_found();
		}
		// A submission naming a payment draft (ADR 0009) is that draft's: this form's, not expired,
		// made by this browser (its cookie), and under the draft's own submission key whatever the
		// request says, so that the key's lock and replay make one entry and one charge of it.
		$draft_id = self::draft_id( $form, is_array( $request->values ) ? $request->values : array() );
		if ( '' !== $draft_id ) {
			$draft = $this->drafts()->find( $draft_id );
			if ( null === $draft || $draft['form_id'] !== $form->id || PaymentDraftRepository::expired( $draft, time() )
				|| ! PaymentDraftRepository::owned_by( $draft, DraftCookie::secret_for( $request->draft_secrets, $draft_id ) ) ) {
				throw SubmissionRefused::draft_not_found();
			}
			if ( PaymentDraftRepository::SUBMITTED === $draft['status'] ) {
				$drafted = null !== $draft['entry_id'] ? $this->entries->find( $draft['entry_id'] ) : null;
				if ( ! $drafted || $drafted->form_id !== $form->id ) {
					throw SubmissionRefused::draft_not_found(); // Its entry was deleted.
				}
				return $this->replay( $form, $drafted );
			}
			$request = $request->with_key( $draft['submission_key'] );
		}
		// A repeat of a stored submission (double click, network retry) gets the first answer
		// again, before anything it carried (captcha answer, upload tokens) is checked once more.
		$key      = $request->submission_key;
		$existing = '' !== $key ? $this->entries->id_for_submission_key( $form->id, $key ) : 0;
		$first    = $existing ? $this->entries->find( $existing ) : null;
		if ( $first ) {
			MergeTags::remember_client_ip( $first->id, $request->client_ip ); // The same submission again.
			return $this->replay( $form, $first );
		}
		if ( '' === $key ) {
			return $this->store( $form, $request, $draft_id );
		}
		// One request per key at a time: the others wait for its entry instead of asking the
		// captcha provider (and claiming uploads) a second time.
		$winner = $this->claim_or_wait( $form, $key );
		if ( $winner ) {
			return $this->replay( $form, $winner );
		}
		try {
			return $this->store( $form, $request, $draft_id );
		} finally {
			$this->entries->release_submission_key( $form->id, $key );
		}
	}

	/**
	 * Claims a submission key, or waits for the request holding it to store its entry.
	 *
	 * @param Form   $form The form.
	 * @param string $key  Submission key.
	 * @return Entry|null The other request's entry, or null when this request holds the key now.
	 * @throws SubmissionRefused IN_PROGRESS when the other request takes too long.
	 * @throws PaymentRefused IN_PROGRESS at once when the other request is charging the payment.
	 */
	private function claim_or_wait( Form $form, string $key ): ?Entry {
		$paid = null !== ChargePayment::payment_field( $form );
		for ( $step = 0; ; $step++ ) {
			$claimed = $this->entries->claim_submission_key( $form->id, $key );
			if ( ! $claimed && $paid && $this->charge()->in_progress( $form->id, $key ) ) {
				// The holder is talking to the payments provider: the browser retries shortly and
				// then gets the holder's answer (a replay of its entry).
				throw PaymentRefused::in_progress( PaymentMessages::in_progress() );
			}
			// Looked up after the claim too: the holder may have stored its entry and let go.
			$id     = $this->entries->id_for_submission_key( $form->id, $key );
			$winner = $id ? $this->entries->find( $id ) : null;
			if ( $claimed && ! $winner ) {
				return null;
			}
			if ( $claimed ) {
				$this->entries->release_submission_key( $form->id, $key );
			}
			if ( $winner ) {
				return $winner;
			}
			if ( $step >= self::WAIT_STEPS ) {
				throw SubmissionRefused::in_progress();
			}
			$this->wait();
		}
	}

	/**
	 * The answer to a repeat of a stored submission: the first request's answer. While the worker
	 * that wrote the entry still completes its payment (charge mode: authorised, capture under
	 * way), the repeat waits for it as claim_or_wait() does, so that it never answers
	 * "authorized" where the first answers "paid"; a payment left so by a worker that died stops
	 * counting after the reconcile age ({@see ChargePayment::settling()}).
	 *
	 * @param Form  $form  The form.
	 * @param Entry $entry The entry stored for the key.
	 * @throws PaymentRefused IN_PROGRESS when the completion takes too long (the browser retries).
	 */
	private function replay( Form $form, Entry $entry ): StoredSubmission {
		$step = 0;
		while ( null !== ChargePayment::payment_field( $form ) && $this->charge()->settling( $entry->id ) ) {
			if ( ++$step > self::WAIT_STEPS ) {
				throw PaymentRefused::in_progress( PaymentMessages::in_progress() );
			}
			$this->wait();
		}
		return $this->stored( $form, $entry, false );
	}

	/**
	 * Waits one step before looking at a request with the same key again.
	 */
	private function wait(): void {
		$this->pause ??= static function ( int $ms ): void {
			usleep( $ms * 1000 );
		};
		( $this->pause )( self::WAIT_STEP_MS );
	}

	/**
	 * Validates, verifies and stores a submission (the key, if any, is this request's).
	 *
	 * @param Form              $form     The form.
	 * @param SubmissionRequest $request  The submission.
	 * @param string            $draft_id The payment draft it comes from, checked by submit() ('' for none).
	 * @throws SubmissionRefused When it is not stored (PaymentRefused when its payment was not taken).
	 */
	private function store( Form $form, SubmissionRequest $request, string $draft_id ): StoredSubmission {
		$key    = $request->submission_key;
		$values = is_array( $request->values ) ? $request->values : null;
		if ( null === $values || ( $values && array_is_list( $values ) ) ) {
			// WordPress accepts a JSON list as an "object"; positions are not field ids.
			throw SubmissionRefused::values_not_object();
		}

		/**
		 * Filters the raw submitted values before validation.
		 *
		 * @param array<string, mixed> $values Values keyed by field id or input id.
		 * @param Form                 $form   The form.
		 */
		$values                  = (array) apply_filters( 'kestrel_forms_submission_before', $values, $form );
		$values                  = $this->with_uploaded_files( $form, $values, $request->uploaded_files );
		list( $values, $result ) = $this->validated( $form, $values );

		$messages = array();
		foreach ( $result->errors as $field_id => $error ) {
			$messages[ (string) $field_id ] = ( $this->message )( $error );
		}
		// Uploaded files: only what this server issued for this form, field and upload id.
		$clean         = $result->values;
		$tokens        = array();
		$upload_fields = array();
		foreach ( $form->fields() as $field ) {
			$field_key = (string) $field['id'];
			if ( 'fileupload' !== $field['type'] || ! isset( $clean[ $field_key ] ) || isset( $messages[ $field_key ] ) ) {
				continue;
			}
			try {
				$files = $this->uploads->claim( $form, (int) $field['id'], $request->upload_id, (array) $clean[ $field_key ] );
			} catch ( UploadError $e ) {
				$messages[ $field_key ] = ( $this->message )( $e );
				continue;
			}
			$clean[ $field_key ] = $files;
			$upload_fields[]     = $field_key;
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
			throw SubmissionRefused::invalid_fields( array_map( 'strval', $messages ), SubmissionRefused::details_of( $result->errors ) );
		}

		$this->verify_captcha( $form, $result->visible, $values, $request->client_ip );

		// Spam is stored as spam (visible to admins), and the sender sees the usual answer. A
		// submission with a payment to take is never sent to Akismet: a false "spam" would store
		// it as spam and charge nothing while the customer is told the order went through; the
		// payment path has its own card-testing defences (docs/spam.md).
		$spam  = SpamGuard::is_spam( $form, $request->honeypot, $request->render_token )
			|| ( ! self::charges( $form, $result ) && SpamGuard::akismet_says_spam( $form, $clean, $request->client_ip, $this->source_url( $request->source_url ) ) );
		$entry = new Entry(
			0,
			$form->id,
			$clean,
			gmdate( 'Y-m-d H:i:s' ),
			$this->source_url( $request->source_url ),
			$request->user_id,
			$spam ? Entry::STATUS_SPAM : Entry::STATUS_ACTIVE,
			$result->pricing,
			array_map( static fn( array $feed ): int => (int) $feed['feedId'], $result->feeds )
		);
		// The payment (B.4): authorised now, before the entry is written; nothing is charged for
		// a submission stored as spam. Throws PaymentRefused when no money was taken.
		$attempt = $spam ? null : $this->charge()->authorize( $form, $result, $values, $key, $request->client_ip, self::draft( $entry, $key, $tokens, $result->feeds ) );

		// The files become this entry's in its own transaction: of two submissions naming the
		// same files, the second is refused instead of listing files it does not own. The
		// payment is attached in the same transaction: entry and payment are stored together.
		// A payment draft the value came back from is marked submitted in the same transaction
		// (ADR 0009): a reload of the return page finds the entry, never makes a second one.
		$payment_lost = false;
		$draft_lost   = false;
		$within       = null;
		if ( $tokens || null !== $attempt || '' !== $draft_id ) {
			$within = function ( int $id ) use ( $tokens, $attempt, &$payment_lost, &$draft_lost, $draft_id, $form ): bool {
				if ( $tokens && ! $this->uploads->reserve( $tokens, $id ) ) {
					return false;
				}
				if ( null !== $attempt && ! $this->charge()->attach( $attempt, $id ) ) {
					$payment_lost = true;
					return false;
				}
				if ( '' !== $draft_id && ! $this->drafts()->mark_submitted( $draft_id, $form->id, $id ) ) {
					// The draft is no longer open (deleted meanwhile): no entry claims it.
					$draft_lost = true;
					return false;
				}
				return true;
			};
		}
		$stored = $this->entries->insert( $entry, '' !== $key ? $key : null, $within );
		if ( null !== $attempt && ( ! $stored['id'] || ! $stored['created'] ) ) {
			// No entry of this request holds the payment: void the authorisation.
			$this->charge()->abandon( $attempt );
		}
		if ( ! empty( $stored['refused'] ) && $draft_lost ) {
			throw SubmissionRefused::draft_not_found();
		}
		if ( ! empty( $stored['refused'] ) && ! $payment_lost ) {
			$taken = ( $this->message )( new UploadError( UploadError::UNKNOWN ) );
			throw SubmissionRefused::invalid_fields( array_fill_keys( $upload_fields, $taken ) );
		}
		if ( ! $stored['id'] ) {
			throw SubmissionRefused::storage_failed();
		}
		if ( ! $stored['created'] ) {
			// Another request with the same key stored its entry first: answer with that one.
			$winner = $this->entries->find( $stored['id'] );
			if ( ! $winner ) {
				throw SubmissionRefused::storage_failed();
			}
			return $this->replay( $form, $winner );
		}
		$entry = $entry->with_id( $stored['id'] );
		// `{ip}` in the confirmation and the notifications of this submission (not stored).
		MergeTags::remember_client_ip( $entry->id, $request->client_ip );
		$this->uploads->attach( $tokens, $stored['id'] );
		if ( null !== $attempt ) {
			// Charge mode captures now (→ paid); notes and payment actions.
			$this->charge()->settle( $attempt, $entry, $form );
		}
		if ( $spam ) {
			/**
			 * Fires after a submission is stored as spam (no add-on feeds run for it).
			 *
			 * @param Entry $entry The stored entry.
			 * @param Form  $form  The form.
			 */
			do_action( 'kestrel_forms_submission_spam', $entry, $form );
		} else {
			/**
			 * Fires after a submission is stored as an entry (not for a repeated submission key).
			 *
			 * @param Entry $entry The stored entry.
			 * @param Form  $form  The form.
			 */
			do_action( 'kestrel_forms_submission_after', $entry, $form );
			$this->feeds->process( $result->feeds, $entry, $form );
		}
		return $this->stored( $form, $entry, true );
	}

	/**
	 * The validator's result for a form's values, priced in the form's currency or the site's
	 * default one (as the browser did); a wallet sheet's shipping choice becomes the form's (in
	 * the visible shipping field, as the payment request offered it), so the charge is priced as
	 * the sheet's total was.
	 *
	 * @param Form                 $form   The form.
	 * @param array<string, mixed> $values Submitted values.
	 * @return array{0: array<string, mixed>, 1: SubmissionResult} The values (with the sheet's choice) and the result.
	 */
	private function validated( Form $form, array $values ): array {
		$priced = $form->with_default_currency( ( new GeneralSettings() )->get()['currency'] );
		$result = $this->validator->validate( $priced, $values );
		$sheet  = WalletRequest::with_sheet_shipping( $form->definition, $values, $result->visible );
		if ( $sheet !== $values ) {
			$values = $sheet;
			$result = $this->validator->validate( $priced, $values );
		}
		return array( $values, $result );
	}

	/** The most a draft's kept values may weigh, JSON-encoded (bytes). */
	public const DRAFT_MAX_BYTES = 65536;

	/** The methods whose approval leaves the page, so a draft is kept for them (ADR 0009). */
	private const DRAFT_METHODS = array( 'cashAppPay' );

	/**
	 * Checks the values of a payment draft (POST /forms/{id}/payment-drafts) as a submission is
	 * checked, except that the payment field needs no token yet (only Cash App Pay, offered for
	 * the form's currency) and file uploads are not asked for (the visitor adds the files again
	 * after the return); the spam checks that run before validation run too (a filled honeypot, a
	 * render token that is sent and too young or not this site's). Returns what the draft may
	 * keep: the validator's clean values of the fields that show, without uploads, passwords,
	 * card and captcha answers; the payment field keeps its method only (and an ACH holder name).
	 * No captcha is verified and no file is claimed: the submission made from the draft does both.
	 *
	 * @param SubmissionRequest $request The draft's form and values.
	 * @return array<string, mixed> The values to keep.
	 * @throws SubmissionRefused FORM_NOT_FOUND, VALUES_NOT_OBJECT or INVALID_FIELDS (the submission's own answers), DRAFT_REFUSED, TOO_LARGE.
	 */
	public function check_draft( SubmissionRequest $request ): array {
		$form = $this->forms->find( $request->form_id );
		if ( ! $form ) {
			throw SubmissionRefused::form_not_found();
		}
		$values = is_array( $request->values ) ? $request->values : null;
		if ( null === $values || ( $values && array_is_list( $values ) ) ) {
			throw SubmissionRefused::values_not_object();
		}
		// A render token is checked when the page sends one (the submission made from the draft
		// checks it in any case): pages that send none keep working.
		$sent_token = null !== $request->render_token && '' !== $request->render_token;
		if ( SpamGuard::is_spam( $sent_token ? $form : new Form( $form->id, array( 'minimumSubmitSeconds' => 0 ) + $form->definition ), $request->honeypot, $request->render_token ) ) {
			throw SubmissionRefused::draft_refused();
		}
		/** This filter is documented in SubmitForm::store(). */
		$values                  = (array) apply_filters( 'kestrel_forms_submission_before', $values, $form );
		list( $values, $result ) = $this->validated( $form, $values );
		$errors                  = $result->errors;
		$payment                 = ChargePayment::payment_field( $form );
		if ( null === $payment || empty( $result->visible[ (int) $payment['id'] ] ) ) {
			throw SubmissionRefused::draft_refused(); // Nothing to approve elsewhere.
		}
		$id  = (string) $payment['id'];
		$raw = $values[ $id ] ?? null;
		unset( $errors[ $id ] ); // The token comes after the approval; the method is checked here.
		$method   = PaymentValue::method_of( $raw, $payment );
		$currency = is_array( $result->pricing ) && is_string( $result->pricing['currency'] ?? null ) ? $result->pricing['currency'] : '';
		if ( null === $method ) {
			$errors[ $id ] = new FieldError( FieldError::INVALID );
		} elseif ( ! in_array( $method, self::DRAFT_METHODS, true ) || '' !== MethodEligibility::reason( $method, $currency, '' ) ) {
			$errors[ $id ] = PaymentMessages::method_not_offered( $method );
		}
		$uploads = array();
		foreach ( $form->fields() as $field ) {
			if ( 'fileupload' === $field['type'] ) {
				$uploads[] = (string) $field['id']; // The files are added again after the return.
			}
		}
		$messages = array();
		foreach ( $errors as $field_id => $error ) {
			$messages[ (string) $field_id ] = is_string( $error ) ? $error : ( $this->message )( $error );
		}
		/** This filter is documented in SubmitForm::store(). */
		$messages = (array) apply_filters( 'kestrel_forms_validation_errors', $messages, $form, $result->values );
		$messages = array_diff_key( $messages, array_flip( $uploads ) ); // No upload is sent with a draft.
		if ( $messages ) {
			throw SubmissionRefused::invalid_fields( array_map( 'strval', $messages ), SubmissionRefused::details_of( $errors ) );
		}
		$kept = self::restorable( $form, $result->values, $raw, $result->visible );
		if ( strlen( (string) wp_json_encode( (object) $kept, JSON_UNESCAPED_UNICODE ) ) > self::DRAFT_MAX_BYTES ) {
			throw SubmissionRefused::too_large( self::DRAFT_MAX_BYTES );
		}
		return $kept;
	}

	/**
	 * What a draft keeps of a form's validated values: known inputs of the fields that show
	 * (the validator's clean values), without uploads, card, password and captcha fields; the
	 * payment field keeps only its method (and the ACH account holder's name).
	 *
	 * @param Form                 $form    The form.
	 * @param array<string, mixed> $clean   The validator's clean values.
	 * @param mixed                $payment The payment field's submitted value.
	 * @param array<int, bool>     $visible Visibility by field id.
	 * @return array<string, mixed>
	 */
	private static function restorable( Form $form, array $clean, mixed $payment, array $visible ): array {
		foreach ( $form->fields() as $field ) {
			$id = (string) $field['id'];
			if ( empty( $visible[ (int) $field['id'] ] ) || in_array( $field['type'], array( 'creditcard', 'password', 'captcha', 'fileupload', 'payment' ), true ) ) {
				foreach ( array_keys( $clean ) as $key ) {
					if ( (string) $key === $id || str_starts_with( (string) $key, $id . '.' ) ) {
						unset( $clean[ $key ] );
					}
				}
			}
			if ( 'payment' === $field['type'] ) {
				$raw          = is_array( $payment ) ? $payment : array();
				$clean[ $id ] = array_filter(
					array(
						'method'            => is_string( $raw['method'] ?? null ) ? $raw['method'] : null,
						'accountHolderName' => is_string( $raw['accountHolderName'] ?? null ) ? mb_substr( $raw['accountHolderName'], 0, 100 ) : null,
					),
					static fn( ?string $part ): bool => null !== $part
				);
			}
		}
		return $clean;
	}

	/**
	 * The answer a submission key of a form already has (its entry's confirmation), for a payment
	 * draft whose entry is stored; null when no entry has that key.
	 *
	 * @param int    $form_id Form id.
	 * @param string $key     Submission key.
	 */
	public function answer_for_key( int $form_id, string $key ): ?StoredSubmission {
		$form  = $this->forms->find( $form_id );
		$id    = $form && '' !== $key ? $this->entries->id_for_submission_key( $form_id, $key ) : 0;
		$entry = $id ? $this->entries->find( $id ) : null;
		return $form && $entry ? $this->stored( $form, $entry, false ) : null;
	}

	/**
	 * Whether a form takes submissions (exists and is not in the trash): a trashed form's drafts
	 * are not read.
	 *
	 * @param int $form_id Form id.
	 */
	public function accepts( int $form_id ): bool {
		return null !== $this->forms->find( $form_id );
	}

	/**
	 * The answer for a draft's entry by id (the draft marked submitted).
	 *
	 * @param int $form_id  Form id.
	 * @param int $entry_id Entry id.
	 */
	public function answer_for_entry( int $form_id, int $entry_id ): ?StoredSubmission {
		$form  = $this->forms->find( $form_id );
		$entry = $form ? $this->entries->find( $entry_id ) : null;
		return $form && $entry && $entry->form_id === $form_id ? $this->stored( $form, $entry, false ) : null;
	}

	/**
	 * The payment draft a submission's payment value names ('' when none).
	 *
	 * @param Form                 $form   The form.
	 * @param array<string, mixed> $values Submitted values.
	 */
	private static function draft_id( Form $form, array $values ): string {
		$field = ChargePayment::payment_field( $form );
		$raw   = null === $field ? null : ( $values[ (string) $field['id'] ] ?? null );
		// Only a method that leaves the page has a draft (Cash App Pay's mobile redirect).
		$draft = is_array( $raw ) && 'cashAppPay' === ( $raw['method'] ?? null ) ? ( $raw['draftId'] ?? '' ) : '';
		return is_string( $draft ) && 1 === preg_match( PaymentValue::DRAFT_ID_PATTERN, $draft ) ? $draft : '';
	}

	/**
	 * Whether the submission carries a payment to take: the form's payment field is shown and
	 * has an amount due.
	 *
	 * @param Form             $form   Form.
	 * @param SubmissionResult $result Validated submission.
	 */
	private static function charges( Form $form, SubmissionResult $result ): bool {
		$field = ChargePayment::payment_field( $form );
		return null !== $field && ChargePlan::for_field( $field, ! empty( $result->visible[ (int) $field['id'] ] ), $result->pricing )->charges();
	}

	/**
	 * What the reconcile job needs to write the entry of a payment authorised before a crash
	 * (Payments\ReconcileJob): the entry as it would be stored, its submission key, upload
	 * tokens and active feeds. Never a payment token (the validator does not keep one).
	 *
	 * @param Entry                      $entry  The entry about to be stored.
	 * @param string                     $key    Submission key.
	 * @param list<string>               $tokens Upload tokens to reserve.
	 * @param list<array<string, mixed>> $feeds  Active feeds.
	 * @return array<string, mixed>
	 */
	private static function draft( Entry $entry, string $key, array $tokens, array $feeds ): array {
		return array(
			'form_id'        => $entry->form_id,
			'values'         => $entry->values,
			'created_at'     => $entry->created_at,
			'source_url'     => $entry->source_url,
			'user_id'        => $entry->user_id,
			'status'         => $entry->status,
			'pricing'        => $entry->pricing,
			'feeds'          => $entry->feeds,
			'submission_key' => $key,
			'upload_tokens'  => $tokens,
			'active_feeds'   => $feeds,
		);
	}

	/**
	 * A captcha the visitor can see is verified with the provider before anything is stored. A
	 * refused answer is the captcha field's message; a provider or site failure is its own.
	 *
	 * @param Form                $form      The form.
	 * @param array<int, bool>    $visible   Visibility by field id.
	 * @param array<mixed, mixed> $values    Submitted values.
	 * @param string              $client_ip The client's address.
	 * @throws SubmissionRefused When the captcha is not passed.
	 */
	private function verify_captcha( Form $form, array $visible, array $values, string $client_ip ): void {
		foreach ( $form->fields() as $field ) {
			if ( 'captcha' !== $field['type'] || empty( $visible[ (int) $field['id'] ] ) ) {
				continue;
			}
			$answer          = $values[ (string) $field['id'] ] ?? '';
			$this->captcha ??= new Verifier( new CaptchaSettings() );
			$verified        = $this->captcha->verify( is_string( $answer ) ? $answer : '', $client_ip );
			if ( $verified instanceof CaptchaFailure ) {
				throw 400 === $verified->status()
					? SubmissionRefused::invalid_fields( array( (string) $field['id'] => $verified->message() ) )
					: SubmissionRefused::captcha( $verified );
			}
		}
	}

	/**
	 * The answer for a stored entry, with the form's confirmation (docs/confirmations.md): the one
	 * the entry's values choose, a page as a redirect to its permalink, a query string added to
	 * the URL; merge tags are filled in by the `kestrel_forms_confirmation` filter
	 * (Entries\MergeTags::confirmation, hooked in Plugin.php).
	 *
	 * @param Form  $form    The form.
	 * @param Entry $entry   The stored entry.
	 * @param bool  $created Whether this request stored it.
	 */
	private function stored( Form $form, Entry $entry, bool $created ): StoredSubmission {
		$default      = __( 'Thanks for contacting us! We will get in touch with you shortly.', 'kestrel-forms' );
		$evaluation   = null;
		$chosen       = $form->choose_confirmation(
			static function ( ?array $logic ) use ( $form, $entry, &$evaluation ): bool {
				$evaluation ??= EntryLogic::evaluate( $form, $entry );
				return null !== $evaluation && EntryLogic::shows( $form, $entry, $logic, $evaluation );
			},
			$default
		);
		$confirmation = self::redirect_or_message( $form, $chosen, $default );
		/**
		 * Filters the confirmation returned to the visitor.
		 *
		 * @param array{type: string, message?: string, url?: string, id?: string} $confirmation Confirmation (`id`: the chosen one of `confirmations[]`).
		 * @param Form  $form  The form.
		 * @param Entry $entry The entry.
		 */
		$confirmation = (array) apply_filters( 'kestrel_forms_confirmation', $confirmation, $form, $entry );
		unset( $confirmation['id'] );
		if ( isset( $confirmation['message'] ) ) {
			$confirmation['message'] = wp_kses_post( (string) $confirmation['message'] );
		}
		if ( isset( $confirmation['url'] ) ) {
			$confirmation['url'] = esc_url_raw( (string) $confirmation['url'], array( 'http', 'https' ) );
		}
		return new StoredSubmission( $form, $entry, $created, $confirmation );
	}

	/**
	 * A chosen confirmation as the visitor's browser takes it: a message, or a redirect (a page
	 * becomes its permalink; only a published page, else the default message and a log line);
	 * the query string joins the URL, its merge tags still in it.
	 *
	 * @param Form                 $form    The form.
	 * @param array<string, mixed> $chosen  Form::choose_confirmation()'s answer.
	 * @param string               $default The default message.
	 * @return array{type: string, message?: string, url?: string, id?: string}
	 */
	private static function redirect_or_message( Form $form, array $chosen, string $default ): array {
		$id = isset( $chosen['id'] ) ? array( 'id' => (string) $chosen['id'] ) : array();
		if ( 'page' === $chosen['type'] ) {
			$page = get_post( (int) $chosen['pageId'] );
			$url  = $page && 'page' === $page->post_type && 'publish' === $page->post_status ? get_permalink( $page ) : false;
			if ( ! $url ) {
				error_log( sprintf( 'Kestrel Forms: form %d confirmation "%s" names page %d, which is not a published page; the default message was shown.', $form->id, $id['id'] ?? '', (int) $chosen['pageId'] ) ); // phpcs:ignore WordPress.PHP.DevelopmentFunctions.error_log_error_log -- the site owner must learn that the page is gone.
				return $id + array(
					'type'    => 'message',
					'message' => $default,
				);
			}
			$chosen['url'] = $url;
		}
		if ( 'message' === $chosen['type'] || ! isset( $chosen['url'] ) ) {
			return $id + array(
				'type'    => 'message',
				'message' => (string) ( $chosen['message'] ?? $default ),
			);
		}
		$url   = (string) $chosen['url'];
		$query = ltrim( (string) ( $chosen['queryString'] ?? '' ), '?&' );
		if ( '' !== $query ) {
			$fragment = '';
			if ( str_contains( $url, '#' ) ) {
				list( $url, $fragment ) = explode( '#', $url, 2 );
				$fragment               = '#' . $fragment;
			}
			$url .= ( str_contains( $url, '?' ) ? '&' : '?' ) . $query . $fragment;
		}
		return $id + array(
			'type' => 'redirect',
			'url'  => $url,
		);
	}

	/**
	 * The page the visitor submitted from, kept only when it is an http(s) URL on this site.
	 *
	 * @param string $candidate URL the door received.
	 */
	private function source_url( string $candidate ): string {
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
}
