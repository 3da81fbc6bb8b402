import { previewUrl } from '../../config';
import {
	openPreview,
	openPreviewPopup,
	popupFeatures,
	previewTarget,
} from '../preview';

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

	it( 'also opens in the utility popup of the spec: 500×300, centred, resizable', () => {
		expect(
			popupFeatures( {
				availWidth: 1440,
				availHeight: 900,
				availLeft: 0,
				availTop: 25,
			} )
		).toBe(
			'popup=yes,width=500,height=300,left=470,top=325,resizable=yes,scrollbars=yes'
		);
		const open = jest.fn();
		openPreviewPopup( 'https://shop.example/?p', 7, {
			open,
			screen: { availWidth: 800, availHeight: 600 },
		} as unknown as Window );
		expect( open ).toHaveBeenCalledWith(
			'https://shop.example/?p',
			'kestrel-forms-preview-7-popup',
			'popup=yes,width=500,height=300,left=150,top=150,resizable=yes,scrollbars=yes'
		);
	} );
} );
