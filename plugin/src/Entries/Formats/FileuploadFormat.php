<?php
/**
 * File-upload fields.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Entries\Formats;

use Kestrel\Forms\Domain\Entry\Entry;
use Kestrel\Forms\Uploads\UploadStore;

/**
 * Displayed as "cv.pdf (120 KB), photo.jpg (1.2 MB)"; the CSV cell holds the names only.
 */
final class FileuploadFormat extends TextFormat {

	/**
	 * Names with sizes.
	 *
	 * @param array<string, mixed> $field Field.
	 * @param Entry                $entry Entry.
	 */
	public function text( array $field, Entry $entry ): string {
		return implode(
			', ',
			array_map(
				static fn( array $file ): string => sprintf( '%s (%s)', $file['name'], $file['size_text'] ),
				self::files( $field, $entry )
			)
		);
	}

	/**
	 * File names.
	 *
	 * @param array<string, mixed> $field Field.
	 * @param string               $key   Column key.
	 * @param Entry                $entry Entry.
	 */
	public function cell( array $field, string $key, Entry $entry ): string {
		return implode( ', ', array_column( self::files( $field, $entry ), 'name' ) );
	}

	/**
	 * The files of an upload field on an entry, with their sizes and admin download links.
	 *
	 * @param array<string, mixed> $field File-upload field.
	 * @param Entry                $entry Entry.
	 * @return list<array{name: string, size_text: string, url: string}>
	 */
	public static function files( array $field, Entry $entry ): array {
		$stored = $entry->values[ (string) $field['id'] ] ?? array();
		$files  = array();
		foreach ( is_array( $stored ) ? $stored : array() as $file ) {
			if ( ! is_array( $file ) || ! isset( $file['token'], $file['name'] ) ) {
				continue;
			}
			$files[] = array(
				'name'      => (string) $file['name'],
				'size_text' => (string) size_format( max( 0, (int) ( $file['size'] ?? 0 ) ), 1 ),
				'url'       => UploadStore::download_url( $entry->id, (string) $file['token'] ),
			);
		}
		return $files;
	}
}
