/**
 * The target of a method's attach() (spec §5): a selector or an element, connected to the
 * document, of an allowed tag (DIV or SPAN). Shared by the hosted-field elements and the
 * Google Pay button.
 */
import { ElementNotFoundError, InvalidElementTypeError } from './errors';

/** Tags a method may be attached to. */
export const ATTACH_TAGS: ReadonlySet< string > = new Set( [ 'DIV', 'SPAN' ] );

/**
 * Finds the target: ElementNotFoundError when there is none in the document,
 * InvalidElementTypeError when its tag is not allowed.
 *
 * @param doc               The merchant's document.
 * @param selectorOrElement Selector or element.
 */
export function findAttachTarget(
	doc: Document,
	selectorOrElement: string | HTMLElement
): HTMLElement {
	const target =
		typeof selectorOrElement === 'string'
			? doc.querySelector< HTMLElement >( selectorOrElement )
			: selectorOrElement;
	if (
		! target ||
		typeof target !== 'object' ||
		! ( target as Node ).isConnected
	) {
		throw new ElementNotFoundError( selectorOrElement );
	}
	if ( ! ATTACH_TAGS.has( target.tagName ) ) {
		throw new InvalidElementTypeError( target, new Set( ATTACH_TAGS ) );
	}
	return target;
}
