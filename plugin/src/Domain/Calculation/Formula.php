<?php
/**
 * Formula evaluation with a real parser; the twin of assets-src/forms-engine/formula.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Domain\Calculation;

use Kestrel\Forms\Domain\Money\Decimal;

/**
 * Grammar and rules as in evaluate.ts: digits, points, spaces, + - * / and parentheses only;
 * invalid gives null; a non-finite result gives 0 (evaluate_raw() keeps it, for prices). Never eval.
 */
final class Formula {

	private const TAG = '/\{[^{}]*?:(\d+(?:\.\d+)?)(?::([a-z_]+))?\}/';

	/**
	 * Tokens of the expression being parsed.
	 *
	 * @var list<array{0: string, 1: float|string}>
	 */
	private array $tokens = array();

	/**
	 * Index of the next token to read.
	 *
	 * @var int
	 */
	private int $position = 0;

	/**
	 * Evaluates an arithmetic expression.
	 *
	 * @param string $expression Text.
	 * @return float|null Result, 0.0 when non-finite, null when invalid.
	 */
	public static function evaluate( string $expression ): ?float {
		$value = self::evaluate_raw( $expression );
		return null === $value || is_finite( $value ) ? $value : 0.0;
	}

	/**
	 * Evaluates an arithmetic expression, keeping a non-finite result: a price must not take 0
	 * for a division by zero or an overflow (PriceCalculator refuses it).
	 *
	 * @param string $expression Text.
	 * @return float|null Result (±INF or NAN when non-finite), null when invalid.
	 */
	public static function evaluate_raw( string $expression ): ?float {
		if ( 1 !== preg_match( '/^[0-9.\s+\-*\/()]*$/', $expression ) ) {
			return null;
		}
		$parser = new self();
		if ( ! $parser->tokenize( $expression ) || ! $parser->tokens ) {
			return null;
		}
		$value = $parser->expression();
		if ( null === $value || count( $parser->tokens ) !== $parser->position ) {
			return null;
		}
		return $value;
	}

	/**
	 * The merge tags a formula reads, in order, each once.
	 *
	 * @param string $formula Formula.
	 * @return list<array{input_id: string, modifier: string|null}>
	 */
	public static function merge_tags( string $formula ): array {
		preg_match_all( self::TAG, $formula, $matches, PREG_SET_ORDER );
		$tags = array();
		foreach ( $matches as $m ) {
			$key          = $m[1] . ':' . ( $m[2] ?? '' );
			$tags[ $key ] = array(
				'input_id' => $m[1],
				'modifier' => $m[2] ?? null,
			);
		}
		return array_values( $tags );
	}

	/**
	 * Replaces merge tags with plain decimals (negatives parenthesised) and line breaks with spaces.
	 *
	 * @param string                                                          $formula  Formula.
	 * @param callable(array{input_id: string, modifier: string|null}): float $value_of The number of a merge tag.
	 */
	public static function substitute( string $formula, callable $value_of ): string {
		$text = (string) preg_replace_callback(
			self::TAG,
			static function ( array $m ) use ( $value_of ): string {
				$decimal = Decimal::from_number(
					(float) $value_of(
						array(
							'input_id' => $m[1],
							'modifier' => $m[2] ?? null,
						)
					)
				);
				return str_starts_with( $decimal, '-' ) ? '(' . $decimal . ')' : $decimal;
			},
			$formula
		);
		return str_replace( array( "\r", "\n" ), ' ', $text );
	}

	/**
	 * Splits the text into number and operator tokens.
	 *
	 * @param string $text Expression text.
	 * @return bool False on a character that is not part of a formula.
	 */
	private function tokenize( string $text ): bool {
		$length = strlen( $text );
		$i      = 0;
		while ( $i < $length ) {
			$ch = $text[ $i ];
			if ( ctype_space( $ch ) ) {
				++$i;
			} elseif ( str_contains( '+-*/()', $ch ) ) {
				$this->tokens[] = array( 'op', $ch );
				++$i;
			} elseif ( 1 === preg_match( '/\G(?:\d+(?:\.\d+)?|\.\d+)/', $text, $m, 0, $i ) ) {
				$this->tokens[] = array( 'number', (float) $m[0] );
				$i             += strlen( $m[0] );
			} else {
				return false;
			}
		}
		return true;
	}

	/**
	 * Parses a sum or difference of terms.
	 *
	 * @return float|null Null when invalid.
	 */
	private function expression(): ?float {
		$left = $this->term();
		while ( null !== $left && $this->peek_op( '+', '-' ) ) {
			$op    = $this->tokens[ $this->position++ ][1];
			$right = $this->term();
			if ( null === $right ) {
				return null;
			}
			$left = '+' === $op ? $left + $right : $left - $right;
		}
		return $left;
	}

	/**
	 * Parses a product or quotient of unary terms.
	 *
	 * @return float|null Null when invalid; a division by zero gives ±INF or NAN.
	 */
	private function term(): ?float {
		$left = $this->unary();
		while ( null !== $left && $this->peek_op( '*', '/' ) ) {
			$op    = $this->tokens[ $this->position++ ][1];
			$right = $this->unary();
			if ( null === $right ) {
				return null;
			}
			if ( '*' === $op ) {
				$left *= $right;
			} else {
				// PHP throws on division by zero; IEEE gives ±INF or NAN (0 for numbers, no price).
				$left = 0.0 === $right ? ( 0.0 === $left ? NAN : ( $left > 0 ? INF : -INF ) ) : $left / $right;
			}
		}
		return $left;
	}

	/**
	 * Parses a signed primary.
	 *
	 * @return float|null Null when invalid.
	 */
	private function unary(): ?float {
		if ( $this->peek_op( '+', '-' ) ) {
			$op    = $this->tokens[ $this->position++ ][1];
			$value = $this->unary();
			if ( null === $value ) {
				return null;
			}
			return '-' === $op ? -$value : $value;
		}
		return $this->primary();
	}

	/**
	 * Parses a number or a parenthesised expression.
	 *
	 * @return float|null Null when invalid.
	 */
	private function primary(): ?float {
		$token = $this->tokens[ $this->position ] ?? null;
		if ( null === $token ) {
			return null;
		}
		if ( 'number' === $token[0] ) {
			++$this->position;
			return (float) $token[1];
		}
		if ( '(' === $token[1] ) {
			++$this->position;
			$value = $this->expression();
			if ( null === $value || ! $this->peek_op( ')' ) ) {
				return null;
			}
			++$this->position;
			return $value;
		}
		return null;
	}

	/**
	 * Whether the next token is one of the operators.
	 *
	 * @param string ...$ops Operators.
	 * @return bool
	 */
	private function peek_op( string ...$ops ): bool {
		$token = $this->tokens[ $this->position ] ?? null;
		return null !== $token && 'op' === $token[0] && in_array( $token[1], $ops, true );
	}
}
