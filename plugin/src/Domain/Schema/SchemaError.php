<?php
/**
 * One violation found by the schema validator.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Domain\Schema;

/**
 * A JSON path (for example `fields[2].choices`), the schema keyword that failed and its parameters.
 * The message is plain English for logs and tests; the REST layer translates by keyword.
 */
final class SchemaError {

	/**
	 * One schema violation.
	 *
	 * @param string               $path    JSON path of the offending value, '' for the document root.
	 * @param string               $keyword The failing keyword: type, required, enum, pattern, ...
	 * @param array<string, mixed> $params  Keyword details, e.g. [ 'expected' => 'string' ].
	 */
	public function __construct(
		public readonly string $path,
		public readonly string $keyword,
		public readonly array $params = array()
	) {}

	/**
	 * English description, e.g. "fields[2].choices: must contain at least 1 item(s)".
	 */
	public function message(): string {
		$where = '' === $this->path ? '(root)' : $this->path;
		return $where . ': ' . self::describe( $this->keyword, $this->params );
	}

	/**
	 * English text for a keyword and its parameters.
	 *
	 * @param string               $keyword Schema keyword.
	 * @param array<string, mixed> $params  Keyword details.
	 */
	public static function describe( string $keyword, array $params ): string {
		$p = static fn( string $key ): string => is_scalar( $params[ $key ] ?? null ) ? (string) $params[ $key ] : '';
		switch ( $keyword ) {
			case 'type':
				return 'must be of type ' . $p( 'expected' );
			case 'required':
				return 'is required';
			case 'additionalProperties':
				return 'is not an allowed property';
			case 'enum':
			case 'const':
				return 'must be one of: ' . $p( 'allowed' );
			case 'minLength':
				return 'must be at least ' . $p( 'limit' ) . ' character(s) long';
			case 'maxLength':
				return 'must be at most ' . $p( 'limit' ) . ' character(s) long';
			case 'minItems':
				return 'must contain at least ' . $p( 'limit' ) . ' item(s)';
			case 'maxItems':
				return 'must contain at most ' . $p( 'limit' ) . ' item(s)';
			case 'minimum':
				return 'must be at least ' . $p( 'limit' );
			case 'maximum':
				return 'must be at most ' . $p( 'limit' );
			case 'pattern':
				return 'has an invalid format';
			default:
				return $p( 'detail' ) !== '' ? $p( 'detail' ) : 'is invalid (' . $keyword . ')';
		}
	}
}
