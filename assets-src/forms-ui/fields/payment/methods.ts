/**
 * The payment methods a field renders; shared by form-view's shell and the field script.
 */
import type {
	FieldDefinition,
	PaymentMethod,
	WalletMethod,
} from '../../../shared';
import type {
	BankAndCashAppSettings,
	ButtonMethod,
	FieldMethod,
	PaymentConfig,
} from './types';

/** The methods typed into the provider's inputs (card, gift card), as opposed to buttons. */
export type InputMethod = Exclude< PaymentMethod, WalletMethod >;

const isInputMethod = ( m: FieldMethod ): m is InputMethod =>
	m === 'card' || m === 'giftCard';

const isWallet = ( m: FieldMethod ): m is WalletMethod =>
	m === 'applePay' || m === 'googlePay';

/**
 * Methods started by their own button (wallets, bank account, Cash App Pay, Afterpay/Clearpay).
 * @param m
 */
const isButtonMethod = ( m: FieldMethod ): m is ButtonMethod =>
	isWallet( m ) ||
	m === 'ach' ||
	m === 'cashAppPay' ||
	m === 'afterpayClearpay';

/**
 * The field's listed methods (issue 16's included).
 *
 * @param field Payment field.
 */
export const listedMethods = ( field: FieldDefinition ): FieldMethod[] =>
	( field as FieldDefinition & BankAndCashAppSettings ).methods ?? [];

/**
 * The input methods this version renders, in the field's order: card when the field lists no
 * method, none when it lists only button methods.
 *
 * @param field Payment field.
 */
export function methodsOf( field: FieldDefinition ): InputMethod[] {
	const listed = listedMethods( field );
	const known = listed.filter(
		( m, i, all ): m is InputMethod =>
			isInputMethod( m ) && all.indexOf( m ) === i
	);
	if ( known.length ) {
		return known;
	}
	return listed.some( isButtonMethod ) ? [] : [ 'card' ];
}

/**
 * The wallets the field offers, in its order (buttons above the inputs).
 *
 * @param field Payment field.
 */
export function walletsOf( field: FieldDefinition ): WalletMethod[] {
	return listedMethods( field ).filter(
		( m, i, all ): m is WalletMethod =>
			isWallet( m ) && all.indexOf( m ) === i
	);
}

/**
 * Whether the field offers a bank-account, Cash App Pay or Afterpay/Clearpay payment here: the
 * field lists it and the page's configuration offers it (the server leaves the first two out
 * unless the form is in USD on a US location, and Afterpay/Clearpay out unless it takes the
 * form's currency in the seller's country).
 *
 * @param field  Payment field.
 * @param config The page's payment configuration (null: not offered).
 * @param method 'ach', 'cashAppPay' or 'afterpayClearpay'.
 */
export function offers(
	field: FieldDefinition,
	config: PaymentConfig | null,
	method: 'ach' | 'cashAppPay' | 'afterpayClearpay'
): boolean {
	return (
		!! config &&
		listedMethods( field ).includes( method ) &&
		config.methods.includes( method )
	);
}

/** The countries whose sellers' buyers see Afterpay; Clearpay elsewhere (the UK, Europe). */
const AFTERPAY_COUNTRIES = [ 'US', 'CA', 'AU', 'NZ' ];

/**
 * The brand Afterpay/Clearpay shows under for the seller's country.
 *
 * @param country ISO 3166-1 alpha-2 code of the seller's country ('' when not known).
 */
export function afterpayBrand( country: string ): 'Afterpay' | 'Clearpay' {
	return ! country || AFTERPAY_COUNTRIES.includes( country.toUpperCase() )
		? 'Afterpay'
		: 'Clearpay';
}
