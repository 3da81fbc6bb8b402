/**
 * The host DOM around a card or gift card frame (API §12: `.sq-card-*`, read by merchant CSS
 * and by Gravity Forms): wrapper, component, iframe container and message line, plus the
 * provider's card-wrapper stylesheet once per page (spec §1).
 */

/** The elements of one mounted frame. */
export interface HostDom {
	wrapper: HTMLElement;
	message: HTMLElement;
}

/**
 * Adds the card-wrapper stylesheet unless the page has it.
 *
 * @param doc       Host document.
 * @param assetBase Versioned asset base of the provider.
 */
export function ensureWrapperStylesheet(
	doc: Document,
	assetBase: string
): void {
	if ( doc.querySelector( 'link[data-sq-card-wrapper]' ) ) {
		return;
	}
	const css = doc.createElement( 'link' );
	css.rel = 'stylesheet';
	css.href = `${ assetBase }card-wrapper.css`;
	css.setAttribute( 'data-sq-card-wrapper', '' );
	doc.head.appendChild( css );
}

/**
 * Builds the wrapper around the iframe and appends it to the target.
 *
 * @param doc    Host document.
 * @param target The merchant's DIV or SPAN.
 * @param iframe The frame.
 */
export function mountHostDom(
	doc: Document,
	target: HTMLElement,
	iframe: HTMLIFrameElement
): HostDom {
	const wrapper = doc.createElement( 'div' );
	wrapper.className = 'sq-card-wrapper';
	const component = doc.createElement( 'div' );
	component.className = 'sq-card-component';
	const container = doc.createElement( 'div' );
	container.className = 'sq-card-iframe-container';
	container.appendChild( iframe );
	component.appendChild( container );
	const message = doc.createElement( 'div' );
	message.className = 'sq-card-message';
	message.setAttribute( 'aria-live', 'polite' );
	wrapper.append( component, message );
	target.appendChild( wrapper );
	return { wrapper, message };
}

let seq = 0;
/** Suffix of iframe ids: unique on the page. */
export function randomSuffix(): string {
	return `${ ++seq }-${ Math.random().toString( 36 ).slice( 2, 8 ) }`;
}
