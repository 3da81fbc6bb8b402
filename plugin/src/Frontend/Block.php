<?php
/**
 * The kestrel-forms/form block.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Frontend;

/**
 * Registered from plugin/blocks/form/block.json; rendered on the server by FormRenderer so the
 * block and the shortcode print the same markup.
 */
final class Block {

	/**
	 * Builds the block.
	 *
	 * @param FormRenderer $renderer Prints forms.
	 */
	public function __construct( private readonly FormRenderer $renderer ) {}

	/**
	 * Registers the block type (after Assets registered the editor script handle).
	 */
	public function register(): void {
		register_block_type(
			KESTREL_FORMS_DIR . '/blocks/form',
			array( 'render_callback' => array( $this, 'render' ) )
		);
	}

	/**
	 * The block's HTML.
	 *
	 * @param array<string, mixed> $attributes Block attributes.
	 */
	public function render( array $attributes ): string {
		$html = $this->renderer->render(
			absint( $attributes['formId'] ?? 0 ),
			array(
				'title'       => (bool) ( $attributes['showTitle'] ?? true ),
				'description' => (bool) ( $attributes['showDescription'] ?? true ),
			)
		);
		if ( '' === $html ) {
			return '';
		}
		return '<div ' . get_block_wrapper_attributes() . '>' . $html . '</div>';
	}
}
