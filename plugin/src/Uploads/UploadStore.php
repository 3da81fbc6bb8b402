<?php
/**
 * The uploaded files a submission may claim, and the files of entries.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Uploads;

use Kestrel\Forms\Contracts\ChunkSource;
use Kestrel\Forms\Domain\Form\Form;
use Kestrel\Forms\Persistence\FormRepository;
use Kestrel\Forms\Persistence\UploadRepository;
use Kestrel\Forms\Rest\ErrorMapper;
use Kestrel\Forms\Rest\Routes;
use WP_Error;

/**
 * The API the submission and entry code use (docs/rest-api.md, "Uploads"):
 *
 *     $files = $store->claim( $form, $field_id, $upload_id, $tokens ); // before storing the entry
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

	public function __construct(
		public readonly UploadRepository $records,
		public readonly Storage $storage,
		private readonly FormRepository $forms
	) {}

	/**
	 * A chunk receiver that takes chunks from the given source.
	 *
	 * @param ChunkSource $source Where chunks come from (production: PhpUploadSource).
	 */
	public function receiver( ChunkSource $source ): ChunkReceiver {
		return new ChunkReceiver( $this->storage, $this->records, new FileInspector(), $source );
	}

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
	 * The files a submission refers to, checked: every token must have been issued by this server
	 * for exactly this form, field and upload id, be complete (a record exists only once a file is
	 * assembled and checked) and not yet claimed; and there may be no more than the field allows.
	 * Claiming does not change anything: call attach() once the entry is stored.
	 *
	 * @param Form|int     $form      The form the caller holds, or an id to read (active forms only).
	 * @param int          $field_id  File-upload field id.
	 * @param string       $upload_id The form's upload id (8 hex).
	 * @param array<mixed> $tokens    temp_filename values the browser sent.
	 * @return list<array{token: string, name: string, size: int, mime: string}>|WP_Error In the
	 *         order given (duplicates once); kestrel_forms_upload_unknown (400) for any token that
	 *         does not qualify, kestrel_forms_upload_too_many (400) above the field's limit.
	 */
	public function claim( Form|int $form, int $field_id, string $upload_id, array $tokens ): array|WP_Error {
		$unique = array();
		foreach ( $tokens as $token ) {
			if ( ! FileNames::is_token( $token ) ) {
				return ErrorMapper::upload_error( new UploadError( UploadError::UNKNOWN ) );
			}
			$unique[ $token ] = $token;
		}
		if ( ! $unique ) {
			return array();
		}
		$upload_id = FileNames::upload_id( $upload_id );
		$policy    = null === $upload_id ? null : $this->policy( $form, $field_id );
		if ( null === $upload_id || null === $policy ) {
			return ErrorMapper::upload_error( new UploadError( UploadError::UNKNOWN ) );
		}
		$form_id = $form instanceof Form ? $form->id : $form;
		$records = $this->records->find_by_tokens( array_values( $unique ) );
		$files   = array();
		foreach ( $unique as $token ) {
			$record = $records[ $token ] ?? null;
			$path   = $record ? $this->storage->absolute( $record['path'] ) : null;
			if ( ! $record || null === $path
				|| $record['form_id'] !== $form_id || $record['field_id'] !== $field_id || $record['upload_id'] !== $upload_id
				|| null !== $record['entry_id'] || ! is_file( $path ) ) {
				return ErrorMapper::upload_error( new UploadError( UploadError::UNKNOWN ) );
			}
			$files[] = array(
				'token' => $token,
				'name'  => $record['name'],
				'size'  => $record['size'],
				'mime'  => $record['mime'],
			);
		}
		if ( null !== $policy->max_files && count( $files ) > $policy->max_files ) {
			return ErrorMapper::upload_error( new UploadError( UploadError::TOO_MANY, array( 'limit' => $policy->max_files ) ) );
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
			$from = $this->storage->absolute( $records[ $token ]['path'] );
			$rel  = Storage::entry_relative( $entry_id, FileNames::token() );
			$to   = (string) $this->storage->absolute( $rel );
			if ( null === $from || ! wp_mkdir_p( dirname( $to ) ) ) {
				continue;
			}
			// On failure the file stays where it is; its record (now the entry's) still finds it.
			if ( @rename( $from, $to ) ) { // phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged, WordPress.WP.AlternativeFunctions.rename_rename
				$this->records->set_path( $token, $rel );
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
		$url = rest_url( Routes::NAMESPACE . '/entries/' . $entry_id . '/files/' . $token );
		return is_user_logged_in() ? add_query_arg( '_wpnonce', wp_create_nonce( 'wp_rest' ), $url ) : $url;
	}

	/**
	 * A visitor removes a file before submitting: only an unclaimed file of this form, field and
	 * upload id.
	 *
	 * @param int    $form_id   Form id.
	 * @param int    $field_id  Field id.
	 * @param string $upload_id Upload id.
	 * @param string $token     Token.
	 * @return bool Whether a file was removed.
	 */
	public function discard( int $form_id, int $field_id, string $upload_id, string $token ): bool {
		$upload_id = FileNames::upload_id( $upload_id );
		$record    = FileNames::is_token( $token ) ? ( $this->records->find_by_tokens( array( $token ) )[ $token ] ?? null ) : null;
		if ( ! $record || null !== $record['entry_id'] || $record['form_id'] !== $form_id || $record['field_id'] !== $field_id || $record['upload_id'] !== $upload_id ) {
			return false;
		}
		$this->remove( array( $record ) );
		return true;
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
		foreach ( array_unique( array_filter( array_column( $records, 'entry_id' ) ) ) as $entry_id ) {
			Storage::remove_tree( $this->storage->base() . '/entries/' . (int) $entry_id );
		}
	}

	/**
	 * The scheduled cleanup (CleanupJob::HOOK): unclaimed files, abandoned chunk folders, stray
	 * assembled files and lock files older than the maximum age.
	 *
	 * @param int|null $max_age Seconds (null: filter kestrel_forms_upload_max_age, default a day).
	 * @return array{files: int, chunks: int, orphans: int, locks: int} What was removed.
	 */
	public function cleanup( ?int $max_age = null ): array {
		if ( null === $max_age ) {
			/**
			 * Filters how long unclaimed uploads and unfinished chunks are kept, in seconds.
			 *
			 * @param int $seconds Default DAY_IN_SECONDS.
			 */
			$max_age = (int) apply_filters( 'kestrel_forms_upload_max_age', DAY_IN_SECONDS );
		}
		$cutoff  = time() - max( 0, $max_age );
		$removed = array(
			'files'   => 0,
			'chunks'  => 0,
			'orphans' => 0,
			'locks'   => 0,
		);
		do {
			$batch = $this->records->find_unclaimed_before( gmdate( 'Y-m-d H:i:s', $cutoff ), 200 );
			$this->remove( $batch );
			$removed['files'] += count( $batch );
		} while ( count( $batch ) === 200 );

		$dirs = $this->storage->temp_dirs();
		foreach ( self::children( $dirs['chunks'] ) as $path ) {
			if ( is_dir( $path ) && self::newest_mtime( $path ) < $cutoff ) {
				Storage::remove_tree( $path );
				++$removed['chunks'];
			}
		}
		foreach ( self::children( $dirs['files'] ) as $path ) {
			$name = basename( $path );
			if ( is_file( $path ) && FileNames::is_token( $name ) && (int) filemtime( $path ) < $cutoff
				&& ! $this->records->path_exists( Storage::temp_relative( $name ) ) ) {
				wp_delete_file( $path );
				++$removed['orphans'];
			}
		}
		foreach ( self::children( $dirs['locks'] ) as $path ) {
			if ( str_ends_with( $path, '.lock' ) && is_file( $path ) && (int) filemtime( $path ) < $cutoff ) {
				wp_delete_file( $path );
				++$removed['locks'];
			}
		}
		return $removed;
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
		foreach ( $names ?: array() as $name ) {
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
}
