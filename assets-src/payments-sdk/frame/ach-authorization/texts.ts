/**
 * The words of the ACH authorisation frame (ours: the spec names the frame, not its text).
 * The buyer authorises the merchant to debit the account, once (CHARGE) or on a schedule
 * (RECURRING_CHARGE), as Nacha's rules for web debits ask: amount, account, date, and how to
 * revoke.
 */
import type { AchAuthorizationRequest } from '../../protocol';

export const AUTHORIZATION_TITLE = 'Bank authorization';

const ACCOUNT_TYPES: Record< string, string > = {
	CHECKING: 'checking',
	SAVINGS: 'savings',
};

/**
 * An amount in minor units as the buyer reads it.
 *
 * @param total              Amount and currency.
 * @param total.amount       Minor units.
 * @param total.currencyCode ISO 4217 code.
 * @param locale             Page locale.
 */
export function formatMinor(
	total: { amount: number; currencyCode: string },
	locale: string
): string {
	const digits = total.currencyCode === 'JPY' ? 0 : 2;
	try {
		return new Intl.NumberFormat( locale, {
			style: 'currency',
			currency: total.currencyCode,
		} ).format( total.amount / 10 ** digits );
	} catch {
		return `${ ( total.amount / 10 ** digits ).toFixed( digits ) } ${
			total.currencyCode
		}`;
	}
}

const UNITS: Record< string, [ string, string ] > = {
	daily: [ 'daily', 'days' ],
	weekly: [ 'weekly', 'weeks' ],
	monthly: [ 'monthly', 'months' ],
	yearly: [ 'yearly', 'years' ],
};

const capitalised = ( w: string ) => w.charAt( 0 ) + w.slice( 1 ).toLowerCase();

/**
 * A RECURRING_CHARGE's `frequency` object as the buyer reads it ("every 2 months on days 1
 * and 15"), or null when it is not one the text can name.
 *
 * @param frequency The merchant's frequency.
 */
export function frequencyText( frequency: unknown ): string | null {
	if ( ! frequency || typeof frequency !== 'object' ) {
		return null;
	}
	const [ unit ] = Object.keys( frequency );
	const words = UNITS[ unit ?? '' ];
	if ( ! words ) {
		return null;
	}
	const rule = ( frequency as Record< string, unknown > )[ unit! ] as {
		occurrence?: unknown;
		months?: unknown;
		days?: { daysOfMonth?: unknown; daysOfWeek?: unknown };
	} | null;
	const n = Number( rule?.occurrence ?? 1 );
	const parts = [
		Number.isInteger( n ) && n > 1
			? `every ${ n } ${ words[ 1 ] }`
			: words[ 0 ],
	];
	const list = ( v: unknown, map: ( x: unknown ) => string ) =>
		Array.isArray( v ) && v.length ? v.map( map ).join( ', ' ) : null;
	const months = list( rule?.months, ( m ) => capitalised( String( m ) ) );
	if ( months ) {
		parts.push( `in ${ months }` );
	}
	const dom = list( rule?.days?.daysOfMonth, String );
	if ( dom ) {
		parts.push( `on day ${ dom } of the month` );
	}
	const dow = list( rule?.days?.daysOfWeek, ( d ) =>
		capitalised( String( d ) )
	);
	if ( dow ) {
		parts.push( `on ${ dow }` );
	}
	return parts.join( ' ' );
}

/**
 * The authorisation's text.
 *
 * @param r     What to authorise.
 * @param today Today's date (YYYY-MM-DD).
 */
export function authorizationText(
	r: AchAuthorizationRequest,
	today: string
): string {
	const merchant = r.merchantName || 'the merchant';
	const amount = formatMinor( r.total, r.locale );
	const d = r.accountDetails;
	const account = d
		? `your ${ d.bankName } ${
				ACCOUNT_TYPES[ d.accountType ] ?? 'bank'
			} account ending in ${ d.accountNumberSuffix }`
		: 'your bank account on file';
	if ( r.intent === 'RECURRING_CHARGE' ) {
		const schedule = r.cadence
			? r.cadence.toLowerCase()
			: ( frequencyText( r.frequency ) ?? 'on the agreed schedule' );
		return `By selecting Authorize, you authorize ${ merchant } to debit ${ amount } from ${ account } ${ schedule }, starting ${ r.startDate }, until you revoke this authorization by contacting ${ merchant }.`;
	}
	return `By selecting Authorize, you authorize ${ merchant } to debit ${ amount } from ${ account } on or after ${ today }. You can revoke this authorization by contacting ${ merchant } before the transfer is made.`;
}
