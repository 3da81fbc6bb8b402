/**
 * A payment in words: status names and tones, method names, the card, amounts in their currency.
 * The same names as the server's (plugin/src/Entries/PaymentText.php), used by the entry screen's
 * payment panel and the list's payment column and filter.
 */
import { __ } from '@wordpress/i18n';
import { currency, formatMoney, fromMinorUnits } from '../../../shared';
import type { PaymentFilter, PaymentStatus } from '../../store/entries';

/**
 * @param status A payment status.
 * @return Its readable name ("partially_refunded" → "Partially refunded").
 */
export function paymentStatusLabel( status: string ): string {
	const labels: Record< PaymentStatus, string > = {
		processing: __( 'Processing', 'kestrel-forms' ),
		authorized: __( 'Authorized', 'kestrel-forms' ),
		pending: __( 'Pending', 'kestrel-forms' ),
		paid: __( 'Paid', 'kestrel-forms' ),
		partially_refunded: __( 'Partially refunded', 'kestrel-forms' ),
		refunded: __( 'Refunded', 'kestrel-forms' ),
		voided: __( 'Voided', 'kestrel-forms' ),
		failed: __( 'Failed', 'kestrel-forms' ),
		active: __( 'Active', 'kestrel-forms' ),
		cancelled: __( 'Cancelled', 'kestrel-forms' ),
	};
	return labels[ status as PaymentStatus ] ?? status;
}

/** How a status badge looks; the label always says the status too (colour is never the only cue). */
export type PaymentTone = 'success' | 'warning' | 'error' | 'neutral';

/**
 * @param status A payment status.
 * @return The badge tone.
 */
export function paymentStatusTone( status: string ): PaymentTone {
	switch ( status ) {
		case 'paid':
			return 'success';
		case 'authorized':
		case 'pending':
		case 'processing':
		case 'partially_refunded':
			return 'warning';
		case 'failed':
			return 'error';
		default:
			return 'neutral';
	}
}

/**
 * @return The list's payment filter values with their names ("all" first).
 */
export function paymentFilterElements(): Array< {
	value: PaymentFilter;
	label: string;
} > {
	return [
		{ value: 'all', label: __( 'All', 'kestrel-forms' ) },
		{ value: 'paid', label: paymentStatusLabel( 'paid' ) },
		{ value: 'authorized', label: paymentStatusLabel( 'authorized' ) },
		{ value: 'pending', label: paymentStatusLabel( 'pending' ) },
		{
			value: 'partially_refunded',
			label: paymentStatusLabel( 'partially_refunded' ),
		},
		{ value: 'refunded', label: paymentStatusLabel( 'refunded' ) },
		{ value: 'voided', label: paymentStatusLabel( 'voided' ) },
		{ value: 'failed', label: paymentStatusLabel( 'failed' ) },
		{ value: 'none', label: __( 'No payment', 'kestrel-forms' ) },
	];
}

/**
 * @param method A payment method ("card", "giftCard", "applePay", "googlePay").
 * @return Its readable name.
 */
export function paymentMethodLabel( method: string ): string {
	const labels: Record< string, string > = {
		card: __( 'Card', 'kestrel-forms' ),
		giftCard: __( 'Gift card', 'kestrel-forms' ),
		applePay: __( 'Apple Pay', 'kestrel-forms' ),
		googlePay: __( 'Google Pay', 'kestrel-forms' ),
		ach: __( 'ACH', 'kestrel-forms' ),
		cashAppPay: __( 'Cash App Pay', 'kestrel-forms' ),
		afterpayClearpay: __( 'Afterpay/Clearpay', 'kestrel-forms' ),
	};
	return labels[ method ] ?? method;
}

const BRANDS: Record< string, string > = {
	VISA: 'Visa',
	MASTERCARD: 'Mastercard',
	AMERICAN_EXPRESS: 'American Express',
	DISCOVER: 'Discover',
	DISCOVER_DINERS: 'Diners Club',
	JCB: 'JCB',
	CHINA_UNIONPAY: 'UnionPay',
	INTERAC: 'Interac',
	EFTPOS: 'eftpos',
	FELICA: 'FeliCa',
	EBT: 'EBT',
};

/**
 * @param brand  The provider's card brand ("VISA", "AMERICAN_EXPRESS"); for ACH the bank's name,
 *               for Cash App Pay the buyer's cashtag, for Afterpay/Clearpay AFTERPAY or CLEARPAY.
 * @param last4  The card number's last four digits (ACH: the account number's suffix; '' when unknown).
 * @param method The payment method (as the server's PaymentText::card()).
 * @return "Visa •••• 1111", "First Platypus Bank ••• 000", "$cashtag", "Afterpay", or '' without last four digits.
 */
export function cardText( brand: string, last4: string, method = '' ): string {
	if ( method === 'cashAppPay' ) {
		return brand;
	}
	if ( method === 'afterpayClearpay' ) {
		// The brand the provider charged under (AFTERPAY or CLEARPAY).
		const names: Record< string, string > = {
			AFTERPAY: __( 'Afterpay', 'kestrel-forms' ),
			CLEARPAY: __( 'Clearpay', 'kestrel-forms' ),
		};
		return names[ brand.toUpperCase() ] ?? '';
	}
	if ( method === 'ach' ) {
		return last4 ? `${ brand } ••• ${ last4 }`.trim() : brand;
	}
	if ( ! last4 ) {
		return '';
	}
	const upper = brand.toUpperCase();
	const name =
		upper === 'SQUARE_GIFT_CARD'
			? __( 'Gift card', 'kestrel-forms' )
			: ( BRANDS[ upper ] ??
				brand
					.toLowerCase()
					.replace( /_/g, ' ' )
					.replace( /\b\w/g, ( c ) => c.toUpperCase() ) );
	return `${ name } •••• ${ last4 }`.trim();
}

/**
 * @param minor        Amount in integer minor units (cents; yen).
 * @param currencyCode ISO code.
 * @return Money text with the currency's decimals and symbol ("$30.00", "¥3,000").
 */
export function formatMinor( minor: number, currencyCode: string ): string {
	return formatMoney(
		fromMinorUnits( minor, currency( currencyCode ).decimals ),
		currencyCode
	);
}

/**
 * @param minor        Amount in integer minor units.
 * @param currencyCode ISO code.
 * @return The amount as a plain decimal for an input ("30.00", JPY "3000").
 */
export function minorToInput( minor: number, currencyCode: string ): string {
	const decimals = currency( currencyCode ).decimals;
	const [ whole, fraction = '' ] = fromMinorUnits( minor, decimals ).split(
		'.'
	);
	return decimals > 0
		? `${ whole }.${ fraction.padEnd( decimals, '0' ) }`
		: whole;
}

/**
 * An amount typed by the admin, in minor units of the currency.
 *
 * @param text         What was typed ("10", "10.5", "10,50").
 * @param currencyCode ISO code.
 * @return Minor units, or null when it is not an amount with at most the currency's decimals.
 */
export function inputToMinor(
	text: string,
	currencyCode: string
): number | null {
	const decimals = currency( currencyCode ).decimals;
	const match = /^(\d+)(?:[.,](\d*))?$/.exec( text.trim() );
	if ( ! match || ( match[ 2 ] ?? '' ).length > decimals ) {
		return null;
	}
	const minor = Number(
		match[ 1 ] + ( match[ 2 ] ?? '' ).padEnd( decimals, '0' )
	);
	return Number.isSafeInteger( minor ) ? minor : null;
}
