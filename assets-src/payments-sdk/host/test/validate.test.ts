import {
	checkApplicationId,
	checkBrowser,
	checkOptions,
	checkSecurePage,
	checkStyle,
	frameHeight,
	CARD_OPTIONS,
	GIFT_CARD_OPTIONS,
} from '../validate';
import { checkVerifyBuyer } from '../payments';

const nameOf = ( fn: () => void ) => {
	try {
		fn();
		return 'ok';
	} catch ( e ) {
		return ( e as Error ).name;
	}
};

describe( 'application id', () => {
	it.each( [
		[ 'sandbox-sq0idb-abcdefghijklmnop', 'sandbox', 'ok' ],
		[ 'abcdefghij-klmnopqrstu', 'sandbox', 'ok' ],
		[
			'sq0idp-abcdefghijklmnopqrst',
			'sandbox',
			'ApplicationIdEnvironmentMismatchError',
		],
		[ 'sq0idp-abcdefghijklmnopqrst', 'production', 'ok' ],
		[
			'sandbox-sq0idb-abcdefghijklmnop',
			'production',
			'ApplicationIdEnvironmentMismatchError',
		],
		[ 'short', 'sandbox', 'InvalidApplicationIdError' ],
		[
			'sandbox-sq0idb-' + 'x'.repeat( 30 ),
			'sandbox',
			'InvalidApplicationIdError',
		],
		[ 'abcdefghij klmnopqrstu', 'sandbox', 'InvalidApplicationIdError' ],
		[ undefined, 'sandbox', 'InvalidApplicationIdError' ],
	] as const )( '%s in %s: %s', ( id, env, expected ) => {
		expect( nameOf( () => checkApplicationId( id, env ) ) ).toBe(
			expected
		);
	} );
} );

describe( 'page and options', () => {
	it( 'needs https except on localhost', () => {
		expect(
			nameOf( () =>
				checkSecurePage( {
					protocol: 'http:',
					hostname: 'shop.example',
				} )
			)
		).toBe( 'WebSdkEmbedError' );
		expect(
			nameOf( () =>
				checkSecurePage( {
					protocol: 'https:',
					hostname: 'shop.example',
				} )
			)
		).toBe( 'ok' );
		expect(
			nameOf( () =>
				checkSecurePage( { protocol: 'http:', hostname: 'localhost' } )
			)
		).toBe( 'ok' );
		expect(
			nameOf( () =>
				checkSecurePage( { protocol: 'http:', hostname: '127.0.0.1' } )
			)
		).toBe( 'ok' );
	} );

	it( 'refuses browsers without what the SDK needs', () => {
		const modern = {
			postMessage: () => {},
			fetch: () => {},
			Promise,
			WeakMap,
			crypto: { getRandomValues: () => {} },
			document: {},
		};
		const as = ( w: object ) => w as unknown as Window;
		expect( nameOf( () => checkBrowser( as( modern ) ) ) ).toBe( 'ok' );
		expect(
			nameOf( () =>
				checkBrowser( as( { ...modern, fetch: undefined } ) )
			)
		).toBe( 'BrowserNotSupportedError' );
		expect(
			nameOf( () =>
				checkBrowser(
					as( { ...modern, document: { documentMode: 11 } } )
				)
			)
		).toBe( 'BrowserNotSupportedError' );
	} );

	it( 'allows only the listed options with their types', () => {
		expect(
			nameOf( () =>
				checkOptions(
					{
						includeInputLabels: true,
						postalCode: '12345',
						style: {},
					},
					CARD_OPTIONS
				)
			)
		).toBe( 'ok' );
		expect(
			nameOf( () =>
				checkOptions( { postalCode: '12345' }, GIFT_CARD_OPTIONS )
			)
		).toBe( 'InvalidOptionError' );
		expect(
			nameOf( () =>
				checkOptions( { includeInputLabels: 'yes' }, CARD_OPTIONS )
			)
		).toBe( 'InvalidConfigurationValueError' );
		expect(
			nameOf( () => checkOptions( { style: [] }, CARD_OPTIONS ) )
		).toBe( 'InvalidConfigurationValueError' );
	} );
} );

describe( 'styles', () => {
	it( 'accepts computed CSS values real themes pass', () => {
		expect(
			nameOf( () =>
				checkStyle( {
					input: {
						color: 'rgb(33, 33, 33)',
						backgroundColor: 'rgba(0,0,0,0)',
						fontSize: '16px',
						fontWeight: '400',
						fontFamily: '"Helvetica Neue", Arial, sans-serif',
					},
					'input::placeholder': { color: '#999' },
					'.input-container': {
						borderColor: 'hsl(0, 0%, 80%)',
						borderRadius: '4px 4px 0 0',
						borderWidth: '1px 2px',
					},
					'.input-container.is-focus': {
						borderColor: 'blue',
						borderWidth: '2px',
					},
					'@media screen and (max-width: 600px)': {
						input: { fontSize: '14px' },
					},
				} )
			)
		).toBe( 'ok' );
	} );

	const valueError = ( property: string, value: string ) => {
		try {
			checkStyle( { input: { [ property ]: value } } );
			return 'ok';
		} catch ( e ) {
			return ( e as { errors: Array< { name: string } > } ).errors[ 0 ]
				.name;
		}
	};

	it( 'takes named colours, transparent and currentcolor, not any word', () => {
		for ( const ok of [
			'red',
			'RebeccaPurple',
			'lightgoldenrodyellow',
			'transparent',
			'currentColor',
			'#abc',
			'#a1b2c3d4',
			'rgb(0 0 0 / 50%)',
		] ) {
			expect( [ ok, valueError( 'color', ok ) ] ).toEqual( [ ok, 'ok' ] );
		}
		for ( const bad of [
			'bogus',
			'redd',
			'notacolour',
			'inherit',
			'initial',
			'#abcd1',
			'expression',
		] ) {
			expect( [ bad, valueError( 'backgroundColor', bad ) ] ).toEqual( [
				bad,
				'InvalidInputStyleValueError',
			] );
		}
	} );

	it( 'takes computed font sizes above 16px (rendered at 16px), not negative or unitless ones', () => {
		for ( const ok of [
			'16px',
			'18px',
			'24.5px',
			'1.25em',
			'20pt',
			'120%',
			'0',
		] ) {
			expect( [ ok, valueError( 'fontSize', ok ) ] ).toEqual( [
				ok,
				'ok',
			] );
		}
		for ( const bad of [ '-3px', '18', 'large', '2rem', '18px 2px' ] ) {
			expect( [ bad, valueError( 'fontSize', bad ) ] ).toEqual( [
				bad,
				'InvalidInputStyleValueError',
			] );
		}
	} );

	it( 'collects every bad selector, property and value', () => {
		let error: ( Error & { errors: unknown[] } ) | null = null;
		try {
			checkStyle( {
				'input.bogus': { color: 'red' },
				input: { padding: '4px', color: 'url(x)', fontSize: '-3px' },
				'.input-container': { borderWidth: 'thick' },
				'@media bogus stuff': { input: {} },
			} );
		} catch ( e ) {
			error = e as Error & { errors: unknown[] };
		}
		expect( error?.name ).toBe( 'InvalidStylesError' );
		expect(
			( error?.errors as Array< { name: string } > ).map(
				( e ) => e.name
			)
		).toEqual( [
			'InvalidInputStyleSelectorError',
			'InvalidInputStylePropertyError',
			'InvalidInputStyleValueError',
			'InvalidInputStyleValueError',
			'InvalidInputStyleValueError',
			'InvalidInputStyleSelectorError',
		] );
	} );
} );

describe( 'sizing', () => {
	it( 'card 48 px, 62 with labels, doubled plus 1 at 482 px or less; gift card 50', () => {
		expect( frameHeight( 600, false ) ).toBe( 48 );
		expect( frameHeight( 600, true ) ).toBe( 62 );
		expect( frameHeight( 482, false ) ).toBe( 97 );
		expect( frameHeight( 300, true ) ).toBe( 125 );
		expect( frameHeight( 483, false ) ).toBe( 48 );
		expect( frameHeight( 300, false, true ) ).toBe( 50 );
	} );
} );

describe( 'verifyBuyer checks', () => {
	const contact = { givenName: 'Ada' };
	it( 'is lenient about float noise and a missing country', () => {
		expect(
			nameOf( () =>
				checkVerifyBuyer(
					'cnon:x',
					{
						intent: 'CHARGE',
						amount: '10.500000001',
						currencyCode: 'USD',
						billingContact: contact,
					},
					'L1'
				)
			)
		).toBe( 'ok' );
		expect(
			nameOf( () =>
				checkVerifyBuyer(
					'cnon:x',
					{ intent: 'STORE', billingContact: contact },
					'L1'
				)
			)
		).toBe( 'ok' );
	} );
	it.each( [
		[
			'cnon:x',
			{
				intent: 'CHARGE',
				amount: '1',
				currencyCode: 'USD',
				billingContact: contact,
			},
			undefined,
		],
		[ '', { intent: 'STORE', billingContact: contact }, 'L1' ],
		[ 'cnon:x', { intent: 'STORE' }, 'L1' ],
		[ 'cnon:x', { intent: 'PAY', billingContact: contact }, 'L1' ],
		[
			'cnon:x',
			{ intent: 'CHARGE', billingContact: contact, currencyCode: 'USD' },
			'L1',
		],
		[
			'cnon:x',
			{
				intent: 'CHARGE_AND_STORE',
				amount: '-1',
				currencyCode: 'USD',
				billingContact: contact,
			},
			'L1',
		],
	] )( 'refuses %p %p %p', ( source, details, location ) => {
		expect(
			nameOf( () => checkVerifyBuyer( source, details, location ) )
		).toBe( 'VerifyBuyerError' );
	} );
} );
