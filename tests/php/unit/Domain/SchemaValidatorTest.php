<?php
/**
 * The JSON Schema subset validator itself.
 *
 * @package KestrelForms\Tests
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Tests\Unit\Domain;

use InvalidArgumentException;
use Kestrel\Forms\Domain\Schema\SchemaError;
use Kestrel\Forms\Domain\Schema\SchemaValidator;
use PHPUnit\Framework\TestCase;

final class SchemaValidatorTest extends TestCase {

	/**
	 * @param array<string, mixed> $schema Schema.
	 * @param mixed                $value  Value.
	 * @return list<string>
	 */
	private static function errors( array $schema, mixed $value ): array {
		return array_map(
			static fn( SchemaError $e ): string => $e->path . ' ' . $e->keyword,
			( new SchemaValidator( $schema ) )->validate( $value )
		);
	}

	public function test_types(): void {
		$this->assertSame( array(), self::errors( array( 'type' => 'integer' ), 3 ) );
		$this->assertSame( array(), self::errors( array( 'type' => 'integer' ), 3.0 ) );
		$this->assertSame( array( ' type' ), self::errors( array( 'type' => 'integer' ), 3.5 ) );
		$this->assertSame( array( ' type' ), self::errors( array( 'type' => 'integer' ), '3' ) );
		$this->assertSame( array(), self::errors( array( 'type' => array( 'array', 'null' ) ), null ) );
		$this->assertSame( array( ' type' ), self::errors( array( 'type' => 'object' ), array( 1, 2 ) ) );
		$this->assertSame( array(), self::errors( array( 'type' => 'object' ), array() ) );
		$this->assertSame( array( ' type' ), self::errors( array( 'type' => 'boolean' ), 1 ) );
	}

	public function test_strings_count_characters_not_bytes(): void {
		$schema = array(
			'type'      => 'string',
			'maxLength' => 3,
		);
		$this->assertSame( array(), self::errors( $schema, 'héé' ) );
		$this->assertSame( array( ' maxLength' ), self::errors( $schema, 'héé!' ) );
	}

	public function test_refs_items_and_if_then(): void {
		$schema = array(
			'type'  => 'array',
			'items' => array( '$ref' => '#/$defs/item' ),
			'$defs' => array(
				'item' => array(
					'type'       => 'object',
					'properties' => array( 'kind' => array( 'enum' => array( 'a', 'b' ) ) ),
					'if'         => array(
						'properties' => array( 'kind' => array( 'const' => 'b' ) ),
						'required'   => array( 'kind' ),
					),
					'then'       => array( 'required' => array( 'extra' ) ),
				),
			),
		);
		$this->assertSame( array(), self::errors( $schema, array( array( 'kind' => 'a' ) ) ) );
		$this->assertSame( array( '[1].extra required' ), self::errors( $schema, array( array( 'kind' => 'a' ), array( 'kind' => 'b' ) ) ) );
		$this->assertSame( array( '[0].kind enum' ), self::errors( $schema, array( array( 'kind' => 'c' ) ) ) );
	}

	public function test_unknown_keywords_are_a_programming_error(): void {
		$this->expectException( InvalidArgumentException::class );
		self::errors( array( 'format' => 'email' ), 'x' );
	}
}
