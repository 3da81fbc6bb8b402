/**
 * Formulas read once, evaluated many times. The engine evaluates a formula each time a field it
 * reads changes; on a large form a change can run a hundred formulas in a chain. Writing every
 * merge tag's number into the text and reading the text again (substituteMergeTags, then
 * evaluateFormulaRaw) costs most of that time. Here the text around the merge tags is split
 * into tokens once per formula, and each evaluation only puts the tags' numbers in their
 * places. The result is the same as substituting, by construction and by test
 * (formula/test/compiled.test.ts): a number goes in as the decimal substitution writes
 * (decimalFromNumber), and a formula whose text would read differently once substituted (a tag
 * next to a digit, a point or another tag: "1{:2}" reads as one number) is evaluated by
 * substituting.
 */
import { decimalFromNumber } from '../../shared/money';
import {
	ALLOWED,
	evaluateFormulaRaw,
	evaluateTokens,
	tokenize,
	type Token,
} from './evaluate';
import { substituteMergeTags, TAG, type MergeTag } from './merge-tags';

type Part = Token | { kind: 'tag'; tag: MergeTag };

/**
 * What a formula's text reads as: its tokens with the tags in place, 'invalid' when no value
 * of its tags can make it valid, 'substitute' when it must be read after substituting.
 */
type Compiled = Part[] | 'invalid' | 'substitute';

/** Formulas read so far, by text (a page holds few forms; emptied if it ever grows large). */
const compiled = new Map< string, Compiled >();
const MAX_CACHED = 2000;

/**
 * Evaluates a formula with the numbers its merge tags stand for: the same result as
 * `evaluateFormulaRaw( substituteMergeTags( formula, valueOf ) )`.
 *
 * @param formula Formula text.
 * @param valueOf The numeric value of a tag (0 for missing or hidden fields).
 * @return The result (non-finite kept), or null when the formula is not valid.
 */
export function evaluateWithTags(
	formula: string,
	valueOf: ( tag: MergeTag ) => number
): number | null {
	let read = compiled.get( formula );
	if ( read === undefined ) {
		if ( compiled.size >= MAX_CACHED ) {
			compiled.clear();
		}
		read = compile( formula );
		compiled.set( formula, read );
	}
	if ( read === 'invalid' ) {
		return null;
	}
	if ( read === 'substitute' ) {
		return evaluateFormulaRaw( substituteMergeTags( formula, valueOf ) );
	}
	const tokens: Token[] = new Array( read.length );
	for ( let i = 0; i < read.length; i++ ) {
		const part = read[ i ];
		tokens[ i ] =
			part.kind === 'tag'
				? {
						kind: 'number',
						// The number the substituted text would hold (15 significant digits).
						value: Number(
							decimalFromNumber( valueOf( part.tag ) )
						),
					}
				: part;
	}
	return evaluateTokens( tokens );
}

/**
 * Whether a character would join a substituted number into a longer one.
 *
 * @param ch A character, or undefined past either end.
 */
function joinsNumber( ch: string | undefined ): boolean {
	return ch !== undefined && ( ch === '.' || ( ch >= '0' && ch <= '9' ) );
}

/**
 * Reads a formula's text once.
 *
 * @param formula Formula text.
 */
function compile( formula: string ): Compiled {
	const parts: Part[] = [];
	let last = 0;
	// Read in two passes: whether the text can be read apart from its tags at all, then the
	// tokens. 'invalid' must not win over 'substitute' (a later "1{:2}" decides the reading).
	const segments: string[] = [];
	const tags: MergeTag[] = [];
	for ( const match of formula.matchAll( TAG ) ) {
		const at = match.index ?? 0;
		const end = at + match[ 0 ].length;
		if (
			( at > 0 && at === last && tags.length > 0 ) ||
			joinsNumber( formula[ at - 1 ] ) ||
			joinsNumber( formula[ end ] )
		) {
			return 'substitute';
		}
		segments.push( formula.slice( last, at ) );
		tags.push( { inputId: match[ 1 ], modifier: match[ 2 ] } );
		last = end;
	}
	segments.push( formula.slice( last ) );
	for ( let i = 0; i < segments.length; i++ ) {
		// Line breaks count as spaces, as substituteMergeTags makes them.
		const text = segments[ i ].replace( /[\r\n]/g, ' ' );
		const tokens = ALLOWED.test( text ) ? tokenize( text ) : null;
		if ( ! tokens ) {
			return 'invalid';
		}
		parts.push( ...tokens );
		if ( i < tags.length ) {
			parts.push( { kind: 'tag', tag: tags[ i ] } );
		}
	}
	return parts;
}
