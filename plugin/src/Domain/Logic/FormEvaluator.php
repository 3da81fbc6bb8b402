<?php
/**
 * The server's evaluation of a form; the twin of assets-src/forms-engine/evaluate/evaluate.ts.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Domain\Logic;

use Kestrel\Forms\Domain\Calculation\Formula;
use Kestrel\Forms\Domain\FieldTypes\FieldTypes;
use Kestrel\Forms\Domain\FieldTypes\TextType;
use Kestrel\Forms\Domain\Form\Rows;
use Kestrel\Forms\Domain\Money\Decimal;
use Kestrel\Forms\Domain\Money\Currencies;
use Kestrel\Forms\Domain\Money\Numbers;
use Kestrel\Forms\Domain\Pricing\PriceCalculator;

/**
 * Visibility of every field and of the submit button, and the value of every calculated field,
 * from the stored definition and the entered values. The server trusts none of these from the
 * browser: it computes them here. Hidden fields count at their default values.
 *
 * @phpstan-type Evaluation array{visible: array<int, bool>, submitVisible: bool, values: array<int|string, string|list<string>>, calculated: array<int, float|null>, pricing: array<string, mixed>|null, nextVisible: array<int, bool>}
 */
final class FormEvaluator {

	/** The value of a radio's "other" choice before anything is typed (see OTHER_CHOICE in TypeScript). */
	public const OTHER_CHOICE = TextType::OTHER_CHOICE;

	/**
	 * Field definitions by id.
	 *
	 * @var array<int, array<string, mixed>>
	 */
	private array $by_id = array();

	/**
	 * Default values by field id.
	 *
	 * @var array<int, string|list<string>>
	 */
	private array $defaults = array();

	/**
	 * Evaluation order of the fields.
	 *
	 * @var DependencyGraph
	 */
	private DependencyGraph $graph;

	/**
	 * Prepares the evaluation order of a form.
	 *
	 * @param array<string, mixed> $form Form definition.
	 * @throws DependencyCycle On a cycle.
	 */
	public function __construct( private readonly array $form ) {
		foreach ( $form['fields'] ?? array() as $field ) {
			$this->by_id[ (int) $field['id'] ] = $field;
			if ( ! FieldTypes::displays_only( $field ) ) {
				// Pre-selected choices, else defaultValue, as the type says (initialValues in TypeScript).
				$this->defaults[ (int) $field['id'] ] = FieldTypes::for_field( $field )->default_value( $field );
			}
		}
		$this->graph = DependencyGraph::build( $form );
	}

	/**
	 * Evaluates the form.
	 *
	 * @param array<int|string, string|list<string>> $entered Entered values by field id.
	 * @return Evaluation
	 */
	public function evaluate( array $entered ): array {
		$state = array(
			'visible'       => array(),
			'submitVisible' => true,
			'values'        => array(),
			'calculated'    => array(),
			'pricing'       => null,
			'nextVisible'   => array(),
		);
		foreach ( $this->graph->order as $node ) {
			if ( DependencyGraph::SUBMIT_NODE === $node ) {
				$state['submitVisible'] = $this->logic_shows( $state, $this->form['button']['conditionalLogic'] ?? null );
				continue;
			}
			$field                     = $this->by_id[ $node ];
			$section                   = $this->graph->section_of[ $node ] ?? null;
			$page                      = $this->graph->page_of[ $node ] ?? null;
			$shown                     = ( null === $section || $state['visible'][ $section ] )
				&& ( null === $page || $state['visible'][ $page ] )
				&& $this->logic_shows( $state, $field['conditionalLogic'] ?? null );
			$state['visible'][ $node ] = $shown;
			if ( FieldTypes::breaks_page( $field ) ) {
				$state['nextVisible'][ $node ] = $this->logic_shows( $state, $field['nextButton']['conditionalLogic'] ?? null );
				continue;
			}

			if ( DependencyGraph::is_calculated( $field ) ) {
				$result                       = $shown ? $this->calculate( $state, $field ) : null;
				$state['calculated'][ $node ] = $result;
				if ( FieldTypes::is_product( $field ) ) {
					continue; // A calculated price is pricing's, never a value.
				}
				$state['values'][ $node ] = null === $result ? '' : Numbers::format_number( $result, (int) ( $field['calculationRounding'] ?? -1 ), (string) ( $field['numberFormat'] ?? 'decimal_dot' ) );
				continue;
			}
			if ( array_key_exists( $node, $this->defaults ) ) {
				$state['values'][ $node ] = $shown ? ( $entered[ $node ] ?? $entered[ (string) $node ] ?? $this->defaults[ $node ] ) : $this->defaults[ $node ];
			}
		}
		return $this->with_pricing( $entered, $state );
	}

	/**
	 * Products, shipping and total, and the total field's text (when the form has products).
	 *
	 * @param array<int|string, string|list<string>> $entered Entered values.
	 * @param Evaluation                             $state   Evaluation of the fields.
	 * @return Evaluation
	 */
	private function with_pricing( array $entered, array $state ): array {
		$values = $state['values'];
		$has    = false;
		foreach ( $this->by_id as $id => $field ) {
			if ( FieldTypes::is_product( $field ) ) {
				$has               = true;
				$quantity          = $entered[ "$id.3" ] ?? '1';
				$values[ "$id.3" ] = ! empty( $state['visible'][ $id ] ) ? ( is_string( $quantity ) ? $quantity : '' ) : '0';
			}
		}
		if ( ! $has ) {
			return $state;
		}
		$state['pricing'] = PriceCalculator::compute( $this->form, $values, $state['visible'], $state['calculated'] );
		foreach ( $this->by_id as $id => $field ) {
			if ( FieldTypes::is_total( $field ) ) {
				$state['values'][ $id ] = PriceCalculator::format_total( $state['pricing'] );
			}
		}
		return $state;
	}

	/**
	 * Whether a rule set shows its target for an evaluation (no logic shows).
	 *
	 * @param array<string, mixed>      $state Evaluation (or evaluation so far).
	 * @param array<string, mixed>|null $logic Rule set.
	 */
	public function logic_shows( array $state, ?array $logic ): bool {
		if ( ! $logic ) {
			return true;
		}
		$results = array();
		foreach ( $logic['rules'] ?? array() as $rule ) {
			$results[] = $this->rule_holds( $state, $rule );
		}
		$matched = 'any' === ( $logic['logicType'] ?? 'all' ) ? in_array( true, $results, true ) : ! in_array( false, $results, true );
		return ( 'show' === ( $logic['actionType'] ?? 'show' ) ) === $matched;
	}

	/**
	 * Whether one rule holds for the values so far.
	 *
	 * @param array<string, mixed> $state Evaluation so far.
	 * @param array<string, mixed> $rule  Rule.
	 */
	private function rule_holds( array $state, array $rule ): bool {
		$field = $this->by_id[ DependencyGraph::field_id_of( $rule['fieldId'] ) ] ?? null;
		if ( null === $field ) {
			return Operators::values_match( (string) $rule['operator'], array(), (string) ( $rule['value'] ?? '' ) );
		}
		$value = $state['values'][ (int) $field['id'] ] ?? '';
		// The type says what a rule reads (one input of a name, a date as Y-m-d, checked options…).
		$reading = FieldTypes::for_field( $field )->rule_reading( $field, $value, (string) $rule['fieldId'] );
		return Operators::values_match( (string) $rule['operator'], array_map( array( Numbers::class, 'label_from_choice' ), $reading->values ), (string) ( $rule['value'] ?? '' ), $reading->format );
	}

	/**
	 * The value of a calculated field, or null when its formula is invalid (or, for a product,
	 * its result is not finite).
	 *
	 * @param array<string, mixed> $state Evaluation so far.
	 * @param array<string, mixed> $field Calculated field.
	 */
	private function calculate( array $state, array $field ): ?float {
		$expression = Formula::substitute( (string) ( $field['calculationFormula'] ?? '' ), fn( array $tag ): float => $this->number_of( $state, $tag ) );
		$result     = Formula::evaluate_raw( $expression );
		if ( null === $result ) {
			return null;
		}
		$price = FieldTypes::is_product( $field );
		if ( ! is_finite( $result ) ) {
			// A price that cannot be worked out has no result (an error, never 0); a number shows 0.
			if ( $price ) {
				return null;
			}
			$result = 0.0;
		}
		$rounding = $price
			? (int) Currencies::get( (string) ( $this->form['currency'] ?? Currencies::DEFAULT ) )['decimals']
			: (int) ( $field['calculationRounding'] ?? -1 );
		return $rounding >= 0 ? (float) Decimal::round( Decimal::from_number( $result ), $rounding ) : $result;
	}

	/**
	 * The number a merge tag stands for.
	 *
	 * @param array<string, mixed>                           $state Evaluation so far.
	 * @param array{input_id: string, modifier: string|null} $tag   Merge tag.
	 */
	private function number_of( array $state, array $tag ): float {
		$id    = DependencyGraph::field_id_of( $tag['input_id'] );
		$field = $this->by_id[ $id ] ?? null;
		if ( null === $field || empty( $state['visible'][ $id ] ) ) {
			return 0.0;
		}
		if ( array_key_exists( $id, $state['calculated'] ) ) {
			return (float) ( $state['calculated'][ $id ] ?? 0.0 );
		}
		$format = (string) ( $field['numberFormat'] ?? 'decimal_dot' );
		$read   = static function ( string $text ) use ( $tag, $format ): float {
			return ( 'price' === $tag['modifier'] || str_contains( $text, '|' ) )
				? Numbers::price_from_choice( $text )
				: ( Numbers::to_number( $text, $format ) ?? 0.0 );
		};
		$value  = $state['values'][ $id ] ?? '';
		if ( Rows::is_repeated( $field ) ) {
			// A list or repeater column sums its rows: {:5.2} is column 2 of field 5.
			$column      = str_contains( $tag['input_id'], '.' ) ? (int) explode( '.', $tag['input_id'] )[1] : null;
			$cell_format = null !== $column ? (string) ( $field['fields'][ $column - 1 ]['numberFormat'] ?? $format ) : $format;
			$sum         = 0.0;
			foreach ( Rows::column_cells( $field, is_array( $value ) ? array_values( array_map( 'strval', $value ) ) : array(), $column ) as $cell ) {
				$sum += ( 'price' === $tag['modifier'] || str_contains( $cell, '|' ) )
					? Numbers::price_from_choice( $cell )
					: ( Numbers::to_number( $cell, $cell_format ) ?? 0.0 );
			}
			return $sum;
		}
		// What rules read is what a merge tag reads: text that is no number (a name, a date, a
		// time) counts 0, as any text does; checked choices add up.
		$sum = 0.0;
		foreach ( FieldTypes::for_field( $field )->rule_reading( $field, $value, $tag['input_id'] )->values as $v ) {
			$sum += $read( $v );
		}
		return $sum;
	}
}
