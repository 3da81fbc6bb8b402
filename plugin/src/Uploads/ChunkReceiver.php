<?php
/**
 * Receives resumable.js chunks and assembles finished uploads, once.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Uploads;

use Kestrel\Forms\Contracts\ChunkSource;
use Kestrel\Forms\Persistence\UploadRepository;

/**
 * Chunks may arrive in any order, several at once (resumable.js sends 3 in parallel), and more
 * than once (retries, a resumed upload). Each chunk is written under a temporary name and renamed
 * into place, so a reader never sees half a chunk. The request that finds every chunk present
 * assembles the file; exactly-once is guaranteed by renaming the chunk folder away (rename is
 * atomic: one request wins, the others find no folder), and an flock around the assembly makes
 * the losers wait and answer with the finished file instead of "incomplete".
 *
 * Assembly streams chunk by chunk (stream_copy_to_stream), so memory stays constant whatever the
 * file size (issue 4: a 1 GiB upload must not need 1 GiB of PHP memory).
 */
final class ChunkReceiver {

	public function __construct(
		private readonly Storage $storage,
		private readonly UploadRepository $records,
		private readonly FileInspector $inspector,
		private readonly ChunkSource $source
	) {}

	/**
	 * resumable.js testChunks: whether this chunk (or the whole file) is already here.
	 *
	 * @param ChunkRequest $request The checked request.
	 * @return array{complete: bool, record: array<string, mixed>|null}|null Null when the chunk must be sent.
	 */
	public function test( ChunkRequest $request ): ?array {
		$done = $this->records->find_unclaimed_by_key( $request->key );
		if ( $done ) {
			return self::result( $done );
		}
		$path = Storage::chunk_path( $this->storage->chunk_dir( $request->key ), $request->number );
		clearstatcache( true, $path );
		if ( is_file( $path ) && filesize( $path ) === $request->plan->expected_size( $request->number ) ) {
			return self::result( null );
		}
		return null;
	}

	/**
	 * Stores one chunk and, when it completes the file, assembles and checks it.
	 *
	 * @param ChunkRequest         $request The checked request.
	 * @param array<string, mixed> $file    The request's `file` part.
	 * @return array{complete: bool, record: array<string, mixed>|null}
	 *
	 * @throws UploadError When the chunk or the assembled file is refused.
	 */
	public function receive( ChunkRequest $request, array $file ): array {
		$expected = $request->plan->expected_size( $request->number );
		if ( isset( $file['size'] ) && (int) $file['size'] !== $expected ) {
			throw new UploadError( UploadError::INVALID_CHUNK, array(), "chunk {$request->number} has {$file['size']} bytes, expected {$expected}" );
		}
		$done = $this->records->find_unclaimed_by_key( $request->key );
		if ( $done ) {
			// A retry after the file was assembled: nothing to store.
			return self::result( $done );
		}

		$this->storage->ensure();
		$dir = $this->storage->chunk_dir( $request->key );
		if ( ! is_dir( $dir ) && ! wp_mkdir_p( $dir ) ) {
			throw new UploadError( UploadError::STORAGE, array(), "cannot create {$dir}" );
		}
		$incoming = $dir . '/' . $request->number . '.part.' . FileNames::token();
		if ( ! $this->source->move( $file, $incoming ) ) {
			if ( ! is_dir( $dir ) ) {
				// The folder was renamed away for assembly while this retry was arriving.
				throw new UploadError( UploadError::BUSY );
			}
			throw new UploadError( UploadError::MISSING_FILE, array(), 'not a genuine upload, or it could not be moved' );
		}
		clearstatcache( true, $incoming );
		$size = (int) filesize( $incoming );
		if ( $size !== $expected ) {
			wp_delete_file( $incoming );
			throw new UploadError( UploadError::INVALID_CHUNK, array(), "chunk {$request->number} has {$size} bytes, expected {$expected}" );
		}
		if ( ! @rename( $incoming, Storage::chunk_path( $dir, $request->number ) ) ) { // phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged, WordPress.WP.AlternativeFunctions.rename_rename
			wp_delete_file( $incoming );
			throw new UploadError( UploadError::BUSY );
		}
		@touch( $dir ); // phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged -- marks the upload as active for the cleanup job.

		if ( ! $this->all_present( $dir, $request->plan ) ) {
			return self::result( null );
		}
		return $this->assemble( $request, $dir );
	}

	/**
	 * Whether every chunk of the plan is in the folder with its exact size.
	 *
	 * @param string    $dir  Chunk folder.
	 * @param ChunkPlan $plan Chunking.
	 */
	private function all_present( string $dir, ChunkPlan $plan ): bool {
		$names = @scandir( $dir ); // phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged -- the folder may have been renamed away.
		if ( false === $names ) {
			return false;
		}
		$count = count( preg_grep( '/^[0-9]+\.part$/D', $names ) ?: array() );
		if ( $count < $plan->total_chunks ) {
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
	 * Assembles the chunks into one checked file and records it; safe against parallel calls.
	 *
	 * @param ChunkRequest $request The request that completed the set.
	 * @param string       $dir     Chunk folder.
	 * @return array{complete: bool, record: array<string, mixed>|null}
	 *
	 * @throws UploadError When the assembled file is refused or cannot be stored.
	 */
	private function assemble( ChunkRequest $request, string $dir ): array {
		$lock = @fopen( $this->storage->lock_path( $request->key ), 'c' ); // phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged, WordPress.WP.AlternativeFunctions.file_system_operations_fopen
		if ( $lock ) {
			flock( $lock, LOCK_EX );
		}
		try {
			$done = $this->records->find_unclaimed_by_key( $request->key );
			if ( $done ) {
				return self::result( $done );
			}
			// The gate: only the request that renames the folder assembles it.
			$work = $dir . '.assembling-' . FileNames::token();
			if ( ! $this->all_present( $dir, $request->plan ) || ! @rename( $dir, $work ) ) { // phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged, WordPress.WP.AlternativeFunctions.rename_rename
				return self::result( null );
			}
			ignore_user_abort( true );

			$relative = Storage::temp_relative( FileNames::token() );
			$target   = (string) $this->storage->absolute( $relative );
			try {
				$this->concatenate( $work, $request->plan, $target );
				$checked = $this->inspector->check_file( $target, $request->name, $request->plan->total_size, $request->policy );
			} catch ( UploadError $e ) {
				wp_delete_file( $target );
				throw $e;
			} finally {
				Storage::remove_tree( $work );
			}

			$record = array(
				'token'      => FileNames::token(),
				'upload_key' => $request->key,
				'form_id'    => $request->form_id,
				'field_id'   => $request->field_id,
				'upload_id'  => $request->upload_id,
				'path'       => $relative,
				'name'       => $checked['name'],
				'size'       => $request->plan->total_size,
				'mime'       => $checked['mime'],
			);
			if ( ! $this->records->insert( $record ) ) {
				wp_delete_file( $target );
				throw new UploadError( UploadError::STORAGE, array(), 'the record could not be saved' );
			}
			return self::result( $record + array( 'entry_id' => null ) );
		} finally {
			if ( $lock ) {
				flock( $lock, LOCK_UN );
				fclose( $lock ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_operations_fclose
			}
		}
	}

	/**
	 * Appends the chunks in order to a new file, a stream copy at a time.
	 *
	 * @param string    $dir    Folder holding 1.part .. N.part.
	 * @param ChunkPlan $plan   Chunking.
	 * @param string    $target New file.
	 *
	 * @throws UploadError When a chunk is missing or short, or the file cannot be written.
	 */
	private function concatenate( string $dir, ChunkPlan $plan, string $target ): void {
		// phpcs:disable WordPress.WP.AlternativeFunctions -- streaming copy; WP_Filesystem would read whole files into memory.
		$out = @fopen( $target, 'xb' ); // phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged
		if ( ! $out ) {
			throw new UploadError( UploadError::STORAGE, array(), "cannot create {$target}" );
		}
		try {
			for ( $n = 1; $n <= $plan->total_chunks; $n++ ) {
				$in = @fopen( Storage::chunk_path( $dir, $n ), 'rb' ); // phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged
				if ( ! $in ) {
					throw new UploadError( UploadError::INVALID_CHUNK, array(), "chunk {$n} vanished" );
				}
				$copied = stream_copy_to_stream( $in, $out );
				fclose( $in );
				if ( $copied !== $plan->expected_size( $n ) ) {
					throw new UploadError( UploadError::STORAGE, array(), "copied {$copied} bytes of chunk {$n}" );
				}
			}
			if ( ! fflush( $out ) ) {
				throw new UploadError( UploadError::STORAGE, array(), 'flush failed' );
			}
		} finally {
			fclose( $out );
		}
		// phpcs:enable
	}

	/**
	 * @param array<string, mixed>|null $record Finished file's record, or null while incomplete.
	 * @return array{complete: bool, record: array<string, mixed>|null}
	 */
	private static function result( ?array $record ): array {
		return array(
			'complete' => null !== $record,
			'record'   => $record,
		);
	}
}
