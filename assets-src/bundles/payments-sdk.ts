/**
 * The SDK bundle (square.js equivalent): installs `window.Square` unless one already exists.
 * The provider origin and versioned asset base come from this script's own URL.
 */
import { createSquare } from '../payments-sdk/host';
import { SDK_VERSION } from '../payments-sdk/protocol';

const script = document.currentScript as HTMLScriptElement | null;
const src = new URL( script?.src || window.location.href );
const w = window as unknown as { Square?: unknown };
if ( ! w.Square ) {
	w.Square = createSquare( window, {
		assetOrigin: src.origin,
		assetBase: `${ src.origin }/v1/${ SDK_VERSION }/`,
		environment:
			src.hostname === 'web.squarecdn.com' ? 'production' : 'sandbox',
	} );
}
