<?php
/**
 * Evaluation order of a form's fields; the twin of assets-src/forms-engine/evaluate/graph.ts.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Domain\Logic;

use Kestrel\Forms\Domain\Calculation\Formula;

/**
 * A field depends on the fields its rules and formula read and on its section. Node 0 is the
 * submit button.
 */
final class DependencyGraph {

	public const SUBMIT_NODE = 0;

	/**
	 * A graph built by build().
	 *
	 * @param list<int>             $order      Nodes in evaluation order.
	 * @param array<int, list<int>> $dependents Direct dependents.
	 * @param array<int, int>       $section_of Section of each field in one.
	 * @param array<int, int>       $page_of    Page break each field comes after.
	 */
	private function __construct(
		public readonly array $order,
		public readonly array $dependents,
		public readonly array $section_of,
		public readonly array $page_of = array()
	) {}

	/**
	 * The field id an input id or rule fieldId names ("3.2" → 3).
	 *
	 * @param string|int $id Id.
	 */
	public static function field_id_of( string|int $id ): int {
		return (int) explode( '.', (string) $id )[0];
	}

	/**
	 * Builds the graph.
	 *
	 * @param array<string, mixed> $form Form definition.
	 * @throws DependencyCycle On a cycle.
	 */
	public static function build( array $form ): self {
		$fields     = array_values( $form['fields'] ?? array() );
		$ids        = array_map( static fn( array $f ): int => (int) $f['id'], $fields );
		$known      = array_flip( $ids );
		$reads      = array();
		$section_of = array();
		$page_of    = array();
		$section    = null;
		$page       = null;
		foreach ( $fields as $field ) {
			$id = (int) $field['id'];
			if ( 'page' === $field['type'] ) {
				$section = null; // A page break ends the section before it.
				$page    = $id;
			} else {
				if ( 'section' === $field['type'] ) {
					$section = $id;
				} elseif ( null !== $section ) {
					$section_of[ $id ] = $section;
				}
				if ( null !== $page ) {
					$page_of[ $id ] = $page;
				}
			}
			$deps = self::reads_of( $field );
			if ( isset( $section_of[ $id ] ) ) {
				$deps[] = $section_of[ $id ];
			}
			if ( isset( $page_of[ $id ] ) ) {
				$deps[] = $page_of[ $id ];
			}
			$reads[ $id ] = array_values( array_unique( $deps ) );
		}
		$reads[ self::SUBMIT_NODE ] = array_values(
			array_unique(
				array_map(
					static fn( array $r ): int => self::field_id_of( $r['fieldId'] ),
					$form['button']['conditionalLogic']['rules'] ?? array()
				)
			)
		);

		$nodes      = array_merge( $ids, array( self::SUBMIT_NODE ) );
		$dependents = array_fill_keys( $nodes, array() );
		$pending    = array();
		foreach ( $nodes as $node ) {
			if ( in_array( $node, $reads[ $node ], true ) ) {
				throw new DependencyCycle( array( $node ) );
			}
			$deps             = array_values( array_filter( $reads[ $node ], static fn( int $d ): bool => isset( $known[ $d ] ) ) );
			$pending[ $node ] = count( $deps );
			foreach ( $deps as $d ) {
				$dependents[ $d ][] = $node;
			}
		}
		$order = array();
		$ready = array_values( array_filter( $nodes, static fn( int $n ): bool => 0 === $pending[ $n ] ) );
		while ( $ready ) {
			$node    = array_shift( $ready );
			$order[] = $node;
			foreach ( $dependents[ $node ] as $dependent ) {
				if ( 0 === --$pending[ $dependent ] ) {
					$ready[] = $dependent;
				}
			}
		}
		if ( count( $order ) !== count( $nodes ) ) {
			throw new DependencyCycle( self::cycle_members( array_values( array_diff( $nodes, $order ) ), $reads ) );
		}
		return new self( $order, $dependents, $section_of, $page_of );
	}

	/**
	 * Whether a field's value comes from its formula (calculated numbers and products).
	 *
	 * @param array<string, mixed> $field Field.
	 */
	public static function is_calculated( array $field ): bool {
		return ( 'number' === $field['type'] && ! empty( $field['enableCalculation'] ) )
			|| ( 'product' === $field['type'] && 'calculation' === ( $field['inputType'] ?? '' ) );
	}

	/**
	 * The fields a field reads (logic rules, formula tags, product links).
	 *
	 * @param array<string, mixed> $field Field.
	 * @return list<int>
	 */
	private static function reads_of( array $field ): array {
		$rules = array_merge( $field['conditionalLogic']['rules'] ?? array(), $field['nextButton']['conditionalLogic']['rules'] ?? array() );
		$out   = array_map( static fn( array $r ): int => self::field_id_of( $r['fieldId'] ), $rules );
		if ( self::is_calculated( $field ) && ! empty( $field['calculationFormula'] ) ) {
			foreach ( Formula::merge_tags( (string) $field['calculationFormula'] ) as $tag ) {
				$out[] = self::field_id_of( $tag['input_id'] );
			}
		}
		return array_values( $out );
	}

	/**
	 * Orders nodes so that each comes after what it reads.
	 *
	 * @param list<int>             $left  Unsorted nodes.
	 * @param array<int, list<int>> $reads What each node reads.
	 * @return list<int>
	 */
	private static function cycle_members( array $left, array $reads ): array {
		$in_left = array_flip( $left );
		$members = array();
		foreach ( $left as $start ) {
			$stack = array_values( array_filter( $reads[ $start ] ?? array(), static fn( int $n ): bool => isset( $in_left[ $n ] ) ) );
			$seen  = array();
			while ( $stack ) {
				$node = array_pop( $stack );
				if ( $node === $start ) {
					$members[] = $start;
					break;
				}
				if ( ! isset( $seen[ $node ] ) ) {
					$seen[ $node ] = true;
					foreach ( $reads[ $node ] ?? array() as $n ) {
						if ( isset( $in_left[ $n ] ) ) {
							$stack[] = $n;
						}
					}
				}
			}
		}
		return $members;
	}
}
