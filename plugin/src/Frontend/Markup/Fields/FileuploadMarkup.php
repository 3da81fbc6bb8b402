<?php
/**
 * Upload fields' server markup.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Frontend\Markup\Fields;

use Kestrel\Forms\Frontend\Markup\FieldContext;
use Kestrel\Forms\Frontend\Markup\FieldMarkup;
use Kestrel\Forms\Frontend\Markup\FieldParts;
use Kestrel\Forms\Frontend\Markup\Html;
use Kestrel\Forms\Frontend\Markup\Ids;

/**
 * The twin of forms-ui/fields/basic/BasicUpload.tsx: a plain file input that a plain post
 * uploads (`input_{id}[]`, `multiple` when the field takes several files), accepting the
 * allowed extensions, and the field's rules under it (the texts of forms-ui/uploads/checks.ts).
 */
final class FileuploadMarkup implements FieldMarkup {

	/**
	 * The field's markup.
	 *
	 * @param FieldContext $ctx The field and what the form knows about it.
	 */
	public function render( FieldContext $ctx ): string {
		$field    = $ctx->field;
		$input_id = Ids::input( $ctx->form_id, $ctx->field_id() );
		$allowed  = self::allowed_extensions( $field );
		$rules    = self::rules_text( $field, $allowed );
		$rules_id = $input_id . '_rules';
		$error    = (string) $ctx->error_message();
		$input    = Html::el(
			'input',
			array(
				'id'               => $input_id,
				'name'             => 'input_' . $ctx->field_id() . '[]',
				'type'             => 'file',
				'class'            => 'kestrel-form__file-basic',
				'multiple'         => ! empty( $field['multipleFiles'] ),
				'accept'           => $allowed ? implode( ',', array_map( static fn( string $e ): string => '.' . $e, $allowed ) ) : null,
				'aria-required'    => ! empty( $field['isRequired'] ) ? 'true' : null,
				'aria-invalid'     => '' !== $error ? 'true' : null,
				'aria-describedby' => FieldParts::described_by( FieldParts::field_described_by( $ctx ), '' !== $rules ? $rules_id : null ),
				'disabled'         => $ctx->concealed,
				'tabindex'         => $ctx->concealed ? '-1' : null,
			)
		);
		$note     = '' !== $rules
			? Html::el(
				'p',
				array(
					'class' => 'kestrel-form__upload-rules',
					'id'    => $rules_id,
				),
				Html::text( $rules )
			)
			: '';
		return FieldParts::shell(
			$ctx,
			FieldParts::label( $ctx, 'label', $input_id ) . FieldParts::description( $ctx ) . $input . $note
		);
	}

	/**
	 * The allowed extensions, lower case without the dot (checks.ts `uploadRules`).
	 *
	 * @param array<string, mixed> $field Upload field.
	 * @return list<string>
	 */
	private static function allowed_extensions( array $field ): array {
		$list = is_string( $field['allowedExtensions'] ?? null ) ? $field['allowedExtensions'] : '';
		$out  = array();
		foreach ( explode( ',', $list ) as $extension ) {
			$extension = strtolower( (string) preg_replace( '/^\./', '', trim( $extension ) ) );
			if ( '' !== $extension ) {
				$out[] = $extension;
			}
		}
		return $out;
	}

	/**
	 * "Accepted file types: png, txt. Max. file size: 2 MB." ('' when it has none; checks.ts
	 * `rulesText`).
	 *
	 * @param array<string, mixed> $field   Upload field.
	 * @param list<string>         $allowed Allowed extensions.
	 */
	private static function rules_text( array $field, array $allowed ): string {
		$size  = $field['maxFileSize'] ?? null;
		$size  = is_int( $size ) || is_float( $size ) ? $size : 0;
		$parts = array();
		if ( $allowed ) {
			/* translators: %s: list of file extensions. */
			$parts[] = sprintf( __( 'Accepted file types: %s.', 'kestrel-forms' ), implode( ', ', $allowed ) );
		}
		// A zero or negative size is no limit of the field's own; a size too small to round to a
		// byte counts as none, as in the browser.
		if ( $size > 0 && round( $size * 1024 * 1024 ) > 0 ) {
			/* translators: %s: size in MB. */
			$parts[] = sprintf( __( 'Max. file size: %s MB.', 'kestrel-forms' ), self::number_text( $size ) );
		}
		return implode( ' ', $parts );
	}

	/**
	 * A number as JavaScript's String() writes it for sizes people type (2, 2.5, 0.25).
	 *
	 * @param int|float $value Number.
	 */
	private static function number_text( int|float $value ): string {
		if ( is_int( $value ) || ( floor( $value ) === $value && abs( $value ) < 1e15 ) ) {
			return (string) (int) $value;
		}
		// The shortest text that reads back as the same double, as JavaScript writes it.
		for ( $digits = 1; $digits < 17; $digits++ ) {
			$short = sprintf( '%.' . $digits . 'G', $value );
			if ( (float) $short === $value ) {
				return $short;
			}
		}
		return sprintf( '%.17G', $value );
	}
}
