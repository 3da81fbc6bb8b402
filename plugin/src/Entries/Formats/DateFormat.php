<?php
/**
 * Date fields (docs/field-types.md): stored "Y-m-d", shown in the field's `dateFormat`.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Entries\Formats;

use Kestrel\Forms\Domain\Entry\Entry;

/**
 * The display and merge tags write the date as the visitor typed it (mdy: 03/15/2026); the CSV
 * keeps "Y-m-d", which sorts and which spreadsheets read whatever the site's locale.
 */
final class DateFormat extends TextFormat {

	/** PHP date formats of the field's `dateFormat` values (Gravity Forms' names). */
	private const PATTERNS = array(
		'mdy'       => 'm/d/Y',
		'dmy'       => 'd/m/Y',
		'dmy_dash'  => 'd-m-Y',
		'dmy_dot'   => 'd.m.Y',
		'ymd_slash' => 'Y/m/d',
		'ymd_dash'  => 'Y-m-d',
		'ymd_dot'   => 'Y.m.d',
	);

	/**
	 * The date in the field's format (as stored when it is not a "Y-m-d" date).
	 *
	 * @param array<string, mixed> $field Field.
	 * @param Entry                $entry Entry.
	 */
	public function text( array $field, Entry $entry ): string {
		$stored = $this->stored( $field, $entry );
		$date   = \DateTimeImmutable::createFromFormat( '!Y-m-d', $stored, new \DateTimeZone( 'UTC' ) );
		if ( false === $date || $date->format( 'Y-m-d' ) !== $stored ) {
			return $stored;
		}
		return $date->format( self::PATTERNS[ (string) ( $field['dateFormat'] ?? 'mdy' ) ] ?? self::PATTERNS['mdy'] );
	}

	/**
	 * "Y-m-d", as stored.
	 *
	 * @param array<string, mixed> $field Field.
	 * @param string               $key   Column key.
	 * @param Entry                $entry Entry.
	 */
	public function cell( array $field, string $key, Entry $entry ): string {
		return $this->stored( $field, $entry );
	}
}
