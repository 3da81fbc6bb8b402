/**
 * The invisible main frame (spec §2, §7): INITIALIZE, REQUEST_HYDRATION against the provider's
 * /payments/hydrate, session updates, verifyBuyer against /v2/verify-buyer, and each wallet's
 * provider calls (frame/wallets/).
 */
import { MESSAGE } from '../protocol';
import {
	announceReady,
	connectToHost,
	providerTransport,
	providerRefusal,
} from './link';
import { registerAch } from './wallets/ach';
import { registerApplePay } from './wallets/apple-pay';
import { registerGooglePay } from './wallets/google-pay';
import { registerCashApp } from './wallets/cash-app';
import { registerAfterpay } from './wallets/afterpay';
import type { MainFrameState } from './wallets/types';

/**
 * Runs the main frame in this window.
 *
 * @param win Frame window.
 */
export function startMainFrame( win: Window ): void {
	const { channel, hostOrigin } = connectToHost( win );
	const provider = providerTransport( win );
	let init: Record< string, unknown > = {};
	let sessionId = '';
	channel.handle( MESSAGE.INITIALIZE, ( p ) => {
		init = { ...( p as Record< string, unknown > ) };
		return true;
	} );
	channel.handle( MESSAGE.REQUEST_HYDRATION, async ( p ) => {
		const q = p as Record< string, unknown >;
		const h = await provider.post< Record< string, unknown > >(
			'/payments/hydrate',
			{
				applicationId: q.applicationId,
				locationId: q.locationId,
				hostname: q.hostname,
				sourceUrl: init.sourceUrl,
				locale: init.locale,
				origin: hostOrigin,
			}
		);
		sessionId = String( h.sessionId ?? '' );
		return h;
	} );
	channel.handle( MESSAGE.SESSION_UPDATE, ( p ) => {
		init = { ...init, ...( p as Record< string, unknown > ) };
	} );
	channel.handle( MESSAGE.REQUEST_VERIFICATION, async ( p ) => {
		try {
			return await provider.post( '/v2/verify-buyer', {
				...( p as object ),
				sessionId,
			} );
		} catch ( error ) {
			throw providerRefusal( error );
		}
	} );
	const state: MainFrameState = {
		channel,
		provider,
		hostOrigin,
		sessionId: () => sessionId,
		init: () => init,
	};
	registerApplePay( state );
	registerGooglePay( state );
	registerCashApp( state );
	registerAch( state );
	registerAfterpay( state );
	announceReady( channel );
}
