<?php
/**
 * The entries list's views "All | Unread | Starred | Spam | Trash (n)": their counts in one
 * prepared query, kept right through trash, spam, restore (and its undo) and delete, and
 * nobody without the capability reads or changes them.
 *
 * @package KestrelForms\Tests
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Tests\Integration\Rest;

use Kestrel\Forms\Domain\Entry\Entry;
use Kestrel\Forms\Persistence\EntryRepository;
use Kestrel\Forms\Persistence\Schema;
use Kestrel\Forms\Tests\Integration\Support\TestCase;

final class EntriesHousekeepingTest extends TestCase {

	private int $form_id;

	/** @var list<int> */
	private array $ids = array();

	protected function set_up(): void {
		$this->as_admin();
		$response      = $this->rest(
			'POST',
			'/kestrel-forms/v1/forms',
			array(
				'title'  => 'Housekeeping',
				'fields' => array(
					array(
						'id'    => 1,
						'type'  => 'text',
						'label' => 'Name',
					),
				),
			)
		);
		$this->form_id = (int) $response->get_data()['id'];
		$repo          = new EntryRepository();
		foreach ( array( 'Ada', 'Grace', 'Linus', 'Barbara', 'Eve' ) as $i => $name ) {
			$this->ids[] = $repo->insert( new Entry( 0, $this->form_id, array( '1' => $name ), '2026-05-0' . ( $i + 1 ) . ' 10:00:00' ) )['id'];
		}
		// Another form's entries count for that form only.
		$other = (int) $this->rest(
			'POST',
			'/kestrel-forms/v1/forms',
			array(
				'title'  => 'Other',
				'fields' => array(
					array(
						'id'    => 1,
						'type'  => 'text',
						'label' => 'Name',
					),
				),
			)
		)->get_data()['id'];
		$repo->insert( new Entry( 0, $other, array( '1' => 'Elsewhere' ), '2026-05-01 10:00:00' ) );
	}

	/**
	 * @param string    $action Bulk action.
	 * @param list<int> $ids    Entry ids.
	 */
	private function bulk( string $action, array $ids ): \WP_REST_Response {
		return $this->rest(
			'POST',
			'/kestrel-forms/v1/entries/bulk',
			array(
				'action' => $action,
				'ids'    => $ids,
			)
		);
	}

	/**
	 * @return array<string, int>
	 */
	private function counts(): array {
		$response = $this->rest( 'GET', '/kestrel-forms/v1/entries/counts', null, array( 'form_id' => $this->form_id ) );
		$this->assert_rest_status( 200, $response );
		return $response->get_data();
	}

	public function test_counts_of_each_view_in_one_query(): void {
		$this->bulk( 'star', array( $this->ids[0], $this->ids[1], $this->ids[4] ) );
		$this->bulk( 'read', array( $this->ids[0], $this->ids[2] ) );
		$this->bulk( 'spam', array( $this->ids[3] ) );
		$this->bulk( 'trash', array( $this->ids[4] ) );

		$queries = array();
		$table   = Schema::tables()['entries'];
		add_filter(
			'query',
			static function ( string $query ) use ( &$queries, $table ): string {
				if ( str_contains( $query, $table ) ) {
					$queries[] = $query;
				}
				return $query;
			}
		);
		// All: the three active ones (Ada, Grace, Linus); unread and starred among them.
		$this->assertSame(
			array(
				'all'     => 3,
				'unread'  => 1,
				'starred' => 2,
				'spam'    => 1,
				'trash'   => 1,
			),
			$this->counts()
		);
		$this->assertCount( 1, $queries, implode( "\n", $queries ) );
		$this->assertStringContainsString( 'form_id = ' . $this->form_id, $queries[0] );

		// Empty for a form without entries.
		$this->assertSame( 0, array_sum( $this->rest( 'GET', '/kestrel-forms/v1/entries/counts', null, array( 'form_id' => 999999 ) )->get_data() ) );
		$this->assert_rest_error( 'kestrel_forms_missing_param', 400, $this->rest( 'GET', '/kestrel-forms/v1/entries/counts' ) );
	}

	public function test_trash_spam_restore_undo_and_delete_move_the_counts(): void {
		$this->assertSame( 5, $this->counts()['all'] );
		// Trash two (one of them spam first), as the list's bulk action does.
		$this->bulk( 'spam', array( $this->ids[1] ) );
		$this->assertSame( 2, $this->bulk( 'trash', array( $this->ids[0], $this->ids[1] ) )->get_data()['changed'] );
		$this->assertSame( array( 3, 0, 2 ), array_values( array_intersect_key( $this->counts(), array_flip( array( 'all', 'spam', 'trash' ) ) ) ) );
		// Undo puts each back where it was: the active one restored, the spam one spam again.
		$this->bulk( 'restore', array( $this->ids[0] ) );
		$this->bulk( 'spam', array( $this->ids[1] ) );
		$counts = $this->counts();
		$this->assertSame( array( 4, 1, 0 ), array( $counts['all'], $counts['spam'], $counts['trash'] ) );
		$this->assertSame( 'spam', $this->rest( 'GET', '/kestrel-forms/v1/entries/' . $this->ids[1] )->get_data()['status'] );
		// Not spam; then trash and delete for good.
		$this->bulk( 'not_spam', array( $this->ids[1] ) );
		$this->bulk( 'trash', array( $this->ids[2] ) );
		$this->assertSame( 1, $this->bulk( 'delete', array( $this->ids[2] ) )->get_data()['changed'] );
		$counts = $this->counts();
		$this->assertSame( array( 4, 0, 0 ), array( $counts['all'], $counts['spam'], $counts['trash'] ) );
		// Reading and starring change the views' counts, not the statuses.
		$this->bulk( 'read', array( $this->ids[0] ) );
		$this->bulk( 'star', array( $this->ids[0] ) );
		$counts = $this->counts();
		$this->assertSame( array( 4, 3, 1 ), array( $counts['all'], $counts['unread'], $counts['starred'] ) );
	}

	public function test_nobody_without_the_capability_counts_or_changes_entries(): void {
		foreach ( array( 'subscriber', 'anonymous' ) as $who ) {
			'anonymous' === $who ? $this->as_anonymous() : $this->as_role( $who );
			$this->assert_rest_error( 'kestrel_forms_forbidden', 403, $this->rest( 'GET', '/kestrel-forms/v1/entries/counts', null, array( 'form_id' => $this->form_id ) ) );
			foreach ( array( 'trash', 'restore', 'spam', 'not_spam', 'delete' ) as $action ) {
				$this->assert_rest_error( 'kestrel_forms_forbidden', 403, $this->bulk( $action, array( $this->ids[0] ) ) );
			}
		}
		$this->as_admin();
		$this->assertSame( 5, $this->counts()['all'] );
		$this->assertSame( 'active', $this->rest( 'GET', '/kestrel-forms/v1/entries/' . $this->ids[0] )->get_data()['status'] );
	}
}
