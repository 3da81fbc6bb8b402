/**
 * The registry form-view exposes as `window.kestrelForms.payments` (created in
 * entries/form-view.tsx). The payment field script loads after form-view and registers its
 * adapter; fields rendered before that wait for it.
 */
import type { PaymentAdapter, PaymentRegistry } from './types';

/**
 * A new, empty registry. The first adapter registered wins; a second registration (the field
 * script printed twice) is ignored.
 */
export function createPaymentRegistry(): PaymentRegistry {
	let adapter: PaymentAdapter | null = null;
	const waiting: Array< ( a: PaymentAdapter ) => void > = [];
	return {
		register( next ) {
			if ( adapter ) {
				return;
			}
			adapter = next;
			waiting.splice( 0 ).forEach( ( resolve ) => resolve( next ) );
		},
		current: () => adapter,
		ready: () =>
			adapter
				? Promise.resolve( adapter )
				: new Promise( ( resolve ) => waiting.push( resolve ) ),
	};
}
