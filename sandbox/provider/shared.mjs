/**
 * Helpers every provider area uses: ids, the provider's error shape, canonical JSON, answers.
 */
import { createHash, randomBytes } from 'node:crypto';

/** The SDK version the sandbox serves under /v1/{VERSION}/. */
export const VERSION = '1.51.4';

/** How long a card token lives (SANDBOX_TOKEN_TTL_MS overrides; default 24 h). */
export const TOKEN_TTL_MS = Number(
	process.env.SANDBOX_TOKEN_TTL_MS || 24 * 3600 * 1000
);

/** The sandbox merchant's id (webhook events carry it). */
export const MERCHANT_ID = 'MLSANDBOXKESTREL';

/**
 * A random id with a prefix.
 *
 * @param {string} prefix Prefix.
 * @param {number} n      Random bytes.
 * @return {string} Id.
 */
export const id = ( prefix, n = 12 ) =>
	`${ prefix }${ randomBytes( n ).toString( 'base64url' ) }`;

/**
 * Luhn check of a digit string.
 *
 * @param {string} d Digits.
 * @return {boolean} Whether the check digit is right.
 */
export const luhn = ( d ) => {
	let s = 0;
	for ( let i = 0; i < d.length; i++ ) {
		let x = Number( d[ d.length - 1 - i ] );
		if ( i % 2 ) {
			x *= 2;
			if ( x > 9 ) {
				x -= 9;
			}
		}
		s += x;
	}
	return s % 10 === 0;
};

/**
 * An error answer in the provider's shape: {errors:[{category, code, detail, field?}]}.
 *
 * @param {number} status   HTTP status.
 * @param {string} category Error category.
 * @param {string} code     Error code.
 * @param {string} detail   Readable detail.
 * @param {string} [field]  Field the error is about.
 * @return {{status: number, body: Object}} Answer.
 */
export const apiError = ( status, category, code, detail, field ) => ( {
	status,
	body: {
		errors: [ { category, code, detail, ...( field ? { field } : {} ) } ],
	},
} );

/**
 * A 400 INVALID_REQUEST_ERROR answer (a request the provider refuses as malformed or not
 * allowed).
 *
 * @param {string} code    Error code.
 * @param {string} detail  Detail.
 * @param {string} [field] Field the error is about.
 * @return {{status: number, body: Object}} Answer.
 */
export const invalid = ( code, detail, field ) =>
	apiError( 400, 'INVALID_REQUEST_ERROR', code, detail, field );

/** The answer to a client id that is not a sandbox application's (isSandboxApplicationId). */
export const NOT_SANDBOX_APPLICATION = apiError(
	401,
	'AUTHENTICATION_ERROR',
	'INVALID_APPLICATION_ID',
	'The application id is not a sandbox application id.'
);

/**
 * Whether an application id is one of this sandbox's: the sandbox prefix and 22 to 37 word or
 * hyphen characters (spec §5). Ids listed in applications.mjs get their own hydration, any other
 * sandbox id the defaults; production and malformed ids are refused.
 *
 * @param {unknown} applicationId Id.
 * @return {boolean} Whether it is accepted.
 */
export function isSandboxApplicationId( applicationId ) {
	return (
		typeof applicationId === 'string' &&
		applicationId.startsWith( 'sandbox-sq0idb-' ) &&
		/^[\w-]{22,37}$/.test( applicationId )
	);
}

/**
 * JSON with object keys sorted at every depth, so equal bodies give equal text.
 *
 * @param {unknown} value Parsed JSON.
 * @return {string} Canonical JSON.
 */
export function canonicalJson( value ) {
	if ( Array.isArray( value ) ) {
		return `[${ value.map( canonicalJson ).join( ',' ) }]`;
	}
	if ( value && typeof value === 'object' ) {
		return `{${ Object.keys( value )
			.sort()
			.filter( ( k ) => value[ k ] !== undefined )
			.map(
				( k ) =>
					`${ JSON.stringify( k ) }:${ canonicalJson( value[ k ] ) }`
			)
			.join( ',' ) }}`;
	}
	return JSON.stringify( value ) ?? 'null';
}

/**
 * Writes an answer {status, body} (no body for 204 or an undefined body): JSON, or with `type`
 * the body as is (a page, a script, a text file).
 *
 * @param {import('node:http').ServerResponse}                                res    Response.
 * @param {{status: number, body?: unknown, type?: string, headers?: Object}} answer Answer.
 */
export function send( res, { status, body, type, headers } ) {
	if ( status === 204 || body === undefined ) {
		res.writeHead( status, headers ).end();
		return;
	}
	// A page or a file (vendor stand-ins, the domain association file): sent as is.
	if ( type ) {
		res.writeHead( status, {
			'Content-Type': type,
			'Cache-Control': 'no-cache',
			...headers,
		} ).end( body );
		return;
	}
	res.writeHead( status, { 'Content-Type': 'application/json' } ).end(
		JSON.stringify( body )
	);
}

/**
 * A deep copy of a JSON value (snapshots for events and the ledger).
 *
 * @param {unknown} value Value.
 * @return {any} Copy.
 */
export const snapshot = ( value ) =>
	value === undefined ? undefined : JSON.parse( JSON.stringify( value ) );

/**
 * A 404 NOT_FOUND answer about an object.
 *
 * @param {string} what    Object kind, e.g. Payment.
 * @param {string} objId   Its id.
 * @param {string} [field] Field that named it.
 * @return {{status: number, body: Object}} Answer.
 */
export const notFound = ( what, objId, field ) =>
	apiError(
		404,
		'INVALID_REQUEST_ERROR',
		'NOT_FOUND',
		`${ what } ${ objId } was not found.`,
		field
	);

/**
 * The error for a missing, empty or too long idempotency_key (at most 45 characters), or null.
 *
 * @param {unknown} key Sent key.
 * @return {Object|null} Error answer or null.
 */
export function refuseIdempotencyKey( key ) {
	if ( typeof key !== 'string' || key === '' ) {
		return apiError(
			400,
			'INVALID_REQUEST_ERROR',
			key === '' ? 'VALUE_EMPTY' : 'MISSING_REQUIRED_PARAMETER',
			'Field must be set: idempotency_key.',
			'idempotency_key'
		);
	}
	if ( key.length > 45 ) {
		return apiError(
			400,
			'INVALID_REQUEST_ERROR',
			'VALUE_TOO_LONG',
			'idempotency_key must be at most 45 characters.',
			'idempotency_key'
		);
	}
	return null;
}

/**
 * Looks a request up in an idempotency store. The same request whatever its key order: the
 * hash is over the canonical (key-sorted) JSON. `refused` is the answer for a missing or too
 * long key (when `required`) or IDEMPOTENCY_KEY_REUSED when the key came with another body;
 * `seen` is what the store keeps for a replay.
 *
 * @param {Object}  store    Key → {hash, …}.
 * @param {Object}  body     Request body with idempotency_key.
 * @param {boolean} required Whether the key must be there.
 * @return {{key: unknown, hash: string, seen: Object|undefined, refused: Object|null}} Lookup.
 */
export function idempotencyOf( store, body, required = true ) {
	const key = body.idempotency_key;
	const hash = createHash( 'sha256' )
		.update( canonicalJson( body ) )
		.digest( 'hex' );
	const seen = typeof key === 'string' && key ? store[ key ] : undefined;
	let refused =
		required || key !== undefined ? refuseIdempotencyKey( key ) : null;
	if ( ! refused && seen && seen.hash !== hash ) {
		refused = apiError(
			400,
			'INVALID_REQUEST_ERROR',
			'IDEMPOTENCY_KEY_REUSED',
			'This idempotency key was already used with a different request.',
			'idempotency_key'
		);
	}
	return { key, hash, seen, refused };
}

/** A card token sent a second time (CreatePayment, CreateCard). */
export const CARD_TOKEN_USED = apiError(
	400,
	'INVALID_REQUEST_ERROR',
	'CARD_TOKEN_USED',
	'The card token was already used; tokenize the card again.',
	'source_id'
);

/**
 * Whether a request carries a verification token (verifyBuyer) issued for its source; amount
 * and currency are not checked (compat §c).
 *
 * @param {Object} ledger Ledger.
 * @param {Object} body   Request body with source_id and verification_token.
 * @return {boolean} Whether it is verified.
 */
export const verifiedSource = ( ledger, body ) =>
	Boolean( body.verification_token ) &&
	ledger.verifications[ body.verification_token ]?.source === body.source_id;

/**
 * Runs a create request once per idempotency key: a replay of the same body answers what the
 * first one did (a success is kept; a refused request may be sent again).
 *
 * @param {Object}   store    Key → {hash, response}.
 * @param {Object}   body     Request body.
 * @param {boolean}  required Whether idempotency_key must be there.
 * @param {Function} create   Makes the answer from the body.
 * @return {{status: number, body: Object}} Answer.
 */
export function idempotent( store, body, required, create ) {
	const { key, hash, seen, refused } = idempotencyOf( store, body, required );
	if ( refused ) {
		return refused;
	}
	if ( seen ) {
		return seen.response;
	}
	const response = create( body );
	if ( response.status === 200 && typeof key === 'string' && key ) {
		store[ key ] = { hash, response };
	}
	return response;
}

/**
 * The error for a missing or empty string field, or null.
 *
 * @param {Object} body  Request body.
 * @param {string} field Field name.
 * @return {Object|null} Error answer or null.
 */
export function refuseMissing( body, field ) {
	if ( typeof body[ field ] === 'string' && body[ field ] !== '' ) {
		return null;
	}
	return apiError(
		400,
		'INVALID_REQUEST_ERROR',
		body[ field ] === '' ? 'VALUE_EMPTY' : 'MISSING_REQUIRED_PARAMETER',
		`Field must be set: ${ field }.`,
		field
	);
}

/**
 * The error for an amount_money without a non-negative integer amount and a currency, or null.
 *
 * @param {unknown} m amount_money.
 * @return {Object|null} Error answer or null.
 */
export function refuseMoney( m ) {
	if (
		m &&
		Number.isInteger( m.amount ) &&
		m.amount >= 0 &&
		typeof m.currency === 'string'
	) {
		return null;
	}
	return apiError(
		400,
		'INVALID_REQUEST_ERROR',
		'MISSING_REQUIRED_PARAMETER',
		'amount_money needs an integer amount and a currency.',
		'amount_money'
	);
}

/**
 * The answer to a card-nonce request (cards, gift cards, wallet cards): the nonce, the card
 * summary when there is one, the session it was made in and a tracking id.
 *
 * @param {string}      nonce     The minted `cnon:`.
 * @param {string|null} sessionId The request's session_id, if any.
 * @param {Object}      [card]    Card summary for the SDK's token details.
 * @return {{status: number, body: Object}} Answer.
 */
export const cardNonceAnswer = ( nonce, sessionId, card ) => ( {
	status: 200,
	body: {
		card_nonce: nonce,
		...( card ? { card } : {} ),
		session_id: sessionId ?? id( 'sess-' ),
		payment_method_tracking_id: id( 'pmt-' ),
	},
} );
