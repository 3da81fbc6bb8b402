<?php
/**
 * Helpers for tests that submit forms.
 *
 * @package KestrelForms\Tests
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Tests\Integration\Rest;

use Kestrel\Forms\Domain\Entry\Entry;
use Kestrel\Forms\Persistence\Schema;
use Kestrel\Forms\Plugin;
use Kestrel\Forms\Submissions\EntryReference;
use WP_REST_Response;

/**
 * Public submission answers carry an opaque reference, not the entry id: these helpers find the
 * entry a reference names (as a manager would), and switch the per-client submission rate limit
 * off for tests that are not about it (every in-process request comes from 127.0.0.1).
 */
trait SubmissionAnswers {

	/**
	 * The entry id a 201 answer's reference names (0 when none does).
	 *
	 * @param WP_REST_Response $response A submission answer.
	 */
	protected static function entry_id_of( WP_REST_Response $response ): int {
		global $wpdb;
		$data      = $response->get_data();
		$reference = is_array( $data ) ? (string) ( $data['reference'] ?? '' ) : '';
		$t         = Schema::tables();
		foreach ( array_map( 'intval', $wpdb->get_col( "SELECT id FROM {$t['entries']} ORDER BY id DESC" ) ) as $id ) { // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared
			if ( EntryReference::matches( $reference, $id ) ) {
				return $id;
			}
		}
		return 0;
	}

	/**
	 * The entry a 201 answer's reference names.
	 *
	 * @param WP_REST_Response $response A submission answer.
	 */
	protected static function entry_of( WP_REST_Response $response ): ?Entry {
		$id = self::entry_id_of( $response );
		return $id ? Plugin::instance()->entries->find( $id ) : null;
	}

	/**
	 * No submission rate limit for the rest of this test (hooks are put back after each test).
	 */
	protected static function without_submission_rate_limit(): void {
		add_filter(
			'kestrel_forms_rate_limit',
			static fn( $limit, string $bucket ) => 'submission' === $bucket ? array( 0, 60 ) : $limit,
			10,
			2
		);
	}
}
