<?php
/**
 * The payment status machine and the per-currency minimums.
 *
 * @package KestrelForms\Tests
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Tests\Unit\Domain\Payments;

use Kestrel\Forms\Domain\Payments\Minimums;
use Kestrel\Forms\Domain\Payments\PaymentStatus as S;
use PHPUnit\Framework\TestCase;

final class PaymentStatusTest extends TestCase {

	/**
	 * Every allowed move of the contract (P1-CONTRACTS "Status machine").
	 *
	 * @return array<string, array{0: string, 1: string}>
	 */
	public static function allowed(): array {
		$moves = array(
			array( S::PROCESSING, S::AUTHORIZED ),
			array( S::PROCESSING, S::PENDING ),
			array( S::PROCESSING, S::PAID ),
			array( S::PROCESSING, S::FAILED ),
			array( S::PROCESSING, S::VOIDED ),
			array( S::AUTHORIZED, S::PAID ),
			array( S::AUTHORIZED, S::VOIDED ),
			array( S::AUTHORIZED, S::FAILED ),
			array( S::PENDING, S::PAID ),
			array( S::PENDING, S::FAILED ),
			array( S::PAID, S::PARTIALLY_REFUNDED ),
			array( S::PAID, S::REFUNDED ),
			array( S::PARTIALLY_REFUNDED, S::PARTIALLY_REFUNDED ),
			array( S::PARTIALLY_REFUNDED, S::REFUNDED ),
		);
		$out   = array();
		foreach ( $moves as $move ) {
			$out[ $move[0] . '→' . $move[1] ] = $move;
		}
		return $out;
	}

	/**
	 * @dataProvider allowed
	 */
	public function test_allowed_moves( string $from, string $to ): void {
		$this->assertTrue( S::can_move( $from, $to ) );
		$this->assertContains( $from, S::sources_of( $to ) );
	}

	public function test_every_other_move_is_refused(): void {
		$allowed = array_keys( self::allowed() );
		$refused = 0;
		foreach ( S::ALL as $from ) {
			foreach ( S::ALL as $to ) {
				if ( in_array( $from . '→' . $to, $allowed, true ) ) {
					continue;
				}
				$this->assertFalse( S::can_move( $from, $to ), "{$from} → {$to} must be refused" );
				$this->assertNotContains( $from, S::sources_of( $to ), "{$from} must not be a source of {$to}" );
				++$refused;
			}
		}
		// 10 × 10 pairs minus the 14 allowed moves.
		$this->assertSame( 86, $refused );
	}

	public function test_statuses_never_go_back(): void {
		$this->assertFalse( S::can_move( S::PAID, S::AUTHORIZED ) );
		$this->assertFalse( S::can_move( S::REFUNDED, S::PAID ) );
		$this->assertFalse( S::can_move( S::PAID, S::FAILED ) );
		$this->assertFalse( S::can_move( S::VOIDED, S::PAID ) );
		$this->assertFalse( S::can_move( S::FAILED, S::PROCESSING ) );
		$this->assertFalse( S::can_move( S::PAID, S::PAID ) );
		$this->assertFalse( S::can_move( 'nonsense', S::PAID ) );
		$this->assertSame( array(), S::sources_of( S::PROCESSING ) );
	}

	public function test_final_and_taken_statuses(): void {
		foreach ( array( S::REFUNDED, S::VOIDED, S::FAILED ) as $final ) {
			$this->assertTrue( S::is_final( $final ), $final );
		}
		foreach ( array( S::PROCESSING, S::AUTHORIZED, S::PENDING, S::PAID, S::PARTIALLY_REFUNDED ) as $open ) {
			$this->assertFalse( S::is_final( $open ), $open );
		}
		$this->assertTrue( S::is_taken( S::AUTHORIZED ) );
		$this->assertTrue( S::is_taken( S::PAID ) );
		$this->assertFalse( S::is_taken( S::PROCESSING ) );
		$this->assertFalse( S::is_taken( S::VOIDED ) );
		$this->assertFalse( S::is_taken( S::FAILED ) );
	}

	public function test_from_provider(): void {
		$this->assertSame( S::AUTHORIZED, S::from_provider( 'APPROVED', 3000 ) );
		$this->assertSame( S::PENDING, S::from_provider( 'PENDING', 3000 ) );
		$this->assertSame( S::PAID, S::from_provider( 'COMPLETED', 3000 ) );
		$this->assertSame( S::PAID, S::from_provider( 'COMPLETED', 3000, 0 ) );
		$this->assertSame( S::PARTIALLY_REFUNDED, S::from_provider( 'COMPLETED', 3000, 1000 ) );
		$this->assertSame( S::REFUNDED, S::from_provider( 'COMPLETED', 3000, 3000 ) );
		$this->assertSame( S::VOIDED, S::from_provider( 'CANCELED', 3000 ) );
		$this->assertSame( S::FAILED, S::from_provider( 'FAILED', 3000 ) );
		$this->assertSame( S::PAID, S::from_provider( 'completed', 3000 ) );
		$this->assertNull( S::from_provider( 'SOMETHING_NEW', 3000 ) );
	}

	public function test_minimums_per_currency(): void {
		$this->assertSame( 1, Minimums::for_currency( 'USD' ) );
		$this->assertSame( 1, Minimums::for_currency( 'CAD' ) );
		$this->assertSame( 100, Minimums::for_currency( 'EUR' ) );
		$this->assertSame( 100, Minimums::for_currency( 'GBP' ) );
		$this->assertSame( 100, Minimums::for_currency( 'AUD' ) );
		$this->assertSame( 100, Minimums::for_currency( 'jpy' ) );
		$this->assertSame( 1, Minimums::for_currency( 'CHF' ) );
		$this->assertTrue( Minimums::is_below( 99, 'EUR' ) );
		$this->assertFalse( Minimums::is_below( 100, 'EUR' ) );
		$this->assertFalse( Minimums::is_below( 1, 'USD' ) );
		$this->assertTrue( Minimums::is_below( 0, 'USD' ) );
	}
}
