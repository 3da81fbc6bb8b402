/**
 * Test controls (ours, not the provider's): the ledger, token expiry, the challenge time-out and
 * the reset.
 */
import { resetLedger } from './state.mjs';

/**
 * Control routes (/__…).
 *
 * @param {{ledger: Object, onReset: (all: boolean) => void}} ctx Provider context.
 * @return {(r: Object) => Object|undefined} Handler.
 */
export function controlRoutes( { ledger, onReset } ) {
	return ( { method, path: p, body } ) => {
		if ( method === 'GET' && p === '/__ledger' ) {
			return { status: 200, body: ledger };
		}
		if ( method === 'POST' && p === '/__expire' ) {
			const n = ledger.nonces[ body.token ];
			if ( n ) {
				n.expired = true;
			}
			return { status: n ? 200 : 404, body: { ok: Boolean( n ) } };
		}
		// How long a buyer verification challenge lasts (default 5 minutes).
		if ( method === 'POST' && p === '/__challenges/mode' ) {
			const ms = body.timeout_ms;
			if ( ! Number.isInteger( ms ) || ms < 1 ) {
				return {
					status: 400,
					body: { error: 'timeout_ms must be a positive integer.' },
				};
			}
			ledger.challenge_mode = { timeout_ms: ms };
			return { status: 200, body: ledger.challenge_mode };
		}
		if ( method === 'POST' && p === '/__reset' ) {
			const all = body.all === true;
			resetLedger( ledger, all );
			onReset( all );
			return { status: 200, body: { ok: true, all } };
		}
		return undefined;
	};
}
