<?php
/**
 * A plain (no-JavaScript) form post read as the REST submission's values.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Submissions;

use Kestrel\Forms\Domain\Form\Form;

/**
 * The printed form names its inputs `input_{fieldId}`, `input_{fieldId}.{n}` and
 * `input_{fieldId}[]` (docs/server-rendering.md §3); PHP turns the dot of a posted name into `_`,
 * so `input_5.3` arrives as `input_5_3`. This turns them back into the keys the REST submission's
 * `values` uses ("5", "5.3"): WireValues. Only the form's own field ids are read; every other name
 * is ignored. Values are unslashed (WordPress slashes `$_POST`) and kept as text or lists of text;
 * anything else (nested arrays, keyed arrays) is dropped, and the validator checks the rest.
 */
final class PlainPostValues {

	/** The name of a field's input in the post (the dot already an underscore). */
	private const NAME = '/^input_([0-9]+)(?:_([0-9]+))?$/D';

	/** The hidden input holding the files uploaded on earlier pages (JSON). */
	public const UPLOADED_FILES = 'kestrel_uploaded_files';

	/**
	 * The "other" choice of a radio group: the radio's value, with the typed text in
	 * `input_{id}_other` (the same sentinel as the browser's OTHER_CHOICE).
	 */
	public const OTHER_CHOICE = 'gf_other_choice';

	/** What the captcha providers' no-JavaScript fallbacks post (their own names). */
	public const CAPTCHA_FALLBACKS = array( 'g-recaptcha-response', 'h-captcha-response', 'cf-turnstile-response' );

	/**
	 * The WireValues of a post, for the form's fields only.
	 *
	 * @param Form                $form The form.
	 * @param array<mixed, mixed> $post The request's `$_POST` (slashed, as WordPress leaves it).
	 * @return array<string, string|list<string>>
	 */
	public static function from_post( Form $form, array $post ): array {
		$fields = array();
		foreach ( $form->fields() as $field ) {
			$fields[ (string) $field['id'] ] = $field;
		}
		$values = array();
		foreach ( $post as $name => $raw ) {
			if ( ! is_string( $name ) || 1 !== preg_match( self::NAME, $name, $m ) || ! isset( $fields[ $m[1] ] ) ) {
				continue;
			}
			$value = self::clean( $raw );
			if ( null !== $value ) {
				$values[ isset( $m[2] ) ? $m[1] . '.' . $m[2] : $m[1] ] = $value;
			}
		}
		foreach ( $fields as $id => $field ) {
			$type = (string) ( $field['type'] ?? '' );
			if ( 'radio' === $type && self::OTHER_CHOICE === ( $values[ $id ] ?? null ) ) {
				// The radio says "other"; the field's value is the text typed beside it.
				$typed         = self::clean( $post[ 'input_' . $id . '_other' ] ?? '' );
				$values[ $id ] = is_string( $typed ) ? $typed : '';
			}
			if ( 'captcha' === $type && ! isset( $values[ $id ] ) ) {
				// A provider's fallback posts its answer under its own name.
				foreach ( self::CAPTCHA_FALLBACKS as $fallback ) {
					$answer = self::clean( $post[ $fallback ] ?? null );
					if ( is_string( $answer ) && '' !== $answer ) {
						$values[ $id ] = $answer;
						break;
					}
				}
			}
		}
		return $values;
	}

	/**
	 * The files uploaded on earlier pages (the `kestrel_uploaded_files` hidden input), in the REST
	 * route's `uploaded_files` shape: `input_{fieldId}` => list of { temp_filename,
	 * uploaded_filename }, for the form's file-upload fields only. The tokens are checked when the
	 * submission claims them (Uploads\UploadStore::claim()): only files this server stored for
	 * this form and field, not yet claimed, count.
	 *
	 * @param Form  $form The form.
	 * @param mixed $json The hidden input's value (slashed).
	 * @return array<string, list<array{temp_filename: string, uploaded_filename: string}>>
	 */
	public static function uploaded_files( Form $form, mixed $json ): array {
		$decoded = is_string( $json ) ? json_decode( wp_unslash( $json ), true ) : null;
		if ( ! is_array( $decoded ) ) {
			return array();
		}
		$files = array();
		foreach ( $form->fields() as $field ) {
			$key     = 'input_' . $field['id'];
			$records = $decoded[ $key ] ?? null;
			if ( 'fileupload' !== $field['type'] || ! is_array( $records ) ) {
				continue;
			}
			foreach ( $records as $record ) {
				$token = is_array( $record ) ? ( $record['temp_filename'] ?? null ) : null;
				$name  = is_array( $record ) ? ( $record['uploaded_filename'] ?? '' ) : '';
				if ( is_string( $token ) && 1 === preg_match( '/^[a-f0-9]{64}$/D', $token ) ) {
					$files[ $key ][] = array(
						'temp_filename'     => $token,
						'uploaded_filename' => is_string( $name ) ? sanitize_file_name( $name ) : '',
					);
				}
			}
		}
		return $files;
	}

	/**
	 * A posted value as text or a list of text, unslashed; null for any other shape.
	 *
	 * @param mixed $raw Posted value.
	 * @return string|list<string>|null
	 */
	private static function clean( mixed $raw ): string|array|null {
		if ( is_string( $raw ) ) {
			return wp_unslash( $raw );
		}
		if ( ! is_array( $raw ) || ! array_is_list( $raw ) ) {
			return null;
		}
		$list = array();
		foreach ( $raw as $item ) {
			if ( ! is_string( $item ) ) {
				return null;
			}
			$list[] = wp_unslash( $item );
		}
		return $list;
	}
}
