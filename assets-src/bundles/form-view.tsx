/**
 * Visitor entry: mounts a React form into every container the shortcode or block printed and
 * exposes `window.kestrelForms.hooks`. The only module with side effects on visitor pages.
 */
import { createRoot, hydrateRoot } from '@wordpress/element';
import { createHooks, type Hooks } from '@wordpress/hooks';
import { Form, publicUtils, type PublicUtils } from '../forms-ui';
import type { FieldUnits } from '../forms-ui/fields/units';
import { formPropsOf, type PageData } from '../forms-ui/page-data';
import { configureRest } from '../forms-ui/submit/rest-fetch';
import { READY_EVENT } from '../forms-ui/on-intent';
import { typedInForm } from '../forms-ui/typed-values';
import {
	registerCurrencies,
	type FormDefinition,
	type SubmissionValues,
} from '../shared';
import '../forms-ui/form.scss';

declare global {
	interface Window {
		kestrelForms?: {
			hooks: Hooks;
			utils?: PublicUtils;
			/** Field scripts provide their field units here (fields/units.ts). */
			fields?: FieldUnits;
			/** The payment field script's SDK adapter registry (its own). */
			payments?: unknown;
		};
	}
}

// Field scripts that ran first (units.ts) may have made the object already.
const kestrelForms = ( window.kestrelForms ??= { hooks: createHooks() } );
kestrelForms.hooks ??= createHooks();
kestrelForms.utils = publicUtils;

/** Mounts every form container on the page (tests call it again for containers they print). */
export const mountAll = () =>
	document
		.querySelectorAll< HTMLElement >(
			'.kestrel-form[data-kestrel-form-id]'
		)
		.forEach( mount );

// The script is deferred, so the DOM is usually parsed already; wait when it is not.
if ( document.readyState === 'loading' ) {
	document.addEventListener( 'DOMContentLoaded', mountAll );
} else {
	mountAll();
}

function mount( container: HTMLElement ) {
	if ( container.dataset.kestrelReady ) {
		return;
	}
	const script = container.querySelector( 'script.kestrel-form__data' );
	let data: PageData;
	try {
		data = JSON.parse( script?.textContent ?? '' ) as PageData;
	} catch {
		return; // Nothing usable was printed; leave the container as it is.
	}
	configureRest( {
		root: data.rest.root,
		nonce: data.rest.nonce ?? undefined,
		nonceUrl: data.rest.nonceUrl ?? undefined,
	} );
	if ( data.currency ) {
		registerCurrencies( { [ data.currency.code ]: data.currency } );
	}
	// The server's markup of the form (docs/server-rendering.md §1). A container without it (a
	// page cached before server rendering, or a field the server could not print) is rendered
	// here, as before.
	const root = container.querySelector< HTMLElement >(
		':scope > .kestrel-form__root'
	);
	const hydrating = !! root?.firstElementChild;
	const form = (
		<Form
			{ ...formPropsOf( data ) }
			typed={
				hydrating && root ? typedValues( root, data.form ) : undefined
			}
			units={ kestrelForms.fields }
			hooks={ kestrelForms.hooks }
			onMounted={ () => {
				container.style.minHeight = '';
				container.classList.remove( 'kestrel-form--loading' );
				container.dataset.kestrelReady = 'true';
				if ( hydrating ) {
					container.dataset.kestrelHydration ??= 'clean';
				}
				kestrelForms.hooks.doAction(
					'kestrel_forms.form.rendered',
					data.form,
					container
				);
				// A submit made before the form was ready is made again now (on-intent.ts).
				container.dispatchEvent(
					new CustomEvent( READY_EVENT, { bubbles: true } )
				);
			} }
		/>
	);
	if ( hydrating && root ) {
		let warned = false;
		hydrateRoot( root, form, {
			// React renders the form again where the markup differs: it still works, but the
			// server's markup and the TSX's disagree (the render fixtures should have caught it).
			onRecoverableError: ( error ) => {
				container.dataset.kestrelHydration = 'recovered';
				if ( ! warned ) {
					warned = true;
					// eslint-disable-next-line no-console -- a site owner's only hint of a mismatch.
					console.warn(
						`Kestrel Forms: form ${ data.form.id } did not match the server's markup; it was rendered again.`,
						error
					);
				}
			},
		} );
		return;
	}
	createRoot( root ?? container ).render( form );
}

/**
 * What the visitor typed into the server's form before this script ran (forms-ui/typed-values.ts).
 *
 * @param root The server's markup.
 * @param form The form's definition.
 * @return The values, or undefined when nothing changed.
 */
export function typedValues(
	root: HTMLElement,
	form: FormDefinition
): SubmissionValues | undefined {
	const element = root.querySelector( 'form' );
	return element ? typedInForm( element, form.fields ) : undefined;
}
