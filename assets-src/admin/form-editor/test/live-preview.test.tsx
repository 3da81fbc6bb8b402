/**
 * The editor's side of the live preview: the frame's URL, the visitor part of the edited
 * definition sent to the frame's window at the site's origin once it listens and after each
 * edit, its height, and a notice when the frame never listens.
 */
import { act, render, screen } from '@testing-library/react';
import {
	EDITOR_FORM,
	FRAME_HEIGHT,
	FRAME_READY,
	MAX_FRAME_HEIGHT,
	type PreviewForm,
} from '../../../forms-ui';
import { livePreviewUrl } from '../../config';
import { LIVE_PREVIEW_TIMEOUT_MS, LivePreview } from '../LivePreview';

const TAB = 'http://localhost/?kestrel_forms_preview=3&_wpnonce=n';
const URL_ =
	'http://localhost/?kestrel_forms_preview=3&kestrel_forms_live=1&_wpnonce=n';

const definition = ( label: string ): PreviewForm =>
	( {
		id: 3,
		title: 'Quote',
		fields: [ { id: 1, type: 'text', label } ],
	} ) as unknown as PreviewForm;

/**
 * Renders the preview of `form`; `sent` records what the editor posts to the frame's window.
 *
 * @param form The edited form.
 */
function mount( form: PreviewForm = definition( 'Name' ) ) {
	const view = ( edited: PreviewForm ) => (
		<LivePreview url={ URL_ } form={ edited } previewUrl={ TAB } />
	);
	const { rerender } = render( view( form ) );
	const iframe = screen.getByTitle(
		'Live preview of the form'
	) as HTMLIFrameElement;
	const frameWindow = iframe.contentWindow as Window;
	const sent = jest
		.spyOn( frameWindow, 'postMessage' )
		.mockImplementation( () => {} );
	return {
		iframe,
		frameWindow,
		sent,
		edit: ( edited: PreviewForm ) => rerender( view( edited ) ),
	};
}

function fromFrame(
	data: unknown,
	source: Window | null,
	origin = 'http://localhost'
) {
	act( () => {
		window.dispatchEvent(
			new MessageEvent( 'message', { data, origin, source } )
		);
	} );
}

describe( 'LivePreview', () => {
	it( 'frames the live URL, sends the definition once the frame listens and after each edit', () => {
		const { iframe, frameWindow, sent, edit } = mount();
		expect( iframe.getAttribute( 'src' ) ).toBe( URL_ );

		// Not before the frame says it listens.
		edit( definition( 'Name 2' ) );
		expect( sent ).not.toHaveBeenCalled();

		fromFrame( { type: FRAME_READY }, frameWindow );
		expect( sent ).toHaveBeenLastCalledWith(
			{ type: EDITOR_FORM, form: definition( 'Name 2' ) },
			'http://localhost'
		);
		expect( iframe.getAttribute( 'aria-busy' ) ).toBe( 'false' );

		edit( definition( 'Full name' ) );
		expect( sent ).toHaveBeenLastCalledWith(
			{ type: EDITOR_FORM, form: definition( 'Full name' ) },
			'http://localhost'
		);

		// The frame is as tall as its content.
		fromFrame( { type: FRAME_HEIGHT, height: 612.4 }, frameWindow );
		expect( iframe.style.height ).toBe( '613px' );
	} );

	it( 'listens to its own frame at the site origin only', () => {
		const { iframe, frameWindow, sent } = mount();
		const before = iframe.style.height;

		fromFrame( { type: FRAME_READY }, frameWindow, 'https://evil.example' );
		fromFrame( { type: FRAME_READY }, window );
		fromFrame( { type: FRAME_HEIGHT, height: 9999 }, null );
		expect( sent ).not.toHaveBeenCalled();
		expect( iframe.style.height ).toBe( before );
		expect( iframe.getAttribute( 'aria-busy' ) ).toBe( 'true' );
	} );

	it( 'sends the visitor part only: no admin labels, confirmations, notifications or feed settings', () => {
		const edited = {
			...definition( 'Name' ),
			fields: [
				{ id: 1, type: 'text', label: 'Name', adminLabel: 'Internal' },
				{
					id: 2,
					type: 'payment',
					label: 'Pay',
					description: 'Note to the provider',
				},
			],
			confirmations: [ { id: 'c', message: 'Private thanks' } ],
			notifications: [ { id: 'n', to: 'owner@example.org' } ],
			feeds: [
				{
					feedId: 1,
					addonSlug: 'crm',
					isActive: true,
					meta: { apiKey: 'secret' },
				},
			],
		} as unknown as PreviewForm;
		const { frameWindow, sent } = mount( edited );
		fromFrame( { type: FRAME_READY }, frameWindow );
		const message = sent.mock.calls[ 0 ][ 0 ] as {
			form: Record< string, unknown >;
		};
		const text = JSON.stringify( message );
		for ( const secret of [
			'Internal',
			'Note to the provider',
			'Private thanks',
			'owner@example.org',
			'secret',
		] ) {
			expect( text ).not.toContain( secret );
		}
		expect( message.form.feeds ).toEqual( [
			{ feedId: 1, addonSlug: 'crm', isActive: true },
		] );
		expect( message.form.fields ).toEqual( [
			{ id: 1, type: 'text', label: 'Name' },
			{ id: 2, type: 'payment', label: 'Pay' },
		] );
		// The editor's own definition is left as it was.
		expect(
			( edited.fields[ 0 ] as { adminLabel?: string } ).adminLabel
		).toBe( 'Internal' );
	} );

	it( 'says so, with the preview in a tab, when the frame never listens; not before', () => {
		jest.useFakeTimers();
		try {
			const { frameWindow } = mount();
			const notice = () => document.querySelector( '.components-notice' );
			act( () => {
				jest.advanceTimersByTime( LIVE_PREVIEW_TIMEOUT_MS - 1 );
			} );
			expect( notice() ).toBeNull();
			act( () => {
				jest.advanceTimersByTime( 1 );
			} );
			expect( notice()?.textContent ).toContain(
				'The live preview did not load'
			);
			expect(
				screen
					.getByRole( 'link', { name: 'Preview' } )
					.getAttribute( 'href' )
			).toBe( TAB );

			// A frame that listens after all clears the notice.
			fromFrame( { type: FRAME_READY }, frameWindow );
			expect( notice() ).toBeNull();
		} finally {
			jest.useRealTimers();
		}
	} );

	it( 'never grows the frame beyond the cap', () => {
		const { iframe, frameWindow } = mount();
		fromFrame( { type: FRAME_HEIGHT, height: 10_000_000 }, frameWindow );
		expect( iframe.style.height ).toBe( `${ MAX_FRAME_HEIGHT }px` );
	} );
} );

describe( 'livePreviewUrl', () => {
	it( 'is the front-end preview with the live argument and the editor origin, and null without the server URL', () => {
		const config = {
			formId: 7,
			preview: false,
			listUrl: '/wp-admin/admin.php?page=kestrel-forms',
			entriesUrl: '/e',
			shortcodeTag: 'kestrel_form',
		};
		expect( livePreviewUrl( config, 7 ) ).toBeNull();
		const url = new URL(
			livePreviewUrl(
				{
					...config,
					previewUrl:
						'https://shop.example/?kestrel_forms_preview=0&_wpnonce=abc',
				},
				7,
				'https://admin.shop.example'
			) as string
		);
		expect( url.origin ).toBe( 'https://shop.example' );
		expect( url.searchParams.get( 'kestrel_forms_preview' ) ).toBe( '7' );
		expect( url.searchParams.get( 'kestrel_forms_live' ) ).toBe( '1' );
		expect( url.searchParams.get( '_wpnonce' ) ).toBe( 'abc' );
		expect( url.searchParams.get( 'kestrel_forms_origin' ) ).toBe(
			'https://admin.shop.example'
		);
	} );
} );
