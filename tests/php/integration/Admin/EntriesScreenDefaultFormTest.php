<?php
/**
 * Where the entries screen opens when no form is asked for (the "Entries" menu item): on the form
 * with the latest entry, not on the newest form, which after an import or a copy has no entries
 * (issue 14, item 6).
 *
 * @package KestrelForms\Tests
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Tests\Integration\Admin;

use Kestrel\Forms\Admin\EntriesScreen;
use Kestrel\Forms\Domain\Entry\Entry;
use Kestrel\Forms\Plugin;
use Kestrel\Forms\Rest\Routes;
use Kestrel\Forms\Tests\Integration\Rest\FormsControllerTest;
use Kestrel\Forms\Tests\Integration\Support\TestCase;

final class EntriesScreenDefaultFormTest extends TestCase {

	protected function set_up(): void {
		$this->as_admin();
	}

	protected function tear_down(): void {
		$_GET = array();
	}

	/**
	 * A new form with a title.
	 *
	 * @param string $title Title.
	 */
	private static function form( string $title ): int {
		$definition          = FormsControllerTest::definition();
		$definition['title'] = $title;
		return Plugin::instance()->forms->create( $definition );
	}

	/**
	 * The form id the screen opens on for a query string.
	 *
	 * @param array<string, string> $get The query.
	 */
	private static function opened( array $get = array() ): int {
		$_GET = $get;
		return ( new EntriesScreen( Plugin::instance()->forms, Routes::NAMESPACE ) )->config()['formId'];
	}

	public function test_opens_on_the_form_with_the_latest_entry_not_on_a_newer_import(): void {
		$with_entries = self::form( 'Orders' );
		Plugin::instance()->entries->insert( new Entry( 0, $with_entries, array( '1' => 'Ada' ), gmdate( 'Y-m-d H:i:s' ) ) );
		// The import: a newer form, listed first, without entries.
		$imported = self::form( 'Orders (imported)' );

		$this->assertSame( $with_entries, self::opened() );
		// Asked for, the import opens.
		$this->assertSame( $imported, self::opened( array( 'form_id' => (string) $imported ) ) );
	}

	public function test_a_trashed_form_or_spam_entries_do_not_count(): void {
		$first = self::form( 'First' );
		Plugin::instance()->entries->insert( new Entry( 0, $first, array( '1' => 'Ada' ), gmdate( 'Y-m-d H:i:s' ) ) );
		$trashed = self::form( 'Trashed' );
		Plugin::instance()->entries->insert( new Entry( 0, $trashed, array( '1' => 'Bob' ), gmdate( 'Y-m-d H:i:s' ) ) );
		Plugin::instance()->forms->set_status( $trashed, 'trash' );
		$spammed = self::form( 'Spammed' );
		Plugin::instance()->entries->insert( new Entry( 0, $spammed, array( '1' => 'Spam' ), gmdate( 'Y-m-d H:i:s' ), '', 0, 'spam' ) );

		$this->assertSame( $first, self::opened() );
	}
}
