/**
 * The sandbox's shared state: the ledger tests read (GET /__ledger). One object per provider;
 * a reset replaces its members, so areas always reach them through the ledger object.
 */

/**
 * How long a buyer has to answer a verification challenge (ours: the provider does not publish
 * it; EMV 3-D Secure lets a challenge last 5 minutes at least). `POST /__challenges/mode`.
 */
export const CHALLENGE_TIMEOUT_MS = 5 * 60 * 1000;

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
		// Package 1 (issue 13).
		refunds: {},
		refund_idempotency: {},
		webhook_subscriptions: {},
		subscription_idempotency: {},
		webhook_deliveries: [],
		webhook_mode: {},
		refund_mode: { status: 'COMPLETED' },
		faults: [],
		// Wave 2 wallets: hosts registered for Apple Pay (POST /v2/apple-pay/domains), merchant
		// sessions and wallet artefacts the stand-ins minted (each single use).
		apple_pay_domains: [],
		wallet_sessions: {},
		wallet_artefacts: {},
		// Issue 15: buyer verification challenges, customers and cards on file.
		challenges: {},
		challenge_mode: { timeout_ms: CHALLENGE_TIMEOUT_MS },
		customers: {},
		customer_idempotency: {},
		cards: {},
		card_idempotency: {},
	};
}

/**
 * What POST /__reset keeps unless {all:true}: tokens, sessions, telemetry, the request log (tests
 * index into it) and subscriptions.
 */
const KEPT_BY_RESET = [
	'requests',
	'sessions',
	'nonces',
	'verifications',
	'challenges',
	'customers',
	'cards',
	'metrics',
	'errorReports',
	'webhook_subscriptions',
	'subscription_idempotency',
	'apple_pay_domains',
];

/**
 * Empties the ledger in place.
 *
 * @param {Object}  ledger Ledger.
 * @param {boolean} all    Also tokens, sessions, telemetry and webhook subscriptions.
 */
export function resetLedger( ledger, all ) {
	const fresh = createLedger();
	for ( const key of Object.keys( fresh ) ) {
		if ( all || ! KEPT_BY_RESET.includes( key ) ) {
			ledger[ key ] = fresh[ key ];
		}
	}
}

/**
 * Whether the request carries a bearer token (the merchant API's only auth check here).
 *
 * @param {Object} headers Request headers.
 * @return {boolean} Whether it is authorized.
 */
export const authorized = ( headers ) =>
	/^Bearer \S+/.test( headers.authorization ?? '' );
