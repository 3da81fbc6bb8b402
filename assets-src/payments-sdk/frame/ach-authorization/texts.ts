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
			: 'on the agreed schedule';
		return `By selecting Authorize, you authorize ${ merchant } to debit ${ amount } from ${ account } ${ schedule }, starting ${ r.startDate }, until you revoke this authorization by contacting ${ merchant }.`;
	}
	return `By selecting Authorize, you authorize ${ merchant } to debit ${ amount } from ${ account } on or after ${ today }. You can revoke this authorization by contacting ${ merchant } before the transfer is made.`;
}
