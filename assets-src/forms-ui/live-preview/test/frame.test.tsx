/**
 * The frame side of the live preview, in a real (jsdom) iframe whose parent is the test's window:
 * the editor's messages are accepted from the parent and the admin origin only.
 */
import { act } from '@testing-library/react';
import { startLiveFrame } from '../frame';
import {
	EDITOR_FORM,
	FRAME_HEIGHT,
	FRAME_READY,
	type PreviewForm,
} from '../protocol';

const ADMIN = 'https://shop.example';

const definition = ( label: string ): PreviewForm =>
	( {
		id: 9,
		title: 'Quote',
		fields: [
			{ id: 1, type: 'text', label },
			{ id: 2, type: 'email', label: 'Email' },
		],
	} ) as unknown as PreviewForm;

function frame() {
	const iframe = document.createElement( 'iframe' );
	document.body.appendChild( iframe );
	const win = iframe.contentWindow as Window & typeof globalThis;
	const page = win.document.createElement( 'div' );
	const container = win.document.createElement( 'div' );
	page.appendChild( container );
	win.document.body.appendChild( page );
	// jsdom lays nothing out (every box is 0 high); the margins below the content still count.
	win.document.body.style.margin = '0 0 8px';
	page.style.marginBottom = '24px';
	return { iframe, win, page, container };
}

/** A frame with the preview started on the saved form "Your name". */
function started() {
	const { win, page, container } = frame();
	let stop = () => {};
	act( () => {
		stop = startLiveFrame(
			container,
			page,
			{ form: definition( 'Your name' ), adminOrigin: ADMIN },
			win
		);
	} );
	return { win, container, stop };
}

function fromEditor(
	win: Window & typeof globalThis,
	data: unknown,
	origin = ADMIN,
	source: Window = window
) {
	act( () => {
		win.dispatchEvent(
			new win.MessageEvent( 'message', { data, origin, source } )
		);
	} );
}

describe( 'live preview frame', () => {
	let posted: jest.SpyInstance;
	beforeEach( () => {
		posted = jest
			.spyOn( window, 'postMessage' )
			.mockImplementation( () => {} );
	} );
	afterEach( () => {
		posted.mockRestore();
		document.body.innerHTML = '';
	} );

	it( 'renders the saved form at once and tells the editor, at its origin only, that it listens', () => {
		const { container, stop } = started();
		expect( container.textContent ).toContain( 'Your name' );
		expect( posted ).toHaveBeenCalledWith( { type: FRAME_READY }, ADMIN );
		// Its height: the form's bottom plus the space kept below it (jsdom lays out nothing).
		const height = posted.mock.calls.find(
			( [ m ] ) => ( m as { type: string } ).type === FRAME_HEIGHT
		);
		expect( height ).toEqual( [
			{ type: FRAME_HEIGHT, height: 32 },
			ADMIN,
		] );
		act( () => stop() );
	} );

	it( 'shows each definition the editor sends, keeping typed values while labels change', () => {
		const { win, container, stop } = started();
		const input = container.querySelector( 'input' ) as HTMLInputElement;
		act( () => {
			const setter = Object.getOwnPropertyDescriptor(
				win.HTMLInputElement.prototype,
				'value'
			)?.set;
			setter?.call( input, 'Ada' );
			input.dispatchEvent( new win.Event( 'input', { bubbles: true } ) );
		} );

		fromEditor( win, {
			type: EDITOR_FORM,
			form: definition( 'Full name' ),
		} );
		expect( container.textContent ).toContain( 'Full name' );
		expect( container.textContent ).not.toContain( 'Your name' );
		expect(
			( container.querySelector( 'input' ) as HTMLInputElement ).value
		).toBe( 'Ada' );
		act( () => stop() );
	} );

	it( 'prices an edited form without a currency in the site’s', () => {
		const { win, page, container } = frame();
		let stop = () => {};
		const priced = {
			id: 9,
			title: 'Order',
			fields: [
				{
					id: 1,
					type: 'product',
					label: 'Shirt',
					inputType: 'singleproduct',
					basePrice: '10.00',
				},
				{ id: 2, type: 'total', label: 'Total' },
			],
		} as unknown as PreviewForm;
		act( () => {
			stop = startLiveFrame(
				container,
				page,
				{ form: priced, defaultCurrency: 'EUR', adminOrigin: ADMIN },
				win
			);
		} );
		expect( container.textContent ).toContain( '€' );
		fromEditor( win, {
			type: EDITOR_FORM,
			form: { ...priced, currency: 'GBP' },
		} );
		expect( container.textContent ).toContain( '£' );
		act( () => stop() );
	} );

	it( 'ignores messages from another origin, another window or of another shape', () => {
		const { win, container, stop } = started();
		const evil = { type: EDITOR_FORM, form: definition( 'Injected' ) };
		fromEditor( win, evil, 'https://evil.example' );
		fromEditor( win, evil, ADMIN, win );
		fromEditor( win, { type: EDITOR_FORM, form: { title: 'x' } } );
		expect( container.textContent ).toContain( 'Your name' );
		expect( container.textContent ).not.toContain( 'Injected' );

		// After stop() nothing is listened to.
		act( () => stop() );
		fromEditor( win, evil );
		expect( container.textContent ).not.toContain( 'Injected' );
	} );
} );
