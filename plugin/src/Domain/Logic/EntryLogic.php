<?php
/**
 * Conditional logic over a stored entry (confirmations, {all_fields}).
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Domain\Logic;

use Kestrel\Forms\Domain\Entry\Entry;
use Kestrel\Forms\Domain\FieldTypes\FieldTypes;
use Kestrel\Forms\Domain\FieldTypes\PaymentType;
use Kestrel\Forms\Domain\FieldTypes\SecretType;
use Kestrel\Forms\Domain\FieldTypes\StoredValues;
use Kestrel\Forms\Domain\Form\Form;
use Kestrel\Forms\Domain\Form\Rows;
use Kestrel\Forms\Domain\Money\Numbers;

/**
 * The form's evaluation of an entry's stored values. An entry stores only the fields that were
 * visible when it was submitted (SubmissionValidator drops the others), and hidden fields count at
 * their default values in the evaluation either way, so evaluating the stored values gives the
 * visibility the submission had (as long as the form's rules did not change since).
 */
final class EntryLogic {

	/**
	 * The form's evaluation of the entry, or null when the form's rules cannot be evaluated (a
	 * dependency cycle, which a validated form never has).
	 *
	 * @param Form  $form  The entry's form.
	 * @param Entry $entry The entry.
	 * @return array<string, mixed>|null
	 */
	public static function evaluate( Form $form, Entry $entry ): ?array {
		try {
			$evaluator = new FormEvaluator( $form->definition );
		} catch ( DependencyCycle $e ) {
			return null;
		}
		return $evaluator->evaluate( self::entered( $form, $entry ) );
	}

	/**
	 * Whether a rule set (actionType show or hide) shows its target for the entry; no rules show.
	 * An evaluation may be passed in to evaluate several rule sets over one entry.
	 *
	 * @param Form                      $form       The entry's form.
	 * @param Entry                     $entry      The entry.
	 * @param array<string, mixed>|null $logic      Rule set.
	 * @param array<string, mixed>|null $evaluation The entry's evaluation (computed when null).
	 */
	public static function shows( Form $form, Entry $entry, ?array $logic, ?array $evaluation = null ): bool {
		if ( ! $logic || empty( $logic['rules'] ) ) {
			return true;
		}
		try {
			$evaluator = new FormEvaluator( $form->definition );
		} catch ( DependencyCycle $e ) {
			return false;
		}
		$evaluation ??= $evaluator->evaluate( self::entered( $form, $entry ) );
		return $evaluator->logic_shows( $evaluation, $logic );
	}

	/**
	 * The stored values in the shape the evaluator reads entered values: by field id, checked
	 * values as lists, rows as flat cells, a product's own quantity as "{id}.3".
	 *
	 * @param Form  $form  The entry's form.
	 * @param Entry $entry The entry.
	 * @return array<int|string, string|list<string>>
	 */
	public static function entered( Form $form, Entry $entry ): array {
		$entered = array();
		foreach ( $form->fields() as $field ) {
			$id   = (int) $field['id'];
			$type = (string) $field['type'];
			$unit = FieldTypes::of( $field );
			// As the units say: rules never read secrets (password, card, payment token), and
			// section, HTML and page fields have no value.
			if ( $unit instanceof SecretType || $unit instanceof PaymentType || FieldTypes::displays_only( $field ) ) {
				continue;
			}
			if ( $unit instanceof StoredValues ) {
				// A date kept as Y-m-d, a time as "09:05 pm", a name under its input keys: read
				// as the browser sent them, so the rules decide as they did at submission.
				$value = $unit->entered( $field, $unit->wire_from_stored( $field, $entry->values ) );
				if ( null !== $value ) {
					$entered[ $id ] = $value;
				}
				continue;
			}
			$quantity = $entry->values[ $id . '.3' ] ?? null;
			if ( 'product' === $type && is_string( $quantity ) ) {
				$entered[ $id . '.3' ] = $quantity;
			}
			/**
			 * Numeric keys are integers in PHP arrays; the stored value may be anything.
			 *
			 * @var mixed $stored
			 */
			$stored = $entry->values[ (string) $id ] ?? null;
			if ( Rows::is_repeated( $field ) ) {
				$cells = array();
				foreach ( is_array( $stored ) ? $stored : array() as $row ) {
					foreach ( is_array( $row ) ? $row : array( $row ) as $cell ) {
						$cells[] = is_scalar( $cell ) ? (string) $cell : '';
					}
				}
				if ( $cells ) {
					$entered[ $id ] = $cells;
				}
				continue;
			}
			if ( self::is_multi( $field ) ) {
				$checked = array();
				foreach ( Form::choice_input_ids( $field ) as $input_id ) {
					if ( isset( $entry->values[ $input_id ] ) && is_string( $entry->values[ $input_id ] ) ) {
						$checked[] = $entry->values[ $input_id ];
					}
				}
				$entered[ $id ] = $checked;
				continue;
			}
			if ( is_string( $stored ) && '' !== $stored ) {
				// Numbers are stored canonical ("1234.5"); rules read them in the field's format.
				$format         = (string) ( $field['numberFormat'] ?? 'decimal_dot' );
				$currency       = isset( $form->definition['currency'] ) ? (string) $form->definition['currency'] : null;
				$entered[ $id ] = 'number' === $type && 'decimal_dot' !== $format && is_numeric( $stored ) ? Numbers::format_number( $stored, -1, $format, $currency ) : $stored;
			}
		}
		return $entered;
	}

	/**
	 * Whether a field stores one value per checked choice (checkboxes, option checkboxes).
	 *
	 * @param array<string, mixed> $field Field.
	 */
	public static function is_multi( array $field ): bool {
		return 'checkbox' === $field['type'] || ( 'option' === $field['type'] && 'checkbox' === ( $field['inputType'] ?? '' ) );
	}
}
