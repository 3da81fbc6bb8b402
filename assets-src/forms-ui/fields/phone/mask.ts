/**
 * The standard (US) phone mask, `(###) ###-####`, applied as the visitor types. It never fights
 * them: a deletion is kept as they made it (removing a bracket or a dash stays removed until
 * they type a digit again), more than ten digits or letters are left as typed for validation to
 * explain, and the caret stays after the same digit it followed.
 */

/** What the input shows and where its caret goes. */
export interface Masked {
	text: string;
	caret: number;
}

/**
 * Ten digits or fewer in the mask's shape: "(555", "(555) 12", "(555) 123-4".
 *
 * @param digits Digits only.
 */
function shape( digits: string ): string {
	if ( digits.length === 0 ) {
		return '';
	}
	if ( digits.length <= 3 ) {
		return `(${ digits }`;
	}
	if ( digits.length <= 6 ) {
		return `(${ digits.slice( 0, 3 ) }) ${ digits.slice( 3 ) }`;
	}
	return `(${ digits.slice( 0, 3 ) }) ${ digits.slice(
		3,
		6
	) }-${ digits.slice( 6 ) }`;
}

/**
 * The masked text for what the visitor typed.
 *
 * @param typed    The input's text after the keystroke.
 * @param caret    The caret in it.
 * @param previous The text before the keystroke.
 */
export function maskUsPhone(
	typed: string,
	caret: number,
	previous: string
): Masked {
	const digits = typed.replace( /\D/g, '' );
	const deleting = typed.length < previous.length;
	if ( deleting || digits.length > 10 || /[^\d\s().+-]/.test( typed ) ) {
		return { text: typed, caret };
	}
	const text = shape( digits );
	const before = typed.slice( 0, caret ).replace( /\D/g, '' ).length;
	// After the `before`-th digit of the new text (or at its start when none is before).
	let at = 0;
	for ( let seen = 0; at < text.length && seen < before; at++ ) {
		if ( /\d/.test( text[ at ] ) ) {
			seen++;
		}
	}
	return { text, caret: at };
}
