/**
 * What the hydration allows (spec §3 "Hydration response", §6 "No user roles"): the feature
 * flags of the application and the merchant's test / production standing, read once into a
 * typed, frozen object that the payments instance and its methods consult.
 */
import type { Hydration } from '../protocol';
import type { Environment } from './validate';

/** Analytics backend of the application (spec §6): a loaded script, or inline in the SDK. */
export type AnalyticsBackend = 'script-load' | 'inline';

/** ACH authorisation mode (spec §6, §5 "Parameters must match the feature mode"). */
export type AchAuthMode = 'no-support' | 'supported' | 'required' | 'legacy';

/** Feature flag names as the hydration's featureFlagValues carries them. */
export const FLAG = {
	analyticsBackend: 'analyticsBackend',
	overrideStrings: 'overrideStrings',
	interac: 'interac',
	achAuth: 'achAuth',
	afterpay: 'bnplA',
	recordErrorMetrics: 'recordErrorMetrics',
} as const;

export interface Features {
	/** The hydration's isTestMerchant (absent counts as a test merchant: never production by accident). */
	testMerchant: boolean;
	/**
	 * Environment of bank linking and Google Pay (spec §4 Google Pay, §9 bank linking):
	 * production only when the SDK runs in production for a non-test merchant, else sandbox.
	 */
	walletEnvironment: Environment;
	/** null: the application has no analytics backend, so no usage metrics are sent. */
	analyticsBackend: AnalyticsBackend | null;
	overrideStrings: boolean;
	/** INTERAC in the Apple Pay / Google Pay networks (spec §9). */
	interac: boolean;
	achAuth: AchAuthMode;
	/** BNPL-A: Afterpay / Clearpay. */
	afterpay: boolean;
	/** Error reports to /payments/mtx/error. */
	recordErrorMetrics: boolean;
}

const ANALYTICS: readonly AnalyticsBackend[] = [ 'script-load', 'inline' ];
const ACH_MODES: readonly AchAuthMode[] = [
	'no-support',
	'supported',
	'required',
	'legacy',
];

/**
 * "SCRIPT_LOAD", "script-load", "Script Load" → "script-load".
 * @param value
 */
const token = ( value: unknown ): string =>
	typeof value === 'string'
		? value
				.trim()
				.toLowerCase()
				.replace( /[\s_]+/g, '-' )
		: '';

/**
 * Reads the hydration. Booleans count only when exactly true (a missing or malformed flag is
 * off); the ACH mode defaults to the most restrictive one, no-support.
 *
 * @param hydration   Hydration response.
 * @param environment Environment of the loaded SDK.
 */
export function featuresOf(
	hydration: Pick< Hydration, 'featureFlagValues' | 'isTestMerchant' >,
	environment: Environment
): Readonly< Features > {
	const flags = hydration.featureFlagValues ?? {};
	const analytics = token( flags[ FLAG.analyticsBackend ] );
	const ach = token( flags[ FLAG.achAuth ] );
	const testMerchant = hydration.isTestMerchant !== false;
	return Object.freeze( {
		testMerchant,
		walletEnvironment:
			environment === 'production' && ! testMerchant
				? 'production'
				: 'sandbox',
		analyticsBackend: ( ANALYTICS as readonly string[] ).includes(
			analytics
		)
			? ( analytics as AnalyticsBackend )
			: null,
		overrideStrings: flags[ FLAG.overrideStrings ] === true,
		interac: flags[ FLAG.interac ] === true,
		achAuth: ( ACH_MODES as readonly string[] ).includes( ach )
			? ( ach as AchAuthMode )
			: 'no-support',
		afterpay: flags[ FLAG.afterpay ] === true,
		recordErrorMetrics: flags[ FLAG.recordErrorMetrics ] === true,
	} );
}
