/**
 * Card nonces for wallet payments (A.8: Apple Pay and Google Pay are card payments, `cnon:`
 * tokens with card details): the same ledger entry a card nonce gets, plus the wallet, so
 * CreatePayment treats them like cards.
 */
import { id } from './shared.mjs';

/**
 * Mints a wallet card nonce.
 *
 * @param {Object} ledger          Ledger.
 * @param {Object} nonce           What the nonce stands for.
 * @param {string} nonce.wallet    'APPLE_PAY' | 'GOOGLE_PAY'.
 * @param {Object} nonce.card      {brand, last4, expMonth, expYear, cardType, prepaidType, bin?}.
 * @param {string} nonce.sessionId The SDK session it was made in.
 * @param {string} [nonce.decline] Decline code the card triggers at CreatePayment, if any.
 * @param {Object} [nonce.bound]   {amount, currency} the wallet authorised, if known.
 * @param {string} [nonce.sca]     Buyer verification the charge needs ('frictionless',
 *                                 'challenge'; test-cards.mjs), if any.
 * @return {string} The `cnon:` nonce.
 */
export function mintWalletNonce(
	ledger,
	{ wallet, card, sessionId, decline, bound, sca }
) {
	const nonce = id( 'cnon:', 18 );
	const { bin, ...summary } = card;
	ledger.nonces[ nonce ] = {
		method: 'CARD',
		wallet,
		created: Date.now(),
		used: false,
		sessionId: sessionId ?? null,
		decline,
		bin: bin ?? null,
		card: summary,
		bound: bound ?? null,
		...( sca ? { sca } : {} ),
	};
	return nonce;
}
