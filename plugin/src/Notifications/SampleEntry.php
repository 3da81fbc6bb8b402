<?php
/**
 * An entry of made-up values, for "send a test".
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Notifications;

use Kestrel\Forms\Domain\Entry\Entry;
use Kestrel\Forms\Domain\Form\Form;
use Kestrel\Forms\Domain\Form\Rows;

/**
 * One plausible value per value field (the first choice of a choice field), so that a test email
 * shows every merge tag filled in. The entry is never stored (id 0).
 */
final class SampleEntry {

	/**
	 * The sample entry of a form.
	 *
	 * @param Form $form Form.
	 */
	public static function for_form( Form $form ): Entry {
		$values = array();
		foreach ( $form->fields() as $field ) {
			$id   = (string) $field['id'];
			$type = (string) $field['type'];
			if ( in_array( $type, array( 'section', 'html', 'page', 'captcha', 'payment', 'password', 'creditcard', 'fileupload', 'total' ), true ) ) {
				continue;
			}
			if ( Rows::is_repeated( $field ) ) {
				$values[ $id ] = array( array_fill( 0, Rows::column_count( $field ), __( 'Sample', 'kestrel-forms' ) ) );
				continue;
			}
			$choices = array_values( (array) ( $field['choices'] ?? array() ) );
			if ( $choices ) {
				$first = (string) ( $choices[0]['value'] ?? $choices[0]['text'] ?? '' );
				if ( 'checkbox' === $type || ( 'option' === $type && 'checkbox' === ( $field['inputType'] ?? '' ) ) ) {
					$values[ Form::choice_input_ids( $field )[0] ] = $first;
				} else {
					$values[ $id ] = $first;
				}
				continue;
			}
			$parts = self::parts( $field );
			if ( null !== $parts ) {
				$values += $parts;
				continue;
			}
			if ( ! empty( $field['inputs'] ) && is_array( $field['inputs'] ) ) {
				foreach ( $field['inputs'] as $input ) {
					if ( is_array( $input ) && isset( $input['id'] ) && empty( $input['isHidden'] ) ) {
						$values[ (string) $input['id'] ] = (string) ( $input['label'] ?? __( 'Sample', 'kestrel-forms' ) );
					}
				}
				continue;
			}
			$values[ $id ] = match ( $type ) {
				'email'    => 'someone@example.com',
				'number'   => '42',
				'phone'    => '555-0100',
				'website'  => 'https://example.com',
				'date'     => wp_date( 'Y-m-d' ),
				'time'     => '09:30',
				'textarea' => __( "Sample text,\nsecond line.", 'kestrel-forms' ),
				default    => sprintf(
					/* translators: %s: field label. */
					__( 'Sample %s', 'kestrel-forms' ),
					(string) ( $field['label'] ?? '' )
				),
			};
		}
		return new Entry( 0, $form->id, $values, gmdate( 'Y-m-d H:i:s' ), home_url( '/' ) );
	}

	/**
	 * Sample values of the types stored one input a key, in the keys docs/field-types.md gives
	 * (so that their merge tags read them); null for other types.
	 *
	 * @param array<string, mixed> $field Field.
	 * @return array<string, string>|null
	 */
	private static function parts( array $field ): ?array {
		$id = (string) $field['id'];
		return match ( (string) $field['type'] ) {
			'name'    => 'simple' === ( $field['nameFormat'] ?? 'advanced' ) ? null : array(
				$id . '.3' => 'Ada',
				$id . '.6' => 'Lovelace',
			),
			'address' => array(
				$id . '.1' => '1 Main Street',
				$id . '.3' => 'Springfield',
				$id . '.5' => 'canadian' === ( $field['addressType'] ?? '' ) ? 'K1A 0B1' : '62701',
				$id . '.6' => 'canadian' === ( $field['addressType'] ?? '' ) ? 'Canada' : 'United States',
			),
			'consent' => array(
				$id . '.1' => '1',
				$id . '.2' => (string) ( $field['checkboxLabel'] ?? '' ),
				$id . '.3' => wp_strip_all_tags( (string) ( $field['description'] ?? '' ) ),
			),
			default   => null,
		};
	}
}
