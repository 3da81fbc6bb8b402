/**
 * Afterpay/Clearpay rules (spec §5, §9; wave 2 A.6), pure functions: currencies, region
 * branding, the information modal's locale, the merchant's limits, the four instalments with
 * their rounding remainder, and the mapping between the payment request's shipping shapes and
 * the express checkout's.
 */
import type {
	AfterpayShippingOption,
	Contact,
	LineItem,
	PaymentRequestOptions,
} from '../../types';

/** Currencies Afterpay/Clearpay takes (spec §9). */
export const AFTERPAY_CURRENCIES = [
	'AUD',
	'GBP',
	'USD',
	'CAD',
	'EUR',
] as const;

/** Regions branded Afterpay; every other region is Clearpay (spec §9). */
export const AFTERPAY_REGIONS = [ 'US', 'CA', 'AU', 'NZ' ] as const;

/** Locales of the information modal (spec §9); anything else falls back to en_US. */
export const MODAL_LOCALES = [
	'en_US',
	'en_CA',
	'fr_CA',
	'en_AU',
	'en_NZ',
	'en_GB',
	'fr_FR',
	'es_ES',
	'it_IT',
] as const;
export type ModalLocale = ( typeof MODAL_LOCALES )[ number ];

export type Brand = 'Afterpay' | 'Clearpay';

/** Weeks after today of each instalment, and its share of the progress circle. */
export const INSTALMENT_SCHEDULE = [
	{ weeks: 0, progress: 25 },
	{ weeks: 2, progress: 50 },
	{ weeks: 4, progress: 75 },
	{ weeks: 6, progress: 100 },
] as const;

/**
 * The brand for a region (the payment request's country).
 *
 * @param countryCode ISO country.
 */
export function brandOf( countryCode: string ): Brand {
	return ( AFTERPAY_REGIONS as readonly string[] ).includes(
		String( countryCode ).toUpperCase()
	)
		? 'Afterpay'
		: 'Clearpay';
}

/**
 * The information modal's locale: the page language in the request's country, else the SDK
 * locale itself, else en_US.
 *
 * @param sdkLocale   The SDK's locale ("en-US", "fr-FR").
 * @param countryCode The payment request's country.
 */
export function modalLocaleOf(
	sdkLocale: string,
	countryCode: string
): ModalLocale {
	const [ language = 'en', region = '' ] =
		String( sdkLocale ).split( /[-_]/ );
	const known = ( l: string ): l is ModalLocale =>
		( MODAL_LOCALES as readonly string[] ).includes( l );
	for ( const candidate of [
		`${ language.toLowerCase() }_${ String( countryCode ).toUpperCase() }`,
		`${ language.toLowerCase() }_${ region.toUpperCase() }`,
	] ) {
		if ( known( candidate ) ) {
			return candidate;
		}
	}
	return 'en_US';
}

/** Decimal places of the supported currencies (all two; JPY is refused before). */
const DECIMALS = 2;

/**
 * A decimal amount string in minor units ("10.01" -> 1001).
 *
 * @param amount Decimal string (checked by the payment request).
 */
export function toMinor( amount: string ): number {
	const [ whole = '0', fraction = '' ] = String( amount ).split( '.' );
	return (
		Number( whole ) * 10 ** DECIMALS +
		Number( fraction.padEnd( DECIMALS, '0' ).slice( 0, DECIMALS ) || '0' )
	);
}

/**
 * Minor units as a decimal string (1001 -> "10.01").
 *
 * @param minor Minor units.
 */
export function fromMinor( minor: number ): string {
	return ( minor / 10 ** DECIMALS ).toFixed( DECIMALS );
}

/**
 * The four instalments of a total, in minor units. The rule (pinned; the spec says only that
 * the remainder is adjusted): every instalment is the total divided by four rounded down, and
 * the remainder (0 to 3 minor units) is added to the first, the one paid today, so the later
 * ones are equal and the four sum exactly to the total (10.01 -> 2.51, 2.50, 2.50, 2.50).
 *
 * @param totalMinor Total in minor units (non-negative integer).
 */
export function instalmentsOf(
	totalMinor: number
): [ number, number, number, number ] {
	const base = Math.floor( totalMinor / 4 );
	const remainder = totalMinor - base * 4;
	return [ base + remainder, base, base, base ];
}

/**
 * An amount in the page's locale ("2,51 €" in fr-FR).
 *
 * @param minor    Minor units.
 * @param currency Currency.
 * @param locale   BCP 47 locale.
 */
export function formatMoney(
	minor: number,
	currency: string,
	locale: string
): string {
	return new Intl.NumberFormat( locale, {
		style: 'currency',
		currency,
	} ).format( minor / 10 ** DECIMALS );
}

/** The merchant's limits from the hydration (afterpayConfiguration). */
export interface AfterpayLimits {
	minimumAmount: string;
	maximumAmount: string;
	currency: string;
}

/**
 * Why a request's total cannot be paid with Afterpay/Clearpay: 'currency' (not supported, or not
 * the merchant's), 'limits' (outside), else null.
 *
 * @param request The payment request.
 * @param limits  The merchant's limits.
 */
export function limitProblem(
	request: Pick< PaymentRequestOptions, 'currencyCode' | 'total' >,
	limits: AfterpayLimits
): 'currency' | 'limits' | null {
	const currency = String( request.currencyCode ).toUpperCase();
	if (
		! ( AFTERPAY_CURRENCIES as readonly string[] ).includes( currency ) ||
		currency !== limits.currency.toUpperCase()
	) {
		return 'currency';
	}
	const total = toMinor( request.total.amount );
	if (
		total < toMinor( limits.minimumAmount ) ||
		total > toMinor( limits.maximumAmount )
	) {
		return 'limits';
	}
	return null;
}

/** Fields a shipping contact must have for Afterpay/Clearpay (spec §5). */
export const SHIPPING_CONTACT_FIELDS = [
	'city',
	'countryCode',
	'addressLines',
	'postalCode',
	'state',
	'givenName',
	'familyName',
] as const;

/**
 * The fields a contact lacks.
 *
 * @param contact Contact.
 */
export function missingContactFields( contact: Contact ): string[] {
	return SHIPPING_CONTACT_FIELDS.filter( ( f ) => {
		const v = contact[ f ];
		return Array.isArray( v )
			? ! v.some( ( l ) => typeof l === 'string' && l.trim() )
			: typeof v !== 'string' || ! v.trim();
	} );
}

/** The address Afterpay's express checkout gives onShippingAddressChange. */
export interface AfterpayAddress {
	name?: string;
	address1?: string;
	address2?: string;
	area2?: string;
	suburb?: string;
	state?: string;
	postcode?: string;
	countryCode?: string;
	phoneNumber?: string;
}

/**
 * Afterpay's address as the SDK's contact (name split at its last space).
 *
 * @param a Afterpay's address.
 */
export function contactOfAddress( a: AfterpayAddress ): Contact {
	const name = String( a.name ?? '' ).trim();
	const cut = name.lastIndexOf( ' ' );
	const lines = [ a.address1, a.address2 ].filter( ( l ): l is string =>
		Boolean( l && String( l ).trim() )
	);
	let names: Contact = name ? { givenName: name } : {};
	if ( cut > 0 ) {
		names = {
			givenName: name.slice( 0, cut ),
			familyName: name.slice( cut + 1 ),
		};
	}
	return {
		...names,
		...( lines.length ? { addressLines: lines } : {} ),
		...( a.suburb ? { city: a.suburb } : {} ),
		...( a.state ? { state: a.state } : {} ),
		...( a.postcode ? { postalCode: a.postcode } : {} ),
		...( a.countryCode ? { countryCode: a.countryCode } : {} ),
		...( a.phoneNumber ? { phone: a.phoneNumber } : {} ),
	};
}

/** Money as Afterpay writes it. */
export interface AfterpayMoney {
	amount: string;
	currency: string;
}

/** A shipping option as the express checkout takes it. */
export interface AfterpayExpressOption {
	id: string;
	name: string;
	description?: string;
	shippingAmount: AfterpayMoney;
	taxAmount?: AfterpayMoney;
	orderAmount: AfterpayMoney;
}

/**
 * The payment request's Afterpay option as the express checkout's (tax = the sum of the tax
 * lines, order amount = the option's total).
 *
 * @param option   The listener's option.
 * @param currency Currency of the request.
 */
export function expressOptionOf(
	option: AfterpayShippingOption,
	currency: string
): AfterpayExpressOption {
	const money = ( minor: number ): AfterpayMoney => ( {
		amount: fromMinor( minor ),
		currency,
	} );
	const tax = ( option.taxLineItems ?? [] ).reduce(
		( sum: number, l: LineItem ) => sum + toMinor( l.amount ),
		0
	);
	return {
		id: option.id,
		name: option.label,
		shippingAmount: money( toMinor( option.amount ) ),
		...( option.taxLineItems ? { taxAmount: money( tax ) } : {} ),
		orderAmount: money( toMinor( option.total.amount ) ),
	};
}

/**
 * What an `afterpay_shippingaddresschanged` answer is missing: each option needs id, label,
 * amount and a total with an amount (strings).
 *
 * @param options The listener's options.
 */
export function optionProblems( options: unknown ): string[] {
	if ( ! Array.isArray( options ) || ! options.length ) {
		return [ 'shippingOptions must be a non-empty array' ];
	}
	const problems: string[] = [];
	options.forEach( ( o, i ) => {
		for ( const key of [ 'id', 'label', 'amount' ] ) {
			if ( typeof o?.[ key ] !== 'string' ) {
				problems.push(
					`shippingOptions[${ i }].${ key } must be a string`
				);
			}
		}
		if ( typeof o?.total?.amount !== 'string' ) {
			problems.push(
				`shippingOptions[${ i }].total.amount must be a string`
			);
		}
	} );
	return problems;
}
