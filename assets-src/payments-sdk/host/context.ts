/**
 * What a payments instance shares with its method objects.
 */
import type { Hydration, Locale, MessageType } from '../protocol';
import type { Features } from './features';
import type { MetricData } from './telemetry';
import type { Environment } from './validate';

export interface SdkContext {
	win: Window;
	/** Provider origin ("http://127.0.0.1:8890"). */
	assetOrigin: string;
	/** Versioned asset base ("http://127.0.0.1:8890/v1/1.51.4/"). */
	assetBase: string;
	/** Environment of the loaded SDK (from its own URL): picks third-party scripts. */
	environment: Environment;
	applicationId: string;
	locationId?: string;
	locale: () => Locale;
	/** Hydration of the session (rejects when the main frame fails). */
	session: () => Promise< Hydration >;
	/**
	 * What the hydration allows (feature flags, test merchant, wallet environment); wallet and
	 * bank methods read it here.
	 */
	features: () => Promise< Readonly< Features > >;
	/**
	 * A request to the hidden main frame (provider origin), after the session: wallet merchant
	 * validation, wallet card nonces and other calls that carry the provider's credentials.
	 */
	mainRequest: < T >( type: MessageType, payload: unknown ) => Promise< T >;
	/** Clock for metric durations, in ms. */
	now: () => number;
	/** Usage metric (never card data: only the MetricData keys are sent). */
	metric: ( event: string, data: MetricData ) => void;
	/** Flush metrics now (nonce success, destroy). */
	flushMetrics: () => void;
	/** Error report. */
	report: ( message: string ) => void;
	/** String overrides ("error.cardNumber", "helper.cvv"), behind the overrideStrings flag. */
	overrides?: () => Readonly< Record< string, string > >;
	/** Locale listeners (also told when overrides change). */
	onLocaleChange: ( listener: ( locale: Locale ) => void ) => () => void;
	/** Test hooks: channel timers. */
	timers?: {
		setTimer: ( fn: () => void, ms: number ) => unknown;
		clearTimer: ( h: unknown ) => void;
	};
}
