#!/usr/bin/env node
/**
 * Starts the provider sandbox and the example merchant on loopback.
 *
 *     node sandbox/start.mjs
 *
 * PAYMENTS_SANDBOX_PORT (default 8890) and PAYMENTS_MERCHANT_PORT (default 8891) pick the ports.
 * Stops on SIGINT / SIGTERM.
 */
import { createMerchant } from './merchant.mjs';
import { createProvider } from './provider.mjs';

const HOST = '127.0.0.1';
const providerPort = Number( process.env.PAYMENTS_SANDBOX_PORT || 8890 );
const merchantPort = Number( process.env.PAYMENTS_MERCHANT_PORT || 8891 );
const providerUrl = `http://${ HOST }:${ providerPort }`;

const { server: provider } = createProvider();
const merchant = createMerchant( providerUrl );
provider.listen( providerPort, HOST, () => {
	merchant.listen( merchantPort, HOST, () => {
		console.log( `Payments sandbox: ${ providerUrl }/v1/square.js` );
		console.log(
			`Example merchant: http://${ HOST }:${ merchantPort }/card.html and /gift-card.html`
		);
	} );
} );
const stop = () => {
	merchant.close();
	provider.close();
	provider.closeAllConnections?.();
	merchant.closeAllConnections?.();
	process.exit( 0 );
};
process.on( 'SIGINT', stop );
process.on( 'SIGTERM', stop );
