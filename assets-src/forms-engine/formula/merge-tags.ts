import { decimalFromNumber } from '../../shared/money';

/**
 * Merge tags in formulas: `{Label:3}` and `{:3.2}` (the label is free text and may be empty),
 * optionally with a modifier `{Label:3:price}`.
 */
export const TAG = /\{[^{}]*?:(\d+(?:\.\d+)?)(?::([a-z_]+))?\}/g;

export interface MergeTag {
	/** Field id ("3") or input id ("3.2"). */
	inputId: string;
	modifier?: string;
}

/**
 * The merge tags a formula reads, in order (duplicates kept once).
 *
 * @param formula Formula text.
 */
export function mergeTagsOf( formula: string ): MergeTag[] {
	const seen = new Set< string >();
	const tags: MergeTag[] = [];
	for ( const match of formula.matchAll( TAG ) ) {
		const key = match[ 1 ] + ':' + ( match[ 2 ] ?? '' );
		if ( ! seen.has( key ) ) {
			seen.add( key );
			tags.push( { inputId: match[ 1 ], modifier: match[ 2 ] } );
		}
	}
	return tags;
}

/**
 * Replaces every merge tag with the number it stands for, written as a plain decimal (never in
 * exponent form), so the result can be evaluated.
 *
 * @param formula Formula text.
 * @param valueOf The numeric value of a tag (0 for missing or hidden fields).
 */
export function substituteMergeTags(
	formula: string,
	valueOf: ( tag: MergeTag ) => number
): string {
	return formula
		.replace( TAG, ( _all, inputId: string, modifier?: string ) => {
			const decimal = decimalFromNumber(
				valueOf( { inputId, modifier } )
			);
			// Parenthesised so "2-{:1}" with -5 stays "2-(-5)".
			return decimal.startsWith( '-' ) ? `(${ decimal })` : decimal;
		} )
		.replace( /[\r\n]/g, ' ' );
}
