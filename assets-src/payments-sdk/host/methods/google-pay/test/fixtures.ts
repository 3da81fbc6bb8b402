/**
 * Shared fixtures of the Google Pay tests.
 */
import type { Hydration } from '../../../../protocol';

/**
 * A hydration of a merchant with Google Pay (a test merchant unless told).
 *
 * @param overrides Fields to change.
 */
export const googlePayHydration = (
	overrides: Partial< Hydration > = {}
): Hydration => ( {
	avt: 'a',
	sessionId: 'sess-1',
	instanceId: 'i',
	merchantName: 'Kestrel',
	applePayMerchantIdentifier: '',
	cashAppPayMerchantIdentifier: '',
	paymentMethodSupportDetail: { googlePay: { IsSupported: true } },
	featureFlagValues: {},
	isTestMerchant: true,
	...overrides,
} );
