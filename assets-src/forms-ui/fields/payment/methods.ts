/**
 * The payment methods a field renders; shared by form-view's shell and the field script.
 */
import type {
	FieldDefinition,
	PaymentMethod,
	WalletMethod,
} from '../../../shared';

/** The methods typed into the provider's inputs (card, gift card), as opposed to wallets. */
export type InputMethod = Exclude< PaymentMethod, WalletMethod >;

const isInputMethod = ( m: PaymentMethod ): m is InputMethod =>
	m === 'card' || m === 'giftCard';

const isWallet = ( m: PaymentMethod ): m is WalletMethod =>
	m === 'applePay' || m === 'googlePay';

/**
 * The input methods this version renders, in the field's order: card when the field lists no
 * method, none when it lists only wallets.
 *
 * @param field Payment field.
 */
export function methodsOf( field: FieldDefinition ): InputMethod[] {
	const listed = field.methods ?? [];
	const known = listed.filter(
		( m, i, all ): m is InputMethod =>
			isInputMethod( m ) && all.indexOf( m ) === i
	);
	if ( known.length ) {
		return known;
	}
	return listed.some( isWallet ) ? [] : [ 'card' ];
}

/**
 * The wallets the field offers, in its order (buttons above the inputs).
 *
 * @param field Payment field.
 */
export function walletsOf( field: FieldDefinition ): WalletMethod[] {
	return ( field.methods ?? [] ).filter(
		( m, i, all ): m is WalletMethod =>
			isWallet( m ) && all.indexOf( m ) === i
	);
}
