/**
 * Where the payment field script registers its SDK adapter (`window.kestrelForms.payments`,
 * created by the script itself, bundles/payment-field.ts); the field's elements wait for it.
 */
import type { PaymentAdapter, PaymentRegistry } from './types';

/**
 * A new, empty registry. The first adapter wins; a second (the script printed twice) is ignored.
 */
export function createPaymentRegistry(): PaymentRegistry {
	let value: PaymentAdapter | null = null;
	const waiting: Array< ( v: PaymentAdapter ) => void > = [];
	return {
		register( next ) {
			if ( ! value ) {
				value = next;
				waiting.splice( 0 ).forEach( ( resolve ) => resolve( next ) );
			}
		},
		current: () => value,
		ready: () =>
			value
				? Promise.resolve( value )
				: new Promise( ( resolve ) => waiting.push( resolve ) ),
	};
}
