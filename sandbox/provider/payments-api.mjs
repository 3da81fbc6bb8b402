/**
 * The Payments API a merchant server calls (B.4): CreatePayment with idempotent replay (and the
 * location's currency, reference, note, buyer and delay fields), GetPayment, CompletePayment
 * (optional version_token), CancelPayment and CancelPaymentByIdempotencyKey. Every change
 * announces payment.created / payment.updated to the webhook subscriptions.
 */
import { createHash } from 'node:crypto';
import { DECLINE_DETAILS } from '../test-cards.mjs';
import { DEFAULT_LOCATION, LOCATIONS } from './locations.mjs';
import {
	apiError,
	CARD_TOKEN_USED,
	id,
	idempotencyOf,
	invalid,
	notFound,
	refuseIdempotencyKey,
	refuseMissing,
	refuseMoney,
	TOKEN_TTL_MS,
	verifiedSource,
} from './shared.mjs';

/** Card-not-present authorizations expire after 7 days unless delay_duration says otherwise. */
const DEFAULT_DELAY = 'PT168H';
const DELAY_ACTIONS = [ 'CANCEL', 'COMPLETE' ];

/**
 * Seconds of an RFC 3339 duration (days, hours, minutes, seconds), or null when not one.
 *
 * @param {unknown} value Duration such as PT168H or P7D.
 * @return {number|null} Seconds.
 */
export function durationSeconds( value ) {
	const m = /^P(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?)?$/.exec(
		typeof value === 'string' ? value : ''
	);
	if ( ! m || value === 'P' || value.endsWith( 'T' ) ) {
		return null;
	}
	const [ d, h, min, sec ] = m.slice( 1 ).map( ( x ) => Number( x ?? 0 ) );
	return ( ( d * 24 + h ) * 60 + min ) * 60 + sec;
}

/**
 * Payments API routes (/v2/payments…). The caller checked the bearer token.
 *
 * @param {{ledger: Object, sourceOf: (sourceId: string) => Object|undefined, emit: Function}} ctx Provider context.
 * @return {{api: Function, control: Function}} API routes and the settle control.
 */
export function paymentsRoutes( { ledger, sourceOf, emit } ) {
	/**
	 * What CreatePayment checks before it looks at the token: location and its currency, the
	 * lengths of reference_id and note, the delay.
	 *
	 * @param {Object} body Request body (amount_money already checked).
	 * @return {Object|null} Error answer or null.
	 */
	function refuseFields( body ) {
		const locationId = body.location_id ?? DEFAULT_LOCATION;
		const location = LOCATIONS[ locationId ];
		if ( ! location ) {
			return notFound( 'Location', locationId, 'location_id' );
		}
		if ( body.amount_money.currency !== location.currency ) {
			return invalid(
				'INVALID_VALUE',
				`This merchant can only process payments in ${ location.currency }, but amount was provided in ${ body.amount_money.currency }.`,
				'amount_money.currency'
			);
		}
		for ( const [ field, max ] of [
			[ 'reference_id', 40 ],
			[ 'note', 500 ],
			[ 'buyer_email_address', 255 ],
		] ) {
			if ( body[ field ] === undefined ) {
				continue;
			}
			if ( typeof body[ field ] !== 'string' ) {
				return invalid(
					'EXPECTED_STRING',
					`${ field } must be a string.`,
					field
				);
			}
			if ( body[ field ].length > max ) {
				return invalid(
					'VALUE_TOO_LONG',
					`${ field } must be at most ${ max } characters.`,
					field
				);
			}
		}
		if (
			body.buyer_email_address !== undefined &&
			! /^[^@\s]+@[^@\s]+$/.test( body.buyer_email_address )
		) {
			return invalid(
				'INVALID_EMAIL_ADDRESS',
				'buyer_email_address is not a valid email address.',
				'buyer_email_address'
			);
		}
		if (
			body.delay_duration !== undefined &&
			durationSeconds( body.delay_duration ) === null
		) {
			return invalid(
				'INVALID_VALUE',
				'delay_duration must be an RFC 3339 duration such as PT168H.',
				'delay_duration'
			);
		}
		if (
			body.delay_action !== undefined &&
			! DELAY_ACTIONS.includes( body.delay_action )
		) {
			return invalid(
				'INVALID_VALUE',
				'delay_action must be CANCEL or COMPLETE.',
				'delay_action'
			);
		}
		return null;
	}
	function createPayment( body ) {
		const m = body.amount_money;
		const refused =
			refuseMissing( body, 'source_id' ) ??
			refuseMoney( m ) ??
			refuseFields( body );
		if ( refused ) {
			return refused;
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
		// A card on file (`ccof:`) is charged for its customer only (the provider's
		// CreatePayment: customer_id is required with a card on file).
		if ( source.cardOnFile ) {
			if ( ! body.customer_id ) {
				return apiError(
					400,
					'INVALID_REQUEST_ERROR',
					'MISSING_REQUIRED_PARAMETER',
					'customer_id is required when source_id is a card on file.',
					'customer_id'
				);
			}
			if (
				( source.customerId &&
					source.customerId !== body.customer_id ) ||
				source.disabled
			) {
				return apiError(
					404,
					'INVALID_REQUEST_ERROR',
					'NOT_FOUND',
					'Card on file not found',
					'source_id'
				);
			}
		}
		if ( source.used && ! source.reusable ) {
			return CARD_TOKEN_USED;
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
		// A source that is not a card (ACH bank nonce, Cash App Pay or Afterpay wallet nonce;
		// A.8) brings its own rules and details: its area's charge(body) answers
		// {refused} or {status, fields, decline?}.
		const charged =
			typeof source.charge === 'function' ? source.charge( body ) : null;
		if ( charged?.refused ) {
			return charged.refused;
		}
		let decline = charged ? charged.decline : source.decline;
		if (
			! charged &&
			! decline &&
			source.sca &&
			! verifiedSource( ledger, body )
		) {
			decline = 'CARD_DECLINED_VERIFICATION_REQUIRED';
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
			...paymentBase( body, now, autocomplete, decline ),
			...( charged
				? {
						status: decline ? 'FAILED' : charged.status,
						...charged.fields,
					}
				: cardFields( source, decline, paymentStatus, cardStatus ) ),
		};
		payment.receipt_url = `https://sandbox.receipts.invalid/${ payment.id }`;
		ledger.payments[ payment.id ] = payment;
		emit( 'payment.created', 'payment', payment );
		charged?.created?.( payment );
		if ( decline ) {
			return {
				status: 400,
				body: {
					errors: [
						{
							category: 'PAYMENT_METHOD_ERROR',
							code: decline,
							detail:
								DECLINE_DETAILS[ decline ] ?? charged?.detail,
						},
					],
					payment,
				},
			};
		}
		return { status: 200, body: { payment } };
	}

	/**
	 * What every payment has, whatever its source.
	 *
	 * @param {Object}  body         CreatePayment body.
	 * @param {string}  now          Creation time.
	 * @param {boolean} autocomplete Whether it is captured at once.
	 * @param {string}  decline      Decline code, if any.
	 * @return {Object} Fields.
	 */
	function paymentBase( body, now, autocomplete, decline ) {
		const m = body.amount_money;
		return {
			created_at: now,
			updated_at: now,
			amount_money: m,
			total_money: m,
			approved_money: decline ? { amount: 0, currency: m.currency } : m,
			location_id: body.location_id ?? DEFAULT_LOCATION,
			order_id: body.order_id ?? id( 'order-' ),
			customer_id: body.customer_id,
			reference_id: body.reference_id,
			note: body.note,
			receipt_number: id( '', 3 ).toUpperCase(),
			delay_duration: autocomplete
				? undefined
				: ( body.delay_duration ?? DEFAULT_DELAY ),
			delay_action: autocomplete
				? undefined
				: ( body.delay_action ?? 'CANCEL' ),
			delayed_until: autocomplete
				? undefined
				: new Date(
						Date.parse( now ) +
							durationSeconds(
								body.delay_duration ?? DEFAULT_DELAY
							) *
								1000
					).toISOString(),
			buyer_email_address: body.buyer_email_address,
			billing_address: body.billing_address,
			shipping_address: body.shipping_address,
			statement_description_identifier:
				body.statement_description_identifier,
			version_token: id( 'v' ),
			source_id: body.source_id,
			verification_token: body.verification_token,
		};
	}

	/**
	 * A card payment's status and card_details (cards, gift cards and the wallets' cards).
	 *
	 * @param {Object} source        Card source.
	 * @param {string} decline       Decline code, if any.
	 * @param {string} paymentStatus COMPLETED, APPROVED or FAILED.
	 * @param {string} cardStatus    CAPTURED, AUTHORIZED or FAILED.
	 * @return {Object} Fields.
	 */
	function cardFields( source, decline, paymentStatus, cardStatus ) {
		return {
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
		};
	}

	/**
	 * CancelPaymentByIdempotencyKey: voids the APPROVED payment CreatePayment made with that key;
	 * succeeds with {} when there is none (or it is already canceled or failed).
	 *
	 * @param {Object} body {idempotency_key}.
	 * @return {Object} Answer.
	 */
	function cancelByKey( body ) {
		const key = body.idempotency_key;
		const refused = refuseIdempotencyKey( key );
		if ( refused ) {
			return refused;
		}
		const payment = ledger.idempotency[ key ]?.response.body.payment;
		if (
			! payment ||
			payment.status === 'CANCELED' ||
			payment.status === 'FAILED'
		) {
			return { status: 200, body: {} };
		}
		if ( payment.status !== 'APPROVED' ) {
			return invalid(
				'BAD_REQUEST',
				`The payment made with this idempotency key has status ${ payment.status } and cannot be canceled.`,
				'idempotency_key'
			);
		}
		settle( payment, 'cancel' );
		return { status: 200, body: {} };
	}

	/**
	 * Completes or cancels an APPROVED payment and announces it.
	 *
	 * @param {Object} payment Payment.
	 * @param {string} action  complete or cancel.
	 */
	function settle( payment, action ) {
		payment.status = action === 'complete' ? 'COMPLETED' : 'CANCELED';
		if ( payment.card_details ) {
			payment.card_details.status =
				action === 'complete' ? 'CAPTURED' : 'VOIDED';
		}
		payment.updated_at = new Date().toISOString();
		payment.version_token = id( 'v' );
		emit( 'payment.updated', 'payment', payment );
	}

	function paymentsApi( method, parts, body ) {
		if (
			method === 'POST' &&
			parts.length === 3 &&
			parts[ 2 ] === 'cancel'
		) {
			return cancelByKey( body );
		}
		if ( method === 'POST' && parts.length === 2 ) {
			const { key, hash, seen, refused } = idempotencyOf(
				ledger.idempotency,
				body
			);
			if ( refused ) {
				return refused;
			}
			if ( seen ) {
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
			return notFound( 'Payment', parts[ 2 ] );
		}
		if ( method === 'GET' && parts.length === 3 ) {
			return { status: 200, body: { payment } };
		}
		if (
			method === 'POST' &&
			parts.length === 4 &&
			( parts[ 3 ] === 'complete' || parts[ 3 ] === 'cancel' )
		) {
			if (
				parts[ 3 ] === 'complete' &&
				body.version_token !== undefined &&
				body.version_token !== payment.version_token
			) {
				return invalid(
					'VERSION_MISMATCH',
					'The version_token does not match the current version of the payment.',
					'version_token'
				);
			}
			if ( payment.status !== 'APPROVED' ) {
				return apiError(
					400,
					'INVALID_REQUEST_ERROR',
					'BAD_REQUEST',
					`A payment with status ${ payment.status } cannot be ${ parts[ 3 ] === 'complete' ? 'completed' : 'canceled' }.`
				);
			}
			settle( payment, parts[ 3 ] );
			return { status: 200, body: { payment } };
		}
		return apiError(
			404,
			'INVALID_REQUEST_ERROR',
			'NOT_FOUND',
			'Unknown endpoint.'
		);
	}

	/**
	 * Control (ours): POST /__settle {payment_id} applies an APPROVED payment's delay_action now,
	 * as the provider does when delayed_until passes (CANCEL → CANCELED, COMPLETE → COMPLETED).
	 *
	 * @param {Object} r Request.
	 * @return {Object|undefined} Answer.
	 */
	function control( r ) {
		if (
			r.method !== 'POST' ||
			r.path !== '/__settle' ||
			r.body.payment_id === undefined
		) {
			return undefined;
		}
		const payment = ledger.payments[ r.body.payment_id ];
		if ( ! payment ) {
			return notFound( 'Payment', r.body.payment_id, 'payment_id' );
		}
		if ( payment.status !== 'APPROVED' ) {
			return invalid(
				'BAD_REQUEST',
				`A payment with status ${ payment.status } has no pending delay action.`,
				'payment_id'
			);
		}
		settle(
			payment,
			payment.delay_action === 'COMPLETE' ? 'complete' : 'cancel'
		);
		return { status: 200, body: { payment } };
	}

	const api = ( { method, parts, body } ) => {
		if ( parts[ 0 ] !== 'v2' || parts[ 1 ] !== 'payments' ) {
			return undefined;
		}
		return paymentsApi( method, parts, body );
	};
	return { api, control };
}
