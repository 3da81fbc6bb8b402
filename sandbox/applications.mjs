/**
 * Sandbox applications with their own hydration (spec §3 "Hydration response", §6 feature
 * flags): what POST /payments/hydrate answers differs by application id, so tests can turn a
 * flag off or hydrate a non-test merchant. Any other id gets the defaults below; an id that
 * contains "overrides" also gets the overrideStrings flag (docs/payments-sdk.md).
 */

const unsupported = {
	IsSupported: false,
	UnsupportedReasonType: 'NOT_ONBOARDED',
};
const supported = { IsSupported: true };
/** ACH and Cash App Pay outside the US (spec §6). */
const usOnly = {
	IsSupported: false,
	UnsupportedReasonType: 'US_MERCHANT_ONLY',
};
/**
 * A merchant outside the US with both wallets and Afterpay/Clearpay (wave 2 design A.0.3).
 *
 * @param {string} merchantName Name in the hydration.
 * @return {Object} Changes to the defaults.
 */
const walletsAndBnplOutsideUs = ( merchantName ) => ( {
	merchantName,
	paymentMethodSupportDetail: {
		applePay: supported,
		googlePay: supported,
		ach: usOnly,
		cashAppPay: usOnly,
		afterpayClearpay: supported,
	},
	featureFlagValues: { bnplA: true },
} );

/** What every sandbox application gets unless listed below. */
export const DEFAULT_HYDRATION = {
	merchantName: 'Kestrel Sandbox Merchant',
	applePayMerchantIdentifier: 'merchant.kestrel.sandbox',
	cashAppPayMerchantIdentifier: 'CAP_SANDBOX',
	paymentMethodSupportDetail: {
		card: { IsSupported: true },
		giftCard: { IsSupported: true },
		applePay: unsupported,
		googlePay: unsupported,
		ach: unsupported,
		afterpayClearpay: unsupported,
		cashAppPay: unsupported,
	},
	featureFlagValues: {
		analyticsBackend: 'inline',
		overrideStrings: false,
		recordErrorMetrics: true,
		achAuth: 'no-support',
		bnplA: false,
		interac: false,
	},
	isTestMerchant: true,
};

/** Application id -> changes to the defaults (merged one level deep). */
export const SANDBOX_APPLICATIONS = {
	// Error reports are not recorded for this application.
	'sandbox-sq0idb-no-error-metrics': {
		featureFlagValues: { recordErrorMetrics: false },
	},
	// No analytics backend: no usage metrics.
	'sandbox-sq0idb-no-analytics': {
		featureFlagValues: { analyticsBackend: null },
	},
	// A merchant that is not a test merchant (wallets would still use the sandbox here).
	'sandbox-sq0idb-live-merchant': { isTestMerchant: false },
	// Afterpay onboarded, but the BNPL-A flag is off.
	'sandbox-sq0idb-afterpay-flag-off': {
		paymentMethodSupportDetail: { afterpayClearpay: { IsSupported: true } },
		featureFlagValues: { bnplA: false },
	},
	// Afterpay onboarded and the flag on.
	'sandbox-sq0idb-afterpay-enabled': {
		paymentMethodSupportDetail: { afterpayClearpay: { IsSupported: true } },
		featureFlagValues: { bnplA: true },
	},
	// Merchant profiles (wave 2 design A.0.3). Apple Pay also needs the page's host registered
	// (POST /v2/apple-pay/domains), else DOMAIN_NOT_REGISTERED (session.mjs).
	// A US merchant (USD): every method.
	'sandbox-sq0idb-merchant-us': {
		merchantName: 'Kestrel Sandbox US',
		paymentMethodSupportDetail: {
			applePay: supported,
			googlePay: supported,
			ach: supported,
			cashAppPay: supported,
			afterpayClearpay: supported,
		},
		// ACH intents allowed, authorisation captured for CHARGE / RECURRING_CHARGE.
		featureFlagValues: { bnplA: true, achAuth: 'supported' },
	},
	// A UK merchant (GBP, strong customer authentication): wallets and Clearpay.
	'sandbox-sq0idb-merchant-gb':
		walletsAndBnplOutsideUs( 'Kestrel Sandbox UK' ),
	// An Australian merchant (AUD): wallets and Afterpay.
	'sandbox-sq0idb-merchant-au':
		walletsAndBnplOutsideUs( 'Kestrel Sandbox AU' ),
	// A Japanese merchant (JPY): cards only.
	'sandbox-sq0idb-merchant-jp': {
		merchantName: 'Kestrel Sandbox JP',
		paymentMethodSupportDetail: {
			ach: {
				IsSupported: false,
				UnsupportedReasonType: 'US_MERCHANT_ONLY',
			},
			cashAppPay: {
				IsSupported: false,
				UnsupportedReasonType: 'US_MERCHANT_ONLY',
			},
			afterpayClearpay: {
				IsSupported: false,
				UnsupportedReasonType: 'COUNTRY_NOT_SUPPORTED',
			},
		},
	},
};

// ACH in each achAuth mode (spec §6; host/methods/ach/options.ts): a US merchant with ACH.
for ( const mode of [ 'no-support', 'supported', 'required', 'legacy' ] ) {
	SANDBOX_APPLICATIONS[ `sandbox-sq0idb-ach-${ mode }` ] = {
		merchantName: 'Kestrel Sandbox US',
		paymentMethodSupportDetail: { ach: supported },
		featureFlagValues: { achAuth: mode },
	};
}

/**
 * The hydration fields of an application (without avt, sessionId, instanceId).
 *
 * @param {string} applicationId Application id.
 * @return {Object} Hydration fields.
 */
export function hydrationFor( applicationId ) {
	const id = String( applicationId ?? '' );
	const changes = SANDBOX_APPLICATIONS[ id ] ?? {};
	const merged = { ...DEFAULT_HYDRATION };
	for ( const [ key, value ] of Object.entries( changes ) ) {
		merged[ key ] =
			value && typeof value === 'object' && ! Array.isArray( value )
				? { ...DEFAULT_HYDRATION[ key ], ...value }
				: value;
	}
	if ( id.includes( 'overrides' ) ) {
		merged.featureFlagValues = {
			...merged.featureFlagValues,
			overrideStrings: true,
		};
	}
	return merged;
}
