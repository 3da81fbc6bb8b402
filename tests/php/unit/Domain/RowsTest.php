<?php
/**
 * Rows of list and repeater fields: stored rows back to the flat cells visitors submit.
 *
 * @package KestrelForms\Tests
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Tests\Unit\Domain;

use Kestrel\Forms\Domain\Form\Rows;
use PHPUnit\Framework\TestCase;

final class RowsTest extends TestCase {

	public function test_cells_of_is_the_inverse_of_rows_of(): void {
		$list  = array(
			'type'    => 'list',
			'columns' => array( 'Item', 'Qty' ),
		);
		$cells = array( 'Tea', '2', 'Cake', '1' );
		$this->assertSame( $cells, Rows::cells_of( $list, Rows::rows_of( $list, $cells ) ) );
	}

	public function test_cells_of_pads_short_rows_and_reads_anything_else_as_no_rows(): void {
		$repeater = array(
			'type'   => 'repeater',
			'fields' => array(
				array(
					'id'    => 1,
					'type'  => 'text',
					'label' => 'Name',
				),
				array(
					'id'    => 2,
					'type'  => 'number',
					'label' => 'Age',
				),
			),
		);
		$this->assertSame( array( 'Ada', '', 'Grace', '85' ), Rows::cells_of( $repeater, array( array( 'Ada' ), array( 'Grace', 85, 'extra' ) ) ) );
		$this->assertSame( array( 'one' ), Rows::cells_of( array( 'type' => 'list' ), array( 'one' ) ) );
		$this->assertSame( array(), Rows::cells_of( $repeater, 'not rows' ) );
		$this->assertSame( array( '', '' ), Rows::cells_of( $repeater, array( array( array( 'nested' ), null ) ) ) );
	}
}
