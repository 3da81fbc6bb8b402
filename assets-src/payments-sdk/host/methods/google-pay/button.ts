/**
 * The Google Pay button (spec §3 "Google Pay button"; wave 2 design A.3): the options of
 * attach(), checked, and the button Google's createButton() renders into a shadow root inside
 * the merchant's target. A click bubbles out of the shadow root to the target, where the
 * merchant's own click listener calls tokenize() (the provider's quickstart).
 */
import { InvalidConfigurationValueError } from '../../errors';
import type { GooglePayButtonOptions } from '../../types';
import { checkOptions } from '../../validate';
import type { GooglePaymentsClient } from './vendor';

/** Allowed values per option (API §3 GooglePayButtonOptions). */
const BUTTON_OPTIONS: Readonly< Record< string, readonly string[] > > = {
	buttonColor: [ 'default', 'black', 'white' ],
	buttonSizeMode: [ 'static', 'fill' ],
	buttonType: [ 'long', 'short' ],
};

/**
 * The options of attach(), checked: an unknown option is InvalidOptionError, a value outside
 * its list (or not a string) InvalidConfigurationValueError. Defaults: default colour, static size, long type.
 *
 * @param options What the merchant passed.
 */
export function buttonOptions(
	options: unknown
): Required< GooglePayButtonOptions > {
	checkOptions( options, {
		buttonColor: 'string',
		buttonSizeMode: 'string',
		buttonType: 'string',
	} );
	for ( const [ key, value ] of Object.entries( options ?? {} ) ) {
		const allowed = BUTTON_OPTIONS[ key ]!;
		if ( value !== undefined && ! allowed.includes( value as string ) ) {
			throw new InvalidConfigurationValueError(
				key,
				value,
				`Expected one of: ${ allowed.join( ', ' ) }.`
			);
		}
	}
	const o = ( options ?? {} ) as GooglePayButtonOptions;
	return {
		buttonColor: o.buttonColor ?? 'default',
		buttonSizeMode: o.buttonSizeMode ?? 'static',
		buttonType: o.buttonType ?? 'long',
	};
}

/** The rendered button: its host element in the merchant's target. */
export interface RenderedButton {
	host: HTMLElement;
	remove: () => void;
}

/**
 * Renders Google's button into a new shadow root appended to the target.
 *
 * @param target  The merchant's container.
 * @param client  Google's PaymentsClient.
 * @param options Checked options.
 */
export function renderButton(
	target: HTMLElement,
	client: GooglePaymentsClient,
	options: Required< GooglePayButtonOptions >
): RenderedButton {
	const doc = target.ownerDocument;
	const host = doc.createElement( 'div' );
	host.setAttribute( 'data-sq-google-pay', '' );
	if ( options.buttonSizeMode === 'fill' ) {
		host.style.width = '100%';
		host.style.height = '100%';
	}
	const root = host.attachShadow( { mode: 'open' } );
	const button = client.createButton( {
		// The merchant listens on the container; the button's own handler has nothing to do.
		onClick: () => undefined,
		buttonColor: options.buttonColor,
		buttonSizeMode: options.buttonSizeMode,
		buttonType: options.buttonType,
		buttonRootNode: root,
	} );
	root.appendChild( button );
	target.appendChild( host );
	return { host, remove: () => host.remove() };
}
