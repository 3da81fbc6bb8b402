<?php
/**
 * How a file is cut into chunks, and whether a chunk fits.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Uploads;

/**
 * Pure arithmetic of resumable.js's chunking (resumable.js `ResumableFile.bootstrap` and
 * `ResumableChunk`), so the server can check every chunk against the file it belongs to.
 *
 * With chunk size C and total size T, resumable.js makes N chunks where
 *   - forceChunkSize false (its default): N = max(floor(T / C), 1); the last chunk takes the
 *     remainder, so it is from C up to 2C - 1 bytes (or T when T < C);
 *   - forceChunkSize true: N = max(ceil(T / C), 1); the last chunk is 1 to C bytes.
 * Every other chunk is exactly C bytes. Both settings are accepted; the declared N tells which.
 */
final class ChunkPlan {

	/** More chunks than this for one file is refused (a 2 GiB file in 1 MiB chunks is 2048). */
	public const MAX_CHUNKS = 10000;

	/**
	 * A plan from figures create() has checked.
	 *
	 * @param int $total_size   File size, bytes.
	 * @param int $chunk_size   Chunk size, bytes.
	 * @param int $total_chunks Number of chunks.
	 */
	private function __construct(
		public readonly int $total_size,
		public readonly int $chunk_size,
		public readonly int $total_chunks
	) {}

	/**
	 * Checks the declared figures against each other and the limits.
	 *
	 * @param int $total_size     resumableTotalSize, bytes.
	 * @param int $chunk_size     resumableChunkSize, bytes.
	 * @param int $total_chunks   resumableTotalChunks.
	 * @param int $max_chunk_size Largest chunk size accepted, bytes.
	 * @param int $max_file_size  Largest file accepted, bytes.
	 *
	 * @throws UploadError When they do not add up or exceed a limit.
	 */
	public static function create( int $total_size, int $chunk_size, int $total_chunks, int $max_chunk_size, int $max_file_size ): self {
		if ( $total_size < 1 ) {
			throw new UploadError( UploadError::EMPTY_FILE );
		}
		if ( $total_size > $max_file_size ) {
			throw new UploadError( UploadError::TOO_LARGE, array( 'limit' => $max_file_size ) );
		}
		if ( $chunk_size < 1 || $chunk_size > $max_chunk_size ) {
			throw new UploadError( UploadError::INVALID_CHUNK, array(), "chunk size {$chunk_size} outside 1..{$max_chunk_size}" );
		}
		$floor = max( intdiv( $total_size, $chunk_size ), 1 );
		$ceil  = max( intdiv( $total_size + $chunk_size - 1, $chunk_size ), 1 );
		if ( $total_chunks !== $floor && $total_chunks !== $ceil ) {
			throw new UploadError( UploadError::INVALID_CHUNK, array(), "{$total_chunks} chunks for {$total_size} bytes in chunks of {$chunk_size}" );
		}
		if ( $total_chunks > self::MAX_CHUNKS ) {
			throw new UploadError( UploadError::INVALID_CHUNK, array(), "{$total_chunks} chunks is more than " . self::MAX_CHUNKS );
		}
		return new self( $total_size, $chunk_size, $total_chunks );
	}

	/**
	 * The size chunk $number (1-based) must have.
	 *
	 * @param int $number Chunk number.
	 *
	 * @throws UploadError When the number is outside 1..total_chunks.
	 */
	public function expected_size( int $number ): int {
		if ( $number < 1 || $number > $this->total_chunks ) {
			throw new UploadError( UploadError::INVALID_CHUNK, array(), "chunk {$number} outside 1..{$this->total_chunks}" );
		}
		return $number < $this->total_chunks
			? $this->chunk_size
			: $this->total_size - ( $this->total_chunks - 1 ) * $this->chunk_size;
	}

	/**
	 * Checks a chunk's number and the size the client declared for it (resumableCurrentChunkSize).
	 *
	 * @param int $number        Chunk number.
	 * @param int $declared_size Declared size, bytes.
	 *
	 * @throws UploadError When either is wrong.
	 */
	public function check_chunk( int $number, int $declared_size ): void {
		$expected = $this->expected_size( $number );
		if ( $declared_size !== $expected ) {
			throw new UploadError( UploadError::INVALID_CHUNK, array(), "chunk {$number} declared {$declared_size} bytes, expected {$expected}" );
		}
	}

	/**
	 * The largest single chunk of this plan (what one request carries at most).
	 */
	public function largest_chunk(): int {
		return max( $this->chunk_size, $this->expected_size( $this->total_chunks ) );
	}
}
