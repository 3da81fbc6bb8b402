<?php
/**
 * The upload use cases: start a session, test and receive chunks, discard.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Uploads;

use Kestrel\Forms\Contracts\ChunkSource;
use Kestrel\Forms\Persistence\UploadRepository;
use Kestrel\Forms\Security\RateLimiter;

/**
 * The protocol (docs/rest-api.md, "Uploads"):
 *
 * 1. The form view asks for a session for one file (start()): the server makes a 256-bit token
 *    from the CSPRNG, stores only its sha256, and binds it to the form and field. Nothing about
 *    the upload is ever named by a value the browser chose.
 * 2. Every chunk, test, claim and discard names the session by that token; without it nothing
 *    about the upload can be read, written or removed, and testChunks only ever speaks about
 *    the caller's own session.
 * 3. The first chunk fixes the file's name, type, total size, chunk size and chunk count
 *    (one conditional UPDATE: of two first chunks at once, one fixes, the other compares); a
 *    later chunk that disagrees is refused with 409 and changes nothing.
 * 4. The request that finds every chunk present moves the session from open to assembling
 *    (again one conditional UPDATE, so exactly one worker assembles); others get 503 with
 *    Retry-After until it is complete, then the finished file.
 *
 * Chunks may arrive in any order, several at once (resumable.js sends 3 in parallel) and more
 * than once (retries). Each is written under a temporary name and renamed into place, so a
 * reader never sees half a chunk. Assembly streams chunk by chunk: memory stays constant
 * whatever the file size (issue 4).
 *
 * Every refusal is an UploadError; Rest\ErrorMapper turns it into the WP_Error.
 */
final class UploadService {

	/** Default most uploads in progress per client (filter kestrel_forms_upload_client_sessions). */
	public const DEFAULT_CLIENT_SESSIONS = 50;

	/** An assembly whose session was not touched for this long is taken to have died. */
	private const STALE_ASSEMBLY = 300;

	/**
	 * Upload records and sessions.
	 *
	 * @var UploadRepository
	 */
	private readonly UploadRepository $records;

	/**
	 * The private folders.
	 *
	 * @var Storage
	 */
	private readonly Storage $storage;

	/**
	 * Builds the service.
	 *
	 * @param UploadStore        $store     Files, records and the forms' upload fields.
	 * @param ChunkSource        $source    Where chunks come from (production: PhpUploadSource).
	 * @param FileInspector|null $inspector Content checks.
	 */
	public function __construct(
		private readonly UploadStore $store,
		private readonly ChunkSource $source,
		private ?FileInspector $inspector = null
	) {
		$this->records     = $store->records;
		$this->storage     = $store->storage;
		$this->inspector ??= new FileInspector();
	}

	/**
	 * Opens an upload session for one file of a form's upload field.
	 *
	 * @param int    $form_id  Form id.
	 * @param int    $field_id File-upload field id.
	 * @param string $client   The client's address (Security\ClientAddress::current()).
	 * @return array{token: string, expires_in: int}
	 *
	 * @throws UploadError RATE_LIMITED, QUOTA, FIELD_NOT_FOUND (FORM_NOT_FOUND is the caller's), STORAGE.
	 *
	 * @phpcs:ignore Squiz.Commenting.FunctionCommentThrowTag.WrongNumber -- the sniff counts `throw Storage::failure()` as a class named Storage; it returns an UploadError (STORAGE).
	 */
	public function start( int $form_id, int $field_id, string $client ): array {
		self::limit( 'upload_request', $client );
		$policy = $this->store->policy( $form_id, $field_id );
		if ( null === $policy ) {
			throw new UploadError( UploadError::FIELD_NOT_FOUND );
		}
		self::limit( 'upload_session', $client );
		$hashed = self::client_key( $client );
		if ( '' !== $client ) {
			$usage = $this->usage( $hashed );
			if ( $usage['open'] >= self::max_client_sessions() ) {
				throw new UploadError( UploadError::QUOTA, array( 'retry_after' => $this->retry_after( $usage['oldest'] ) ), "{$usage['open']} uploads open" );
			}
		}
		$token = FileNames::session_token();
		$key   = FileNames::token_hash( $token );
		if ( ! $this->records->insert_session( $key, $form_id, $field_id, $hashed ) ) {
			throw Storage::failure( 'the upload session could not be saved: ' . self::db_error() );
		}
		if ( '' !== $client ) {
			// Optimistic, then verified: the check above and the INSERT are not atomic, so several
			// workers may all pass the check at once. Each recounts after its own INSERT is
			// committed (it then sees every other committed session of the client) and withdraws
			// its session when the client is over the cap. No lock is needed; in a tie both may
			// withdraw and be refused, which errs on the safe side.
			$usage = $this->usage( $hashed );
			$limit = self::max_client_sessions();
			if ( $usage['open'] > $limit ) {
				$this->records->delete_session_by_key( $key );
				throw new UploadError( UploadError::QUOTA, array( 'retry_after' => $this->retry_after( $usage['oldest'] ) ), "{$usage['open']} uploads open after the insert, over {$limit}" );
			}
		}
		return array(
			'token'      => $token,
			'expires_in' => $this->store->max_age(),
		);
	}

	/**
	 * The testChunks request of resumable.js: whether this chunk of the caller's own session is stored.
	 *
	 * @param ChunkRequest $request The request.
	 * @param string       $client  The client's address.
	 * @return array{complete: bool, token: string, name: string, record: array<string, mixed>|null}|null
	 *         Null when the chunk must be sent.
	 *
	 * @throws UploadError SESSION_UNKNOWN, MISMATCH, BUSY, RATE_LIMITED, ...
	 */
	public function test( ChunkRequest $request, string $client ): ?array {
		self::limit( 'upload_request', $client );
		$session = $this->session( $request->token );
		$done    = $this->finished( $session, $request );
		if ( null !== $done ) {
			return $done;
		}
		list( $name, $plan ) = $this->figures( $session, $request );
		$this->check_against_session( $session, $request, $name, $plan );
		$path = Storage::chunk_path( $this->storage->chunk_dir( $session['token_hash'] ), $request->number );
		clearstatcache( true, $path );
		if ( is_file( $path ) && filesize( $path ) === $plan->expected_size( $request->number ) ) {
			return self::result( $request->token, $name, null );
		}
		return null;
	}

	/**
	 * Stores one chunk and, when it completes the file, assembles and checks it (once).
	 *
	 * @param ChunkRequest         $request The request.
	 * @param array<string, mixed> $file    The request's `file` part.
	 * @param string               $client  The client's address.
	 * @return array{complete: bool, token: string, name: string, record: array<string, mixed>|null}
	 *
	 * @throws UploadError When the chunk or the assembled file is refused.
	 *
	 * @phpcs:ignore Squiz.Commenting.FunctionCommentThrowTag.WrongNumber -- the sniff counts `throw Storage::failure()` as a class named Storage; it returns an UploadError (STORAGE).
	 */
	public function receive( ChunkRequest $request, array $file, string $client ): array {
		self::limit( 'upload_request', $client );
		$session = $this->session( $request->token );
		$done    = $this->finished( $session, $request );
		if ( null !== $done ) {
			// A retry after the file was assembled: nothing to store.
			return $done;
		}
		list( $name, $plan, $policy ) = $this->figures( $session, $request );
		if ( null === $session['total_size'] ) {
			$session = $this->fix_figures( $session, $request, $name, $plan, $client );
		}
		$this->check_against_session( $session, $request, $name, $plan );

		$expected = $plan->expected_size( $request->number );
		if ( isset( $file['size'] ) && (int) $file['size'] !== $expected ) {
			throw new UploadError( UploadError::INVALID_CHUNK, array(), "chunk {$request->number} has {$file['size']} bytes, expected {$expected}" );
		}
		$this->storage->ensure();
		$dir = $this->storage->chunk_dir( $session['token_hash'] );
		Storage::make_dir( $dir );
		$incoming = $dir . '/' . $request->number . '.part.' . FileNames::token();
		if ( ! $this->source->move( $file, $incoming ) ) {
			throw new UploadError( UploadError::MISSING_FILE, array(), 'not a genuine upload, or it could not be moved' );
		}
		clearstatcache( true, $incoming );
		$size = (int) filesize( $incoming );
		if ( $size !== $expected ) {
			wp_delete_file( $incoming );
			throw new UploadError( UploadError::INVALID_CHUNK, array(), "chunk {$request->number} has {$size} bytes, expected {$expected}" );
		}
		if ( ! @rename( $incoming, Storage::chunk_path( $dir, $request->number ) ) ) { // phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged, WordPress.WP.AlternativeFunctions.rename_rename
			$reason = Storage::last_error();
			wp_delete_file( $incoming );
			throw Storage::failure( "cannot move chunk {$request->number} into {$dir}: {$reason}" );
		}
		$this->records->touch_session( $session['id'] );

		if ( ! self::all_present( $dir, $plan ) ) {
			return self::result( $request->token, $name, null );
		}
		return $this->assemble( $session, $request->token, $name, $plan, $policy, $dir );
	}

	/**
	 * The visitor removed a file before submitting: its chunks or its unclaimed file go.
	 *
	 * @param string $token  Session token.
	 * @param string $client The client's address.
	 *
	 * @throws UploadError SESSION_UNKNOWN (also for a file an entry has claimed), RATE_LIMITED.
	 */
	public function discard( string $token, string $client ): void {
		self::limit( 'upload_request', $client );
		$session = $this->session( $token );
		$record  = $this->records->find_unclaimed_by_key( $session['token_hash'] );
		if ( 'complete' === $session['status'] && null === $record ) {
			throw new UploadError( UploadError::SESSION_UNKNOWN, array(), 'the file belongs to an entry' );
		}
		if ( ! $this->records->transition_session( $session['id'], array( 'open', 'complete' ), 'discarded' ) ) {
			throw new UploadError( UploadError::BUSY );
		}
		if ( null !== $record ) {
			$this->store->remove_records( array( $record ) );
		}
		Storage::remove_tree( $this->storage->chunk_dir( $session['token_hash'] ) );
	}

	/**
	 * The session a token names, when it is live.
	 *
	 * @param string $token Session token.
	 * @return array<string, mixed>
	 *
	 * @throws UploadError SESSION_UNKNOWN.
	 */
	private function session( string $token ): array {
		$session = FileNames::is_session_token( $token ) ? $this->records->find_session( FileNames::token_hash( $token ) ) : null;
		if ( null === $session || in_array( $session['status'], array( 'refused', 'discarded' ), true )
			|| strtotime( $session['created_at'] . ' UTC' ) < time() - $this->store->max_age() ) {
			throw new UploadError( UploadError::SESSION_UNKNOWN );
		}
		return $session;
	}

	/**
	 * The answer for a session that is complete, or being assembled by another worker.
	 *
	 * @param array<string, mixed> $session Session.
	 * @param ChunkRequest         $request Request.
	 * @return array{complete: bool, token: string, name: string, record: array<string, mixed>|null}|null
	 *
	 * @throws UploadError BUSY while another worker assembles; SESSION_UNKNOWN when an entry holds the file.
	 */
	private function finished( array $session, ChunkRequest $request ): ?array {
		if ( 'assembling' === $session['status'] ) {
			if ( strtotime( $session['updated_at'] . ' UTC' ) >= time() - self::STALE_ASSEMBLY ) {
				throw new UploadError( UploadError::BUSY, array(), 'another request is assembling this upload' );
			}
			// The worker that started the assembly died: this request may take it over (the
			// gate in assemble() lets one do so).
			return null;
		}
		if ( 'complete' !== $session['status'] ) {
			return null;
		}
		$record = $this->records->find_unclaimed_by_key( $session['token_hash'] );
		if ( null === $record ) {
			throw new UploadError( UploadError::SESSION_UNKNOWN, array(), 'the file belongs to an entry' );
		}
		return self::result( $request->token, (string) $record['name'], $record );
	}

	/**
	 * The request's name and chunking, checked against the session's field.
	 *
	 * @param array<string, mixed> $session Session.
	 * @param ChunkRequest         $request Request.
	 * @return array{0: string, 1: ChunkPlan, 2: FieldPolicy}
	 *
	 * @throws UploadError MISMATCH (form or field), FIELD_NOT_FOUND, EXTENSION, INVALID_CHUNK, TOO_LARGE, EMPTY_FILE.
	 */
	private function figures( array $session, ChunkRequest $request ): array {
		if ( ( null !== $request->form_id && $request->form_id !== $session['form_id'] )
			|| ( null !== $request->field_id && $request->field_id !== $session['field_id'] ) ) {
			throw new UploadError( UploadError::MISMATCH, array(), 'form or field differ from the session' );
		}
		$policy = $this->store->policy( (int) $session['form_id'], (int) $session['field_id'] );
		if ( null === $policy ) {
			throw new UploadError( UploadError::FIELD_NOT_FOUND );
		}
		$name = FileNames::display_name( $request->file_name );
		$this->inspector->check_name( $name, $policy );
		$plan = ChunkPlan::create( $request->total_size, $request->chunk_size, $request->total_chunks, $this->store->max_chunk_size(), $policy->max_bytes );
		$plan->check_chunk( $request->number, $request->current_size );
		return array( $name, $plan, $policy );
	}

	/**
	 * Fixes the session's figures from its first chunk (or reads those another request fixed).
	 * The client's byte cap is checked here, when the size becomes known.
	 *
	 * @param array<string, mixed> $session Session.
	 * @param ChunkRequest         $request Request.
	 * @param string               $name    Clean name.
	 * @param ChunkPlan            $plan    Chunking.
	 * @param string               $client  The client's address.
	 * @return array<string, mixed> The session with its figures.
	 *
	 * @throws UploadError QUOTA, SESSION_UNKNOWN.
	 */
	private function fix_figures( array $session, ChunkRequest $request, string $name, ChunkPlan $plan, string $client ): array {
		if ( '' !== $client ) {
			$usage = $this->usage( (string) $session['client'], (int) $session['id'] );
			$limit = $this->max_client_bytes();
			if ( $usage['bytes'] + $plan->total_size > $limit ) {
				throw new UploadError( UploadError::QUOTA, array( 'retry_after' => $this->retry_after( $usage['oldest'] ) ), "{$usage['bytes']} + {$plan->total_size} bytes over {$limit}" );
			}
		}
		$fixed = $this->records->fix_session_figures(
			(int) $session['id'],
			array(
				'name'         => $name,
				'type'         => self::type( $request->type ),
				'total_size'   => $plan->total_size,
				'chunk_size'   => $plan->chunk_size,
				'total_chunks' => $plan->total_chunks,
			)
		);
		if ( $fixed && '' !== $client ) {
			// Optimistic, then verified: the check above and the UPDATE are not atomic, so many
			// first chunks (of this client's other sessions) may pass the check at once. After
			// our UPDATE is committed, the recount sees every other committed session; over the
			// cap, this session's figures are withdrawn (it stays open, as before its first
			// chunk) and the chunk is refused. No lock is needed; in a tie both requests may
			// withdraw and be refused, which errs on the safe side (they retry after Retry-After).
			$usage = $this->usage( (string) $session['client'] );
			$limit = $this->max_client_bytes();
			if ( $usage['bytes'] > $limit ) {
				$this->records->unfix_session_figures( (int) $session['id'], $plan->total_size );
				throw new UploadError( UploadError::QUOTA, array( 'retry_after' => $this->retry_after( $usage['oldest'] ) ), "{$usage['bytes']} bytes after fixing the figures, over {$limit}" );
			}
		}
		return $this->session( $request->token );
	}

	/**
	 * Refuses a request whose figures differ from those the first chunk fixed.
	 *
	 * @param array<string, mixed> $session Session.
	 * @param ChunkRequest         $request Request.
	 * @param string               $name    Clean name.
	 * @param ChunkPlan            $plan    Chunking.
	 *
	 * @throws UploadError MISMATCH.
	 */
	private function check_against_session( array $session, ChunkRequest $request, string $name, ChunkPlan $plan ): void {
		if ( null === $session['total_size'] ) {
			return;
		}
		$fixed = array( $session['name'], $session['type'], $session['total_size'], $session['chunk_size'], $session['total_chunks'] );
		$sent  = array( $name, self::type( $request->type ), $plan->total_size, $plan->chunk_size, $plan->total_chunks );
		if ( $fixed !== $sent ) {
			throw new UploadError( UploadError::MISMATCH, array(), 'the chunk describes another file than the first chunk did' );
		}
	}

	/**
	 * Whether every chunk of the plan is in the folder with its exact size.
	 *
	 * @param string    $dir  Chunk folder.
	 * @param ChunkPlan $plan Chunking.
	 */
	private static function all_present( string $dir, ChunkPlan $plan ): bool {
		$names = @scandir( $dir ); // phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged -- the folder may be gone.
		if ( false === $names ) {
			return false;
		}
		$parts = preg_grep( '/^[0-9]+\.part$/D', $names );
		if ( count( false === $parts ? array() : $parts ) < $plan->total_chunks ) {
			return false;
		}
		for ( $n = 1; $n <= $plan->total_chunks; $n++ ) {
			$path = Storage::chunk_path( $dir, $n );
			clearstatcache( true, $path );
			if ( ! is_file( $path ) || filesize( $path ) !== $plan->expected_size( $n ) ) {
				return false;
			}
		}
		return true;
	}

	/**
	 * Assembles the chunks into one checked file and records it; exactly one request does.
	 *
	 * @param array<string, mixed> $session Session.
	 * @param string               $token   Session token.
	 * @param string               $name    Clean name.
	 * @param ChunkPlan            $plan    Chunking.
	 * @param FieldPolicy          $policy  Field policy.
	 * @param string               $dir     Chunk folder.
	 * @return array{complete: bool, token: string, name: string, record: array<string, mixed>|null}
	 *
	 * @throws UploadError When the assembled file is refused or cannot be stored; BUSY for a loser.
	 *
	 * @phpcs:ignore Squiz.Commenting.FunctionCommentThrowTag.WrongNumber -- the sniff counts `throw Storage::failure()` as a class named Storage; it returns an UploadError (STORAGE).
	 */
	private function assemble( array $session, string $token, string $name, ChunkPlan $plan, FieldPolicy $policy, string $dir ): array {
		$id = (int) $session['id'];
		// The gate: one conditional UPDATE, so exactly one worker assembles.
		if ( ! $this->records->transition_session( $id, array( 'open' ), 'assembling', gmdate( 'Y-m-d H:i:s', time() - self::STALE_ASSEMBLY ) ) ) {
			$now  = $this->session( $token );
			$done = $this->finished( $now, new ChunkRequest( $token, 1, 0, 0, 0, 0, '', '' ) );
			if ( null !== $done ) {
				return $done;
			}
			throw new UploadError( UploadError::BUSY, array(), 'another request is assembling this upload' );
		}
		ignore_user_abort( true );
		if ( ! self::all_present( $dir, $plan ) ) {
			// A chunk vanished meanwhile (a discard): back to open.
			$this->records->transition_session( $id, array( 'assembling' ), 'open' );
			return self::result( $token, $name, null );
		}
		$target = $this->storage->assembly_path();
		try {
			self::concatenate( $dir, $plan, $target );
			$checked  = $this->inspector->check_file( $target, $name, $plan->total_size, $policy );
			$file     = FileNames::token();
			$relative = Storage::temp_relative( FileNames::token() );
			$final    = (string) $this->storage->absolute( $relative );
			Storage::move( $target, $final );
			$record = array(
				'token'      => $file,
				'upload_key' => (string) $session['token_hash'],
				'form_id'    => (int) $session['form_id'],
				'field_id'   => (int) $session['field_id'],
				'upload_id'  => '',
				'path'       => $relative,
				'name'       => $checked['name'],
				'size'       => $plan->total_size,
				'mime'       => $checked['mime'],
			);
			if ( ! $this->records->insert( $record ) ) {
				wp_delete_file( $final );
				throw Storage::failure( 'the upload record could not be saved: ' . self::db_error() );
			}
		} catch ( UploadError $e ) {
			wp_delete_file( $target );
			if ( UploadError::STORAGE === $e->error_code ) {
				// Worth another try: the chunks stay, the session is open again.
				$this->records->transition_session( $id, array( 'assembling' ), 'open' );
			} else {
				// The content is refused for good: nothing of it is kept.
				$this->records->transition_session( $id, array( 'assembling' ), 'refused' );
				Storage::remove_tree( $dir );
			}
			throw $e;
		}
		$this->records->transition_session( $id, array( 'assembling' ), 'complete' );
		Storage::remove_tree( $dir );
		return self::result( $token, $checked['name'], $record + array( 'entry_id' => null ) );
	}

	/**
	 * Appends the chunks in order to a new file, a stream copy at a time.
	 *
	 * @param string    $dir    Folder holding 1.part .. N.part.
	 * @param ChunkPlan $plan   Chunking.
	 * @param string    $target New file.
	 *
	 * @throws UploadError When a chunk is missing or short, or the file cannot be written.
	 *
	 * @phpcs:ignore Squiz.Commenting.FunctionCommentThrowTag.Missing -- the sniff counts `throw Storage::failure()` as a class named Storage; it returns an UploadError (STORAGE).
	 */
	private static function concatenate( string $dir, ChunkPlan $plan, string $target ): void {
		// phpcs:disable WordPress.WP.AlternativeFunctions -- streaming copy; WP_Filesystem would read whole files into memory.
		$out = @fopen( $target, 'xb' ); // phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged
		if ( ! $out ) {
			throw Storage::failure( "cannot create {$target}: " . Storage::last_error() );
		}
		try {
			for ( $n = 1; $n <= $plan->total_chunks; $n++ ) {
				$in = @fopen( Storage::chunk_path( $dir, $n ), 'rb' ); // phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged
				if ( ! $in ) {
					throw Storage::failure( "chunk {$n} vanished from {$dir}: " . Storage::last_error() );
				}
				$copied = stream_copy_to_stream( $in, $out );
				fclose( $in );
				if ( $copied !== $plan->expected_size( $n ) ) {
					throw Storage::failure( "copied {$copied} bytes of chunk {$n} into {$target}" );
				}
			}
			if ( ! fflush( $out ) ) {
				throw Storage::failure( "flush of {$target} failed: " . Storage::last_error() );
			}
		} finally {
			fclose( $out );
		}
		// phpcs:enable
	}

	/**
	 * Counts a hit of a rate-limit bucket.
	 *
	 * @param string $bucket 'upload_request' or 'upload_session'.
	 * @param string $client Client address.
	 *
	 * @throws UploadError RATE_LIMITED with the seconds to wait.
	 */
	private static function limit( string $bucket, string $client ): void {
		$retry = RateLimiter::hit( $bucket, $client );
		if ( null !== $retry ) {
			throw new UploadError( UploadError::RATE_LIMITED, array( 'retry_after' => $retry ), $bucket );
		}
	}

	/**
	 * The client's uploads in progress and stored bytes within the maximum age.
	 *
	 * @param string   $hashed    Hashed client address.
	 * @param int|null $except_id Session not to count.
	 * @return array{open: int, bytes: int, oldest: string|null}
	 */
	private function usage( string $hashed, ?int $except_id = null ): array {
		return $this->records->client_usage( $hashed, gmdate( 'Y-m-d H:i:s', time() - $this->store->max_age() ), $except_id );
	}

	/**
	 * Seconds until the oldest counted session expires (when the client has room again).
	 *
	 * @param string|null $oldest UTC datetime.
	 */
	private function retry_after( ?string $oldest ): int {
		$created = null === $oldest ? false : strtotime( $oldest . ' UTC' );
		return false === $created ? 60 : max( 1, $created + $this->store->max_age() - time() );
	}

	/**
	 * Most uploads in progress per client.
	 */
	public static function max_client_sessions(): int {
		/**
		 * Filters how many uploads one client (address) may have in progress at once; more
		 * are refused with 429 and Retry-After.
		 *
		 * @param int $sessions Default 50.
		 */
		return max( 1, (int) apply_filters( 'kestrel_forms_upload_client_sessions', self::DEFAULT_CLIENT_SESSIONS ) );
	}

	/**
	 * Most bytes per client in uploads in progress or not yet claimed.
	 */
	public function max_client_bytes(): int {
		/**
		 * Filters how many bytes one client (address) may hold in uploads in progress or
		 * complete and not yet submitted; more are refused with 429 and Retry-After.
		 *
		 * @param int $bytes Default: the largest file accepted (kestrel_forms_upload_hard_cap, 2 GiB).
		 */
		return max( 1, (int) apply_filters( 'kestrel_forms_upload_client_bytes', $this->store->hard_cap() ) );
	}

	/**
	 * What is stored of a client address.
	 *
	 * @param string $client Address.
	 */
	private static function client_key( string $client ): string {
		return hash( 'sha256', 'kestrel-forms-client|' . wp_salt( 'nonce' ) . '|' . $client );
	}

	/**
	 * The client's declared type, bounded.
	 *
	 * @param string $type resumableType.
	 */
	private static function type( string $type ): string {
		return substr( sanitize_mime_type( $type ), 0, 255 );
	}

	/**
	 * The database's last error, for the log.
	 */
	private static function db_error(): string {
		global $wpdb;
		return '' !== (string) $wpdb->last_error ? (string) $wpdb->last_error : 'unknown database error';
	}

	/**
	 * The service's answer about a session.
	 *
	 * @param string                    $token  Session token.
	 * @param string                    $name   Name to show.
	 * @param array<string, mixed>|null $record Finished file's record, or null while incomplete.
	 * @return array{complete: bool, token: string, name: string, record: array<string, mixed>|null}
	 */
	private static function result( string $token, string $name, ?array $record ): array {
		return array(
			'complete' => null !== $record,
			'token'    => $token,
			'name'     => $name,
			'record'   => $record,
		);
	}
}
