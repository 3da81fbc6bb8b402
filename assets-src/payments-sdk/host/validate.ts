/**
 * Validation of what merchants pass in (spec §5): application id, page, browser, element
 * options and styles. Throws the catalogue's errors.
 */
import {
	CARD_HEIGHT,
	CARD_HEIGHT_LABELS,
	GIFT_CARD_EXTRA,
	NARROW_WIDTH,
	type InputStyleSelector,
} from '../protocol';
import {
	ApplicationIdEnvironmentMismatchError,
	BrowserNotSupportedError,
	InvalidApplicationIdError,
	InvalidConfigurationValueError,
	InvalidInputStylePropertyError,
	InvalidInputStyleSelectorError,
	InvalidInputStyleValueError,
	InvalidOptionError,
	InvalidStylesError,
	WebSdkEmbedError,
	type StyleError,
} from './errors';

export type Environment = 'production' | 'sandbox';

const PRODUCTION_PREFIX = 'sq0idp-';
const SANDBOX_PREFIX = 'sandbox-sq0idb-';

/**
 * Checks an application id: 22 to 37 characters, either 22 word or hyphen characters or a
 * production / sandbox prefix; a prefix of the other environment is refused (spec §5).
 *
 * @param applicationId Id.
 * @param environment   Environment of the loaded SDK.
 */
export function checkApplicationId(
	applicationId: unknown,
	environment: Environment
): void {
	if (
		typeof applicationId !== 'string' ||
		applicationId.length < 22 ||
		applicationId.length > 37
	) {
		throw new InvalidApplicationIdError();
	}
	const production =
		applicationId.startsWith( PRODUCTION_PREFIX ) &&
		/^[\w-]+$/.test( applicationId );
	const sandbox =
		applicationId.startsWith( SANDBOX_PREFIX ) &&
		/^[\w-]+$/.test( applicationId );
	if ( ! production && ! sandbox && ! /^[\w-]{22}$/.test( applicationId ) ) {
		throw new InvalidApplicationIdError();
	}
	if (
		( production && environment !== 'production' ) ||
		( sandbox && environment !== 'sandbox' )
	) {
		throw new ApplicationIdEnvironmentMismatchError( environment );
	}
}

/**
 * Https is required, except on localhost (spec §5).
 *
 * @param loc          Page location.
 * @param loc.protocol
 * @param loc.hostname
 */
export function checkSecurePage( loc: {
	protocol: string;
	hostname: string;
} ): void {
	const local =
		loc.hostname === 'localhost' ||
		loc.hostname.endsWith( '.localhost' ) ||
		loc.hostname === '127.0.0.1' ||
		loc.hostname === '[::1]' ||
		loc.hostname === '::1';
	if ( loc.protocol !== 'https:' && ! local ) {
		throw new WebSdkEmbedError();
	}
}

/**
 * Refuses browsers without what the SDK needs (spec §5).
 *
 * @param win Window.
 */
export function checkBrowser( win: Window ): void {
	const w = win as unknown as Record< string, unknown >;
	const ok =
		typeof w.postMessage === 'function' &&
		typeof w.fetch === 'function' &&
		typeof w.Promise === 'function' &&
		typeof w.WeakMap === 'function' &&
		typeof ( w.crypto as Crypto | undefined )?.getRandomValues ===
			'function' &&
		! ( win.document as unknown as { documentMode?: number } ).documentMode;
	if ( ! ok ) {
		throw new BrowserNotSupportedError();
	}
}

/** Expected type per allowed option. */
type OptionTypes = Record< string, 'boolean' | 'string' | 'object' >;
export const CARD_OPTIONS: OptionTypes = {
	includeInputLabels: 'boolean',
	postalCode: 'string',
	style: 'object',
};
export const GIFT_CARD_OPTIONS: OptionTypes = {
	includeInputLabels: 'boolean',
	style: 'object',
};

/**
 * Checks element options against an allow-list: unknown key → InvalidOptionError, wrong type
 * → InvalidConfigurationValueError (spec §5 invalid-option / invalid-value); styles checked too.
 *
 * @param options Options given.
 * @param allowed Allowed keys and types.
 */
export function checkOptions( options: unknown, allowed: OptionTypes ): void {
	if ( options === undefined || options === null ) {
		return;
	}
	if ( typeof options !== 'object' || Array.isArray( options ) ) {
		throw new InvalidConfigurationValueError(
			'options',
			options,
			'Expected an object.'
		);
	}
	for ( const [ key, value ] of Object.entries( options ) ) {
		const type = allowed[ key ];
		if ( ! type ) {
			throw new InvalidOptionError( key );
		}
		if ( value === undefined ) {
			continue;
		}
		if (
			typeof value !== type ||
			( type === 'object' &&
				( value === null || Array.isArray( value ) ) )
		) {
			throw new InvalidConfigurationValueError(
				key,
				value,
				`Expected a ${ type }.`
			);
		}
		if ( key === 'style' ) {
			checkStyle( value as Record< string, unknown > );
		}
	}
}

const INPUT = [
	'backgroundColor',
	'color',
	'fontFamily',
	'fontSize',
	'fontWeight',
];
const TEXT = [ 'color' ];
const COMPONENT = [ 'borderColor', 'borderRadius', 'borderWidth' ];
const COMPONENT_STATE = [ 'borderColor', 'borderWidth' ];

/** Properties of the frame's input selectors: exactly the protocol's INPUT_STYLE_SELECTORS. */
const INPUT_SELECTOR_PROPERTIES: Record< InputStyleSelector, string[] > = {
	input: INPUT,
	'input.is-focus': INPUT,
	'input::placeholder': TEXT,
	'input.is-focus::placeholder': TEXT,
	'input.is-error': TEXT,
	'input.is-error::placeholder': TEXT,
	'.input-container': COMPONENT,
	'.input-container.is-focus': COMPONENT_STATE,
	'.input-container.is-error': COMPONENT_STATE,
};

/**
 * Allowed selectors and their properties (API §4.2): the frame's input selectors and, on top,
 * the host's message line.
 */
export const STYLE_SELECTORS: Record< string, string[] > = {
	...INPUT_SELECTOR_PROPERTIES,
	'.message-text': TEXT,
	'.message-text.is-error': TEXT,
	'.message-icon': TEXT,
	'.message-icon.is-error': TEXT,
};

const NUM = String.raw`[+-]?(?:\d+\.?\d*|\.\d+)`;
const PCT = String.raw`${ NUM }%?`;
const COLOR_FN = new RegExp(
	String.raw`^(?:rgba?|hsla?)\(\s*${ PCT }(?:\s*[,\s]\s*${ PCT }){2}(?:\s*[,/]\s*${ PCT })?\s*\)$`,
	'i'
);
/**
 * CSS named colours (CSS Color Module Level 4, 148 names) plus `transparent` and `currentcolor`,
 * the keyword colours. CSS-wide keywords (inherit, initial, unset) are not colours and are refused.
 */
const NAMED_COLORS: ReadonlySet< string > = new Set( [
	'aliceblue',
	'antiquewhite',
	'aqua',
	'aquamarine',
	'azure',
	'beige',
	'bisque',
	'black',
	'blanchedalmond',
	'blue',
	'blueviolet',
	'brown',
	'burlywood',
	'cadetblue',
	'chartreuse',
	'chocolate',
	'coral',
	'cornflowerblue',
	'cornsilk',
	'crimson',
	'cyan',
	'darkblue',
	'darkcyan',
	'darkgoldenrod',
	'darkgray',
	'darkgreen',
	'darkgrey',
	'darkkhaki',
	'darkmagenta',
	'darkolivegreen',
	'darkorange',
	'darkorchid',
	'darkred',
	'darksalmon',
	'darkseagreen',
	'darkslateblue',
	'darkslategray',
	'darkslategrey',
	'darkturquoise',
	'darkviolet',
	'deeppink',
	'deepskyblue',
	'dimgray',
	'dimgrey',
	'dodgerblue',
	'firebrick',
	'floralwhite',
	'forestgreen',
	'fuchsia',
	'gainsboro',
	'ghostwhite',
	'gold',
	'goldenrod',
	'gray',
	'green',
	'greenyellow',
	'grey',
	'honeydew',
	'hotpink',
	'indianred',
	'indigo',
	'ivory',
	'khaki',
	'lavender',
	'lavenderblush',
	'lawngreen',
	'lemonchiffon',
	'lightblue',
	'lightcoral',
	'lightcyan',
	'lightgoldenrodyellow',
	'lightgray',
	'lightgreen',
	'lightgrey',
	'lightpink',
	'lightsalmon',
	'lightseagreen',
	'lightskyblue',
	'lightslategray',
	'lightslategrey',
	'lightsteelblue',
	'lightyellow',
	'lime',
	'limegreen',
	'linen',
	'magenta',
	'maroon',
	'mediumaquamarine',
	'mediumblue',
	'mediumorchid',
	'mediumpurple',
	'mediumseagreen',
	'mediumslateblue',
	'mediumspringgreen',
	'mediumturquoise',
	'mediumvioletred',
	'midnightblue',
	'mintcream',
	'mistyrose',
	'moccasin',
	'navajowhite',
	'navy',
	'oldlace',
	'olive',
	'olivedrab',
	'orange',
	'orangered',
	'orchid',
	'palegoldenrod',
	'palegreen',
	'paleturquoise',
	'palevioletred',
	'papayawhip',
	'peachpuff',
	'peru',
	'pink',
	'plum',
	'powderblue',
	'purple',
	'rebeccapurple',
	'red',
	'rosybrown',
	'royalblue',
	'saddlebrown',
	'salmon',
	'sandybrown',
	'seagreen',
	'seashell',
	'sienna',
	'silver',
	'skyblue',
	'slateblue',
	'slategray',
	'slategrey',
	'snow',
	'springgreen',
	'steelblue',
	'tan',
	'teal',
	'thistle',
	'tomato',
	'turquoise',
	'violet',
	'wheat',
	'white',
	'whitesmoke',
	'yellow',
	'yellowgreen',
	'transparent',
	'currentcolor',
] );
const isColor = ( v: string ) =>
	/^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i.test( v.trim() ) ||
	COLOR_FN.test( v.trim() ) ||
	NAMED_COLORS.has( v.trim().toLowerCase() );
const length = ( units: string ) =>
	new RegExp( String.raw`^(?:0|${ NUM }(?:${ units }))$`, 'i' );
const LENGTH_ANY = length( 'px|em|rem|pt|%' );
const LENGTH_BORDER = length( 'px|em' );
const multi = ( v: string, one: RegExp ) => {
	const parts = v.trim().split( /\s+/ );
	return (
		parts.length >= 1 &&
		parts.length <= 4 &&
		parts.every( ( p ) => one.test( p ) )
	);
};

/** Value rules per property (API §4.2 and §12: computed CSS values pass). */
const VALUE_RULES: Record< string, ( v: string ) => boolean > = {
	color: isColor,
	backgroundColor: isColor,
	borderColor: isColor,
	fontFamily: ( v ) =>
		/^\s*(?:"[^"\\;{}<>]*"|'[^'\\;{}<>]*'|[\w -]+)(?:\s*,\s*(?:"[^"\\;{}<>]*"|'[^'\\;{}<>]*'|[\w -]+))*\s*$/.test(
			v
		),
	// A non-negative size in px, em, pt or % (spec §5). Computed sizes of themes pass even above
	// the documented 16px maximum (API §4.2, §12: GF passes the theme's computed size); the frame
	// caps the rendered size at 16px instead (frame/style.ts).
	fontSize: ( v ) =>
		length( 'px|em|pt|%' ).test( v.trim() ) && ! /^\s*-/.test( v ),
	fontWeight: ( v ) =>
		/^(?:normal|bold|bolder|lighter|[1-9]00)$/i.test( v.trim() ),
	borderRadius: ( v ) => multi( v, LENGTH_ANY ),
	borderWidth: ( v ) => multi( v, LENGTH_BORDER ),
};

/** Media query of CSS level 3: media types and (feature: value) conditions joined by and. */
const MEDIA = new RegExp(
	String.raw`^@media\s+(?:(?:only\s+|not\s+)?(?:all|screen|print)|\(\s*[a-z-]+\s*(?::\s*[\w.%-]+\s*)?\))(?:\s+and\s+\(\s*[a-z-]+\s*(?::\s*[\w.%-]+\s*)?\))*$`,
	'i'
);

/**
 * Checks a style object; every problem is collected into one InvalidStylesError.
 *
 * @param style Style object of CardOptions.
 */
export function checkStyle( style: Record< string, unknown > ): void {
	const errors: StyleError[] = [];
	const walk = ( obj: Record< string, unknown >, allowMedia: boolean ) => {
		for ( const [ selector, props ] of Object.entries( obj ) ) {
			if ( allowMedia && selector.startsWith( '@media' ) ) {
				if (
					! MEDIA.test( selector.trim() ) ||
					! props ||
					typeof props !== 'object'
				) {
					errors.push(
						new InvalidInputStyleSelectorError( selector )
					);
				} else {
					walk( props as Record< string, unknown >, false );
				}
				continue;
			}
			const allowed = STYLE_SELECTORS[ selector ];
			if ( ! allowed || ! props || typeof props !== 'object' ) {
				errors.push( new InvalidInputStyleSelectorError( selector ) );
				continue;
			}
			for ( const [ prop, value ] of Object.entries( props ) ) {
				if ( ! allowed.includes( prop ) ) {
					errors.push( new InvalidInputStylePropertyError( prop ) );
				} else if (
					typeof value !== 'string' ||
					/[;{}<>\\]|url\(|expression\(/i.test( value ) ||
					! VALUE_RULES[ prop ]( value )
				) {
					errors.push(
						new InvalidInputStyleValueError( prop, String( value ) )
					);
				}
			}
		}
	};
	walk( style, true );
	if ( errors.length ) {
		throw new InvalidStylesError( errors );
	}
}

/**
 * Card iframe height (spec §2): 48 px, 62 px with labels; at 482 px or narrower twice that
 * plus 1; the gift card adds 2 px.
 *
 * @param width    Container width in px.
 * @param labels   includeInputLabels.
 * @param giftCard Gift card element.
 */
export function frameHeight(
	width: number,
	labels: boolean,
	giftCard = false
): number {
	const base = labels ? CARD_HEIGHT_LABELS : CARD_HEIGHT;
	if ( giftCard ) {
		return base + GIFT_CARD_EXTRA;
	}
	return width > 0 && width <= NARROW_WIDTH ? base * 2 + 1 : base;
}
