/**
 * Canonical HTML (docs/server-rendering.md §4): the one form both languages compare markup in.
 * The twin of tests/php/integration/Support/CanonicalHtml.php; change both together.
 *
 * A small tokenizer, not a DOM parser, so neither language repairs markup the other would not
 * (a `<div>` inside a `<p>` stays there and shows up as a difference in the fixture).
 */

/** Elements without a closing tag. */
const VOID = new Set( [
	'area',
	'base',
	'br',
	'col',
	'embed',
	'hr',
	'img',
	'input',
	'link',
	'meta',
	'source',
	'track',
	'wbr',
] );

/** Elements whose content is raw text (no tags, no entities). */
const RAW_TEXT = new Set( [ 'script', 'style' ] );

/** Attributes written as the bare name whatever their value. */
const BOOLEAN = new Set( [
	'hidden',
	'disabled',
	'checked',
	'selected',
	'multiple',
	'readonly',
	'required',
	'novalidate',
] );

/** Named character references the markup of the forms uses (others: the DOM decodes them). */
const NAMED: Record< string, string > = {
	amp: '&',
	lt: '<',
	gt: '>',
	quot: '"',
	apos: "'",
	nbsp: '\u00a0',
};

interface ElementNode {
	tag: string;
	attrs: Array< [ string, string ] >;
	children: Node[];
}
type Node = ElementNode | string;

/**
 * Markup in canonical form: one node per line (see the contract).
 *
 * @param html Markup (a fragment).
 * @return The lines.
 */
export function canonicalHtml( html: string ): string[] {
	const lines: string[] = [];
	for ( const node of parse( html ) ) {
		write( node, 0, lines );
	}
	return lines;
}

/**
 * The fragment's nodes.
 *
 * @param html Markup.
 */
function parse( html: string ): Node[] {
	const root: ElementNode = { tag: '#root', attrs: [], children: [] };
	const stack: ElementNode[] = [ root ];
	const top = () => stack[ stack.length - 1 ];
	let pos = 0;
	while ( pos < html.length ) {
		if ( html.startsWith( '<!--', pos ) ) {
			const end = html.indexOf( '-->', pos + 4 );
			pos = end < 0 ? html.length : end + 3;
			continue;
		}
		if ( html.startsWith( '<!', pos ) || html.startsWith( '<?', pos ) ) {
			const end = html.indexOf( '>', pos );
			pos = end < 0 ? html.length : end + 1;
			continue;
		}
		const close = /^<\/([A-Za-z][A-Za-z0-9-]*)\s*>/.exec(
			html.slice( pos )
		);
		if ( close ) {
			const tag = close[ 1 ].toLowerCase();
			const at = stack.map( ( e ) => e.tag ).lastIndexOf( tag );
			if ( at > 0 ) {
				stack.length = at;
			}
			pos += close[ 0 ].length;
			continue;
		}
		const open = /^<([A-Za-z][A-Za-z0-9-]*)/.exec( html.slice( pos ) );
		if ( open ) {
			const tag = open[ 1 ].toLowerCase();
			pos += open[ 0 ].length;
			const attrs: Array< [ string, string ] > = [];
			let selfClosing = false;
			const attr =
				/^\s*([^\s"'>\/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/;
			for (;;) {
				const rest = html.slice( pos );
				const end = /^\s*(\/?)>/.exec( rest );
				if ( end ) {
					selfClosing = end[ 1 ] === '/';
					pos += end[ 0 ].length;
					break;
				}
				const match = attr.exec( rest );
				if ( ! match ) {
					// A stray character (a lone "/"): skip it.
					if ( ! rest.length ) {
						break;
					}
					pos += 1;
					continue;
				}
				const name = match[ 1 ].toLowerCase();
				if ( ! attrs.some( ( [ n ] ) => n === name ) ) {
					attrs.push( [
						name,
						decode( match[ 2 ] ?? match[ 3 ] ?? match[ 4 ] ?? '' ),
					] );
				}
				pos += match[ 0 ].length;
			}
			const element: ElementNode = { tag, attrs, children: [] };
			top().children.push( element );
			if ( RAW_TEXT.has( tag ) && ! selfClosing ) {
				const end = html.toLowerCase().indexOf( `</${ tag }`, pos );
				const stop = end < 0 ? html.length : end;
				element.children.push( html.slice( pos, stop ) );
				const gt = html.indexOf( '>', stop );
				pos = end < 0 || gt < 0 ? html.length : gt + 1;
				continue;
			}
			if ( ! VOID.has( tag ) && ! selfClosing ) {
				stack.push( element );
			}
			continue;
		}
		const next = html.indexOf( '<', pos + 1 );
		const stop = next < 0 ? html.length : next;
		top().children.push( decode( html.slice( pos, stop ) ) );
		pos = stop;
	}
	return root.children;
}

/**
 * Writes a node and its children.
 *
 * @param node  The node.
 * @param depth Its depth.
 * @param lines The lines so far.
 */
function write( node: Node, depth: number, lines: string[] ): void {
	const indent = '  '.repeat( depth );
	if ( typeof node === 'string' ) {
		const text = node.replace( /[ \t\n\r\f]+/g, ' ' ).trim();
		if ( text !== '' ) {
			lines.push( indent + escapeText( text ) );
		}
		return;
	}
	const attrs = [ ...node.attrs ]
		.sort( ( [ a ], [ b ] ) => ( a < b ? -1 : 1 ) ) // Names are unique.
		.map( ( [ name, value ] ) => {
			if ( BOOLEAN.has( name ) ) {
				return ' ' + name;
			}
			const shown =
				name === 'style'
					? value.replace( /[ \t\n\r\f]+/g, '' ).replace( /;+$/, '' )
					: value;
			return ` ${ name }="${ escapeAttribute( shown ) }"`;
		} )
		.join( '' );
	lines.push( `${ indent }<${ node.tag }${ attrs }>` );
	if ( VOID.has( node.tag ) ) {
		return;
	}
	for ( const child of node.children ) {
		write( child, depth + 1, lines );
	}
	lines.push( `${ indent }</${ node.tag }>` );
}

/**
 * Text with its character references decoded.
 *
 * @param text Raw text.
 */
function decode( text: string ): string {
	return text.replace(
		/&(#[0-9]+|#[xX][0-9a-fA-F]+|[A-Za-z][A-Za-z0-9]*);/g,
		( whole, ref: string ) => {
			if ( ref[ 0 ] === '#' ) {
				const code =
					ref[ 1 ] === 'x' || ref[ 1 ] === 'X'
						? parseInt( ref.slice( 2 ), 16 )
						: parseInt( ref.slice( 1 ), 10 );
				return String.fromCodePoint( code );
			}
			if ( ref in NAMED ) {
				return NAMED[ ref ];
			}
			if ( typeof document !== 'undefined' ) {
				const area = document.createElement( 'textarea' );
				area.innerHTML = whole;
				return area.value;
			}
			return whole;
		}
	);
}

/**
 * A text line's escaping.
 *
 * @param text Text.
 */
function escapeText( text: string ): string {
	return text
		.replace( /&/g, '&amp;' )
		.replace( /</g, '&lt;' )
		.replace( />/g, '&gt;' )
		.replace( /\u00a0/g, '&nbsp;' );
}

/**
 * An attribute value's escaping.
 *
 * @param value Value.
 */
function escapeAttribute( value: string ): string {
	return value
		.replace( /&/g, '&amp;' )
		.replace( /</g, '&lt;' )
		.replace( /"/g, '&quot;' )
		.replace( /\u00a0/g, '&nbsp;' );
}
