import {
	isMobileDevice,
	newReference,
	resumedRedirectUrl,
	returnUrl,
	returnedDraftId,
} from '../drafts';
import { minorUnits } from '../quote';

describe( 'payment drafts and amounts (pure helpers)', () => {
	it( 'reads the draft id of a return, and only a well-formed one', () => {
		const id = 'a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6';
		expect(
			returnedDraftId(
				`https://shop.test/order/?x=1&kf_payment_return=${ id }&cash_request_id=GRR_1`
			)
		).toBe( id );
		expect( returnedDraftId( 'https://shop.test/order/' ) ).toBeNull();
		expect(
			returnedDraftId(
				'https://shop.test/order/?kf_payment_return=%3Cscript%3E'
			)
		).toBeNull();
		expect(
			returnedDraftId( 'https://shop.test/?kf_payment_return=short' )
		).toBeNull();
	} );

	it( "builds the return URL without an old draft, the provider's request id or a fragment; the resumed redirect keeps the draft", () => {
		const back =
			'https://shop.test/order/?utm=a&kf_payment_return=OLD0000000000000000&cash_request_id=GRR_9#form';
		expect( returnUrl( back ) ).toBe( 'https://shop.test/order/?utm=a' );
		expect( resumedRedirectUrl( back ) ).toBe(
			'https://shop.test/order/?utm=a&kf_payment_return=OLD0000000000000000'
		);
	} );

	it( "tells phones from desktops as the provider's Pay Kit does", () => {
		const nav = ( userAgent: string, mobile?: boolean ) =>
			( {
				userAgent,
				userAgentData: mobile === undefined ? undefined : { mobile },
			} ) as unknown as Navigator;
		expect(
			isMobileDevice(
				nav(
					'Mozilla/5.0 (iPhone; CPU iPhone OS 15_0 like Mac OS X) Mobile/15E148'
				)
			)
		).toBe( true );
		expect(
			isMobileDevice( nav( 'Mozilla/5.0 (Linux; Android 14)' ) )
		).toBe( true );
		expect(
			isMobileDevice( nav( 'Mozilla/5.0 (X11; Linux x86_64)', true ) )
		).toBe( true );
		expect(
			isMobileDevice( nav( 'Mozilla/5.0 (X11; Linux x86_64)', false ) )
		).toBe( false );
	} );

	it( 'makes references of at most 50 characters, different each time', () => {
		const a = newReference( 12345 );
		expect( a.length ).toBeLessThanOrEqual( 50 );
		expect( a ).toMatch( /^kf-12345-[0-9a-f]{24}$/ );
		expect( newReference( 12345 ) ).not.toBe( a );
	} );

	it( 'turns decimal strings into minor units without floating point', () => {
		expect( minorUnits( '10.00' ) ).toBe( 1000 );
		expect( minorUnits( '0.01' ) ).toBe( 1 );
		expect( minorUnits( '12.5' ) ).toBe( 1250 );
		expect( minorUnits( '1234567.89' ) ).toBe( 123456789 );
		expect( minorUnits( '0.29' ) ).toBe( 29 );
		expect( minorUnits( '3000', 0 ) ).toBe( 3000 );
		expect( minorUnits( '-1.00' ) ).toBe( 0 );
		expect( minorUnits( 'abc' ) ).toBe( 0 );
	} );
} );
