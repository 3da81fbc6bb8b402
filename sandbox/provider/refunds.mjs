/**
 * Refunds API (RefundPayment, GetPaymentRefund, ListPaymentRefunds) with the provider's rules:
 * only COMPLETED payments, never more than collected minus refunded, a FAILED refund blocks
 * further refunds, at most 20 refunds per payment, idempotent by key. Refunds are created PENDING
 * and completed at once (refund.created with PENDING, then refund.updated with COMPLETED);
 * POST /__refunds/mode {status:'PENDING'} keeps them PENDING until POST /__settle.
 */
import {
	apiError,
	id,
	idempotencyOf,
	notFound,
	refuseMissing,
	refuseMoney,
} from './shared.mjs';

/** Refund destination types the provider publishes that a payment's source type maps to. */
const REFUND_DESTINATIONS = [
	'CARD',
	'BANK_ACCOUNT',
	'WALLET',
	'BUY_NOW_PAY_LATER',
	'CASH',
	'EXTERNAL',
];

/**
 * A refund id of Square's published shape and length: the payment id, `_`, random letters and
 * digits, 73 characters in all (at least 43 random ones).
 *
 * @param {string} paymentId The refunded payment's id.
 * @return {string} Refund id.
 */
const refundId = ( paymentId ) => {
	const size = Math.max( 43, 72 - paymentId.length );
	const random = id( '', Math.ceil( ( size * 3 ) / 4 ) + 1 )
		.replace( /[-_]/g, 'x' )
		.slice( 0, size );
	return `${ paymentId }_${ random }`;
};

const REFUND_STATUSES = [ 'PENDING', 'COMPLETED', 'REJECTED', 'FAILED' ];
const MAX_REFUNDS_PER_PAYMENT = 20;

/**
 * Refund area.
 *
 * @param {{ledger: Object, emit: Function}} ctx Provider context.
 * @return {{api: Function, control: Function, refund: Function}} Routes and the refund operation.
 */
export function refundArea( { ledger, emit } ) {
	const refundError = ( code, detail, field ) =>
		apiError( 400, 'REFUND_ERROR', code, detail, field );

	/**
	 * Recomputes the payment's refunded_money and announces the change.
	 *
	 * @param {Object} payment Payment.
	 */
	function touchPayment( payment ) {
		const counted = payment.refund_ids
			.map( ( rid ) => ledger.refunds[ rid ] )
			.filter(
				( r ) =>
					r && ( r.status === 'PENDING' || r.status === 'COMPLETED' )
			)
			.reduce( ( sum, r ) => sum + r.amount_money.amount, 0 );
		payment.refunded_money = {
			amount: counted,
			currency: payment.amount_money.currency,
		};
		payment.updated_at = new Date().toISOString();
		payment.version_token = id( 'v' );
		emit( 'payment.updated', 'payment', payment );
	}

	function setStatus( target, status ) {
		target.status = status;
		target.updated_at = new Date().toISOString();
		emit( 'refund.updated', 'refund', target );
		touchPayment( ledger.payments[ target.payment_id ] );
	}

	/**
	 * Refunds a payment (RefundPayment's rules).
	 *
	 * @param {Object} body   {idempotency_key, amount_money, payment_id, reason?}.
	 * @param {string} origin `api` or `dashboard`.
	 * @return {{status: number, body: Object}} Answer.
	 */
	function refund( body, origin = 'api' ) {
		const { key, hash, seen, refused } = idempotencyOf(
			ledger.refund_idempotency,
			body
		);
		if ( refused ) {
			return refused;
		}
		if ( seen ) {
			return {
				status: 200,
				body: { refund: ledger.refunds[ seen.id ] },
			};
		}
		const m = body.amount_money;
		const invalidRequest =
			refuseMissing( body, 'payment_id' ) ?? refuseMoney( m );
		if ( invalidRequest ) {
			return invalidRequest;
		}
		if ( m.amount < 1 ) {
			return apiError(
				400,
				'INVALID_REQUEST_ERROR',
				'VALUE_TOO_LOW',
				'amount_money.amount must be at least 1.',
				'amount_money.amount'
			);
		}
		if ( typeof body.reason === 'string' && body.reason.length > 192 ) {
			return apiError(
				400,
				'INVALID_REQUEST_ERROR',
				'VALUE_TOO_LONG',
				'reason must be at most 192 characters.',
				'reason'
			);
		}
		const payment = ledger.payments[ body.payment_id ];
		if ( ! payment ) {
			return notFound( 'Payment', body.payment_id, 'payment_id' );
		}
		if ( m.currency !== payment.amount_money.currency ) {
			return apiError(
				400,
				'INVALID_REQUEST_ERROR',
				'INVALID_VALUE',
				`The refund currency ${ m.currency } does not match the payment currency ${ payment.amount_money.currency }.`,
				'amount_money.currency'
			);
		}
		if ( payment.status === 'APPROVED' ) {
			return refundError(
				'REFUND_ERROR_PAYMENT_NEEDS_COMPLETION',
				'The payment is not refundable because the payment is approved and needs to be completed first before the refund is issued.',
				'payment_id'
			);
		}
		payment.refund_ids ??= [];
		const refunds = payment.refund_ids.map(
			( rid ) => ledger.refunds[ rid ]
		);
		if (
			payment.status !== 'COMPLETED' ||
			refunds.some( ( r ) => r.status === 'FAILED' ) ||
			refunds.length >= MAX_REFUNDS_PER_PAYMENT
		) {
			return refundError(
				'PAYMENT_NOT_REFUNDABLE',
				payment.status !== 'COMPLETED'
					? `A payment with status ${ payment.status } cannot be refunded.`
					: 'The payment is not refundable.',
				'payment_id'
			);
		}
		const refunded = refunds
			.filter(
				( r ) => r.status === 'PENDING' || r.status === 'COMPLETED'
			)
			.reduce( ( sum, r ) => sum + r.amount_money.amount, 0 );
		if ( m.amount > payment.amount_money.amount - refunded ) {
			return refundError(
				'REFUND_AMOUNT_INVALID',
				'The requested refund amount exceeds the amount available to refund.',
				'amount_money.amount'
			);
		}
		const now = new Date().toISOString();
		const created = {
			// Square's published shape: `{payment id}_{random}`, 73 characters in all (the
			// random part is 43 after a 29-character payment id; padded to 73 here).
			id: refundId( payment.id ),
			status: 'PENDING',
			amount_money: { amount: m.amount, currency: m.currency },
			payment_id: payment.id,
			order_id: payment.order_id,
			location_id: payment.location_id,
			reason: typeof body.reason === 'string' ? body.reason : undefined,
			// Back where the payment came from (the published values: CARD, BANK_ACCOUNT,
			// WALLET, BUY_NOW_PAY_LATER, CASH, EXTERNAL, SQUARE_ACCOUNT).
			destination_type: REFUND_DESTINATIONS.includes(
				payment.source_type
			)
				? payment.source_type
				: 'CARD',
			unlinked: false,
			created_at: now,
			updated_at: now,
			// Ours: how the refund was made (api or dashboard).
			origin,
		};
		ledger.refunds[ created.id ] = created;
		ledger.refund_idempotency[ key ] = { hash, id: created.id };
		payment.refund_ids.push( created.id );
		emit( 'refund.created', 'refund', created );
		if ( ledger.refund_mode.status === 'PENDING' ) {
			touchPayment( payment );
		} else {
			setStatus( created, 'COMPLETED' );
		}
		return { status: 200, body: { refund: created } };
	}

	/**
	 * Refunds API routes (/v2/refunds…). The caller checked the bearer token.
	 *
	 * @param {Object} r Request.
	 * @return {Object|undefined} Answer.
	 */
	function api( r ) {
		const { method, parts, body } = r;
		if ( parts[ 0 ] !== 'v2' || parts[ 1 ] !== 'refunds' ) {
			return undefined;
		}
		if ( method === 'POST' && parts.length === 2 ) {
			return refund( body );
		}
		if ( method === 'GET' && parts.length === 2 ) {
			return {
				status: 200,
				body: { refunds: Object.values( ledger.refunds ) },
			};
		}
		if ( method === 'GET' && parts.length === 3 ) {
			const found = ledger.refunds[ parts[ 2 ] ];
			if ( ! found ) {
				return notFound( 'Refund', parts[ 2 ] );
			}
			return { status: 200, body: { refund: found } };
		}
		return undefined;
	}

	/**
	 * Controls: POST /__dashboard/refund {payment_id, amount?, reason?} (a refund made in the
	 * merchant's dashboard; default: what is left), POST /__refunds/mode {status}, POST /__settle
	 * {refund_id, status}.
	 *
	 * @param {Object} r Request.
	 * @return {Object|undefined} Answer.
	 */
	function control( r ) {
		const { method, path: p, body } = r;
		if ( method !== 'POST' ) {
			return undefined;
		}
		if ( p === '/__dashboard/refund' ) {
			const payment = ledger.payments[ body.payment_id ];
			const left = payment
				? payment.amount_money.amount -
					( payment.refunded_money?.amount ?? 0 )
				: 0;
			return refund(
				{
					idempotency_key: `dashboard-${ id( '', 12 ) }`,
					payment_id: body.payment_id,
					amount_money: {
						amount: body.amount ?? left,
						currency: payment?.amount_money.currency ?? 'USD',
					},
					reason: body.reason ?? 'Refunded from the dashboard',
				},
				'dashboard'
			);
		}
		if ( p === '/__refunds/mode' ) {
			const status = body.status ?? 'COMPLETED';
			if ( status !== 'PENDING' && status !== 'COMPLETED' ) {
				return apiError(
					400,
					'INVALID_REQUEST_ERROR',
					'INVALID_VALUE',
					'status must be PENDING or COMPLETED.',
					'status'
				);
			}
			ledger.refund_mode = { status };
			return { status: 200, body: { mode: ledger.refund_mode } };
		}
		if ( p === '/__settle' && body.refund_id !== undefined ) {
			const found = ledger.refunds[ body.refund_id ];
			if ( ! found ) {
				return notFound( 'Refund', body.refund_id, 'refund_id' );
			}
			const status = body.status ?? 'COMPLETED';
			if (
				! REFUND_STATUSES.includes( status ) ||
				status === 'PENDING'
			) {
				return apiError(
					400,
					'INVALID_REQUEST_ERROR',
					'INVALID_VALUE',
					'status must be COMPLETED, REJECTED or FAILED.',
					'status'
				);
			}
			if ( found.status !== 'PENDING' ) {
				return apiError(
					400,
					'INVALID_REQUEST_ERROR',
					'BAD_REQUEST',
					`A refund with status ${ found.status } cannot be settled.`
				);
			}
			setStatus( found, status );
			return { status: 200, body: { refund: found } };
		}
		return undefined;
	}

	return { api, control, refund };
}
