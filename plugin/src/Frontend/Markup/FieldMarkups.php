<?php
/**
 * The server markup of each field type.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Frontend\Markup;

/**
 * Field type → its FieldMarkup (the twin of assets-src/forms-ui/fields/registry.ts). A type's
 * class is found by convention, `Fields\{Ucfirst type}Markup` ("fileupload" →
 * `Fields\FileuploadMarkup`), so adding a type adds a file and edits nothing here; types that
 * share a control with another (the TSX registry's map) are listed in ALIASES.
 */
final class FieldMarkups {

	/**
	 * Types rendered by another type's markup, as the TSX registry shares its controls
	 * (forms-ui/fields/registry.ts: a type not listed there gets TextControl).
	 */
	public const ALIASES = array(
		'textarea' => 'text',
		'email'    => 'text',
		'number'   => 'text',
		'select'   => 'text',
		'quantity' => 'text',
		'radio'    => 'choice',
		'checkbox' => 'choice',
		'product'  => 'pricing',
		'shipping' => 'pricing',
		'option'   => 'pricing',
		'list'     => 'rows',
		'repeater' => 'rows',
	);

	/**
	 * Markups made so far, by class.
	 *
	 * @var array<string, FieldMarkup>
	 */
	private static array $made = array();

	/**
	 * The class that renders a field type (whether or not it exists yet).
	 *
	 * @param string $type Field type.
	 * @return string Fully qualified class name.
	 */
	public static function class_for( string $type ): string {
		$base = self::ALIASES[ $type ] ?? $type;
		return __NAMESPACE__ . '\\Fields\\' . ucfirst( strtolower( $base ) ) . 'Markup';
	}

	/**
	 * Whether a type has a markup.
	 *
	 * @param string $type Field type.
	 */
	public static function has( string $type ): bool {
		if ( '' === $type || ! preg_match( '/^[a-z][a-z0-9]*$/', $type ) ) {
			return false;
		}
		$class = self::class_for( $type );
		return class_exists( $class ) && is_subclass_of( $class, FieldMarkup::class );
	}

	/**
	 * The markup of a field type.
	 *
	 * @param string $type Field type.
	 * @throws \InvalidArgumentException When no markup renders that type.
	 */
	public static function for_type( string $type ): FieldMarkup {
		if ( ! self::has( $type ) ) {
			throw new \InvalidArgumentException( sprintf( 'No server markup for the field type "%s" (expected %s).', $type, self::class_for( $type ) ) ); // phpcs:ignore WordPress.Security.EscapeOutput.ExceptionNotEscaped -- not output.
		}
		$class = self::class_for( $type );
		if ( ! isset( self::$made[ $class ] ) ) {
			$markup = new $class();
			assert( $markup instanceof FieldMarkup );
			self::$made[ $class ] = $markup;
		}
		return self::$made[ $class ];
	}

	/**
	 * A field's markup.
	 *
	 * @param FieldContext $ctx The field and what the form knows about it.
	 * @throws \InvalidArgumentException When no markup renders the field's type.
	 */
	public static function render( FieldContext $ctx ): string {
		return self::for_type( (string) ( $ctx->field['type'] ?? '' ) )->render( $ctx );
	}
}
