/**
 * The Cards API (the provider's published shapes): CreateCard stores a card on file for a
 * customer from a card token (`cnon:`, with the verification token of an SCA card), then
 * RetrieveCard, ListCards and DisableCard. A stored card's id (`ccof:`) is a CreatePayment
 * source with its customer's `customer_id` (payments-api.mjs).
 */
import { DECLINE_DETAILS } from '../test-cards.mjs';
import {
	apiError,
	CARD_TOKEN_USED,
	id,
	idempotent,
	MERCHANT_ID,
	notFound,
	refuseMissing,
	snapshot,
	verifiedSource,
} from './shared.mjs';

/** The provider's Cards API answer for a token it will not store (deliberately vague). */
const INVALID_CARD_DATA = apiError(
	400,
	'INVALID_REQUEST_ERROR',
	'INVALID_CARD_DATA',
	'Invalid card data.',
	'source_id'
);

/**
 * The card's billing address: the request's, else the postal code typed with the card.
 *
 * @param {Object} c Request `card`.
 * @param {Object} s Token's card summary.
 * @return {Object} `{billing_address}` or nothing.
 */
function billingAddressOf( c, s ) {
	if ( c.billing_address && typeof c.billing_address === 'object' ) {
		return { billing_address: c.billing_address };
	}
	return s.postalCode
		? { billing_address: { postal_code: s.postalCode } }
		: {};
}

/**
 * Cards routes: `POST /v2/cards`, `GET /v2/cards/{id}`, `GET /v2/cards?customer_id=`,
 * `POST /v2/cards/{id}/disable`.
 *
 * @param {{ledger: Object, sourceOf: (sourceId: string) => Object|undefined}} ctx Provider context.
 * @return {{api: (r: Object) => Object|undefined}} Merchant API handler.
 */
export function cardOnFileRoutes( { ledger, sourceOf } ) {
	function createCard( body ) {
		const missing = refuseMissing( body, 'source_id' );
		if ( missing ) {
			return missing;
		}
		const c = body.card;
		if ( ! c || typeof c !== 'object' || ! c.customer_id ) {
			return apiError(
				400,
				'INVALID_REQUEST_ERROR',
				'MISSING_REQUIRED_PARAMETER',
				'Field must be set: card.customer_id.',
				'card.customer_id'
			);
		}
		if ( ! ledger.customers[ c.customer_id ] ) {
			return notFound( 'Customer', c.customer_id, 'card.customer_id' );
		}
		const source = sourceOf( body.source_id );
		if ( ! source ) {
			return notFound( 'Card token', body.source_id, 'source_id' );
		}
		// A card token, once: not a gift card, a card on file or a declining card.
		if (
			source.method !== 'CARD' ||
			source.cardOnFile ||
			source.decline ||
			source.cardOnFileDecline
		) {
			return INVALID_CARD_DATA;
		}
		if ( source.used ) {
			return CARD_TOKEN_USED;
		}
		if ( source.sca && ! verifiedSource( ledger, body ) ) {
			return apiError(
				400,
				'PAYMENT_METHOD_ERROR',
				'CARD_DECLINED_VERIFICATION_REQUIRED',
				DECLINE_DETAILS.CARD_DECLINED_VERIFICATION_REQUIRED,
				'verification_token'
			);
		}
		source.used = true;
		const now = new Date().toISOString();
		const s = source.card;
		const card = {
			id: id( 'ccof:', 18 ),
			card_brand: s.brand,
			last_4: s.last4,
			exp_month: s.expMonth,
			exp_year: s.expYear,
			...( c.cardholder_name
				? { cardholder_name: String( c.cardholder_name ) }
				: {} ),
			...billingAddressOf( c, s ),
			fingerprint: `sq-1-${ id( '', 24 ) }`,
			customer_id: c.customer_id,
			merchant_id: MERCHANT_ID,
			...( c.reference_id
				? { reference_id: String( c.reference_id ) }
				: {} ),
			enabled: true,
			card_type: s.cardType,
			prepaid_type: s.prepaidType,
			bin: source.bin,
			created_at: now,
			version: 1,
			card_co_brand: 'UNKNOWN',
		};
		ledger.cards[ card.id ] = {
			card,
			// What CreatePayment charges (never the number or CVV).
			source: {
				method: 'CARD',
				reusable: true,
				cardOnFile: true,
				customerId: c.customer_id,
				created: Date.now(),
				used: false,
				card: { ...s },
				...( source.sca ? { sca: source.sca } : {} ),
			},
		};
		return { status: 200, body: { card } };
	}

	function listCards( query ) {
		const customerId = query.get( 'customer_id' );
		const includeDisabled = query.get( 'include_disabled' ) === 'true';
		const referenceId = query.get( 'reference_id' );
		const cards = Object.values( ledger.cards )
			.map( ( entry ) => entry.card )
			.filter(
				( card ) =>
					( ! customerId || card.customer_id === customerId ) &&
					( ! referenceId || card.reference_id === referenceId ) &&
					( includeDisabled || card.enabled )
			);
		// The provider answers {} when nothing matches.
		return {
			status: 200,
			body: cards.length ? { cards: snapshot( cards ) } : {},
		};
	}

	function disableCard( cardId ) {
		const entry = ledger.cards[ cardId ];
		if ( ! entry ) {
			return notFound( 'Card', cardId );
		}
		if ( entry.card.enabled ) {
			entry.card.enabled = false;
			entry.card.version += 1;
			entry.source.disabled = true;
		}
		return { status: 200, body: { card: entry.card } };
	}

	const api = ( { method, path: p, body, query } ) => {
		if ( method === 'POST' && p === '/v2/cards' ) {
			return idempotent(
				ledger.card_idempotency,
				body,
				true,
				createCard
			);
		}
		if ( method === 'GET' && p === '/v2/cards' ) {
			return listCards( query ?? new URLSearchParams() );
		}
		const disable = p.match( /^\/v2\/cards\/([^/]+)\/disable$/ );
		if ( method === 'POST' && disable ) {
			return disableCard( decodeURIComponent( disable[ 1 ] ) );
		}
		const one = p.match( /^\/v2\/cards\/([^/]+)$/ );
		if ( method === 'GET' && one ) {
			const cardId = decodeURIComponent( one[ 1 ] );
			const entry = ledger.cards[ cardId ];
			return entry
				? { status: 200, body: { card: entry.card } }
				: notFound( 'Card', cardId );
		}
		return undefined;
	};
	return { api };
}
