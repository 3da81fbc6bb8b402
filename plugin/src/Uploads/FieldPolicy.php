<?php
/**
 * What a file-upload field accepts.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Uploads;

/**
 * Read from the field definition (plugin/schema/form.schema.json: `multipleFiles`, `maxFiles`,
 * `maxFileSize` in MB, `allowedExtensions`), bounded by the site's hard cap.
 */
final class FieldPolicy {

	/**
	 * A policy from its three limits.
	 *
	 * @param list<string> $extensions Allowed extensions (empty: whatever WordPress allows).
	 * @param int          $max_bytes  Largest file, bytes.
	 * @param int|null     $max_files  Most files (null: no field limit).
	 */
	public function __construct(
		public readonly array $extensions,
		public readonly int $max_bytes,
		public readonly ?int $max_files
	) {}

	/**
	 * The policy of a field, or null when it is not a file-upload field.
	 *
	 * @param array<string, mixed>|null $field    Field definition.
	 * @param int                       $hard_cap Site-wide largest file, bytes.
	 */
	public static function of_field( ?array $field, int $hard_cap ): ?self {
		if ( null === $field || 'fileupload' !== ( $field['type'] ?? null ) ) {
			return null;
		}
		$max_bytes = $hard_cap;
		if ( isset( $field['maxFileSize'] ) && is_numeric( $field['maxFileSize'] ) && (float) $field['maxFileSize'] > 0 ) {
			$max_bytes = (int) min( $hard_cap, floor( (float) $field['maxFileSize'] * 1024 * 1024 ) );
		}
		if ( empty( $field['multipleFiles'] ) ) {
			$max_files = 1;
		} else {
			$max_files = isset( $field['maxFiles'] ) && (int) $field['maxFiles'] > 0 ? (int) $field['maxFiles'] : null;
		}
		return new self(
			FileNames::extension_list( (string) ( $field['allowedExtensions'] ?? '' ) ),
			max( 1, $max_bytes ),
			$max_files
		);
	}

	/**
	 * Whether the field's own list lets this extension through (always true for an empty list).
	 *
	 * @param string $extension Lowercase extension.
	 */
	public function allows_extension( string $extension ): bool {
		return array() === $this->extensions || in_array( $extension, $this->extensions, true );
	}
}
