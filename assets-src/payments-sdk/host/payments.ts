/**
 * `Square.payments(applicationId, locationId?)` (API §1–§2): checks, the session with the main
 * frame (INITIALIZE, REQUEST_HYDRATION), locale, card / gift card factories, verifyBuyer.
 */
import {
	CARD_FIELDS,
	GIFT_CARD_FIELDS,
	isReportable,
	DEFAULT_LOCALE,
	MESSAGE,
	SDK_VERSION,
	resolveLocale,
	type FetchLike,
	type Hydration,
	type Locale,
	type MessageType,
} from '../protocol';
import type { SdkContext } from './context';
import { createCard } from './methods/card';
import { createGiftCard } from './methods/gift-card';
import { createAch } from './methods/ach';
import { createApplePay } from './methods/apple-pay';
import { createGooglePay } from './methods/google-pay';
import { createCashAppPay } from './methods/cash-app-pay';
import { createCashApp } from './methods/cash-app';
import { createAfterpayClearpay } from './methods/afterpay';
import {
	FeatureDisabledError,
	InvalidConfigurationPropertyError,
	InvalidConfigurationValueError,
	UnexpectedError,
	PUBLIC_ERRORS,
} from './errors';
import { featuresOf, type Features } from './features';
import { createPaymentRequest } from './payment-request';
import { verifyBuyer } from './verify-buyer';
import { FrameLink } from './frame-link';
import { Telemetry } from './telemetry';
import type {
	Card,
	GiftCard,
	Payments,
	SetLocaleResult,
	Square,
} from './types';
import {
	CARD_OPTIONS,
	GIFT_CARD_OPTIONS,
	checkApplicationId,
	checkBrowser,
	checkOptions,
	checkSecurePage,
	type Environment,
} from './validate';

/** Where the SDK was loaded from. */
export interface SdkConfig {
	/** Provider origin. */
	assetOrigin: string;
	/** Versioned base ending in "/". */
	assetBase: string;
	environment: Environment;
}

/**
 * Builds the `Square` global object.
 *
 * @param win    Window.
 * @param config Where the SDK was loaded from.
 */
export function createSquare( win: Window, config: SdkConfig ): Square {
	return {
		errors: PUBLIC_ERRORS,
		payments( applicationId: string, locationId?: string ): Payments {
			checkBrowser( win );
			checkSecurePage( win.location );
			checkApplicationId( applicationId, config.environment );
			return createPayments( win, config, applicationId, locationId );
		},
	};
}

function createPayments(
	win: Window,
	config: SdkConfig,
	applicationId: string,
	locationId?: string
): Payments {
	let locale: Locale =
		resolveLocale( win.navigator?.language ?? DEFAULT_LOCALE ) ??
		DEFAULT_LOCALE;
	const localeListeners = new Set< ( l: Locale ) => void >();
	let overrides: Readonly< Record< string, string > > = {};
	let hydration: Hydration | null = null;
	let features: Readonly< Features > | null = null;
	const now = (): number =>
		typeof win.performance?.now === 'function'
			? win.performance.now()
			: Date.now();
	const createdAt = now();
	const fetchImpl: FetchLike = ( url, init ) =>
		win.fetch( url, init as RequestInit );
	const telemetry = new Telemetry(
		{ fetch: fetchImpl },
		config.assetOrigin,
		() => ( {
			session: hydration?.sessionId,
			avt: hydration?.avt,
			appLocation: win.location.origin,
			browserData: {
				innerHeight: win.innerHeight,
				innerWidth: win.innerWidth,
				language: win.navigator?.language,
			},
			jsFramework: 'none',
		} )
	);
	// Nothing leaves the page before the hydration says what may (spec §6 feature flags).
	telemetry.setPolicy( { metrics: null, errors: null } );
	win.addEventListener( 'pagehide', () => telemetry.flush() );

	let mainLink: FrameLink | null = null;
	let sessionPromise: Promise< Hydration > | null = null;
	const session = (): Promise< Hydration > => {
		sessionPromise ??= ( async () => {
			const doc = win.document;
			if ( ! doc.body ) {
				await new Promise( ( r ) =>
					doc.addEventListener( 'DOMContentLoaded', r, {
						once: true,
					} )
				);
			}
			const link = new FrameLink(
				win,
				config.assetOrigin,
				`${ config.assetBase }frames/main.html`,
				( p ) => telemetry.report( p )
			);
			link.iframe.style.display = 'none';
			link.iframe.setAttribute( 'aria-hidden', 'true' );
			link.iframe.title = 'Payments session';
			doc.body.appendChild( link.iframe );
			mainLink = link;
			// Like an element's frame (element.ts mount): 10 s to load, else the session fails.
			await link.readyWithin( 'The main frame' );
			const hostname = win.location.hostname;
			await link.channel.request( MESSAGE.INITIALIZE, {
				applicationId,
				hostname,
				locale,
				locationId,
				sourceUrl: win.location.href,
			} );
			hydration = await link.channel.request< Hydration >(
				MESSAGE.REQUEST_HYDRATION,
				{ applicationId, hostname, locationId }
			);
			features = featuresOf( hydration, config.environment );
			// Usage metrics need an analytics backend; error reports their own flag.
			telemetry.setPolicy( {
				metrics: features.analyticsBackend !== null,
				errors: features.recordErrorMetrics,
			} );
			telemetry.metric( 'hydrated', {
				eventSource: 'payments',
				duration: now() - createdAt,
			} );
			return hydration;
		} )().catch( ( error ) => {
			sessionPromise = null;
			// A frame that never loaded is not reused: the next session() starts afresh.
			if ( mainLink && ! hydration ) {
				mainLink.close();
				mainLink.iframe.remove();
				mainLink = null;
			}
			// Without a hydration no flag can be read: the failure itself is reported, unless
			// it is a network error (spec §8 "Transport": not reported to monitoring).
			telemetry.setPolicy( { errors: true } );
			if ( isReportable( error ) ) {
				telemetry.report( `session: ${ ( error as Error ).message }` );
			}
			throw new UnexpectedError( 'loading the payments session' );
		} );
		return sessionPromise;
	};
	// Start the session at once so card() is quick.
	session().catch( () => {} );

	const ctx: SdkContext = {
		win,
		environment: config.environment,
		assetOrigin: config.assetOrigin,
		assetBase: config.assetBase,
		applicationId,
		locationId,
		locale: () => locale,
		session,
		features: async () => {
			await session();
			return features!;
		},
		mainRequest: async < T >( type: MessageType, payload: unknown ) => {
			await session();
			return mainLink!.channel.request< T >( type, payload );
		},
		now,
		metric: ( e, d ) => telemetry.metric( e, d ),
		flushMetrics: () => telemetry.flush(),
		report: ( m ) => telemetry.report( m ),
		overrides: () => overrides,
		onLocaleChange: ( l ) => {
			localeListeners.add( l );
			return () => localeListeners.delete( l );
		},
	};

	const publicApi: Payments = {
		async card( options = {} ) {
			checkOptions( options, CARD_OPTIONS );
			return createCard( ctx, options ) as unknown as Card;
		},
		async giftCard( options = {} ) {
			checkOptions( options, GIFT_CARD_OPTIONS );
			return createGiftCard( ctx, options ) as unknown as GiftCard;
		},
		// ACH's achAuth mode (features().achAuth) shapes its tokenize parameters, not whether
		// ACH exists (methods/ach/options.ts).
		ach: ( options ) => createAch( ctx, options ),
		applePay: ( request ) => createApplePay( ctx, request ),
		googlePay: ( request ) => createGooglePay( ctx, request ),
		afterpayClearpay: ( request ) => createAfterpayClearpay( ctx, request ),
		cashAppPay: ( request, options ) =>
			createCashAppPay( ctx, request, options ),
		cashApp: ( options ) => createCashApp( ctx, options ),
		paymentRequest: ( options ) => createPaymentRequest( options, ctx ),
		verifyBuyer: ( source, details ) =>
			verifyBuyer(
				{ ...ctx, mainChannel: () => mainLink!.channel },
				source,
				details
			),
		async setLocale( requested: string ): Promise< SetLocaleResult > {
			const previousLocale = locale;
			const next = resolveLocale( requested );
			if ( ! next ) {
				return {
					previousLocale,
					newLocale: previousLocale,
					message: `The locale ${ requested } is not supported; ${ previousLocale } is kept.`,
				};
			}
			locale = next;
			if ( next !== previousLocale ) {
				localeListeners.forEach( ( l ) => l( next ) );
				mainLink?.channel.emit( MESSAGE.SESSION_UPDATE, {
					locale: next,
				} );
			}
			return {
				previousLocale,
				newLocale: next,
				...( next.toLowerCase() !== String( requested ).toLowerCase()
					? {
							message: `${ requested } is not supported; using ${ next }.`,
						}
					: {} ),
			};
		},
	};
	/**
	 * String overrides (spec §3 session translationOverrides), not part of the public types:
	 * only with the overrideStrings feature flag of the hydration, else FeatureDisabledError.
	 * Keys: "error.<field>" and "helper.<field>".
	 *
	 * @param strings Texts by key.
	 */
	const setStringOverrides = async (
		strings: Record< string, string >
	): Promise< void > => {
		if ( ! ( await ctx.features() ).overrideStrings ) {
			throw new FeatureDisabledError( 'overrideStrings' );
		}
		for ( const [ key, value ] of Object.entries( strings ?? {} ) ) {
			const [ kind, field ] = key.split( '.' );
			if (
				! [ 'error', 'helper' ].includes( kind ) ||
				! ( ALL_FIELDS as readonly string[] ).includes( field )
			) {
				throw new InvalidConfigurationPropertyError( key );
			}
			if ( typeof value !== 'string' ) {
				throw new InvalidConfigurationValueError( key, value );
			}
		}
		overrides = Object.freeze( { ...overrides, ...strings } );
		localeListeners.forEach( ( l ) => l( locale ) );
	};
	Object.defineProperty( publicApi, '_setStringOverrides', {
		value: setStringOverrides,
	} );
	// Not in the public types: what the hydration allows, for tests and diagnostics.
	Object.defineProperty( publicApi, '_features', {
		value: () => ctx.features(),
	} );
	return publicApi;
}

const ALL_FIELDS = [ ...CARD_FIELDS, ...GIFT_CARD_FIELDS ];

export { checkVerifyBuyer } from './verify-buyer';
export { SDK_VERSION };
