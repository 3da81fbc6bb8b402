/**
 * Visitor entry: mounts a React form into every container the shortcode or block printed and
 * exposes `window.kestrelForms.hooks`. The only module with side effects on visitor pages.
 */
import { createRoot } from '@wordpress/element';
import { createHooks, type Hooks } from '@wordpress/hooks';
import {
	Form,
	publicUtils,
	type FormProps,
	type PublicUtils,
} from '../forms-ui';
import type { FieldUnits } from '../forms-ui/fields/units';
import { configureRest } from '../forms-ui/submit/rest-fetch';
import { registerCurrencies, type Currency } from '../shared';
import '../forms-ui/form.scss';

interface ContainerData {
	form: FormProps[ 'form' ];
	captcha?: FormProps[ 'captcha' ];
	/** The form's currency configuration (the page carries only the currencies it uses). */
	currency?: Currency;
	/** Anything else is for field units (e.g. `payment`: the public payment configuration). */
	[ key: string ]: unknown;
	options?: { showTitle?: boolean; showDescription?: boolean };
	rest: {
		submitPath: string;
		submitUrl?: string;
		anonymous?: boolean;
		/** The REST root and the signed-in visitor's nonce (null for anonymous visitors). */
		root?: string;
		nonce?: string | null;
		nonceUrl?: string | null;
		uploadUrl?: string;
		renderToken?: string;
		renderTokenUrl?: string;
		renderTokenMaxAge?: number;
	};
}

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

const mountAll = () =>
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
	let data: ContainerData;
	try {
		data = JSON.parse( script?.textContent ?? '' ) as ContainerData;
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
	const root = createRoot( container );
	root.render(
		<Form
			form={ data.form }
			submitPath={ data.rest.submitPath }
			submitUrl={ data.rest.submitUrl }
			anonymous={ data.rest.anonymous }
			uploadUrl={ data.rest.uploadUrl }
			renderToken={ data.rest.renderToken }
			renderTokenUrl={ data.rest.renderTokenUrl }
			renderTokenMaxAge={ data.rest.renderTokenMaxAge }
			captcha={ data.captcha }
			page={ data }
			units={ kestrelForms.fields }
			hooks={ kestrelForms.hooks }
			showTitle={ data.options?.showTitle }
			showDescription={ data.options?.showDescription }
			onMounted={ () => {
				container.style.minHeight = '';
				container.classList.remove( 'kestrel-form--loading' );
				container.dataset.kestrelReady = 'true';
				kestrelForms.hooks.doAction(
					'kestrel_forms.form.rendered',
					data.form,
					container
				);
			} }
		/>
	);
}
