/**
 * The Payments API a merchant server calls (B.4): CreatePayment with idempotent replay,
 * GetPayment, CompletePayment and CancelPayment.
 */
import { createHash } from 'node:crypto';
import { DECLINE_DETAILS } from '../test-cards.mjs';
import { TOKEN_TTL_MS, apiError, canonicalJson, id } from './shared.mjs';

/**
 * Payments API routes (/v2/payments…).
 *
 * @param {{ledger: Object, sourceOf: (sourceId: string) => Object|undefined}} ctx Provider context.
 * @return {(r: Object) => Object|undefined} Handler.
 */
export function paymentsRoutes( { ledger, sourceOf } ) {
	function createPayment( body ) {
		const missing = [ 'source_id', 'idempotency_key' ].find(
			( k ) => typeof body[ k ] !== 'string' || body[ k ] === ''
		);
		if ( missing ) {
			return apiError(
				400,
				'INVALID_REQUEST_ERROR',
				body[ missing ] === ''
					? 'VALUE_EMPTY'
					: 'MISSING_REQUIRED_PARAMETER',
				`Field must be set: ${ missing }.`,
				missing
			);
		}
		if ( body.idempotency_key.length > 45 ) {
			return apiError(
				400,
				'INVALID_REQUEST_ERROR',
				'VALUE_TOO_LONG',
				'idempotency_key must be at most 45 characters.',
				'idempotency_key'
			);
		}
		const m = body.amount_money;
		if (
			! m ||
			! Number.isInteger( m.amount ) ||
			m.amount < 0 ||
			typeof m.currency !== 'string'
		) {
			return apiError(
				400,
				'INVALID_REQUEST_ERROR',
				'MISSING_REQUIRED_PARAMETER',
				'amount_money needs an integer amount and a currency.',
				'amount_money'
			);
		}
		const source = sourceOf( body.source_id );
		if ( ! source ) {
			return apiError(
				404,
				'INVALID_REQUEST_ERROR',
				'NOT_FOUND',
				'The card token is unknown.',
				'source_id'
			);
		}
		if ( source.used && ! source.reusable ) {
			return apiError(
				400,
				'INVALID_REQUEST_ERROR',
				'CARD_TOKEN_USED',
				'The card token was already used; tokenize the card again.',
				'source_id'
			);
		}
		if ( Date.now() - source.created > TOKEN_TTL_MS || source.expired ) {
			return apiError(
				400,
				'INVALID_REQUEST_ERROR',
				'CARD_TOKEN_EXPIRED',
				'The card token has expired; tokenize the card again.',
				'source_id'
			);
		}
		let decline = source.decline;
		if ( ! decline && source.sca ) {
			const v =
				body.verification_token &&
				ledger.verifications[ body.verification_token ];
			// The token must reference this source; amount and currency are not checked (compat §c).
			if ( ! v || v.source !== body.source_id ) {
				decline = 'CARD_DECLINED_VERIFICATION_REQUIRED';
			}
		}
		if (
			! decline &&
			source.method === 'GIFT_CARD' &&
			source.balance < m.amount
		) {
			decline = 'INSUFFICIENT_FUNDS';
		}
		source.used = true;
		const now = new Date().toISOString();
		const autocomplete = body.autocomplete !== false;
		let paymentStatus = autocomplete ? 'COMPLETED' : 'APPROVED';
		let cardStatus = autocomplete ? 'CAPTURED' : 'AUTHORIZED';
		if ( decline ) {
			paymentStatus = 'FAILED';
			cardStatus = 'FAILED';
		}
		const payment = {
			id: id( '', 18 ).replace( /[-_]/g, 'x' ),
			created_at: now,
			updated_at: now,
			amount_money: m,
			total_money: m,
			approved_money: decline ? { amount: 0, currency: m.currency } : m,
			status: paymentStatus,
			source_type: 'CARD',
			card_details: {
				status: cardStatus,
				card: {
					card_brand: source.card.brand,
					last_4: source.card.last4,
					exp_month: source.card.expMonth,
					exp_year: source.card.expYear,
					card_type: source.card.cardType,
					prepaid_type: source.card.prepaidType,
					bin: source.bin ?? '411111',
					fingerprint: `sq-1-${ createHash( 'sha256' )
						.update( source.card.last4 + source.card.brand )
						.digest( 'base64url' )
						.slice( 0, 20 ) }`,
				},
				entry_method: 'KEYED',
				cvv_status:
					decline === 'CVV_FAILURE' ? 'CVV_REJECTED' : 'CVV_ACCEPTED',
				avs_status:
					decline === 'ADDRESS_VERIFICATION_FAILURE'
						? 'AVS_REJECTED'
						: 'AVS_ACCEPTED',
				statement_description: 'SQ *KESTREL SANDBOX',
			},
			location_id: body.location_id ?? 'LSANDBOXMAIN',
			order_id: body.order_id ?? id( 'order-' ),
			customer_id: body.customer_id,
			reference_id: body.reference_id,
			note: body.note,
			receipt_number: id( '', 3 ).toUpperCase(),
			delay_action: autocomplete ? undefined : 'CANCEL',
			version_token: id( 'v' ),
			source_id: body.source_id,
			verification_token: body.verification_token,
		};
		payment.receipt_url = `https://sandbox.receipts.invalid/${ payment.id }`;
		ledger.payments[ payment.id ] = payment;
		if ( decline ) {
			return {
				status: 400,
				body: {
					errors: [
						{
							category: 'PAYMENT_METHOD_ERROR',
							code: decline,
							detail: DECLINE_DETAILS[ decline ],
						},
					],
					payment,
				},
			};
		}
		return { status: 200, body: { payment } };
	}

	function paymentsApi( method, parts, body, headers ) {
		if ( ! /^Bearer \S+/.test( headers.authorization ?? '' ) ) {
			return apiError(
				401,
				'AUTHENTICATION_ERROR',
				'UNAUTHORIZED',
				'This request could not be authorized: send Authorization: Bearer <token>.'
			);
		}
		if ( method === 'POST' && parts.length === 2 ) {
			const key = body.idempotency_key;
			// The same request whatever its key order: hash the canonical (key-sorted) JSON.
			const hash = createHash( 'sha256' )
				.update( canonicalJson( body ) )
				.digest( 'hex' );
			const seen = typeof key === 'string' && ledger.idempotency[ key ];
			if ( seen ) {
				if ( seen.hash !== hash ) {
					return apiError(
						400,
						'INVALID_REQUEST_ERROR',
						'IDEMPOTENCY_KEY_REUSED',
						'This idempotency key was already used with a different request.',
						'idempotency_key'
					);
				}
				return { ...seen.response, replay: true };
			}
			const response = createPayment( body );
			if (
				typeof key === 'string' &&
				key &&
				response.status !== 401 &&
				response.body.payment
			) {
				ledger.idempotency[ key ] = { hash, response };
			}
			return response;
		}
		const payment = ledger.payments[ parts[ 2 ] ];
		if ( ! payment ) {
			return apiError(
				404,
				'INVALID_REQUEST_ERROR',
				'NOT_FOUND',
				`Payment ${ parts[ 2 ] } was not found.`
			);
		}
		if ( method === 'GET' && parts.length === 3 ) {
			return { status: 200, body: { payment } };
		}
		if (
			method === 'POST' &&
			( parts[ 3 ] === 'complete' || parts[ 3 ] === 'cancel' )
		) {
			if ( payment.status !== 'APPROVED' ) {
				return apiError(
					400,
					'INVALID_REQUEST_ERROR',
					'BAD_REQUEST',
					`A payment with status ${ payment.status } cannot be ${ parts[ 3 ] === 'complete' ? 'completed' : 'canceled' }.`
				);
			}
			payment.status =
				parts[ 3 ] === 'complete' ? 'COMPLETED' : 'CANCELED';
			payment.card_details.status =
				parts[ 3 ] === 'complete' ? 'CAPTURED' : 'VOIDED';
			payment.updated_at = new Date().toISOString();
			return { status: 200, body: { payment } };
		}
		return apiError(
			404,
			'INVALID_REQUEST_ERROR',
			'NOT_FOUND',
			'Unknown endpoint.'
		);
	}

	return ( { method, parts, body, headers } ) => {
		if ( parts[ 0 ] !== 'v2' || parts[ 1 ] !== 'payments' ) {
			return undefined;
		}
		return paymentsApi( method, parts, body, headers );
	};
}
