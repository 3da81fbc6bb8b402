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
import { fieldTypeUnit } from '../forms-engine';
import {
	OTHER_CHOICE,
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
 * What the visitor typed into the server's form before this script ran: the submission values
 * (WireValues, as the REST submission sends them) of each field one of whose inputs no longer
 * holds what the server printed. Form puts them back once mounted (its restore path), so
 * nothing typed early is lost.
 *
 * Input names map to wire keys as the plain post reads them: `input_5` → "5", `input_5.3` →
 * "5.3", `input_5_other` → "5_other"; a field whose value is a list (checkboxes, a
 * multi-select) gathers its inputs' values under its id.
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
	if ( ! element ) {
		return undefined;
	}
	const changed = new Set< string >();
	// Every enabled input's wire key by field id, with '' for a box left unticked.
	const posted: Record< string, Array< [ string, string ] > > = {};
	for ( const control of Array.from( element.elements ) ) {
		const key = wireKey( ( control as HTMLInputElement ).name ?? '' );
		if ( ! key ) {
			continue;
		}
		if ( isChanged( control ) ) {
			changed.add( key.id );
		}
		if ( ( control as HTMLInputElement ).disabled ) {
			continue;
		}
		const box =
			control instanceof HTMLInputElement &&
			( control.type === 'checkbox' || control.type === 'radio' );
		posted[ key.id ] ??= [];
		if ( box && ! control.checked ) {
			posted[ key.id ].push( [ key.wire, '' ] );
		}
	}
	if ( ! changed.size ) {
		return undefined;
	}
	new FormData( element ).forEach( ( value, name ) => {
		const key = wireKey( name );
		if ( key && typeof value === 'string' ) {
			( posted[ key.id ] ??= [] ).push( [ key.wire, value ] );
		}
	} );
	const values: SubmissionValues = {};
	for ( const field of form.fields ) {
		const id = String( field.id );
		const unit = fieldTypeUnit( field.type );
		if ( ! changed.has( id ) || ! unit || unit.displayOnly ) {
			continue;
		}
		const entries = posted[ id ] ?? [];
		if (
			! unit.inputIds( field ).length &&
			Array.isArray( unit.initialValue( field ) )
		) {
			values[ id ] = entries
				.filter( ( [ , value ] ) => value !== '' )
				.map( ( [ , value ] ) => value );
			continue;
		}
		for ( const [ wire, value ] of entries ) {
			const before = values[ wire ];
			if ( value === '' && before !== undefined ) {
				continue; // An unticked box never hides the ticked one of its group.
			}
			values[ wire ] =
				before === '' || before === undefined ? value : before;
		}
		// A radio's "other" choice holds the text typed next to it (as ChoiceGroup keeps it).
		const other = values[ `${ id }_other` ];
		delete values[ `${ id }_other` ];
		if (
			values[ id ] === OTHER_CHOICE &&
			typeof other === 'string' &&
			other
		) {
			values[ id ] = other;
		}
	}
	return values;
}

/**
 * An input name's field id and wire key (`input_5.3` → "5", "5.3"), or null for other names.
 *
 * @param name The input's name.
 */
function wireKey( name: string ): { id: string; wire: string } | null {
	const match = /^input_(\d+)(.*?)(?:\[\])?$/.exec( name );
	return match ? { id: match[ 1 ], wire: match[ 1 ] + match[ 2 ] } : null;
}

/**
 * Whether a control no longer holds what the markup gave it.
 *
 * @param control A form control.
 */
function isChanged( control: Element ): boolean {
	if ( control instanceof HTMLInputElement ) {
		if ( control.type === 'file' ) {
			return false; // A chosen file cannot be put back.
		}
		return control.type === 'checkbox' || control.type === 'radio'
			? control.checked !== control.defaultChecked
			: control.value !== control.defaultValue;
	}
	if ( control instanceof HTMLTextAreaElement ) {
		return control.value !== control.defaultValue;
	}
	if ( control instanceof HTMLSelectElement ) {
		const options = Array.from( control.options );
		if ( control.multiple ) {
			return options.some(
				( option ) => option.selected !== option.defaultSelected
			);
		}
		// A single select without a selected option shows its first one.
		const first = options.findIndex( ( option ) => option.defaultSelected );
		return control.selectedIndex !== Math.max( first, 0 );
	}
	return false;
}
