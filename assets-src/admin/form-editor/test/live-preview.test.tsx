/**
 * The editor's side of the live preview: the frame's URL, the edited definition sent to the
 * frame's window at the site's origin once it listens and after each edit, and its height.
 */
import { act, render, screen } from '@testing-library/react';
import {
	EDITOR_FORM,
	FRAME_HEIGHT,
	FRAME_READY,
	type PreviewForm,
} from '../../../forms-ui';
import { livePreviewUrl } from '../../config';
import { LivePreview } from '../LivePreview';

const URL_ =
	'http://localhost/?kestrel_forms_preview=3&kestrel_forms_live=1&_wpnonce=n';

const definition = ( label: string ): PreviewForm =>
	( {
		id: 3,
		title: 'Quote',
		fields: [ { id: 1, type: 'text', label } ],
	} ) as unknown as PreviewForm;

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
		const { rerender } = render(
			<LivePreview url={ URL_ } form={ definition( 'Name' ) } />
		);
		const iframe = screen.getByTitle(
			'Live preview of the form'
		) as HTMLIFrameElement;
		expect( iframe.getAttribute( 'src' ) ).toBe( URL_ );
		const frameWindow = iframe.contentWindow as Window;
		const sent = jest
			.spyOn( frameWindow, 'postMessage' )
			.mockImplementation( () => {} );

		// Not before the frame says it listens.
		rerender(
			<LivePreview url={ URL_ } form={ definition( 'Name 2' ) } />
		);
		expect( sent ).not.toHaveBeenCalled();

		fromFrame( { type: FRAME_READY }, frameWindow );
		expect( sent ).toHaveBeenLastCalledWith(
			{ type: EDITOR_FORM, form: definition( 'Name 2' ) },
			'http://localhost'
		);
		expect( iframe.getAttribute( 'aria-busy' ) ).toBe( 'false' );

		rerender(
			<LivePreview url={ URL_ } form={ definition( 'Full name' ) } />
		);
		expect( sent ).toHaveBeenLastCalledWith(
			{ type: EDITOR_FORM, form: definition( 'Full name' ) },
			'http://localhost'
		);

		// The frame is as tall as its content.
		fromFrame( { type: FRAME_HEIGHT, height: 612.4 }, frameWindow );
		expect( iframe.style.height ).toBe( '613px' );
	} );

	it( 'listens to its own frame at the site origin only', () => {
		render( <LivePreview url={ URL_ } form={ definition( 'Name' ) } /> );
		const iframe = screen.getByTitle(
			'Live preview of the form'
		) as HTMLIFrameElement;
		const frameWindow = iframe.contentWindow as Window;
		const sent = jest
			.spyOn( frameWindow, 'postMessage' )
			.mockImplementation( () => {} );
		const before = iframe.style.height;

		fromFrame( { type: FRAME_READY }, frameWindow, 'https://evil.example' );
		fromFrame( { type: FRAME_READY }, window );
		fromFrame( { type: FRAME_HEIGHT, height: 9999 }, null );
		expect( sent ).not.toHaveBeenCalled();
		expect( iframe.style.height ).toBe( before );
		expect( iframe.getAttribute( 'aria-busy' ) ).toBe( 'true' );
	} );
} );

describe( 'livePreviewUrl', () => {
	it( 'is the front-end preview with the live argument, and null without the server URL', () => {
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
				7
			) as string
		);
		expect( url.origin ).toBe( 'https://shop.example' );
		expect( url.searchParams.get( 'kestrel_forms_preview' ) ).toBe( '7' );
		expect( url.searchParams.get( 'kestrel_forms_live' ) ).toBe( '1' );
		expect( url.searchParams.get( '_wpnonce' ) ).toBe( 'abc' );
	} );
} );
