<?php
/**
 * A form with the eight types of issue 18 and an entry with their stored values, written by hand
 * as docs/field-types.md says they are stored.
 *
 * @package KestrelForms\Tests
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Tests\Integration\Entries\Formats;

use Kestrel\Forms\Domain\Entry\Entry;
use Kestrel\Forms\Domain\Form\Form;
use Kestrel\Forms\Entries\Formats\Formats;
use Kestrel\Forms\Entries\MergeTags;

/**
 * Shared by the format tests and the entries integration test.
 */
trait NewTypes {

	/**
	 * The form definition.
	 *
	 * @return array<string, mixed>
	 */
	public static function new_types_definition(): array {
		return array(
			'title'  => 'Sign-up',
			'fields' => array(
				array(
					'id'    => 1,
					'type'  => 'name',
					'label' => 'Name',
				),
				array(
					'id'     => 2,
					'type'   => 'name',
					'label'  => 'Full name',
					'inputs' => array(
						array(
							'id'       => '2.2',
							'label'    => 'Prefix',
							'isHidden' => false,
						),
						array(
							'id'    => '2.3',
							'label' => 'First',
						),
						array(
							'id'          => '2.4',
							'label'       => 'Middle',
							'customLabel' => 'Middle name',
							'isHidden'    => false,
						),
						array(
							'id'    => '2.6',
							'label' => 'Last',
						),
						array(
							'id'       => '2.8',
							'label'    => 'Suffix',
							'isHidden' => true,
						),
					),
				),
				array(
					'id'         => 3,
					'type'       => 'name',
					'label'      => 'Nickname',
					'nameFormat' => 'simple',
				),
				array(
					'id'          => 4,
					'type'        => 'address',
					'label'       => 'Address',
					'addressType' => 'us',
				),
				array(
					'id'          => 5,
					'type'        => 'address',
					'label'       => 'Shipping address',
					'addressType' => 'international',
				),
				array(
					'id'          => 6,
					'type'        => 'phone',
					'label'       => 'Phone',
					'phoneFormat' => 'standard',
				),
				array(
					'id'         => 7,
					'type'       => 'date',
					'label'      => 'Birthday',
					'dateFormat' => 'dmy',
				),
				array(
					'id'         => 8,
					'type'       => 'time',
					'label'      => 'Arrival',
					'timeFormat' => '12',
				),
				array(
					'id'    => 9,
					'type'  => 'website',
					'label' => 'Website',
				),
				array(
					'id'            => 10,
					'type'          => 'consent',
					'label'         => 'Consent',
					'checkboxLabel' => 'I agree to the <terms>',
					'description'   => 'We keep your answers for a year.',
				),
				array(
					'id'               => 11,
					'type'             => 'multiselect',
					'label'            => 'Toppings',
					'enableEnhancedUI' => true,
					'choices'          => array(
						array(
							'text'  => 'Cheese & onion',
							'value' => 'cheese',
						),
						array(
							'text'  => 'Ham',
							'value' => 'ham',
						),
						array(
							'text'  => 'Pineapple',
							'value' => 'pineapple',
						),
					),
				),
				array(
					'id'    => 12,
					'type'  => 'email',
					'label' => 'Email',
				),
			),
		);
	}

	/**
	 * The entry's stored values (docs/field-types.md, "Stored").
	 *
	 * @return array<string, string|array<mixed>>
	 */
	public static function new_types_values(): array {
		return array(
			'1.3'  => 'Ada',
			'1.6'  => 'Lovelace',
			'2.2'  => 'Dr.',
			'2.3'  => 'Grace',
			'2.4'  => 'Brewster',
			'2.6'  => 'Hopper',
			'3'    => 'Amazing Grace',
			'4.1'  => '1 Main St',
			'4.3'  => 'Springfield',
			'4.4'  => 'Illinois',
			'4.5'  => '62701',
			'4.6'  => 'United States',
			'5.1'  => '10 Downing Street',
			'5.2'  => 'Flat 1',
			'5.3'  => 'London',
			'5.5'  => 'SW1A 2AA',
			'5.6'  => 'United Kingdom',
			'6'    => '(555) 123-4567',
			'7'    => '2026-03-15',
			'8'    => '09:30 am',
			'9'    => 'https://example.org/?a=1&b=2',
			'10.1' => '1',
			'10.2' => 'I agree to the <terms>',
			'10.3' => 'We keep your answers for a year.',
			'11'   => array( 'cheese', 'pineapple' ),
			'12'   => 'ada@example.org',
		);
	}

	/**
	 * The form (not stored).
	 */
	protected static function new_types_form(): Form {
		return new Form( 7, self::new_types_definition() );
	}

	/**
	 * An entry of the form (not stored) with the given values, the documented ones by default.
	 *
	 * @param array<string, string|array<mixed>>|null $values Stored values.
	 */
	protected static function new_types_entry( ?array $values = null ): Entry {
		return new Entry( 0, 7, $values ?? self::new_types_values(), '2026-03-15 10:00:00' );
	}

	/**
	 * A field of the form.
	 *
	 * @param int $id Field id.
	 * @return array<string, mixed>
	 */
	protected static function new_types_field( int $id ): array {
		$field = self::new_types_form()->field( $id );
		self::assertNotNull( $field );
		return $field;
	}

	/**
	 * A text with merge tags replaced over the entry.
	 *
	 * @param string     $text  Text with tags.
	 * @param bool       $html  HTML (else plain text).
	 * @param Entry|null $entry Entry (the documented one by default).
	 */
	protected static function tags( string $text, bool $html = false, ?Entry $entry = null ): string {
		return ( new MergeTags() )->replace( $text, self::new_types_form(), $entry ?? self::new_types_entry(), $html );
	}

	/**
	 * A field's CSV columns and cells over the entry: heading → cell.
	 *
	 * @param int        $id    Field id.
	 * @param Entry|null $entry Entry (the documented one by default).
	 * @return array<string, string>
	 */
	protected static function csv( int $id, ?Entry $entry = null ): array {
		$field  = self::new_types_field( $id );
		$format = Formats::field( $field );
		$cells  = array();
		foreach ( $format->columns( $field, self::new_types_form() ) as list( $key, $heading ) ) {
			$cells[ $key . ' ' . $heading ] = $format->cell( $field, $key, $entry ?? self::new_types_entry() );
		}
		return $cells;
	}
}
