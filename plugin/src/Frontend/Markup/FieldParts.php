<?php
/**
 * The frame every field shares, in PHP.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Frontend\Markup;

/**
 * The mirror of assets-src/forms-ui/components/field-parts.tsx (FieldShell, LabelText,
 * Description, describedBy, fieldDescribedBy, FieldLabel) and of reveal.tsx's RevealDiv on a
 * first render: the same elements, classes, ids and attributes.
 */
final class FieldParts {

	/**
	 * The field wrapper with its description (below) and inline error (TSX `FieldShell`).
	 *
	 * @param FieldContext $ctx      The field.
	 * @param string       $children The control's markup (escaped HTML).
	 * @param bool         $own_text The control shows the description itself (a consent's agreement).
	 */
	public static function shell( FieldContext $ctx, string $children, bool $own_text = false ): string {
		$field   = $ctx->field;
		$message = (string) $ctx->error_message();
		$inner   = $children;
		if ( ! $own_text ) {
			$inner .= self::description( $ctx, 'below' );
		}
		if ( '' !== $message ) {
			$inner .= Html::el(
				'p',
				array(
					'class' => 'kestrel-form__error',
					'id'    => Ids::validation( $ctx->form_id, $ctx->field_id() ),
				),
				Html::text( $message )
			);
		}
		return self::reveal_div(
			$ctx->concealed,
			array(
				'id'                     => Ids::field( $ctx->form_id, $ctx->field_id() ),
				'data-conditional-logic' => $ctx->concealed ? 'hidden' : null,
				'class'                  => Html::cx(
					'kestrel-form__field',
					'kestrel-form__field--' . (string) ( $field['type'] ?? '' ),
					'' !== $message ? 'has-error' : null,
					isset( $field['cssClass'] ) && is_string( $field['cssClass'] ) ? $field['cssClass'] : null
				),
			),
			$inner
		);
	}

	/**
	 * A div that conditional logic shows and hides, as RevealDiv renders it first (`hidden`
	 * while concealed).
	 *
	 * @param bool                                      $concealed Hidden by conditional logic.
	 * @param array<string, string|int|float|bool|null> $attrs     Its other attributes.
	 * @param string                                    $children  Content (escaped HTML).
	 */
	public static function reveal_div( bool $concealed, array $attrs, string $children ): string {
		return Html::el( 'div', array( 'hidden' => $concealed ) + $attrs, $children );
	}

	/**
	 * A field's label text with the required marker (TSX `LabelText`).
	 *
	 * @param array<string, mixed> $field Field.
	 */
	public static function label_text( array $field ): string {
		$label = (string) ( $field['label'] ?? '' );
		if ( '' === $label ) {
			$label = (string) ( $field['adminLabel'] ?? '' );
		}
		$html = Html::text( $label );
		if ( ! empty( $field['isRequired'] ) ) {
			$html .= Html::el(
				'span',
				array(
					'class'       => 'kestrel-form__required',
					'aria-hidden' => 'true',
				),
				' *'
			);
			$html .= Html::el( 'span', array( 'class' => 'screen-reader-text' ), Html::text( ' ' . __( '(Required)', 'kestrel-forms' ) ) );
		}
		return $html;
	}

	/**
	 * A field's description where the form puts it, or '' (TSX `Description`).
	 *
	 * @param FieldContext $ctx The field.
	 * @param string       $at  The place this one stands for: 'above' (between label and input) or 'below'.
	 */
	public static function description( FieldContext $ctx, string $at = 'above' ): string {
		$description = (string) ( $ctx->field['description'] ?? '' );
		if ( '' === $description || $ctx->description_placement !== $at ) {
			return '';
		}
		return Html::el(
			'p',
			array(
				'class' => 'kestrel-form__description',
				'id'    => Ids::description( $ctx->form_id, $ctx->field_id() ),
			),
			Html::text( $description )
		);
	}

	/**
	 * An aria-describedby value from ids that may be missing, or null when none is left.
	 *
	 * @param string|false|null ...$list Ids, empty entries skipped.
	 */
	public static function described_by( string|false|null ...$list ): ?string {
		$present = array_filter( $list, static fn( $id ): bool => is_string( $id ) && '' !== $id );
		return $present ? implode( ' ', $present ) : null;
	}

	/**
	 * A field's aria-describedby: its description and its message, when shown (TSX
	 * `fieldDescribedBy`).
	 *
	 * @param FieldContext $ctx The field.
	 */
	public static function field_described_by( FieldContext $ctx ): ?string {
		return self::described_by(
			! empty( $ctx->field['description'] ) ? Ids::description( $ctx->form_id, $ctx->field_id() ) : null,
			'' !== (string) $ctx->error_message() ? Ids::validation( $ctx->form_id, $ctx->field_id() ) : null
		);
	}

	/**
	 * A field's label element (TSX `FieldLabel`): a `legend` for a group of inputs, a `label`
	 * for one input, a `p` for a field without an input.
	 *
	 * @param FieldContext $ctx The field.
	 * @param string       $tag 'legend', 'label' or 'p'.
	 * @param string|null  $for A label's input id.
	 */
	public static function label( FieldContext $ctx, string $tag, ?string $for = null ): string {
		return Html::el(
			$tag,
			array(
				'class' => 'kestrel-form__label',
				'for'   => $for,
				'id'    => Ids::label( $ctx->form_id, $ctx->field_id() ),
			),
			self::label_text( $ctx->field )
		);
	}
}
