import apiFetch from '@wordpress/api-fetch';
import { screen } from '@testing-library/react';
import { renderEditor } from './editor-harness';

jest.mock( '@wordpress/api-fetch', () => jest.fn() );

/** The REST API answers with form 3, "Order". */
function storedForm() {
	( apiFetch as unknown as jest.Mock ).mockResolvedValue( {
		id: 3,
		title: 'Order',
		fields: [ { id: 1, type: 'text', label: 'Name' } ],
		status: 'active',
		createdAt: '',
		updatedAt: '',
		entryCount: 0,
	} );
}

it( 'opens the stored form in the editor', async () => {
	storedForm();
	renderEditor();
	expect(
		await screen.findByRole( 'heading', { name: 'Edit form: Order' } )
	).toBeTruthy();
} );

it( 'frames the live preview of the form being edited, at the front-end preview in live mode', async () => {
	storedForm();
	renderEditor( {
		previewUrl: 'http://localhost/?kestrel_forms_preview=0&_wpnonce=abc',
	} );
	const live = await screen.findByRole( 'region', { name: 'Live preview' } );
	const frame = live.querySelector( 'iframe' ) as HTMLIFrameElement;
	const src = new URL( frame.src );
	expect( src.searchParams.get( 'kestrel_forms_preview' ) ).toBe( '3' );
	expect( src.searchParams.get( 'kestrel_forms_live' ) ).toBe( '1' );
	expect( src.searchParams.get( '_wpnonce' ) ).toBe( 'abc' );
	expect( src.searchParams.get( 'kestrel_forms_origin' ) ).toBe(
		window.location.origin
	);
} );
