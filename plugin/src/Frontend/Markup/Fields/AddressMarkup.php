<?php
/**
 * Address fields' server markup.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Frontend\Markup\Fields;

use Kestrel\Forms\Domain\FieldTypes\AddressLists;
use Kestrel\Forms\Frontend\Markup\FieldContext;
use Kestrel\Forms\Frontend\Markup\FieldMarkup;

/**
 * The twin of forms-ui/fields/basic/BasicAddress.tsx (the address control, plain inputs and
 * drop-downs): Street Address, Address Line 2, City, State / Province / Region, ZIP / Postal
 * Code and Country (inputs N.1–N.6). US and Canadian addresses choose the state or province
 * from a list and fix the country (no input); international ones type the region and choose
 * the country. The lists are plugin/data/address-lists.json's.
 */
final class AddressMarkup implements FieldMarkup {

	/**
	 * The field's markup.
	 *
	 * @param FieldContext $ctx The field and what the form knows about it.
	 */
	public function render( FieldContext $ctx ): string {
		$field      = $ctx->field;
		$type       = is_string( $field['addressType'] ?? null ) ? $field['addressType'] : 'international';
		$choose_one = __( 'Select an option', 'kestrel-forms' );
		if ( 'us' === $type ) {
			$region = array( __( 'State', 'kestrel-forms' ), __( 'ZIP Code', 'kestrel-forms' ), AddressLists::us_states() );
		} elseif ( 'canadian' === $type ) {
			$region = array( __( 'Province', 'kestrel-forms' ), __( 'Postal Code', 'kestrel-forms' ), AddressLists::canadian_provinces() );
		} else {
			$region = array( __( 'State / Province / Region', 'kestrel-forms' ), __( 'ZIP / Postal Code', 'kestrel-forms' ), null );
		}
		$all   = array(
			array( 1, __( 'Street Address', 'kestrel-forms' ), 'address-line1', array() ),
			array( 2, __( 'Address Line 2', 'kestrel-forms' ), 'address-line2', array() ),
			array( 3, __( 'City', 'kestrel-forms' ), 'address-level2', array() ),
			array(
				4,
				$region[0],
				'address-level1',
				null !== $region[2]
					? array(
						'options' => self::options_of( $region[2] ),
						'empty'   => $choose_one,
					)
					: array(),
			),
			array( 5, $region[1], 'postal-code', array() ),
			array(
				6,
				__( 'Country', 'kestrel-forms' ),
				'country-name',
				array(
					'options' => self::options_of( AddressLists::countries() ),
					'empty'   => $choose_one,
				),
			),
		);
		$parts = array();
		foreach ( $all as list( $n, $label, $token, $extra ) ) {
			$input = InputGroupParts::input_of( $field, $n );
			// US and Canadian addresses have their country fixed: no input for it.
			if ( ! empty( $input['isHidden'] ) || ( 6 === $n && 'international' !== $type ) ) {
				continue;
			}
			$own     = is_string( $input['autocompleteAttribute'] ?? null ) ? $input['autocompleteAttribute'] : '';
			$parts[] = array(
				'n'            => $n,
				'label'        => InputGroupParts::part_label( $field, $n, $label ),
				'autocomplete' => '' !== $own ? $own : $token,
				'required'     => ! empty( $field['isRequired'] ) && 2 !== $n,
				'placeholder'  => is_string( $input['placeholder'] ?? null ) ? $input['placeholder'] : null,
				'class'        => 1 === $n || 2 === $n ? 'is-full' : null,
			) + $extra;
		}
		return InputGroupParts::render( $ctx, $parts );
	}

	/**
	 * A list as drop-down options whose value is the text stored (names are stored).
	 *
	 * @param list<string> $names The names.
	 * @return list<array{value: string, label: string}>
	 */
	private static function options_of( array $names ): array {
		return array_map(
			static fn( string $name ): array => array(
				'value' => $name,
				'label' => $name,
			),
			$names
		);
	}
}
