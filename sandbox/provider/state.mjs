/**
 * The sandbox's shared state: the ledger tests read (GET /__ledger) and what the areas keep
 * next to it. One object per provider, mutated in place so references stay valid.
 */

/**
 * A fresh ledger.
 *
 * @return {Object} Ledger.
 */
export function createLedger() {
	return {
		sessions: [],
		nonces: {},
		verifications: {},
		payments: {},
		idempotency: {},
		metrics: [],
		errorReports: [],
		requests: [],
	};
}
