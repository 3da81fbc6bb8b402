/**
 * Afterpay/Clearpay rules (spec §5, §9; wave 2 A.6): the instalment remainder rule pinned with
 * fixtures (the four amounts always sum exactly to the total, in every supported currency),
 * the merchant's limits, region branding, the information modal's locales with the en_US
 * fallback, and the shipping mappings.
 */
import {
	AFTERPAY_CURRENCIES,
	brandOf,
	contactOfAddress,
	expressOptionOf,
	formatMoney,
	fromMinor,
	instalmentsOf,
	limitProblem,
	missingContactFields,
	modalLocaleOf,
	optionProblems,
	toMinor,
} from '../rules';

describe( 'instalments', () => {
	it.each( [
		[ '10.01', [ 251, 250, 250, 250 ] ],
		[ '10.00', [ 250, 250, 250, 250 ] ],
		[ '10.02', [ 252, 250, 250, 250 ] ],
		[ '10.03', [ 253, 250, 250, 250 ] ],
		[ '0.01', [ 1, 0, 0, 0 ] ],
		[ '1.00', [ 25, 25, 25, 25 ] ],
		[ '1234.57', [ 30865, 30864, 30864, 30864 ] ],
		[ '4000.00', [ 100000, 100000, 100000, 100000 ] ],
	] )(
		'%s → %j: the remainder goes to today’s instalment',
		( total, expected ) => {
			expect( instalmentsOf( toMinor( total ) ) ).toEqual( expected );
		}
	);

	it( 'sums exactly to the total for every amount up to 4000.00 in every currency', () => {
		for ( const currency of AFTERPAY_CURRENCIES ) {
			const wrong: number[] = [];
			for ( let minor = 0; minor <= 400000; minor += 13 ) {
				const parts = instalmentsOf( minor );
				const spread = parts[ 0 ] - parts[ 3 ];
				if (
					parts[ 0 ] + parts[ 1 ] + parts[ 2 ] + parts[ 3 ] !==
						minor ||
					spread < 0 ||
					spread > 3 ||
					parts[ 1 ] !== parts[ 3 ] ||
					parts[ 2 ] !== parts[ 3 ]
				) {
					wrong.push( minor );
				}
			}
			expect( wrong ).toEqual( [] );
			// The shown amounts, parsed back, also sum to the total.
			const shown = instalmentsOf( toMinor( '99.99' ) ).map( ( m ) =>
				toMinor( fromMinor( m ) )
			);
			expect( shown.reduce( ( a, b ) => a + b, 0 ) ).toBe( 9999 );
			expect( formatMoney( 2501, currency, 'en-US' ) ).toMatch(
				/25\.01/
			);
		}
	} );

	it( 'reads and writes decimal strings', () => {
		expect( toMinor( '12' ) ).toBe( 1200 );
		expect( toMinor( '12.3' ) ).toBe( 1230 );
		expect( toMinor( '0.07' ) ).toBe( 7 );
		expect( fromMinor( 1001 ) ).toBe( '10.01' );
		expect( formatMoney( 251, 'EUR', 'fr-FR' ) ).toMatch( /^2,51\s€$/ );
	} );
} );

describe( 'limits and currencies', () => {
	const limits = {
		minimumAmount: '1.00',
		maximumAmount: '4000.00',
		currency: 'USD',
	};
	const request = ( amount: string, currencyCode = 'USD' ) => ( {
		currencyCode,
		total: { amount, label: 'Total' },
	} );

	it( 'takes the bounds themselves and refuses below and above', () => {
		expect( limitProblem( request( '1.00' ), limits ) ).toBeNull();
		expect( limitProblem( request( '4000.00' ), limits ) ).toBeNull();
		expect( limitProblem( request( '0.99' ), limits ) ).toBe( 'limits' );
		expect( limitProblem( request( '4000.01' ), limits ) ).toBe( 'limits' );
	} );

	it( 'refuses a currency Afterpay does not take, or not the merchant’s', () => {
		expect( limitProblem( request( '100', 'JPY' ), limits ) ).toBe(
			'currency'
		);
		expect( limitProblem( request( '10.00', 'GBP' ), limits ) ).toBe(
			'currency'
		);
		expect( [ ...AFTERPAY_CURRENCIES ] ).toEqual( [
			'AUD',
			'GBP',
			'USD',
			'CAD',
			'EUR',
		] );
	} );
} );

describe( 'branding and modal locales', () => {
	it.each( [
		[ 'US', 'Afterpay' ],
		[ 'CA', 'Afterpay' ],
		[ 'AU', 'Afterpay' ],
		[ 'NZ', 'Afterpay' ],
		[ 'GB', 'Clearpay' ],
		[ 'FR', 'Clearpay' ],
		[ 'ES', 'Clearpay' ],
		[ 'IT', 'Clearpay' ],
		[ 'us', 'Afterpay' ],
	] )( '%s → %s', ( country, brand ) => {
		expect( brandOf( country ) ).toBe( brand );
	} );

	it.each( [
		[ 'en-US', 'US', 'en_US' ],
		[ 'en-US', 'GB', 'en_GB' ],
		[ 'en-US', 'AU', 'en_AU' ],
		[ 'en-US', 'NZ', 'en_NZ' ],
		[ 'en-US', 'CA', 'en_CA' ],
		[ 'fr-CA', 'CA', 'fr_CA' ],
		[ 'fr-FR', 'FR', 'fr_FR' ],
		[ 'es-ES', 'ES', 'es_ES' ],
		[ 'es-ES', 'GB', 'es_ES' ],
		[ 'fr-CA', 'US', 'fr_CA' ],
		[ 'ja-JP', 'US', 'en_US' ],
		[ 'ja-JP', 'JP', 'en_US' ],
		[ 'de-DE', 'DE', 'en_US' ],
	] )( 'SDK locale %s, request in %s → %s', ( locale, country, expected ) => {
		expect( modalLocaleOf( locale, country ) ).toBe( expected );
	} );
	it( 'it_IT is one of them', () => {
		expect( modalLocaleOf( 'it-IT', 'IT' ) ).toBe( 'it_IT' );
	} );
} );

describe( 'shipping', () => {
	it( 'maps Afterpay’s address to a contact and finds missing fields', () => {
		const contact = contactOfAddress( {
			name: 'Mary Ann Smith',
			address1: '1 George St',
			address2: '',
			suburb: 'Sydney',
			state: 'NSW',
			postcode: '2000',
			countryCode: 'AU',
			phoneNumber: '+61 2 5550 1234',
		} );
		expect( contact ).toEqual( {
			givenName: 'Mary Ann',
			familyName: 'Smith',
			addressLines: [ '1 George St' ],
			city: 'Sydney',
			state: 'NSW',
			postalCode: '2000',
			countryCode: 'AU',
			phone: '+61 2 5550 1234',
		} );
		expect( missingContactFields( contact ) ).toEqual( [] );
		expect(
			missingContactFields(
				contactOfAddress( {
					name: 'Cher',
					address1: 'PO Box 1',
					suburb: 'Springfield',
					countryCode: 'US',
				} )
			)
		).toEqual( [ 'postalCode', 'state', 'familyName' ] );
	} );

	it( 'maps an option: tax is the sum of the tax lines, the order amount its total', () => {
		expect(
			expressOptionOf(
				{
					id: 'std',
					label: 'Standard',
					amount: '5.00',
					taxLineItems: [
						{ label: 'State', amount: '1.25' },
						{ label: 'City', amount: '0.30' },
					],
					total: { label: 'Total', amount: '26.55' },
				},
				'USD'
			)
		).toEqual( {
			id: 'std',
			name: 'Standard',
			shippingAmount: { amount: '5.00', currency: 'USD' },
			taxAmount: { amount: '1.55', currency: 'USD' },
			orderAmount: { amount: '26.55', currency: 'USD' },
		} );
	} );

	it( 'refuses answers without options, or options without a total', () => {
		expect( optionProblems( undefined ) ).toHaveLength( 1 );
		expect( optionProblems( [] ) ).toHaveLength( 1 );
		expect(
			optionProblems( [ { id: 'a', label: 'A', amount: '0.00' } ] )
		).toEqual( [ 'shippingOptions[0].total.amount must be a string' ] );
		expect(
			optionProblems( [
				{
					id: 'a',
					label: 'A',
					amount: '0.00',
					total: { amount: '1.00', label: 'T' },
				},
			] )
		).toEqual( [] );
	} );
} );
