/**
 * Merchant styles to CSS inside the frame. The host validated them already (host/validate.ts);
 * the frame checks again because it must not trust the page: only known selectors, no url(),
 * no braces or semicolons.
 */
import { INPUT_STYLE_SELECTORS } from '../protocol';

/** Only the input selectors render here; the message line is host DOM. */
const SELECTORS: ReadonlySet< string > = new Set( INPUT_STYLE_SELECTORS );

/** Largest rendered input font size (API §4.2). */
export const MAX_FONT_SIZE = '16px';

const kebab = ( s: string ) =>
	s.replace( /[A-Z]/g, ( c ) => `-${ c.toLowerCase() }` );
const safe = ( v: unknown ): v is string =>
	typeof v === 'string' &&
	! /[;{}<>\\]|url\(|expression\(|@import/i.test( v );

function rules( obj: Record< string, unknown > ): string {
	let css = '';
	for ( const [ selector, props ] of Object.entries( obj ) ) {
		if (
			! SELECTORS.has( selector ) ||
			! props ||
			typeof props !== 'object'
		) {
			continue;
		}
		const decls = Object.entries( props as Record< string, unknown > )
			.filter( ( [ k, v ] ) => /^[a-zA-Z]+$/.test( k ) && safe( v ) )
			.map( ( [ k, v ] ) => {
				// State borders are drawn inset (API §4.2).
				if (
					selector.startsWith( '.input-container.is-' ) &&
					k === 'borderWidth'
				) {
					return `box-shadow: inset 0 0 0 ${ v } ${ ( props as Record< string, string > ).borderColor ?? 'currentColor' }`;
				}
				// The documented maximum font size is 16px (API §4.2): larger sizes pass the
				// checks (themes' computed values) and render at 16px.
				if ( k === 'fontSize' ) {
					return `font-size: min(${ v }, ${ MAX_FONT_SIZE })`;
				}
				return `${ kebab( k ) }: ${ v }`;
			} );
		if ( decls.length ) {
			css += `${ selector.replace( /^input/, '.sq-input' ) } { ${ decls.join( '; ' ) } }\n`;
		}
	}
	return css;
}

/**
 * CSS text of a style object.
 *
 * @param style CardClassSelectors.
 */
export function styleToCss( style: Record< string, unknown > ): string {
	let css = rules( style );
	for ( const [ key, value ] of Object.entries( style ) ) {
		if (
			/^@media [\w\s():.,%-]+$/.test( key ) &&
			value &&
			typeof value === 'object'
		) {
			css += `${ key } { ${ rules( value as Record< string, unknown > ) } }\n`;
		}
	}
	return css;
}
