<?php
/**
 * The plain field types' markup through a post without JavaScript and back.
 *
 * @package KestrelForms\Tests
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Tests\Integration\Frontend;

use DOMDocument;
use DOMElement;
use DOMXPath;
use Kestrel\Forms\Domain\Form\Form;
use Kestrel\Forms\Frontend\Markup\FieldContext;
use Kestrel\Forms\Frontend\Markup\FieldMarkups;
use Kestrel\Forms\Submissions\PlainPostValues;
use Kestrel\Forms\Tests\Integration\Support\TestCase;

/**
 * A visitor without JavaScript fills each plain field type as the server printed it; the browser
 * posts the named controls (PHP reads `input_5.3` as `input_5_3`, `input_5[]` as a list, the body
 * slashed); the plain post reads them (PlainPostValues) into the wire values the server prints the
 * form again with. Every control then holds what the visitor entered: the names the markup
 * prints are the names the plain post reads, and the markup reads back the wire it gets.
 */
final class PlainFieldsRoundTripTest extends TestCase {

	private const FORM_ID = 3;

	/** Text with characters a browser posts as they are and the markup must escape. */
	private const TYPED = 'Ann & "Bo" <O\'Neil> \\ &amp;';

	/**
	 * One field of each plain type (and shape).
	 *
	 * @return array<string, array{array<string, mixed>}>
	 */
	public static function fields(): array {
		$choices = array(
			array(
				'text'  => 'Red',
				'value' => 'red',
			),
			array(
				'text'  => 'Green & "lime"',
				'value' => 'g"reen',
			),
			array(
				'text'  => 'Blue',
				'value' => 'blue',
			),
		);
		$fields  = array(
			'text'          => array( 'type' => 'text' ),
			'textarea'      => array( 'type' => 'textarea' ),
			'email'         => array( 'type' => 'email' ),
			'number'        => array( 'type' => 'number' ),
			'quantity'      => array( 'type' => 'quantity' ),
			'hidden'        => array( 'type' => 'hidden' ),
			'phone'         => array( 'type' => 'phone' ),
			'website'       => array( 'type' => 'website' ),
			'simple name'   => array(
				'type'       => 'name',
				'nameFormat' => 'simple',
			),
			'select'        => array(
				'type'    => 'select',
				'choices' => $choices,
			),
			'radio'         => array(
				'type'    => 'radio',
				'choices' => $choices,
			),
			'radio, other'  => array(
				'type'              => 'radio',
				'choices'           => $choices,
				'enableOtherChoice' => true,
			),
			'checkbox'      => array(
				'type'    => 'checkbox',
				'choices' => $choices,
			),
			'checkbox, ids' => array(
				'type'    => 'checkbox',
				'choices' => $choices,
				'inputs'  => array( array( 'id' => '5.1' ), array( 'id' => '5.2' ), array( 'id' => '5.11' ) ),
			),
			'multiselect'   => array(
				'type'             => 'multiselect',
				'choices'          => $choices,
				'enableEnhancedUI' => true,
			),
			'name, all'     => array(
				'type'   => 'name',
				'inputs' => array(
					array(
						'id'      => '5.2',
						'choices' => array(
							array(
								'text'  => 'Dr.',
								'value' => 'Dr.',
							),
							array(
								'text'  => 'Ms',
								'value' => 'Ms',
							),
						),
					),
					array( 'id' => '5.3' ),
					array(
						'id'       => '5.4',
						'isHidden' => false,
					),
					array( 'id' => '5.6' ),
					array(
						'id'       => '5.8',
						'isHidden' => false,
					),
				),
			),
			'time, 12-hour' => array( 'type' => 'time' ),
			'time, 24-hour' => array(
				'type'       => 'time',
				'timeFormat' => '24',
			),
			'consent'       => array( 'type' => 'consent' ),
		);
		$cases   = array();
		foreach ( $fields as $name => $field ) {
			$cases[ $name ] = array(
				array(
					'id'    => 5,
					'label' => 'Field',
				) + $field,
			);
		}
		return $cases;
	}

	/**
	 * @dataProvider fields
	 *
	 * @param array<string, mixed> $field The field.
	 */
	public function test_what_the_visitor_entered_comes_back_after_a_plain_post( array $field ): void {
		$first   = $this->controls( $this->render( $field, array() ) );
		$entered = $this->fill( $first );
		$this->assertNotEmpty( $entered, 'The field has controls a visitor fills.' );

		$wire  = PlainPostValues::from_post( new Form( self::FORM_ID, array( 'fields' => array( $field ) ) ), wp_slash( $this->post( $first, $entered ) ) );
		$again = $this->controls( $this->render( $field, $wire ) );

		$this->assertSame( $entered, $this->state( $again ), 'Wire values: ' . wp_json_encode( $wire ) );
	}

	/**
	 * A checkbox's wire values are a list under the field id (the browser's submission) or one
	 * value per input id (a plain post): the markup checks the same boxes for both.
	 */
	public function test_the_markup_reads_a_checkbox_list_and_its_input_ids_alike(): void {
		$field = self::fields()['checkbox'][0];
		$list  = $this->state( $this->controls( $this->render( $field, array( '5' => array( 'g"reen', 'blue' ) ) ) ) );
		$ids   = $this->state(
			$this->controls(
				$this->render(
					$field,
					array(
						'5.2' => 'g"reen',
						'5.3' => 'blue',
					)
				)
			)
		);
		$this->assertSame(
			array(
				'input_5.2' => 'g"reen',
				'input_5.3' => 'blue',
			),
			$list
		);
		$this->assertSame( $list, $ids );
	}

	/**
	 * The field's markup for the wire values.
	 *
	 * @param array<string, mixed> $field The field.
	 * @param array<mixed, mixed>  $wire  WireValues.
	 */
	private function render( array $field, array $wire ): string {
		return FieldMarkups::for_type( (string) $field['type'] )->render( new FieldContext( self::FORM_ID, $field, $wire ) );
	}

	/**
	 * The named, enabled controls of some markup.
	 *
	 * @param string $html Markup.
	 * @return list<DOMElement>
	 */
	private function controls( string $html ): array {
		$document = new DOMDocument();
		$document->loadHTML( '<?xml encoding="utf-8"?><body>' . $html . '</body>', LIBXML_NOERROR );
		$list = array();
		foreach ( ( new DOMXPath( $document ) )->query( '//input[@name] | //select[@name] | //textarea[@name]' ) as $node ) {
			if ( $node instanceof DOMElement && ! $node->hasAttribute( 'disabled' ) ) {
				$list[] = $node;
			}
		}
		return $list;
	}

	/**
	 * What a visitor enters: a text in every box, the last option of a drop-down, the first and
	 * last of a list box, the last radio (with a radio group's "other", its text), every other
	 * checkbox. By control name (a list box's and the checkboxes' values as they are checked).
	 *
	 * @param list<DOMElement> $controls The controls.
	 * @return array<string, string|list<string>>
	 */
	private function fill( array $controls ): array {
		$entered = array();
		$boxes   = 0;
		foreach ( $controls as $control ) {
			$name = $control->getAttribute( 'name' );
			$type = $control->getAttribute( 'type' );
			if ( 'select' === self::tag( $control ) ) {
				$options          = array_map( static fn( DOMElement $o ): string => $o->getAttribute( 'value' ), iterator_to_array( $control->getElementsByTagName( 'option' ) ) );
				$entered[ $name ] = $control->hasAttribute( 'multiple' )
					? array( $options[0], $options[ count( $options ) - 1 ] )
					: $options[ count( $options ) - 1 ];
			} elseif ( 'radio' === $type ) {
				$entered[ $name ] = $control->getAttribute( 'value' );
			} elseif ( 'checkbox' === $type ) {
				if ( 0 === $boxes % 2 ) {
					$entered[ $name ] = $control->getAttribute( 'value' );
				}
				++$boxes;
			} else {
				$entered[ $name ] = str_ends_with( $control->getAttribute( 'id' ), '_1' ) || 'number' === $type ? '12' : self::TYPED;
			}
		}
		ksort( $entered );
		return $entered;
	}

	/**
	 * The body a browser posts for what was entered, as PHP parses it ("." in a name read as
	 * "_", "[]" as a list).
	 *
	 * @param list<DOMElement>                   $controls The controls.
	 * @param array<string, string|list<string>> $entered  What was entered, by control name.
	 * @return array<string, string|list<string>>
	 */
	private function post( array $controls, array $entered ): array {
		$post = array();
		foreach ( $entered as $name => $value ) {
			$key = str_replace( '.', '_', $name );
			if ( str_ends_with( $key, '[]' ) ) {
				$post[ substr( $key, 0, -2 ) ] = (array) $value;
			} else {
				$post[ $key ] = $value;
			}
		}
		$this->assertNotEmpty( $controls );
		return $post;
	}

	/**
	 * What the controls hold, in fill()'s shape.
	 *
	 * @param list<DOMElement> $controls The controls.
	 * @return array<string, string|list<string>>
	 */
	private function state( array $controls ): array {
		$state = array();
		foreach ( $controls as $control ) {
			$name = $control->getAttribute( 'name' );
			$type = $control->getAttribute( 'type' );
			if ( 'select' === self::tag( $control ) ) {
				$chosen = array();
				foreach ( $control->getElementsByTagName( 'option' ) as $option ) {
					if ( $option->hasAttribute( 'selected' ) ) {
						$chosen[] = $option->getAttribute( 'value' );
					}
				}
				$state[ $name ] = $control->hasAttribute( 'multiple' ) ? $chosen : (string) ( $chosen[0] ?? '' );
			} elseif ( 'radio' === $type || 'checkbox' === $type ) {
				if ( $control->hasAttribute( 'checked' ) ) {
					$state[ $name ] = $control->getAttribute( 'value' );
				}
			} else {
				$state[ $name ] = 'textarea' === self::tag( $control ) ? self::text( $control ) : $control->getAttribute( 'value' );
			}
		}
		ksort( $state );
		return $state;
	}

	/**
	 * An element's tag name.
	 *
	 * @param DOMElement $element The element.
	 */
	private static function tag( DOMElement $element ): string {
		return $element->tagName; // phpcs:ignore WordPress.NamingConventions.ValidVariableName.UsedPropertyNotSnakeCase -- DOM's name.
	}

	/**
	 * An element's text.
	 *
	 * @param DOMElement $element The element.
	 */
	private static function text( DOMElement $element ): string {
		return $element->textContent; // phpcs:ignore WordPress.NamingConventions.ValidVariableName.UsedPropertyNotSnakeCase -- DOM's name.
	}
}
