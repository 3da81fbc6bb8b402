<?php
/**
 * The uploaded files a submission may claim, and the files of entries.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Uploads;

use Kestrel\Forms\Domain\Form\Form;
use Kestrel\Forms\Persistence\FormRepository;
use Kestrel\Forms\Persistence\UploadRepository;

/**
 * The API the submission and entry code use (docs/rest-api.md, "Uploads"):
 *
 *     $files = $store->claim( $form, $field_id, $upload_id, $tokens ); // throws UploadError
 *     $store->reserve( $tokens, $entry_id );                            // in the entry's transaction
 *     $store->attach( $tokens, $entry_id );                             // after storing it
 *     $store->files_of_entry( $entry_id );                              // admin entry view
 *     $store->delete_for_entries( $entry_ids ); $store->delete_for_form( $form_id );
 *
 * $form is a Form the caller holds (no second read) or a form id (read here, active forms only).
 *
 * Obtain it from the composition root: Plugin::instance()->uploads.
 */
final class UploadStore {

	/** Default largest file, whatever a field says: 2 GiB (filter kestrel_forms_upload_hard_cap). */
	public const DEFAULT_HARD_CAP = 2 * 1024 * 1024 * 1024;
	/** Default largest chunk: 32 MiB (filter kestrel_forms_upload_max_chunk_size). */
	public const DEFAULT_MAX_CHUNK = 32 * 1024 * 1024;

	/**
	 * The REST route of entry files (Rest\Routes::NAMESPACE + the download route of
	 * Rest\UploadsController; a test checks they agree). Written out here so that Uploads
	 * never imports Rest.
	 */
	public const DOWNLOAD_ROUTE = 'kestrel-forms/v1/entries/%d/files/%s';

	/**
	 * The store over its records, its files and the forms they belong to.
	 *
	 * @param UploadRepository $records Upload records.
	 * @param Storage          $storage The private upload folder.
	 * @param FormRepository   $forms   Forms (for the field policies).
	 */
	public function __construct(
		public readonly UploadRepository $records,
		public readonly Storage $storage,
		private readonly FormRepository $forms
	) {}

	/**
	 * Largest file accepted for any field, bytes.
	 */
	public function hard_cap(): int {
		/**
		 * Filters the largest uploaded file accepted, whatever a field's maxFileSize says.
		 *
		 * @param int $bytes Default 2 GiB.
		 */
		return max( 1, (int) apply_filters( 'kestrel_forms_upload_hard_cap', self::DEFAULT_HARD_CAP ) );
	}

	/**
	 * Largest resumableChunkSize accepted, bytes.
	 */
	public function max_chunk_size(): int {
		/**
		 * Filters the largest chunk size accepted. PHP's upload_max_filesize and post_max_size
		 * must allow a chunk (and, without resumable.js's forceChunkSize, up to twice a chunk).
		 *
		 * @param int $bytes Default 32 MiB.
		 */
		return max( 1, (int) apply_filters( 'kestrel_forms_upload_max_chunk_size', self::DEFAULT_MAX_CHUNK ) );
	}

	/**
	 * How long unclaimed uploads and upload sessions are kept, seconds.
	 */
	public function max_age(): int {
		/**
		 * Filters how long unclaimed uploads, upload sessions and unfinished chunks are kept,
		 * in seconds.
		 *
		 * @param int $seconds Default DAY_IN_SECONDS.
		 */
		return max( 60, (int) apply_filters( 'kestrel_forms_upload_max_age', DAY_IN_SECONDS ) );
	}

	/**
	 * The policy of a form's field, or null when the form is not active (given by id) or the
	 * field is not a file-upload field.
	 *
	 * @param Form|int $form     The form the caller holds, or an id to read (active forms only).
	 * @param int      $field_id Field id.
	 */
	public function policy( Form|int $form, int $field_id ): ?FieldPolicy {
		$form = $form instanceof Form ? $form : $this->forms->find( $form );
		return $form ? FieldPolicy::of_field( $form->field( $field_id ), $this->hard_cap() ) : null;
	}

	/**
	 * The files a submission refers to, checked. Each token is the secret session token the
	 * server issued to the form view that uploaded the file (POST /uploads/sessions); only
	 * its hash is stored. A file qualifies when its session was opened for exactly this form
	 * and field, it is complete (a record exists only once a file is assembled and checked)
	 * and not yet claimed; and there may be no more than the field allows. Claiming does not
	 * change anything: call reserve() in the entry's transaction and attach() once it is stored.
	 *
	 * @param Form|int     $form      The form the caller holds, or an id to read (active forms only).
	 * @param int          $field_id  File-upload field id.
	 * @param string       $upload_id Ignored (the token alone names the file); kept for callers.
	 * @param array<mixed> $tokens    temp_filename values the browser sent (session tokens).
	 * @return list<array{token: string, name: string, size: int, mime: string}> In the order
	 *         given (duplicates once), `token` being the file's own id (for reserve(), attach()
	 *         and download URLs, never shown to visitors).
	 *
	 * @throws UploadError UNKNOWN (400) for any token that does not qualify, TOO_MANY (400)
	 *                     above the field's limit (Rest\ErrorMapper::upload_error() makes the
	 *                     WP_Error, Rest\UploadMessages::message() the field message).
	 */
	public function claim( Form|int $form, int $field_id, string $upload_id, array $tokens ): array {
		$unique = array();
		foreach ( $tokens as $token ) {
			if ( ! FileNames::is_session_token( $token ) ) {
				throw new UploadError( UploadError::UNKNOWN );
			}
			$unique[ $token ] = $token;
		}
		if ( ! $unique ) {
			return array();
		}
		$policy = $this->policy( $form, $field_id );
		if ( null === $policy ) {
			throw new UploadError( UploadError::UNKNOWN );
		}
		$form_id = $form instanceof Form ? $form->id : $form;
		$files   = array();
		foreach ( $unique as $token ) {
			$record = $this->records->find_unclaimed_by_key( FileNames::token_hash( $token ) );
			$path   = $record ? $this->storage->absolute( $record['path'] ) : null;
			if ( ! $record || null === $path
				|| $record['form_id'] !== $form_id || $record['field_id'] !== $field_id
				|| null !== $record['entry_id'] || ! is_file( $path ) ) {
				throw new UploadError( UploadError::UNKNOWN );
			}
			$files[] = array(
				'token' => $record['token'],
				'name'  => $record['name'],
				'size'  => $record['size'],
				'mime'  => $record['mime'],
			);
		}
		if ( null !== $policy->max_files && count( $files ) > $policy->max_files ) {
			throw new UploadError( UploadError::TOO_MANY, array( 'limit' => $policy->max_files ) );
		}
		return $files;
	}

	/**
	 * Takes claimed files for a new entry, all or none: call inside the entry's transaction, so
	 * that of two submissions naming the same files only the first is stored (the second sees
	 * false and rolls back). Only one caller can mark a file (UploadRepository::mark_claimed).
	 *
	 * @param array<mixed> $tokens   Tokens returned by claim().
	 * @param int          $entry_id The entry being stored.
	 * @return bool Whether every file is now this entry's.
	 */
	public function reserve( array $tokens, int $entry_id ): bool {
		foreach ( array_unique( array_filter( $tokens, array( FileNames::class, 'is_token' ) ) ) as $token ) {
			if ( ! $this->records->mark_claimed( $token, $entry_id ) ) {
				return false;
			}
		}
		return true;
	}

	/**
	 * Gives claimed files to a stored entry: marks them (a token already given to another entry
	 * is skipped, so a file never belongs to two entries; one reserve() gave this entry is kept)
	 * and moves them to the entry's folder.
	 *
	 * @param array<mixed> $tokens   Tokens returned by claim().
	 * @param int          $entry_id The stored entry.
	 */
	public function attach( array $tokens, int $entry_id ): void {
		$tokens = array_values( array_unique( array_filter( $tokens, array( FileNames::class, 'is_token' ) ) ) );
		if ( ! $tokens || $entry_id < 1 ) {
			return;
		}
		$records = $this->records->find_by_tokens( $tokens );
		foreach ( $tokens as $token ) {
			$record = $records[ $token ] ?? null;
			if ( ! $record || ( $record['entry_id'] !== $entry_id && ! $this->records->mark_claimed( $token, $entry_id ) ) ) {
				continue;
			}
			// On any failure below the file stays where it is (its record, now the entry's, still
			// finds it) and the failure is logged with its reason.
			$from = $this->storage->absolute( $records[ $token ]['path'] );
			if ( null === $from ) {
				Storage::log( "cannot move file {$token} to entry {$entry_id}: its stored path is not one of ours" );
				continue;
			}
			$rel = Storage::entry_relative( $entry_id, FileNames::token() );
			$to  = (string) $this->storage->absolute( $rel );
			try {
				Storage::make_dir( dirname( $to ) ); // Race-safe; a failure is logged with its reason.
			} catch ( UploadError $e ) {
				continue;
			}
			if ( ! @rename( $from, $to ) ) { // phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged, WordPress.WP.AlternativeFunctions.rename_rename
				Storage::log( 'cannot move ' . Storage::loggable( $from ) . ' to ' . Storage::loggable( $to ) . ': ' . Storage::last_error() );
				continue;
			}
			if ( ! $this->records->set_path( $token, $rel ) ) {
				Storage::log( "cannot record the new place of file {$token} of entry {$entry_id}: " . self::db_error() );
			}
		}
	}

	/**
	 * An entry's files for display.
	 *
	 * @param int $entry_id Entry id.
	 * @return list<array{token: string, field_id: int, name: string, size: int, mime: string, url: string}>
	 *         url: the download route, with a REST nonce when a user is logged in (so a plain
	 *         link works in wp-admin).
	 */
	public function files_of_entry( int $entry_id ): array {
		return array_map(
			fn( array $record ): array => array(
				'token'    => $record['token'],
				'field_id' => $record['field_id'],
				'name'     => $record['name'],
				'size'     => $record['size'],
				'mime'     => $record['mime'],
				'url'      => self::download_url( $entry_id, $record['token'] ),
			),
			$this->records->find_for_entry( $entry_id )
		);
	}

	/**
	 * One file of an entry, with its absolute path, when it exists.
	 *
	 * @param int    $entry_id Entry id.
	 * @param string $token    Token.
	 * @return array{token: string, name: string, size: int, mime: string, path: string}|null
	 */
	public function file_of_entry( int $entry_id, string $token ): ?array {
		if ( ! FileNames::is_token( $token ) ) {
			return null;
		}
		$record = $this->records->find_by_tokens( array( $token ) )[ $token ] ?? null;
		$path   = $record ? $this->storage->absolute( $record['path'] ) : null;
		if ( ! $record || $record['entry_id'] !== $entry_id || null === $path || ! is_file( $path ) ) {
			return null;
		}
		return array(
			'token' => $token,
			'name'  => $record['name'],
			'size'  => (int) filesize( $path ),
			'mime'  => $record['mime'],
			'path'  => $path,
		);
	}

	/**
	 * The admin download URL of an entry's file.
	 *
	 * @param int    $entry_id Entry id.
	 * @param string $token    Token.
	 */
	public static function download_url( int $entry_id, string $token ): string {
		$url = rest_url( sprintf( self::DOWNLOAD_ROUTE, $entry_id, $token ) );
		return is_user_logged_in() ? add_query_arg( '_wpnonce', wp_create_nonce( 'wp_rest' ), $url ) : $url;
	}

	/**
	 * Deletes the files of entries (call when the entries are deleted: bulk delete, retention,
	 * privacy erasure).
	 *
	 * @param list<int> $entry_ids Entry ids.
	 */
	public function delete_for_entries( array $entry_ids ): void {
		foreach ( array_unique( array_map( 'intval', $entry_ids ) ) as $entry_id ) {
			$this->remove( $this->records->find_for_entry( $entry_id ) );
			Storage::remove_tree( $this->storage->base() . '/entries/' . $entry_id );
		}
	}

	/**
	 * Deletes every file of a form, claimed or not (call when the form is deleted for good).
	 *
	 * @param int $form_id Form id.
	 */
	public function delete_for_form( int $form_id ): void {
		$records = $this->records->find_for_form( $form_id );
		$this->remove( $records );
		$this->records->delete_sessions_of_form( $form_id );
		foreach ( array_unique( array_filter( array_column( $records, 'entry_id' ) ) ) as $entry_id ) {
			Storage::remove_tree( $this->storage->base() . '/entries/' . (int) $entry_id );
		}
	}

	/**
	 * The scheduled cleanup (CleanupJob::HOOK): unclaimed files, expired upload sessions,
	 * abandoned chunk folders and stray assembled files older than the maximum age.
	 *
	 * @param int|null $max_age Seconds (null: max_age()).
	 * @return array{files: int, sessions: int, chunks: int, orphans: int} What was removed.
	 */
	public function cleanup( ?int $max_age = null ): array {
		$max_age = $max_age ?? $this->max_age();
		$cutoff  = time() - max( 0, $max_age );
		$before  = gmdate( 'Y-m-d H:i:s', $cutoff );
		$removed = array(
			'files'    => 0,
			'sessions' => 0,
			'chunks'   => 0,
			'orphans'  => 0,
		);
		do {
			$batch = $this->records->find_unclaimed_before( $before, 200 );
			$this->remove( $batch );
			$found             = count( $batch );
			$removed['files'] += $found;
		} while ( 200 === $found );
		do {
			$sessions = $this->records->find_sessions_before( $before, 200 );
			foreach ( $sessions as $session ) {
				Storage::remove_tree( $this->storage->chunk_dir( $session['token_hash'] ) );
			}
			$this->records->delete_sessions( array_column( $sessions, 'id' ) );
			$found                = count( $sessions );
			$removed['sessions'] += $found;
		} while ( 200 === $found );

		$dirs = $this->storage->temp_dirs();
		foreach ( self::children( $dirs['chunks'] ) as $path ) {
			if ( is_dir( $path ) && ( self::newest_mtime( $path ) < $cutoff || ! $this->records->session_exists( basename( $path ) ) ) ) {
				Storage::remove_tree( $path );
				++$removed['chunks'];
			}
		}
		foreach ( array_merge( self::children( $dirs['assembly'] ), self::children( $dirs['files'] ) ) as $path ) {
			$name = basename( $path );
			if ( is_file( $path ) && FileNames::is_token( $name ) && (int) filemtime( $path ) < $cutoff
				&& ! $this->records->path_exists( Storage::temp_relative( $name ) ) ) {
				wp_delete_file( $path );
				++$removed['orphans'];
			}
		}
		return $removed;
	}

	/**
	 * Deletes the files and rows of some records (a discarded upload).
	 *
	 * @param list<array<string, mixed>> $records Records.
	 */
	public function remove_records( array $records ): void {
		$this->remove( $records );
	}

	/**
	 * Deletes the files and rows of some records.
	 *
	 * @param list<array<string, mixed>> $records Records.
	 */
	private function remove( array $records ): void {
		foreach ( $records as $record ) {
			$path = $this->storage->absolute( (string) $record['path'] );
			if ( null !== $path && is_file( $path ) ) {
				wp_delete_file( $path );
			}
		}
		$this->records->delete( array_map( static fn( array $r ): string => (string) $r['token'], $records ) );
	}

	/**
	 * Entries of a folder (none when it does not exist), except index.php.
	 *
	 * @param string $dir Folder.
	 * @return list<string> Absolute paths.
	 */
	private static function children( string $dir ): array {
		$names = is_dir( $dir ) ? scandir( $dir ) : false;
		$out   = array();
		foreach ( $names ? $names : array() as $name ) {
			if ( '.' !== $name && '..' !== $name && 'index.php' !== $name ) {
				$out[] = $dir . '/' . $name;
			}
		}
		return $out;
	}

	/**
	 * The latest modification time of a folder or anything directly in it.
	 *
	 * @param string $dir Folder.
	 */
	private static function newest_mtime( string $dir ): int {
		$newest = (int) filemtime( $dir );
		foreach ( self::children( $dir ) as $path ) {
			$newest = max( $newest, (int) @filemtime( $path ) ); // phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged -- may vanish meanwhile.
		}
		return $newest;
	}

	/**
	 * The database's last error, for the log.
	 */
	private static function db_error(): string {
		global $wpdb;
		return '' !== (string) $wpdb->last_error ? (string) $wpdb->last_error : 'unknown database error';
	}
}
