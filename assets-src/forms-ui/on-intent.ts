/**
 * The visitor page's script loader (bundles/form-loader.ts, printed inline by
 * Assets::print_on_intent; about 1 KB): loads the form's scripts on the visitor's first sign of intent instead of with the page
 * (docs/server-rendering.md §6).
 *
 * The server prints the whole form and it works without any script (a plain post); the scripts
 * (WordPress's React and ours) only enhance it. So they wait, inert inside
 * `<template id="kestrel-forms-scripts">`, until the pointer comes over a form, a finger touches
 * it, or something in it gets the focus or a key; then they run in the order WordPress printed
 * them, and the form hydrates with whatever was typed meanwhile (form-view's typedValues).
 *
 * A submit (a button, or Enter) before the form is ready waits for it and is then made again
 * through the form's own button, so it goes the AJAX way. When the scripts cannot load, or the
 * form is not ready after SUBMIT_WAIT_MS, the submit goes ahead as a plain post.
 */

/** The id of the template holding the scripts (Assets::ON_INTENT_TEMPLATE). */
export const TEMPLATE_ID = 'kestrel-forms-scripts';

/** The event form-view dispatches on a container once its form is mounted. */
export const READY_EVENT = 'kestrel-forms:ready';

/** How long a submit waits for the form's scripts before it goes ahead as a plain post. */
export const SUBMIT_WAIT_MS = 10000;

/** The visitor's signs of intent, listened to on each form's container. */
export const INTENT_EVENTS = [
	'pointerover',
	'pointerdown',
	'touchstart',
	'focusin',
	'keydown',
	'input',
	'change',
] as const;

type State = 'waiting' | 'loading' | 'loaded' | 'failed';

/**
 * Starts listening for intent on every form container of the document.
 *
 * @param doc The document.
 * @return The loading state, the load, and stop (which forgets every listener; for tests).
 */
export function startLoader( doc: Document = document ): {
	state: () => State;
	load: () => Promise< void >;
	stop: () => void;
} {
	const template = doc.getElementById( TEMPLATE_ID );
	let state: State = 'waiting';
	let loading: Promise< void > | null = null;
	/**
	 * Submits waiting for their form: the button's value (`kestrel_nav`) by form container (a
	 * hydration that had to render again replaces the form element, never the container).
	 */
	const waiting = new Map< HTMLElement, string >();
	/** Submits let through as plain posts. */
	const released = new WeakSet< HTMLFormElement >();
	const containers = Array.from(
		doc.querySelectorAll< HTMLElement >( '.kestrel-form' )
	);

	const load = (): Promise< void > => {
		if ( loading ) {
			return loading;
		}
		forgetIntent();
		state = 'loading';
		loading = runScripts( doc, template ).then(
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

	function onIntent() {
		void load();
	}

	function forgetIntent() {
		containers.forEach( ( container ) =>
			INTENT_EVENTS.forEach( ( type ) =>
				container.removeEventListener( type, onIntent, true )
			)
		);
	}

	/**
	 * The button of a form with a `kestrel_nav` value.
	 *
	 * @param form  The form.
	 * @param value The value.
	 */
	const buttonOf = ( form: HTMLFormElement, value: string ) =>
		form.querySelector< HTMLButtonElement >(
			`button[name="kestrel_nav"][value="${ value }"]`
		);

	/**
	 * Lets a container's waiting submit go ahead as a plain post.
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
		form.requestSubmit( ( value && buttonOf( form, value ) ) || undefined );
	};

	containers.forEach( ( container ) =>
		INTENT_EVENTS.forEach( ( type ) =>
			container.addEventListener( type, onIntent, {
				capture: true,
				passive: true,
			} )
		)
	);

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
		const button = buttonOf( form, value || 'default' );
		if ( button ) {
			button.click();
		} else {
			form.requestSubmit();
		}
	};
	doc.addEventListener( READY_EVENT, onReady );

	const stop = () => {
		forgetIntent();
		doc.removeEventListener( 'submit', onSubmit, true );
		doc.removeEventListener( READY_EVENT, onReady );
	};

	return { state: () => state, load, stop };
}

/**
 * Runs the template's scripts in their order: every file is asked for at once (preload), and
 * each runs after the one before it, as WordPress printed them (inline data and translations
 * between them).
 *
 * They run after the page's `load` event, which some of them wait for (WordPress's zxcvbn-async
 * adds its script on window `load`): a `load` listener one of them adds is called once they
 * have all run, as the browser would have called it had they loaded with the page.
 *
 * @param doc      The document.
 * @param template The template, or null when the page has none.
 */
async function runScripts(
	doc: Document,
	template: HTMLElement | null
): Promise< void > {
	if ( ! ( template instanceof HTMLTemplateElement ) ) {
		return;
	}
	const printed = Array.from( template.content.querySelectorAll( 'script' ) );
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
			await run( doc, script );
		}
	} finally {
		late.stop();
	}
	late.call();
}

/**
 * Runs one printed script: a copy in the page (a template's scripts never run), resolved once
 * it ran.
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
		live.addEventListener( 'load', () => resolve() );
		live.addEventListener( 'error', () =>
			reject( new Error( `Kestrel Forms: ${ script.src } failed` ) )
		);
		doc.body.appendChild( live );
	} );
}

/**
 * Collects the window `load` listeners added while the scripts run, when the page has loaded
 * already (they would never be called).
 *
 * @param doc The document.
 * @return `stop` collecting, and `call` what was collected.
 */
function lateLoadListeners( doc: Document ): {
	stop: () => void;
	call: () => void;
} {
	const win = doc.defaultView;
	const listeners: EventListenerOrEventListenerObject[] = [];
	if ( ! win || doc.readyState !== 'complete' ) {
		return { stop: () => {}, call: () => {} };
	}
	const original = win.addEventListener;
	win.addEventListener = function (
		this: Window,
		type: string,
		listener: EventListenerOrEventListenerObject | null,
		options?: boolean | AddEventListenerOptions
	) {
		if ( ! listener ) {
			return;
		}
		if ( type === 'load' ) {
			listeners.push( listener );
			return;
		}
		original.call( this, type, listener, options );
	} as typeof win.addEventListener;
	return {
		stop: () => {
			win.addEventListener = original;
		},
		call: () =>
			listeners.forEach( ( listener ) => {
				const event = new Event( 'load' );
				if ( typeof listener === 'function' ) {
					listener.call( win, event );
				} else {
					listener.handleEvent( event );
				}
			} ),
	};
}
