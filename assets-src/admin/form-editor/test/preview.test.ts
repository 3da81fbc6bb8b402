import { previewUrl } from '../../config';
import { openPreview, previewTarget } from '../preview';

const config = {
	formId: 7,
	preview: false,
	listUrl: '/wp-admin/admin.php?page=kestrel-forms',
	entriesUrl: '/wp-admin/admin.php?page=kestrel-forms-entries',
	shortcodeTag: 'kestrel_form',
	previewUrl: 'https://shop.example/?kestrel_forms_preview=0&_wpnonce=abc123',
};

describe( 'preview', () => {
	it( 'is the front-end preview URL of the form, with the nonce the server gave', () => {
		const url = new URL( previewUrl( config, 7 ) );
		expect( url.origin + url.pathname ).toBe( 'https://shop.example/' );
		expect( url.searchParams.get( 'kestrel_forms_preview' ) ).toBe( '7' );
		expect( url.searchParams.get( '_wpnonce' ) ).toBe( 'abc123' );
	} );

	it( 'opens a tab (no popup features), one per form', () => {
		const open = jest.fn();
		openPreview( 'https://shop.example/?p', 7, {
			open,
		} as unknown as Window );
		expect( open ).toHaveBeenCalledWith(
			'https://shop.example/?p',
			'kestrel-forms-preview-7'
		);
		expect( previewTarget( 8 ) ).not.toBe( previewTarget( 7 ) );
	} );
} );
