<?php
/**
 * The [kestrel_form id="N"] shortcode.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Frontend;

/**
 * Attributes: id (required), title and description ("false" hides them).
 */
final class Shortcode {

	public const TAG = 'kestrel_form';

	/**
	 * Builds the shortcode.
	 *
	 * @param FormRenderer $renderer Prints forms.
	 */
	public function __construct( private readonly FormRenderer $renderer ) {}

	/**
	 * Registers the shortcode.
	 */
	public function register(): void {
		add_shortcode( self::TAG, array( $this, 'render' ) );
	}

	/**
	 * The shortcode's HTML.
	 *
	 * @param array<string, string>|string $atts Shortcode attributes.
	 */
	public function render( $atts ): string {
		$atts = shortcode_atts(
			array(
				'id'          => '0',
				'title'       => 'true',
				'description' => 'true',
			),
			is_array( $atts ) ? $atts : array(),
			self::TAG
		);
		return $this->renderer->render(
			absint( $atts['id'] ),
			array(
				'title'       => 'false' !== strtolower( (string) $atts['title'] ),
				'description' => 'false' !== strtolower( (string) $atts['description'] ),
			)
		);
	}
}
