/**
 * The registry form-view exposes as `window.kestrelForms.payments` (created in
 * entries/form-view.tsx). The payment field script loads after form-view and registers its
 * adapter and its UI module; fields rendered before that wait for them.
 */
import type { PaymentAdapter, PaymentRegistry, PaymentUi } from './types';

/**
 * One value set once, and the promises waiting for it. The first value wins; a second (the
 * field script printed twice) is ignored.
 */
function once< T >() {
	let value: T | null = null;
	const waiting: Array< ( v: T ) => void > = [];
	return {
		set( next: T ) {
			if ( value ) {
				return;
			}
			value = next;
			waiting.splice( 0 ).forEach( ( resolve ) => resolve( next ) );
		},
		get: () => value,
		ready: () =>
			value
				? Promise.resolve( value )
				: new Promise< T >( ( resolve ) => waiting.push( resolve ) ),
	};
}

/**
 * A new, empty registry.
 */
export function createPaymentRegistry(): PaymentRegistry {
	const adapter = once< PaymentAdapter >();
	const ui = once< PaymentUi >();
	return {
		register: adapter.set,
		current: adapter.get,
		ready: adapter.ready,
		provide: ui.set,
		ui: ui.get,
		uiReady: ui.ready,
	};
}
