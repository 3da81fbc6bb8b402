import {
	PREVIEW_WINDOW_NAME,
	fitPreviewPopup,
	isPreviewPopup,
	popupFeatures,
	previewPopupBox,
} from '../preview-popup';

const SCREEN = {
	availWidth: 1500,
	availHeight: 900,
	availLeft: 100,
	availTop: 0,
};
// A 500×300 popup with 0 px side chrome and 35 px of title bar.
const INNER = { width: 500, height: 300 };
const OUTER = { width: 500, height: 335 };

describe( 'previewPopupBox', () => {
	it( 'leaves a popup alone when the form fits', () => {
		expect(
			previewPopupBox( {
				content: { width: 480, height: 250 },
				inner: INNER,
				outer: OUTER,
				screen: SCREEN,
			} )
		).toBeNull();
	} );

	it( 'grows a popup to fit a taller form, browser chrome included, centred', () => {
		expect(
			previewPopupBox( {
				content: { width: 500, height: 640.4 },
				inner: INNER,
				outer: OUTER,
				screen: SCREEN,
			} )
		).toEqual( { width: 500, height: 676, left: 600, top: 112 } );
	} );

	it( 'grows the width for a wide form too', () => {
		expect(
			previewPopupBox( {
				content: { width: 720, height: 200 },
				inner: INNER,
				outer: OUTER,
				screen: SCREEN,
			} )
		).toEqual( { width: 720, height: 335, left: 490, top: 283 } );
	} );

	it( 'never exceeds the available screen area', () => {
		expect(
			previewPopupBox( {
				content: { width: 3000, height: 5000 },
				inner: INNER,
				outer: OUTER,
				screen: SCREEN,
			} )
		).toEqual( { width: 1500, height: 900, left: 100, top: 0 } );
	} );

	it( 'never goes below 500×300 of content, even in a window opened smaller', () => {
		expect(
			previewPopupBox( {
				content: { width: 10, height: 10 },
				inner: { width: 400, height: 200 },
				outer: { width: 400, height: 200 },
				screen: { availWidth: 800, availHeight: 600 },
			} )
		).toEqual( { width: 500, height: 300, left: 150, top: 150 } );
	} );

	it( 'never shrinks a window the admin made larger', () => {
		expect(
			previewPopupBox( {
				content: { width: 500, height: 700 },
				inner: { width: 900, height: 565 },
				outer: { width: 900, height: 600 },
				screen: SCREEN,
			} )
		).toEqual( { width: 900, height: 735, left: 400, top: 83 } );
	} );
} );

function fakeWindow( name: string, opener: unknown ) {
	const win = {
		name,
		opener,
		innerWidth: 500,
		innerHeight: 300,
		outerWidth: 500,
		outerHeight: 335,
		scrollY: 0,
		screen: SCREEN,
		document: { documentElement: { scrollWidth: 500 } },
		resizeTo: jest.fn(),
		moveTo: jest.fn(),
	};
	return win as unknown as Window & typeof win;
}

const formBottom = ( bottom: number ) =>
	( {
		getBoundingClientRect: () => ( { bottom } ),
	} ) as unknown as Element;

describe( 'fitPreviewPopup', () => {
	it( 'resizes and re-centres the popup the editor opened', () => {
		const win = fakeWindow( PREVIEW_WINDOW_NAME, {} );
		expect( isPreviewPopup( win ) ).toBe( true );
		// 776 px of form plus the 24 px margin under it.
		expect( fitPreviewPopup( win, formBottom( 776 ) ) ).toEqual( {
			width: 500,
			height: 835,
			left: 600,
			top: 33,
		} );
		expect( win.resizeTo ).toHaveBeenCalledWith( 500, 835 );
		expect( win.moveTo ).toHaveBeenCalledWith( 600, 33 );
	} );

	it( 'does not resize a normal tab or another window', () => {
		for ( const win of [
			fakeWindow( PREVIEW_WINDOW_NAME, null ),
			fakeWindow( '', {} ),
		] ) {
			expect( isPreviewPopup( win ) ).toBe( false );
			expect( fitPreviewPopup( win, formBottom( 2000 ) ) ).toBeNull();
			expect( win.resizeTo ).not.toHaveBeenCalled();
			expect( win.moveTo ).not.toHaveBeenCalled();
		}
	} );

	it( 'does not touch a popup whose form fits', () => {
		const win = fakeWindow( PREVIEW_WINDOW_NAME, {} );
		expect( fitPreviewPopup( win, formBottom( 200 ) ) ).toBeNull();
		expect( win.resizeTo ).not.toHaveBeenCalled();
	} );
} );

describe( 'popupFeatures', () => {
	it( 'centres a 500x300 popup on the available screen', () => {
		expect(
			popupFeatures( {
				availWidth: 1500,
				availHeight: 900,
				availLeft: 100,
				availTop: 0,
			} )
		).toBe(
			'popup=yes,width=500,height=300,left=600,top=300,resizable=yes,scrollbars=yes'
		);
	} );
} );
