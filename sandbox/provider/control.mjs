/**
 * Test controls (ours, not the provider's): the ledger and token expiry.
 */

/**
 * Control routes (/__…).
 *
 * @param {{ledger: Object}} ctx Provider context.
 * @return {(r: Object) => Object|undefined} Handler.
 */
export function controlRoutes( { ledger } ) {
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
		return undefined;
	};
}
