<?php
/**
 * The pages the plain post moves between: split at page breaks, a page skipped when its break
 * is hidden or only hidden-type fields show (the twin of Form.tsx's pageShown).
 *
 * @package KestrelForms\Tests
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Tests\Unit\Frontend;

use Kestrel\Forms\Domain\Form\Form;
use Kestrel\Forms\Frontend\PlainPostPages;
use PHPUnit\Framework\TestCase;

final class PlainPostPagesTest extends TestCase {

	/**
	 * Page 0: 1; page 1 (break 10): 2 (hidden type); page 2 (break 20): 3; page 3 (break 30): 4.
	 */
	private static function pages(): PlainPostPages {
		$field = static fn( int $id, string $type ): array => array(
			'id'   => $id,
			'type' => $type,
		);
		return new PlainPostPages(
			new Form(
				1,
				array(
					'fields' => array(
						$field( 1, 'text' ),
						$field( 10, 'page' ),
						$field( 2, 'hidden' ),
						$field( 20, 'page' ),
						$field( 3, 'text' ),
						$field( 30, 'page' ),
						$field( 4, 'text' ),
					),
				)
			)
		);
	}

	public function test_the_form_is_split_at_its_breaks(): void {
		$pages = self::pages();
		$this->assertSame( 4, $pages->count() );
		$this->assertSame( array( 1 ), $pages->field_ids( 0 ) );
		$this->assertSame( array( 2 ), $pages->field_ids( 1 ) );
		$this->assertSame( 2, $pages->page_of( 3 ) );
		$this->assertNull( $pages->page_of( 10 ), 'A break belongs to no page.' );
	}

	public function test_pages_with_only_hidden_type_fields_or_a_hidden_break_are_skipped_both_ways(): void {
		$pages   = self::pages();
		$visible = array_fill_keys( array( 1, 2, 3, 4, 10, 20, 30 ), true );
		$this->assertFalse( $pages->shown( 1, $visible ), 'Only a hidden-type field: skipped.' );
		$this->assertSame( 2, $pages->next( 0, $visible ) );
		$this->assertSame( 0, $pages->previous( 2, $visible ) );

		$visible[20] = false; // The break of page 2 is hidden by its rules.
		$this->assertSame( 3, $pages->next( 0, $visible ) );
		$this->assertSame( 0, $pages->previous( 3, $visible ) );
		$this->assertNull( $pages->next( 3, $visible ), 'The last page has no next one.' );
		$this->assertNull( $pages->previous( 0, $visible ) );

		$visible[4] = false; // Page 3's only field is hidden: page 0 is the last shown page.
		$this->assertNull( $pages->next( 0, $visible ) );
	}

	public function test_a_posted_page_index_outside_the_form_is_the_first_page(): void {
		$pages = self::pages();
		$this->assertSame( 3, $pages->clamp( '3' ) );
		$this->assertSame( 0, $pages->clamp( '4' ) );
		$this->assertSame( 0, $pages->clamp( '-1' ) );
		$this->assertSame( 0, $pages->clamp( 'x' ) );
		$this->assertSame( 0, $pages->clamp( array( 2 ) ) );
	}
}
