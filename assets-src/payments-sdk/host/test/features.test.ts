/**
 * Reading the hydration's flags and test-merchant standing (spec §3, §4 Google Pay, §6, §9).
 */
import { featuresOf } from '../features';

describe( 'featuresOf', () => {
	it( 'turns nothing on that the hydration does not turn on', () => {
		expect(
			featuresOf(
				{ featureFlagValues: {}, isTestMerchant: true },
				'sandbox'
			)
		).toEqual( {
			testMerchant: true,
			walletEnvironment: 'sandbox',
			analyticsBackend: null,
			overrideStrings: false,
			interac: false,
			achAuth: 'no-support',
			afterpay: false,
			recordErrorMetrics: false,
		} );
	} );

	it( 'reads every flag; booleans only when exactly true', () => {
		const f = featuresOf(
			{
				featureFlagValues: {
					analyticsBackend: 'SCRIPT_LOAD',
					overrideStrings: true,
					interac: 'true',
					achAuth: 'required',
					bnplA: true,
					recordErrorMetrics: 1,
				},
				isTestMerchant: true,
			},
			'sandbox'
		);
		expect( f ).toMatchObject( {
			analyticsBackend: 'script-load',
			overrideStrings: true,
			interac: false,
			achAuth: 'required',
			afterpay: true,
			recordErrorMetrics: false,
		} );
		expect( Object.isFrozen( f ) ).toBe( true );
		expect(
			featuresOf(
				{
					featureFlagValues: {
						analyticsBackend: 'inline',
						achAuth: 'sometimes',
					},
					isTestMerchant: true,
				},
				'sandbox'
			)
		).toMatchObject( {
			analyticsBackend: 'inline',
			achAuth: 'no-support',
		} );
	} );

	it( 'uses production wallets only in production for a non-test merchant', () => {
		const env = ( isTestMerchant: boolean, e: 'production' | 'sandbox' ) =>
			featuresOf( { featureFlagValues: {}, isTestMerchant }, e )
				.walletEnvironment;
		expect( env( false, 'production' ) ).toBe( 'production' );
		expect( env( true, 'production' ) ).toBe( 'sandbox' );
		expect( env( false, 'sandbox' ) ).toBe( 'sandbox' );
		expect( env( true, 'sandbox' ) ).toBe( 'sandbox' );
		// A hydration without the field is a test merchant.
		expect(
			featuresOf(
				{ featureFlagValues: {} } as unknown as Parameters<
					typeof featuresOf
				>[ 0 ],
				'production'
			)
		).toMatchObject( { testMerchant: true, walletEnvironment: 'sandbox' } );
	} );
} );
