<?php
/**
 * Chunk arithmetic of resumable.js uploads.
 *
 * @package KestrelForms\Tests
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Tests\Unit\Uploads;

use Kestrel\Forms\Uploads\ChunkPlan;
use Kestrel\Forms\Uploads\UploadError;
use PHPUnit\Framework\TestCase;

final class ChunkPlanTest extends TestCase {

	private const MB = 1048576;

	private static function plan( int $total, int $chunk, int $chunks, int $max_file = 100 * self::MB ): ChunkPlan {
		return ChunkPlan::create( $total, $chunk, $chunks, 32 * self::MB, $max_file );
	}

	private function assert_refused( string $code, callable $fn ): void {
		try {
			$fn();
		} catch ( UploadError $e ) {
			$this->assertSame( $code, $e->error_code, $e->getMessage() );
			return;
		}
		$this->fail( "Expected {$code}." );
	}

	/**
	 * The resumable.js default (forceChunkSize false): floor(T / C) chunks, the last one takes the rest.
	 */
	public function test_default_chunking_puts_the_remainder_in_the_last_chunk(): void {
		$plan = self::plan( 3500, 1000, 3 );
		$this->assertSame( array( 1000, 1000, 1500 ), array_map( array( $plan, 'expected_size' ), array( 1, 2, 3 ) ) );
		$this->assertSame( 1500, $plan->largest_chunk() );
	}

	/**
	 * With forceChunkSize true: ceil(T / C) chunks, the last one is the short rest.
	 */
	public function test_forced_chunk_size_makes_a_short_last_chunk(): void {
		$plan = self::plan( 3500, 1000, 4 );
		$this->assertSame( array( 1000, 1000, 1000, 500 ), array_map( array( $plan, 'expected_size' ), array( 1, 2, 3, 4 ) ) );
	}

	public function test_a_file_smaller_than_a_chunk_is_one_chunk_and_an_exact_multiple_has_no_rest(): void {
		$this->assertSame( 700, self::plan( 700, 1000, 1 )->expected_size( 1 ) );
		$plan = self::plan( 4000, 1000, 4 );
		$this->assertSame( 1000, $plan->expected_size( 4 ) );
		$this->assert_refused( UploadError::INVALID_CHUNK, fn() => self::plan( 4000, 1000, 5 ) );
	}

	public function test_chunk_numbers_outside_the_plan_are_refused(): void {
		$plan = self::plan( 3500, 1000, 3 );
		$this->assert_refused( UploadError::INVALID_CHUNK, fn() => $plan->expected_size( 0 ) );
		$this->assert_refused( UploadError::INVALID_CHUNK, fn() => $plan->expected_size( 4 ) );
		$this->assert_refused( UploadError::INVALID_CHUNK, fn() => $plan->check_chunk( -1, 1000 ) );
	}

	public function test_a_declared_chunk_size_must_match_its_place(): void {
		$plan = self::plan( 3500, 1000, 3 );
		$plan->check_chunk( 1, 1000 );
		$plan->check_chunk( 3, 1500 );
		$this->assert_refused( UploadError::INVALID_CHUNK, fn() => $plan->check_chunk( 1, 999 ) );
		$this->assert_refused( UploadError::INVALID_CHUNK, fn() => $plan->check_chunk( 3, 1000 ) );
		$this->assert_refused( UploadError::INVALID_CHUNK, fn() => $plan->check_chunk( 2, 1500 ) );
	}

	public function test_a_chunk_count_that_fits_neither_chunking_is_refused(): void {
		$this->assert_refused( UploadError::INVALID_CHUNK, fn() => self::plan( 3500, 1000, 2 ) );
		$this->assert_refused( UploadError::INVALID_CHUNK, fn() => self::plan( 3500, 1000, 5 ) );
		$this->assert_refused( UploadError::INVALID_CHUNK, fn() => self::plan( 700, 1000, 2 ) );
	}

	public function test_sizes_and_limits(): void {
		$this->assert_refused( UploadError::EMPTY_FILE, fn() => self::plan( 0, 1000, 1 ) );
		$this->assert_refused( UploadError::EMPTY_FILE, fn() => self::plan( -5, 1000, 1 ) );
		$this->assert_refused( UploadError::INVALID_CHUNK, fn() => self::plan( 1000, 0, 1 ) );
		$this->assert_refused( UploadError::INVALID_CHUNK, fn() => self::plan( 64 * self::MB, 33 * self::MB, 1 ) );
		// Exactly at the field limit is fine, one byte more is not, and the limit is reported.
		self::plan( 2 * self::MB, self::MB, 2, 2 * self::MB );
		try {
			self::plan( 2 * self::MB + 1, self::MB, 2, 2 * self::MB );
			$this->fail( 'Expected too large.' );
		} catch ( UploadError $e ) {
			$this->assertSame( UploadError::TOO_LARGE, $e->error_code );
			$this->assertSame( array( 'limit' => 2 * self::MB ), $e->params );
			$this->assertSame( 400, $e->status() );
		}
	}

	public function test_too_many_chunks_are_refused(): void {
		$this->assertSame( ChunkPlan::MAX_CHUNKS, self::plan( ChunkPlan::MAX_CHUNKS * 100, 100, ChunkPlan::MAX_CHUNKS )->total_chunks );
		$this->assert_refused( UploadError::INVALID_CHUNK, fn() => self::plan( ( ChunkPlan::MAX_CHUNKS + 1 ) * 100, 100, ChunkPlan::MAX_CHUNKS + 1 ) );
	}

	/**
	 * Every refusal uses a status our uploader gives up on at once (resumable.js's 400, 404, 415,
	 * 500, 501 and our 409); "busy" (503) and the 429s are retried after their Retry-After.
	 */
	public function test_statuses_are_final_for_the_uploader_except_those_with_retry_after(): void {
		$permanent = array( 400, 404, 409, 415, 500, 501 );
		$codes     = ( new \ReflectionClass( UploadError::class ) )->getConstants();
		foreach ( $codes as $name => $code ) {
			if ( ! is_string( $code ) || ! str_starts_with( $code, 'kestrel_forms_' ) ) {
				continue;
			}
			$error  = new UploadError( $code, array( 'retry_after' => 5 ) );
			$status = $error->status();
			if ( UploadError::BUSY === $code ) {
				$this->assertSame( 503, $status );
				$this->assertSame( UploadError::BUSY_RETRY_AFTER, $error->retry_after() );
			} elseif ( in_array( $code, array( UploadError::RATE_LIMITED, UploadError::QUOTA ), true ) ) {
				$this->assertSame( 429, $status );
				$this->assertSame( 5, $error->retry_after() );
			} else {
				$this->assertContains( $status, $permanent, $name );
			}
		}
		$this->assertNull( ( new UploadError( UploadError::MISMATCH ) )->retry_after() );
	}
}
