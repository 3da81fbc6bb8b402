<?php
/**
 * Reading submitted (wire) values.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Domain\FieldTypes;

/**
 * The browser's values arrive as JSON or form posts; nothing in them is trusted.
 */
final class Wire {

	/**
	 * Normalises a submitted scalar to text. Arrays and invalid UTF-8 are refused (null).
	 *
	 * @param mixed $raw       Submitted value.
	 * @param bool  $multiline Keep inner newlines (textarea).
	 */
	public static function text( mixed $raw, bool $multiline = false ): ?string {
		if ( null === $raw ) {
			return '';
		}
		if ( is_bool( $raw ) ) {
			$raw = $raw ? '1' : '';
		}
		if ( ! is_string( $raw ) && ! is_int( $raw ) && ! is_float( $raw ) ) {
			return null;
		}
		$text = (string) $raw;
		if ( ! mb_check_encoding( $text, 'UTF-8' ) ) {
			return null;
		}
		$text = str_replace( array( "\r\n", "\r" ), "\n", $text );
		// Control characters other than newline and tab have no place in form input.
		$text = (string) preg_replace( $multiline ? '/[\x00-\x08\x0B-\x1F\x7F]/u' : '/[\x00-\x1F\x7F]/u', '', $text );
		return trim( $text );
	}

	/**
	 * The parts of a multi-input field in tuple order, as text; null when one is not text.
	 *
	 * @param array<mixed, mixed> $raw All submitted values.
	 * @param list<string>        $ids Input ids in tuple order.
	 * @return list<string>|null
	 */
	public static function parts( array $raw, array $ids ): ?array {
		$parts = array();
		foreach ( $ids as $id ) {
			$text = self::text( $raw[ $id ] ?? null );
			if ( null === $text ) {
				return null;
			}
			$parts[] = $text;
		}
		return $parts;
	}

	/**
	 * Whether any of the keys was submitted.
	 *
	 * @param array<mixed, mixed> $raw All submitted values.
	 * @param list<string>        $ids Keys.
	 */
	public static function has_any( array $raw, array $ids ): bool {
		foreach ( $ids as $id ) {
			if ( array_key_exists( $id, $raw ) ) {
				return true;
			}
		}
		return false;
	}

	/**
	 * One part of a tuple value, trimmed ('' when absent).
	 *
	 * @param string|list<string> $value Browser-shaped value.
	 * @param int                 $index Position.
	 */
	public static function part( string|array $value, int $index ): string {
		$part = is_array( $value ) ? ( $value[ $index ] ?? '' ) : '';
		return is_string( $part ) ? trim( $part ) : '';
	}

	/**
	 * Input ids "{id}.{n}" for the numbers given.
	 *
	 * @param array<string, mixed> $field    Field.
	 * @param list<int>            $suffixes Input numbers in tuple order.
	 * @return list<string>
	 */
	public static function input_ids( array $field, array $suffixes ): array {
		return array_map( static fn( int $n ): string => $field['id'] . '.' . $n, $suffixes );
	}

	/**
	 * Whether an input of a name or address field is shown: the definition's `inputs[].isHidden`
	 * when it lists the input, else the type's default.
	 *
	 * @param array<string, mixed> $field          Field.
	 * @param string               $input_id       Input id.
	 * @param bool                 $hidden_default Hidden when the definition does not say.
	 */
	public static function is_shown( array $field, string $input_id, bool $hidden_default ): bool {
		foreach ( $field['inputs'] ?? array() as $input ) {
			if ( (string) ( $input['id'] ?? '' ) === $input_id ) {
				return empty( $input['isHidden'] );
			}
		}
		return ! $hidden_default;
	}

	/**
	 * The defaultValue of one input of the definition ('' when none).
	 *
	 * @param array<string, mixed> $field    Field.
	 * @param string               $input_id Input id.
	 */
	public static function input_default( array $field, string $input_id ): string {
		foreach ( $field['inputs'] ?? array() as $input ) {
			if ( (string) ( $input['id'] ?? '' ) === $input_id ) {
				return (string) ( $input['defaultValue'] ?? '' );
			}
		}
		return '';
	}
}
