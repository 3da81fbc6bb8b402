<?php
/**
 * What name and address fields share: inputs that may be hidden, each at most 255 characters.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Domain\FieldTypes;

use Kestrel\Forms\Domain\Validation\FieldError;

/**
 * Checks of a field with several text inputs; the twin of parts.ts.
 */
final class MultiInput {

	/** The longest text one input takes (as Gravity Forms' columns). */
	public const MAX_INPUT_LENGTH = 255;

	/**
	 * Validates the shown inputs of a field: a `max_length` error naming the inputs that are too
	 * long, a `required` error naming the needed inputs left empty (when the field is required),
	 * or the non-empty shown inputs by id (the stored values).
	 *
	 * @param array<string, mixed> $field  Field.
	 * @param array<mixed, mixed>  $raw    All submitted values.
	 * @param list<string>         $ids    Input ids in tuple order.
	 * @param list<int>            $shown  Shown positions.
	 * @param list<int>            $needed Positions a required field needs filled in.
	 * @return array<string, string>|FieldError
	 */
	public static function validate( array $field, array $raw, array $ids, array $shown, array $needed ): array|FieldError {
		$parts = Wire::parts( $raw, $ids );
		if ( null === $parts ) {
			return FieldError::for_field( $field, FieldError::INVALID );
		}
		$texts = array();
		foreach ( $shown as $i ) {
			$texts[ $ids[ $i ] ] = $parts[ $i ];
		}
		$error = self::too_long( $field, $texts );
		if ( null === $error && ! empty( $field['isRequired'] ) ) {
			$empty = array_filter( $shown, static fn( int $i ): bool => in_array( $i, $needed, true ) && '' === $parts[ $i ] );
			$error = self::required( $field, array_values( array_map( static fn( int $i ): string => $ids[ $i ], $empty ) ) );
		}
		return $error ?? self::stored( $ids, $parts, $shown );
	}

	/**
	 * A `max_length` error naming the inputs that are too long, or null.
	 *
	 * @param array<string, mixed>  $field Field.
	 * @param array<string, string> $parts Texts by input id.
	 */
	private static function too_long( array $field, array $parts ): ?FieldError {
		$over = array_keys( array_filter( $parts, static fn( string $p ): bool => mb_strlen( $p, 'UTF-8' ) > self::MAX_INPUT_LENGTH ) );
		return $over ? FieldError::for_field( $field, FieldError::MAX_LENGTH, array( 'limit' => self::MAX_INPUT_LENGTH ), array_map( 'strval', $over ) ) : null;
	}

	/**
	 * A `required` error naming the inputs left empty, or null.
	 *
	 * @param array<string, mixed> $field Field.
	 * @param list<string>         $empty Input ids left empty.
	 */
	private static function required( array $field, array $empty ): ?FieldError {
		return $empty ? FieldError::for_field( $field, FieldError::REQUIRED, array(), $empty ) : null;
	}

	/**
	 * The tuple entered under the input ids, null when none is sent or one is not text.
	 *
	 * @param array<mixed, mixed> $raw All submitted values.
	 * @param list<string>        $ids Input ids in tuple order.
	 * @return list<string>|null
	 */
	public static function entered( array $raw, array $ids ): ?array {
		return Wire::has_any( $raw, $ids ) ? Wire::parts( $raw, $ids ) : null;
	}

	/**
	 * The non-empty parts by input id, the stored values.
	 *
	 * @param list<string> $ids   Input ids in tuple order.
	 * @param list<string> $parts Texts in the same order.
	 * @param list<int>    $shown Shown positions.
	 * @return array<string, string>
	 */
	private static function stored( array $ids, array $parts, array $shown ): array {
		$stored = array();
		foreach ( $shown as $i ) {
			if ( '' !== $parts[ $i ] ) {
				$stored[ $ids[ $i ] ] = $parts[ $i ];
			}
		}
		return $stored;
	}
}
