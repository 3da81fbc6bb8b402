/**
 * Locations API (GetLocation, ListLocations): the sandbox merchant's locations, each with its
 * country and currency. CreatePayment refuses an amount in another currency than its location's.
 */
import { MERCHANT_ID, notFound } from './shared.mjs';

const CREATED = '2024-01-15T09:00:00Z';

const location = (
	id,
	name,
	country,
	currency,
	timezone,
	language,
	city
) => ( {
	id,
	name,
	business_name: 'Kestrel Sandbox',
	address: { locality: city, country },
	timezone,
	capabilities: [ 'CREDIT_CARD_PROCESSING', 'AUTOMATIC_TRANSFERS' ],
	status: 'ACTIVE',
	created_at: CREATED,
	merchant_id: MERCHANT_ID,
	country,
	language_code: language,
	currency,
	type: 'PHYSICAL',
	mcc: '7299',
} );

/** The sandbox merchant's locations (LSANDBOXMAIN is the default). */
export const LOCATIONS = Object.fromEntries(
	[
		location(
			'LSANDBOXMAIN',
			'Kestrel Sandbox (US)',
			'US',
			'USD',
			'America/Los_Angeles',
			'en-US',
			'San Francisco'
		),
		location(
			'LSANDBOXJP',
			'Kestrel Sandbox (Japan)',
			'JP',
			'JPY',
			'Asia/Tokyo',
			'ja-JP',
			'Tokyo'
		),
		location(
			'LSANDBOXEU',
			'Kestrel Sandbox (Ireland)',
			'IE',
			'EUR',
			'Europe/Dublin',
			'en-IE',
			'Dublin'
		),
		location(
			'LSANDBOXGB',
			'Kestrel Sandbox (UK)',
			'GB',
			'GBP',
			'Europe/London',
			'en-GB',
			'London'
		),
		location(
			'LSANDBOXCA',
			'Kestrel Sandbox (Canada)',
			'CA',
			'CAD',
			'America/Toronto',
			'en-CA',
			'Toronto'
		),
	].map( ( l ) => [ l.id, l ] )
);

/** The location CreatePayment uses when the body names none. */
export const DEFAULT_LOCATION = 'LSANDBOXMAIN';

/**
 * Location routes (/v2/locations…). The caller checked the bearer token.
 *
 * @return {(r: Object) => Object|undefined} Handler.
 */
export function locationRoutes() {
	return ( { method, parts } ) => {
		if ( parts[ 0 ] !== 'v2' || parts[ 1 ] !== 'locations' ) {
			return undefined;
		}
		if ( method === 'GET' && parts.length === 2 ) {
			return {
				status: 200,
				body: { locations: Object.values( LOCATIONS ) },
			};
		}
		if ( method === 'GET' && parts.length === 3 ) {
			const found = LOCATIONS[ parts[ 2 ] ];
			if ( ! found ) {
				return notFound( 'Location', parts[ 2 ] );
			}
			return { status: 200, body: { location: found } };
		}
		return undefined;
	};
}
