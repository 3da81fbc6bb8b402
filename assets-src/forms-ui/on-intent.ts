/**
 * The visitor page's script loader (bundles/form-loader.ts, printed inline by
 * Assets::print_on_intent; about 1 KB gzip): loads the form's scripts on the visitor's first sign
 * of intent instead of with the page (docs/server-rendering.md §6).
 *
 * The server prints the whole form and it works without any script (a plain post); the scripts
 * (WordPress's React and ours) only enhance it. So they wait, inert inside
 * `<template id="kestrel-forms-scripts">`, until the pointer comes over a form, a finger touches
 * it, or something in it gets the focus, a click or a key; then they run in the order WordPress
 * printed them, and the form hydrates with whatever was typed meanwhile (form-view's
 * typedValues).
 *
 * A submit (a button, or Enter) before the form is ready waits for it and is then made again
 * through the form's own button, so it goes the AJAX way. When the scripts cannot load, when the
 * form is not ready after SUBMIT_WAIT_MS, or when a file chosen in a plain file input would not
 * reach the uploader in time, the submit goes ahead as a plain post.
 */

/** The id of the template holding the scripts (Assets::ON_INTENT_TEMPLATE). */
export const TEMPLATE_ID = 'kestrel-forms-scripts';

/** The event form-view dispatches on a container once its form is mounted. */
export const READY_EVENT = 'kestrel-forms:ready';

/** The event that loads the scripts at once (a form printed late that loads with the page). */
export const LOAD_EVENT = 'kestrel-forms:load';

/** How long a submit waits for the form's scripts before it goes ahead as a plain post. */
export const SUBMIT_WAIT_MS = 10000;

/** How long one script may take to arrive before the load counts as failed. */
export const SCRIPT_WAIT_MS = 20000;

/** The visitor's signs of intent on a form (listened to on the document, for late forms too). */
export const INTENT_EVENTS = [
	'pointerover',
	'pointerdown',
	'mousedown',
	'touchstart',
	'click',
	'focusin',
	'keydown',
	'input',
	'change',
] as const;

type State = 'waiting' | 'loading' | 'loaded' | 'failed';

/**
 * Starts listening for intent on the forms of the document.
 *
 * @param doc      The document.
 * @param template The template of waiting scripts (the element printed right before the loader;
 *                 by id when not given).
 * @return The loading state, the load, and stop (which forgets every listener; for tests).
 */
export function startLoader(
	doc: Document = document,
	template: Element | null = doc.getElementById( TEMPLATE_ID )
): {
	state: () => State;
	load: () => Promise< void >;
	stop: () => void;
} {
	let state: State = 'waiting';
	let loading: Promise< void > | null = null;
	/**
	 * Submits waiting for their form: the button's value (`kestrel_nav`) by form container (a
	 * hydration that had to render again replaces the form element, never the container).
	 */
	const waiting = new Map< HTMLElement, string >();
	/** Submits let through as plain posts. */
	const released = new WeakSet< HTMLFormElement >();

	const load = (): Promise< void > => {
		if ( loading ) {
			return loading;
		}
		forgetIntent();
		state = 'loading';
		loading = parsed( doc )
			.then( () => runScripts( doc, template ) )
			.then(
				() => {
					state = 'loaded';
				},
				() => {
					state = 'failed';
					waiting.forEach( ( _value, container ) =>
						release( container )
					);
				}
			);
		return loading;
	};

	const onIntent = ( event: Event ) => {
		const target = event.target;
		if ( target instanceof Element && target.closest( '.kestrel-form' ) ) {
			void load();
		}
	};
	const onLoadNow = () => void load();

	function forgetIntent() {
		INTENT_EVENTS.forEach( ( type ) =>
			doc.removeEventListener( type, onIntent, true )
		);
	}

	/**
	 * Lets a container's waiting submit go ahead as a plain post, with its button.
	 *
	 * @param container The form's container.
	 */
	const release = ( container: HTMLElement ) => {
		const value = waiting.get( container );
		const form = container.querySelector( 'form' );
		if ( value === undefined || ! form ) {
			return;
		}
		waiting.delete( container );
		released.add( form );
		submit( form, value );
	};

	INTENT_EVENTS.forEach( ( type ) =>
		doc.addEventListener( type, onIntent, {
			capture: true,
			passive: true,
		} )
	);
	doc.addEventListener( LOAD_EVENT, onLoadNow );

	const onSubmit = ( event: Event ) => {
		const form = event.target;
		if ( ! ( form instanceof HTMLFormElement ) ) {
			return;
		}
		const container = form.closest< HTMLElement >( '.kestrel-form' );
		if (
			! container ||
			container.dataset.kestrelReady ||
			released.has( form ) ||
			state === 'failed'
		) {
			return; // The form's own handler (or the plain post) takes it.
		}
		event.preventDefault();
		const submitter = ( event as SubmitEvent ).submitter;
		waiting.set(
			container,
			submitter instanceof HTMLButtonElement &&
				submitter.name === 'kestrel_nav'
				? submitter.value
				: ''
		);
		void load();
		window.setTimeout( () => release( container ), SUBMIT_WAIT_MS );
	};
	doc.addEventListener( 'submit', onSubmit, true );

	// Once a form is mounted, the submit made before is made again, through its own button.
	const onReady = ( event: Event ) => {
		const container = event.target as HTMLElement;
		const value = waiting.get( container );
		const form = container.querySelector( 'form' );
		if ( value === undefined || ! form ) {
			return;
		}
		waiting.delete( container );
		// A file chosen in a plain file input reaches the uploader only after this (the enhanced
		// control takes over after the mount): a plain post, past the form's own handler,
		// carries it now.
		if ( holdsPlainFiles( form ) ) {
			released.add( form );
			postPlainly( form, value || 'default' );
			return;
		}
		submit( form, value || 'default' );
	};
	doc.addEventListener( READY_EVENT, onReady );

	const stop = () => {
		forgetIntent();
		doc.removeEventListener( LOAD_EVENT, onLoadNow );
		doc.removeEventListener( 'submit', onSubmit, true );
		doc.removeEventListener( READY_EVENT, onReady );
	};

	return { state: () => state, load, stop };
}

/**
 * Resolves once the page is parsed: scripts other code prints at the end of the page are in it
 * then, and are not run a second time from the template.
 *
 * @param doc The document.
 */
function parsed( doc: Document ): Promise< void > {
	return doc.readyState === 'loading'
		? new Promise( ( resolve ) =>
				doc.addEventListener( 'DOMContentLoaded', () => resolve(), {
					once: true,
				} )
			)
		: Promise.resolve();
}

/**
 * Submits a form through its button with a `kestrel_nav` value (as the visitor's click did), or
 * without a button when it has none.
 *
 * @param form  The form.
 * @param value The button's value ('' for none).
 */
function submit( form: HTMLFormElement, value: string ) {
	const button = value
		? form.querySelector< HTMLButtonElement >(
				`button[name="kestrel_nav"][value="${ value }"]`
			)
		: null;
	if ( button ) {
		button.click();
	} else if ( typeof form.requestSubmit === 'function' ) {
		form.requestSubmit();
	} else {
		form.submit();
	}
}

/**
 * Posts a form the plain way (no submit event, so no handler takes it), with the button's
 * `kestrel_nav` value a click would have sent.
 *
 * @param form  The form.
 * @param value The button's value.
 */
function postPlainly( form: HTMLFormElement, value: string ) {
	const nav = form.ownerDocument.createElement( 'input' );
	nav.type = 'hidden';
	nav.name = 'kestrel_nav';
	nav.value = value;
	form.appendChild( nav );
	HTMLFormElement.prototype.submit.call( form );
}

/**
 * Whether a form has a plain file input holding files.
 *
 * @param form The form.
 */
function holdsPlainFiles( form: HTMLFormElement ): boolean {
	return Array.from(
		form.querySelectorAll< HTMLInputElement >( 'input[type="file"]' )
	).some( ( input ) => !! input.files?.length );
}

/**
 * Runs the template's scripts in their order: every file is asked for at once (preload), and
 * each runs after the one before it, as WordPress printed them (inline data and translations
 * between them). A script already in the page (printed live by other code since) is not run
 * twice.
 *
 * They may run after the page's `load` event, which some of them wait for (WordPress's
 * zxcvbn-async adds its script on window `load`): a `load` listener one of them adds after the
 * page has loaded is called once they have all run, as the browser would have called it had they
 * loaded with the page.
 *
 * @param doc      The document.
 * @param template The template, or null when the page has none.
 */
async function runScripts(
	doc: Document,
	template: Element | null
): Promise< void > {
	if (
		! ( template instanceof HTMLTemplateElement ) ||
		template.id !== TEMPLATE_ID
	) {
		throw new Error( 'Kestrel Forms: no scripts to load' );
	}
	const printed = Array.from(
		template.content.querySelectorAll( 'script' )
	).filter( ( script ) =>
		/^(|text\/javascript|application\/javascript|module)$/i.test(
			script.type
		)
	);
	for ( const script of printed ) {
		if ( script.src ) {
			const link = doc.createElement( 'link' );
			link.rel = 'preload';
			link.as = 'script';
			link.href = script.src;
			doc.head.appendChild( link );
		}
	}
	const late = lateLoadListeners( doc );
	try {
		for ( const script of printed ) {
			// Printed live by other code (before or while these ran): not run twice.
			if ( ! ( script.id && doc.getElementById( script.id ) ) ) {
				await run( doc, script );
			}
		}
	} finally {
		late.stop();
	}
	late.call();
}

/**
 * Runs one printed script: a copy in the page (a template's scripts never run), resolved once
 * it ran, rejected when it failed or did not arrive within SCRIPT_WAIT_MS.
 *
 * @param doc    The document.
 * @param script The printed script.
 */
function run( doc: Document, script: HTMLScriptElement ): Promise< void > {
	const live = doc.createElement( 'script' );
	for ( const { name, value } of Array.from( script.attributes ) ) {
		if ( name !== 'defer' && name !== 'async' ) {
			live.setAttribute( name, value );
		}
	}
	live.async = false;
	if ( ! script.src ) {
		live.text = script.text;
		doc.body.appendChild( live );
		return Promise.resolve();
	}
	return new Promise< void >( ( resolve, reject ) => {
		const fail = () =>
			reject( new Error( `Kestrel Forms: ${ script.src } failed` ) );
		const timer = window.setTimeout( fail, SCRIPT_WAIT_MS );
		live.addEventListener( 'load', () => {
			window.clearTimeout( timer );
			resolve();
		} );
		live.addEventListener( 'error', () => {
			window.clearTimeout( timer );
			fail();
		} );
		doc.body.appendChild( live );
	} );
}

/**
 * Collects the window `load` listeners added, while the scripts run, once the page has loaded
 * (they would never be called); before that they are added as usual.
 *
 * @param doc The document.
 * @return `stop` collecting (the window's own method is back), and `call` what was collected.
 */
function lateLoadListeners( doc: Document ): {
	stop: () => void;
	call: () => void;
} {
	const win = doc.defaultView;
	if ( ! win ) {
		return { stop: () => {}, call: () => {} };
	}
	const listeners: EventListenerOrEventListenerObject[] = [];
	const own = Object.prototype.hasOwnProperty.call( win, 'addEventListener' );
	const original = win.addEventListener;
	const wrapper = function (
		this: Window,
		type: string,
		listener: EventListenerOrEventListenerObject | null,
		options?: boolean | AddEventListenerOptions
	) {
		if ( type === 'load' && listener && doc.readyState === 'complete' ) {
			listeners.push( listener );
			return;
		}
		original.call(
			this,
			type,
			listener as EventListenerOrEventListenerObject,
			options
		);
	} as typeof win.addEventListener;
	win.addEventListener = wrapper;
	return {
		stop: () => {
			if ( win.addEventListener !== wrapper ) {
				return; // Other code wrapped it since: leave theirs.
			}
			if ( own ) {
				win.addEventListener = original;
			} else {
				delete ( win as { addEventListener?: unknown } )
					.addEventListener;
			}
		},
		call: () =>
			listeners.forEach( ( listener ) => {
				const event = new Event( 'load' );
				try {
					if ( typeof listener === 'function' ) {
						listener.call( win, event );
					} else {
						listener.handleEvent( event );
					}
				} catch ( error ) {
					// One failing listener stops neither the others nor the form.
					window.setTimeout( () => {
						throw error;
					} );
				}
			} ),
	};
}
