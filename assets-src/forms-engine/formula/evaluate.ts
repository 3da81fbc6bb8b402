/**
 * Formula evaluation with a real parser: no eval, no Function (specs/forms-visitor-behaviour.md §5).
 *
 * Grammar (after merge tags are replaced by numbers):
 *   expression := term ( ( '+' | '-' ) term )*
 *   term       := unary ( ( '*' | '/' ) unary )*
 *   unary      := ( '+' | '-' ) unary | primary
 *   primary    := number | '(' expression ')'
 *   number     := digits [ '.' digits ] | '.' digits
 *
 * Only digits, decimal points, spaces, + - * / and parentheses are allowed. Any other character,
 * or a syntax error, gives no result (null). A non-finite result (division by zero) gives 0;
 * evaluateFormulaRaw() keeps it, so that a price is never 0 by accident.
 * Unary signs are accepted because a merge tag can stand for a negative number ("2*{:1}" with
 * -5 reads "2*-5"). The PHP twin is Domain/Calculation/Formula.php.
 */

export type Token =
	{ kind: 'number'; value: number } | { kind: 'op'; value: string };

/** The characters a formula may hold once its merge tags are numbers. */
export const ALLOWED = /^[0-9.\s+\-*/()]*$/;

/** A number where a token starts (sticky: read at `lastIndex`). */
const NUMBER = /\d+(?:\.\d+)?|\.\d+/y;
const SPACE = /\s/;

/**
 * Evaluates an arithmetic expression.
 *
 * @param expression Text such as "(2 + 3) * 1.5".
 * @return The result, 0 for a non-finite result, or null when the expression is not valid.
 */
export function evaluateFormula( expression: string ): number | null {
	const value = evaluateFormulaRaw( expression );
	return value === null || Number.isFinite( value ) ? value : 0;
}

/**
 * Evaluates an arithmetic expression, keeping a non-finite result: a price must not take 0 for
 * a division by zero or an overflow (computePricing refuses it).
 *
 * @param expression Text such as "1 / 0".
 * @return The result (±Infinity or NaN when non-finite), or null when the expression is not valid.
 */
export function evaluateFormulaRaw( expression: string ): number | null {
	if ( ! ALLOWED.test( expression ) ) {
		return null;
	}
	const tokens = tokenize( expression );
	return tokens ? evaluateTokens( tokens ) : null;
}

/**
 * Evaluates a formula already split into tokens (see evaluateFormulaRaw).
 *
 * @param tokens Tokens.
 * @return The result (non-finite kept), or null when they are no valid expression.
 */
export function evaluateTokens( tokens: Token[] ): number | null {
	if ( tokens.length === 0 ) {
		return null;
	}
	const parser = new Parser( tokens );
	const value = parser.expression();
	if ( value === null || ! parser.done() ) {
		return null;
	}
	return value;
}

/**
 * Splits text of allowed characters into numbers and operators.
 *
 * @param text Text (ALLOWED holds for it).
 * @return Tokens, or null when a number is malformed ("1..2", a lone ".").
 */
export function tokenize( text: string ): Token[] | null {
	const tokens: Token[] = [];
	let i = 0;
	while ( i < text.length ) {
		const ch = text[ i ];
		if ( '+-*/()'.includes( ch ) ) {
			tokens.push( { kind: 'op', value: ch } );
			i++;
		} else if ( SPACE.test( ch ) ) {
			i++;
		} else {
			NUMBER.lastIndex = i;
			const match = NUMBER.exec( text );
			if ( ! match ) {
				return null;
			}
			tokens.push( { kind: 'number', value: Number( match[ 0 ] ) } );
			i = NUMBER.lastIndex;
		}
	}
	return tokens;
}

class Parser {
	private position = 0;

	constructor( private readonly tokens: Token[] ) {}

	done(): boolean {
		return this.position === this.tokens.length;
	}

	expression(): number | null {
		let left = this.term();
		while ( left !== null && this.peekOp( '+', '-' ) ) {
			const op = this.next().value;
			const right = this.term();
			if ( right === null ) {
				return null;
			}
			left = op === '+' ? left + right : left - right;
		}
		return left;
	}

	private term(): number | null {
		let left = this.unary();
		while ( left !== null && this.peekOp( '*', '/' ) ) {
			const op = this.next().value;
			const right = this.unary();
			if ( right === null ) {
				return null;
			}
			left = op === '*' ? left * right : left / right;
		}
		return left;
	}

	private unary(): number | null {
		if ( this.peekOp( '+', '-' ) ) {
			const op = this.next().value;
			const value = this.unary();
			if ( value === null ) {
				return null;
			}
			return op === '-' ? -value : value;
		}
		return this.primary();
	}

	private primary(): number | null {
		const token = this.tokens[ this.position ];
		if ( ! token ) {
			return null;
		}
		if ( token.kind === 'number' ) {
			this.position++;
			return token.value;
		}
		if ( token.value === '(' ) {
			this.position++;
			const value = this.expression();
			if ( value === null || ! this.peekOp( ')' ) ) {
				return null;
			}
			this.position++;
			return value;
		}
		return null;
	}

	private peekOp( ...ops: string[] ): boolean {
		const token = this.tokens[ this.position ];
		return token?.kind === 'op' && ops.includes( token.value );
	}

	private next(): Token {
		return this.tokens[ this.position++ ];
	}
}
