<?php
/**
 * Fields stored one input a key ("3.3", "3.6"): name and address.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Entries\Formats;

use Kestrel\Forms\Domain\Entry\Entry;
use Kestrel\Forms\Domain\Form\Form;

/**
 * The type says its inputs (number, default label, shown by default); a field's `inputs` may
 * rename one (`customLabel`, `label`) or hide it (`isHidden`, Gravity Forms' names). The display
 * is the non-empty stored parts in input order; the CSV has one column per shown input, its cell
 * the stored value.
 */
abstract class InputsFormat extends TextFormat {

	/**
	 * The type's inputs for this field, in order.
	 *
	 * @param array<string, mixed> $field Field.
	 * @return list<array{0: int, 1: string, 2: bool}> [number, default label, shown by default].
	 */
	abstract protected function inputs( array $field ): array;

	/**
	 * One column per shown input: "Name (First)".
	 *
	 * @param array<string, mixed> $field Field.
	 * @param Form|null            $form  Its form.
	 * @return list<array{0: string, 1: string}>
	 */
	public function columns( array $field, ?Form $form ): array {
		$columns = array();
		foreach ( $this->shown( $field ) as $id => $label ) {
			$columns[] = array( $id, self::heading( $field, $label ) );
		}
		return $columns;
	}

	/**
	 * The stored value of the column's input.
	 *
	 * @param array<string, mixed> $field Field.
	 * @param string               $key   Input id.
	 * @param Entry                $entry Entry.
	 */
	public function cell( array $field, string $key, Entry $entry ): string {
		return self::scalar( $entry->values[ $key ] ?? '' );
	}

	/**
	 * The shown inputs' ids and labels, in order.
	 *
	 * @param array<string, mixed> $field Field.
	 * @return array<string, string> Label by input id.
	 */
	protected function shown( array $field ): array {
		$own = array();
		foreach ( is_array( $field['inputs'] ?? null ) ? $field['inputs'] : array() as $input ) {
			if ( is_array( $input ) && isset( $input['id'] ) ) {
				$own[ (string) $input['id'] ] = $input;
			}
		}
		$shown = array();
		foreach ( $this->inputs( $field ) as list( $number, $label, $visible ) ) {
			$id    = $field['id'] . '.' . $number;
			$input = $own[ $id ] ?? array();
			// As the engines read it (Domain\FieldTypes\Wire::is_shown): an input the definition
			// lists is shown unless it says isHidden; one it does not list keeps the type's default.
			if ( ! ( isset( $own[ $id ] ) ? empty( $input['isHidden'] ) : $visible ) ) {
				continue;
			}
			foreach ( array( 'customLabel', 'label' ) as $key ) {
				if ( isset( $input[ $key ] ) && '' !== trim( (string) $input[ $key ] ) ) {
					$label = (string) $input[ $key ];
					break;
				}
			}
			$shown[ $id ] = $label;
		}
		return $shown;
	}

	/**
	 * The non-empty stored parts, in input order (hidden inputs included: an address in the US
	 * stores its fixed country).
	 *
	 * @param array<string, mixed> $field Field.
	 * @param Entry                $entry Entry.
	 * @return list<string>
	 */
	protected function parts( array $field, Entry $entry ): array {
		$parts = array();
		foreach ( $this->inputs( $field ) as list( $number ) ) {
			$value = trim( self::scalar( $entry->values[ $field['id'] . '.' . $number ] ?? '' ) );
			if ( '' !== $value ) {
				$parts[] = $value;
			}
		}
		return $parts;
	}
}
