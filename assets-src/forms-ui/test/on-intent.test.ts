/**
 * The loader of the visitor's scripts (on-intent.ts): nothing runs before a sign of intent, the
 * template's scripts run in WordPress's order, a submit made before the form is ready is made
 * again through its own button, and a failed load lets it go as a plain post.
 */
import {
	INTENT_EVENTS,
	LOAD_EVENT,
	READY_EVENT,
	SUBMIT_WAIT_MS,
	TEMPLATE_ID,
	startLoader,
} from '../on-intent';

declare global {
	interface Window {
		ranInOrder?: string[];
	}
}

/** A page as the server prints it: one form, and the scripts waiting in their template. */
function printPage() {
	document.head.innerHTML = '';
	document.body.innerHTML = `
		<div class="kestrel-form" id="kestrel-form-1" data-kestrel-form-id="1">
			<div class="kestrel-form__root">
				<form>
					<button type="submit" name="kestrel_nav" value="default" hidden></button>
					<input id="name" name="input_1">
					<button type="submit" name="kestrel_nav" value="next" class="next">Next</button>
				</form>
			</div>
		</div>
		<template id="${ TEMPLATE_ID }">
			<script src="http://example.test/react.js" defer></script>
			<script id="between">window.ranInOrder.push( 'inline' );</script>
			<script src="http://example.test/form-view.js" defer></script>
		</template>`;
	window.ranInOrder = [];
	return {
		container: document.getElementById( 'kestrel-form-1' ) as HTMLElement,
		form: document.querySelector( 'form' ) as HTMLFormElement,
		next: document.querySelector( '.next' ) as HTMLButtonElement,
	};
}

/** The scripts the loader put into the page (not the template's). */
const liveScripts = () =>
	Array.from( document.body.querySelectorAll( ':scope > script' ) );

/**
 * Submits a form as its button would: a submit event that names the button.
 *
 * @param form      The form.
 * @param submitter The button.
 * @return The event, after it was dispatched.
 */
function submitWith( form: HTMLFormElement, submitter?: HTMLElement ) {
	const event = new Event( 'submit', {
		bubbles: true,
		cancelable: true,
	} ) as SubmitEvent;
	Object.defineProperty( event, 'submitter', { value: submitter ?? null } );
	form.dispatchEvent( event );
	return event;
}

/** Lets the loader's promises settle. */
const settle = async () => {
	for ( let i = 0; i < 5; i++ ) {
		await Promise.resolve();
	}
};

let loader: ReturnType< typeof startLoader > | null = null;
afterEach( () => {
	loader?.stop();
	loader = null;
	jest.useRealTimers();
	jest.restoreAllMocks();
} );

describe( 'scripts on intent', () => {
	it( 'runs nothing until a sign of intent, then every script in order, once', async () => {
		const { container } = printPage();
		loader = startLoader();
		await settle();
		expect( liveScripts() ).toHaveLength( 0 );
		expect( loader.state() ).toBe( 'waiting' );

		container.dispatchEvent(
			new Event( 'pointerover', { bubbles: true } )
		);
		await settle();
		// Every file is asked for at once.
		expect(
			Array.from(
				document.head.querySelectorAll( 'link[rel="preload"]' )
			).map( ( link ) => link.getAttribute( 'href' ) )
		).toEqual( [
			'http://example.test/react.js',
			'http://example.test/form-view.js',
		] );
		// The first file runs first; the inline script waits for it.
		expect( liveScripts().map( ( s ) => s.getAttribute( 'src' ) ) ).toEqual(
			[ 'http://example.test/react.js' ]
		);
		expect( window.ranInOrder ).toEqual( [] );
		const first = liveScripts()[ 0 ] as HTMLScriptElement;
		expect( first.async ).toBe( false );
		expect( first.hasAttribute( 'defer' ) ).toBe( false );

		// A second sign of intent starts nothing more.
		container.dispatchEvent( new Event( 'focusin', { bubbles: true } ) );
		expect( liveScripts() ).toHaveLength( 1 );

		first.dispatchEvent( new Event( 'load' ) );
		await settle();
		expect( window.ranInOrder ).toEqual( [ 'inline' ] );
		expect( liveScripts().map( ( s ) => s.getAttribute( 'src' ) ) ).toEqual(
			[
				'http://example.test/react.js',
				null,
				'http://example.test/form-view.js',
			]
		);
		liveScripts()[ 2 ].dispatchEvent( new Event( 'load' ) );
		await settle();
		expect( loader.state() ).toBe( 'loaded' );
	} );

	it( 'calls the window load listeners the scripts add, as the page has loaded already', async () => {
		const { container } = printPage();
		const template = document.getElementById(
			TEMPLATE_ID
		) as HTMLTemplateElement;
		template.innerHTML = `<script>window.addEventListener( 'load', () => window.ranInOrder.push( 'late load' ) );</script>`;
		const addEventListener = window.addEventListener;
		loader = startLoader();
		expect( document.readyState ).toBe( 'complete' );
		container.dispatchEvent(
			new Event( 'pointerover', { bubbles: true } )
		);
		await settle();
		expect( loader.state() ).toBe( 'loaded' );
		expect( window.ranInOrder ).toEqual( [ 'late load' ] );
		expect( window.addEventListener ).toBe( addEventListener );
	} );

	it.each( INTENT_EVENTS )( '%s on the form starts the load', ( type ) => {
		const { container } = printPage();
		loader = startLoader();
		container
			.querySelector( 'input' )
			?.dispatchEvent( new Event( type, { bubbles: true } ) );
		expect( loader.state() ).toBe( 'loading' );
	} );

	it( 'a form printed after the loader started (a popup) starts the load too', () => {
		printPage();
		loader = startLoader();
		const popup = document.body.appendChild(
			document.createElement( 'div' )
		);
		popup.className = 'kestrel-form';
		popup.innerHTML = '<input>';
		popup
			.querySelector( 'input' )
			?.dispatchEvent( new Event( 'focusin', { bubbles: true } ) );
		expect( loader.state() ).toBe( 'loading' );
	} );

	it( 'a late form that loads with the page has the scripts run at once', () => {
		printPage();
		loader = startLoader();
		document.dispatchEvent( new Event( LOAD_EVENT ) );
		expect( loader.state() ).toBe( 'loading' );
	} );

	it( 'runs only the template it was given, and no script that is in the page already', async () => {
		const { container } = printPage();
		// Content on the page with the template's id is not the template.
		const impostor = document.createElement( 'div' );
		impostor.id = TEMPLATE_ID;
		loader = startLoader( document, impostor );
		container.dispatchEvent(
			new Event( 'pointerover', { bubbles: true } )
		);
		await settle();
		expect( liveScripts() ).toHaveLength( 0 );
		// Nothing to run is a failed load: a held submit goes as a plain post at once.
		expect( loader.state() ).toBe( 'failed' );
		loader.stop();

		// Printed live by other code since: React is not run a second time.
		const live = document.body.appendChild(
			document.createElement( 'script' )
		);
		live.id = 'react-js';
		const template = document.getElementById(
			TEMPLATE_ID
		) as HTMLTemplateElement;
		template.content
			.querySelector( 'script[src$="react.js"]' )
			?.setAttribute( 'id', 'react-js' );
		loader = startLoader( document, template );
		container.dispatchEvent(
			new Event( 'pointerover', { bubbles: true } )
		);
		await settle();
		expect(
			liveScripts()
				.slice( 1 )
				.map( ( script ) => script.getAttribute( 'src' ) )
		).toEqual( [ null, 'http://example.test/form-view.js' ] );
	} );

	it( 'an event outside the form starts nothing', () => {
		printPage();
		loader = startLoader();
		document.body.dispatchEvent(
			new Event( 'pointerover', { bubbles: true } )
		);
		expect( loader.state() ).toBe( 'waiting' );
	} );
} );

describe( 'a submit before the form is ready', () => {
	it( 'waits, then is made again through the same button once the form is ready', async () => {
		const { container, form, next } = printPage();
		loader = startLoader();
		const submit = submitWith( form, next );
		expect( submit.defaultPrevented ).toBe( true );
		expect( loader.state() ).toBe( 'loading' );

		// form-view mounted the form: it marks the container and says so.
		const clicked = jest.fn( ( event: Event ) => event.preventDefault() );
		next.addEventListener( 'click', clicked );
		container.dataset.kestrelReady = 'true';
		container.dispatchEvent(
			new CustomEvent( READY_EVENT, { bubbles: true } )
		);
		expect( clicked ).toHaveBeenCalledTimes( 1 );

		// Once ready, a submit is the form's own: the loader lets it be.
		let heldBack: boolean | undefined;
		form.addEventListener( 'submit', ( event ) => {
			heldBack = event.defaultPrevented;
			event.preventDefault();
		} );
		submitWith( form, next );
		expect( heldBack ).toBe( false );
	} );

	it( 'reaches the new form when hydration had to render the form again', () => {
		const { container, form, next } = printPage();
		loader = startLoader();
		expect( submitWith( form, next ).defaultPrevented ).toBe( true );

		// React rendered the form again: a new form element in the same container.
		const rendered = form.cloneNode( true ) as HTMLFormElement;
		form.replaceWith( rendered );
		const clicked = jest.fn( ( event: Event ) => event.preventDefault() );
		rendered.querySelector( '.next' )?.addEventListener( 'click', clicked );
		container.dataset.kestrelReady = 'true';
		container.dispatchEvent(
			new CustomEvent( READY_EVENT, { bubbles: true } )
		);
		expect( clicked ).toHaveBeenCalledTimes( 1 );
	} );

	it( 'goes ahead as a plain post, with its button, when a script cannot load', async () => {
		const { form, next } = printPage();
		loader = startLoader();
		expect( submitWith( form, next ).defaultPrevented ).toBe( true );
		await settle();

		// What the browser posts: the submit the button's click makes, not held back this time.
		const clicked = jest.fn();
		next.addEventListener( 'click', clicked );
		const heldBack: boolean[] = [];
		form.addEventListener( 'submit', ( event ) => {
			heldBack.push( event.defaultPrevented );
			event.preventDefault(); // jsdom cannot navigate.
		} );
		liveScripts()[ 0 ].dispatchEvent( new Event( 'error' ) );
		await settle();
		expect( loader.state() ).toBe( 'failed' );
		expect( clicked ).toHaveBeenCalledTimes( 1 );
		expect( heldBack ).toEqual( [ false ] );
	} );

	it( 'goes ahead as a plain post when a file chosen in a plain file input would miss the uploader', () => {
		const { container, form, next } = printPage();
		const file = document.createElement( 'input' );
		file.type = 'file';
		Object.defineProperty( file, 'files', {
			value: [ new File( [ 'x' ], 'early.txt' ) ],
		} );
		form.appendChild( file );
		loader = startLoader();
		expect( submitWith( form, next ).defaultPrevented ).toBe( true );
		const posted = jest
			.spyOn( HTMLFormElement.prototype, 'submit' )
			.mockImplementation( () => {} );
		const clicked = jest.fn();
		next.addEventListener( 'click', clicked );
		container.dataset.kestrelReady = 'true';
		container.dispatchEvent(
			new CustomEvent( READY_EVENT, { bubbles: true } )
		);
		// Posted past the form's own (AJAX) handler, with the button's value; not clicked.
		expect( posted ).toHaveBeenCalledTimes( 1 );
		expect( posted.mock.contexts[ 0 ] ).toBe( form );
		expect( new FormData( form ).get( 'kestrel_nav' ) ).toBe( 'next' );
		expect( clicked ).not.toHaveBeenCalled();
	} );

	it( `goes ahead as a plain post when the form is not ready after ${ SUBMIT_WAIT_MS } ms`, () => {
		jest.useFakeTimers();
		const { form } = printPage();
		loader = startLoader();
		const requestSubmit = jest
			.spyOn( HTMLFormElement.prototype, 'requestSubmit' )
			.mockImplementation( () => {} );
		submitWith( form );
		jest.advanceTimersByTime( SUBMIT_WAIT_MS - 1 );
		expect( requestSubmit ).not.toHaveBeenCalled();
		jest.advanceTimersByTime( 1 );
		expect( requestSubmit ).toHaveBeenCalledTimes( 1 );
	} );
} );
