/**
 * Card tokenization as the SDK's frames call it (spec §5, §7): card and gift card nonces, the BIN
 * lookup and buyer verification. The ledger keeps what the provider would keep: never a number
 * or a CVV.
 */
import {
	DECLINING_VALUES,
	FIXED_TOKENS,
	GIFT_CARDS,
	SCA_CHALLENGE_CODE,
	SUPPORTED_BRANDS,
	TEST_CARDS,
	testCardOfBin,
} from '../test-cards.mjs';
import {
	apiError,
	cardNonceAnswer,
	id,
	isSandboxApplicationId,
	luhn,
	NOT_SANDBOX_APPLICATION,
} from './shared.mjs';

/** Postal code formats of the postal countries (spec §3: US, CA, GB), as the card frame's. */
const POSTAL_CODES = {
	US: /^\d{5}(-?\d{4})?$/,
	CA: /^[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z] ?\d[ABCEGHJ-NPRSTV-Z]\d$/i,
	GB: /^[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}$/i,
};

/**
 * Card routes and the token lookup the Payments API uses.
 *
 * @param {{ledger: Object}} ctx Provider context.
 * @return {{handle: (r: Object) => Object|undefined, sourceOf: (sourceId: string) => Object|undefined}} Handler and lookup.
 */
export function cardArea( { ledger } ) {
	/**
	 * What the provider checks itself, whatever the frame did (spec §5 card validation codes):
	 * the application id, then the card data. Field problems are answered together, one error
	 * per field, so a client that skipped the frame's checks learns every field to fix.
	 *
	 * @param {Object} body Request body.
	 * @return {Object|null} An error answer, or null.
	 */
	function refuseCardRequest( body ) {
		const clientId = body.client_id;
		if ( clientId === undefined || clientId === null || clientId === '' ) {
			return apiError(
				400,
				'INVALID_REQUEST_ERROR',
				'MISSING_APPLICATION_ID',
				'The application id (client_id) is missing.'
			);
		}
		if ( ! isSandboxApplicationId( clientId ) ) {
			return NOT_SANDBOX_APPLICATION;
		}
		const data = body.gift_card_data ?? body.card_data;
		if (
			! data ||
			typeof data !== 'object' ||
			data.number === undefined ||
			data.number === null ||
			String( data.number ) === ''
		) {
			return apiError(
				400,
				'INVALID_REQUEST_ERROR',
				'MISSING_CARD_DATA',
				'The card data is missing.'
			);
		}
		return refuseSession( body.session_id, clientId );
	}

	/**
	 * The session a nonce request names (spec §7 card-nonce session_id): none is allowed (a
	 * client without the SDK); one that is sent must be a session this sandbox hydrated, for the
	 * same application id.
	 *
	 * @param {unknown} sessionId Sent session id.
	 * @param {string}  clientId  Application id of the request.
	 * @return {Object|null} An error answer, or null.
	 */
	function refuseSession( sessionId, clientId ) {
		if ( sessionId === undefined || sessionId === null ) {
			return null;
		}
		const session = ledger.sessions.find(
			( s ) => s.sessionId === sessionId
		);
		if ( ! session ) {
			return apiError(
				400,
				'INVALID_REQUEST_ERROR',
				'INVALID_SESSION_ID',
				'The session id is not a session of this sandbox.',
				'session_id'
			);
		}
		if ( session.applicationId !== clientId ) {
			return apiError(
				400,
				'INVALID_REQUEST_ERROR',
				'INVALID_SESSION_ID',
				'The session id belongs to another application id.',
				'session_id'
			);
		}
		return null;
	}

	function cardFieldErrors( c, known ) {
		const errors = [];
		const field = ( code, detail, name ) =>
			errors.push( {
				category: 'INVALID_REQUEST_ERROR',
				code,
				detail,
				field: name,
			} );
		const number = String( c.number ?? '' );
		// China UnionPay numbers (62…) need not pass Luhn: the published test card does not.
		if (
			! /^\d{12,19}$/.test( number ) ||
			( ! luhn( number ) && ! number.startsWith( '62' ) )
		) {
			field(
				'INVALID_CARD_NUMBER',
				'Credit card number is not valid',
				'cardNumber'
			);
		}
		const expMonth = Number( c.exp_month );
		const expYear = Number( c.exp_year );
		const now = new Date();
		if (
			! Number.isInteger( expMonth ) ||
			! Number.isInteger( expYear ) ||
			expMonth < 1 ||
			expMonth > 12 ||
			expYear * 12 + expMonth - 1 <
				now.getUTCFullYear() * 12 + now.getUTCMonth()
		) {
			field(
				'INVALID_EXPIRATION_DATE',
				'Expiration date is not valid',
				'expirationDate'
			);
		}
		const cvvLength = known?.brand === 'AMERICAN_EXPRESS' ? 4 : 3;
		if (
			! new RegExp( `^\\d{${ cvvLength }}$` ).test(
				String( c.cvv ?? '' )
			)
		) {
			field( 'INVALID_CVV', 'CVV is not valid', 'cvv' );
		}
		const postalRule = POSTAL_CODES[ known?.country ] ?? POSTAL_CODES.US;
		if (
			! postalRule.test( String( c.billing_postal_code ?? '' ).trim() )
		) {
			field(
				'INVALID_POSTAL_CODE',
				'Postal code is not valid',
				'postalCode'
			);
		}
		return errors;
	}

	function cardNonce( body ) {
		const refused = refuseCardRequest( body );
		if ( refused ) {
			return refused;
		}
		if ( body.gift_card_data ) {
			const number = String( body.gift_card_data.number ?? '' );
			if ( ! ( number in GIFT_CARDS ) ) {
				return apiError(
					400,
					'INVALID_REQUEST_ERROR',
					'INVALID_SANDBOX_CARD_NUMBER',
					'This gift card number is not a sandbox test gift card.',
					'giftCardNumber'
				);
			}
			const nonce = id( 'cnon:', 18 );
			ledger.nonces[ nonce ] = {
				method: 'GIFT_CARD',
				created: Date.now(),
				used: false,
				// The session the frame tokenized in (from the hydration), as sent.
				sessionId: body.session_id ?? null,
				balance: GIFT_CARDS[ number ],
				card: {
					brand: 'SQUARE_GIFT_CARD',
					last4: number.slice( -4 ),
					expMonth: 0,
					expYear: 0,
					cardType: 'DEBIT',
					prepaidType: 'PREPAID',
				},
			};
			return cardNonceAnswer( nonce, body.session_id );
		}
		const c = body.card_data;
		const number = String( c.number );
		const known = TEST_CARDS[ number ];
		const fieldErrors = cardFieldErrors( c, known );
		if ( fieldErrors.length ) {
			return { status: 400, body: { errors: fieldErrors } };
		}
		if ( ! known ) {
			return apiError(
				400,
				'INVALID_REQUEST_ERROR',
				'INVALID_SANDBOX_CARD_NUMBER',
				'This card number is not a sandbox test card. Use one of the documented test cards.',
				'cardNumber'
			);
		}
		if ( known.unsupported || ! SUPPORTED_BRANDS.includes( known.brand ) ) {
			return apiError(
				400,
				'PAYMENT_METHOD_ERROR',
				'UNSUPPORTED_CARD_BRAND',
				'Card not supported',
				'cardNumber'
			);
		}
		const expMonth = Number( c.exp_month );
		const expYear = Number( c.exp_year );
		let decline = known.decline;
		decline ??= DECLINING_VALUES.cvv[ c.cvv ];
		decline ??= DECLINING_VALUES.postalCode[ c.billing_postal_code ];
		decline ??=
			DECLINING_VALUES.expiration[
				`${ String( expMonth ).padStart( 2, '0' ) }/${ expYear }`
			];
		const nonce = id( 'cnon:', 18 );
		// The issuing country answers BIN lookups; it is not part of the card summary.
		const {
			country: _country,
			decline: _decline,
			sca: _sca,
			unsupported: _unsupported,
			cardOnFileDecline,
			...summary
		} = known;
		const card = {
			...summary,
			last4: number.slice( -4 ),
			expMonth,
			expYear,
			postalCode: c.billing_postal_code || undefined,
		};
		// Never the number or the CVV: the ledger holds what the provider would keep.
		ledger.nonces[ nonce ] = {
			method: 'CARD',
			created: Date.now(),
			used: false,
			sessionId: body.session_id ?? null,
			decline,
			bin: number.slice( 0, 6 ),
			card,
			// Published SCA cards: 'frictionless', 'challenge' or 'fail' (test-cards.mjs).
			...( known.sca ? { sca: known.sca } : {} ),
			...( cardOnFileDecline ? { cardOnFileDecline } : {} ),
		};
		return cardNonceAnswer( nonce, body.session_id, card );
	}

	/**
	 * BIN lookup (spec §7 /v2/tokenization/product-information): the issuing country and brand
	 * of a test card's first 6 digits; an unknown BIN has no country. Only the BIN is sent.
	 *
	 * @param {Object} body Request body {bin}.
	 */
	function productInformation( body ) {
		const bin = String( body.bin ?? '' );
		if ( ! /^\d{6}$/.test( bin ) ) {
			return apiError(
				400,
				'INVALID_REQUEST_ERROR',
				'INVALID_VALUE',
				'bin must be the first 6 digits of a card number.',
				'bin'
			);
		}
		const card = testCardOfBin( bin );
		return {
			status: 200,
			body: {
				bin,
				country: card?.country ?? null,
				brand: card?.brand ?? null,
			},
		};
	}

	/**
	 * Issues a verification token for a source (what CreatePayment and CreateCard accept).
	 *
	 * @param {string}  source     Token or card on file.
	 * @param {Object}  details    Verification details.
	 * @param {boolean} challenged Whether the buyer answered a challenge.
	 * @return {Object} The answer.
	 */
	function verified( source, details, challenged ) {
		const token = id( 'verf:', 18 );
		ledger.verifications[ token ] = {
			source,
			intent: details?.intent,
			amount: details?.amount,
			currencyCode: details?.currencyCode,
			userChallenged: challenged,
			created: Date.now(),
		};
		return { status: 200, body: { token, userChallenged: challenged } };
	}

	/**
	 * verifyBuyer (spec §7: the call is not shown). Frictionless sources get a token at once; a
	 * source marked `sca: 'challenge'` gets a challenge the sandbox keeps (the code is checked
	 * here, never in the browser): `{challenge:{id, timeout_ms, expires_at}}`; `sca: 'fail'`
	 * is refused with VERIFICATION_FAILED.
	 *
	 * @param {Object} body Request body {source, details, locationId, applicationId}.
	 */
	function verifyBuyer( body ) {
		const source = String( body.source ?? '' );
		if ( ! source ) {
			return apiError(
				400,
				'INVALID_REQUEST_ERROR',
				'MISSING_REQUIRED_PARAMETER',
				'The source is required.',
				'source'
			);
		}
		const found = sourceOf( source );
		if ( ! found ) {
			return apiError(
				400,
				'INVALID_REQUEST_ERROR',
				'NOT_FOUND',
				'The source to verify is unknown.',
				'source'
			);
		}
		if ( found.sca === 'fail' ) {
			return apiError(
				400,
				'PAYMENT_METHOD_ERROR',
				'VERIFICATION_FAILED',
				'The card issuer could not verify the buyer.',
				'source'
			);
		}
		if ( found.sca !== 'challenge' ) {
			return verified( source, body.details, false );
		}
		const challengeId = id( 'chal_', 18 );
		const timeoutMs = ledger.challenge_mode.timeout_ms;
		const created = Date.now();
		ledger.challenges[ challengeId ] = {
			id: challengeId,
			source,
			details: body.details ?? null,
			status: 'PENDING',
			attempts: 0,
			created,
			expires: created + timeoutMs,
		};
		return {
			status: 200,
			body: {
				challenge: {
					id: challengeId,
					timeout_ms: timeoutMs,
					expires_at: new Date( created + timeoutMs ).toISOString(),
				},
			},
		};
	}

	/**
	 * The challenge frame's answer `{challenge_id, code}` or `{challenge_id, cancel:true}`.
	 * One answer per challenge: the right code verifies (token, userChallenged true); a wrong
	 * code fails it (VERIFICATION_CODE_INVALID), a cancel cancels it, and after its time-out it
	 * is expired (VERIFICATION_TIMED_OUT). A challenge that has ended answers
	 * CHALLENGE_ALREADY_ENDED.
	 *
	 * @param {Object} body Request body.
	 */
	function answerChallenge( body ) {
		const challenge =
			ledger.challenges[ String( body.challenge_id ?? '' ) ];
		if ( ! challenge ) {
			return apiError(
				404,
				'INVALID_REQUEST_ERROR',
				'NOT_FOUND',
				'The verification challenge is unknown.',
				'challenge_id'
			);
		}
		if (
			challenge.status === 'PENDING' &&
			Date.now() > challenge.expires
		) {
			challenge.status = 'EXPIRED';
		}
		if ( challenge.status === 'EXPIRED' ) {
			return apiError(
				400,
				'INVALID_REQUEST_ERROR',
				'VERIFICATION_TIMED_OUT',
				'The verification timed out.',
				'challenge_id'
			);
		}
		if ( challenge.status !== 'PENDING' ) {
			return apiError(
				400,
				'INVALID_REQUEST_ERROR',
				'CHALLENGE_ALREADY_ENDED',
				'The verification challenge has already ended.',
				'challenge_id'
			);
		}
		challenge.attempts += 1;
		challenge.answered = Date.now();
		if ( body.cancel === true ) {
			challenge.status = 'CANCELED';
			return { status: 200, body: { canceled: true } };
		}
		if ( String( body.code ?? '' ) !== SCA_CHALLENGE_CODE ) {
			challenge.status = 'FAILED';
			return apiError(
				400,
				'PAYMENT_METHOD_ERROR',
				'VERIFICATION_CODE_INVALID',
				'The verification code is not correct.',
				'code'
			);
		}
		challenge.status = 'VERIFIED';
		const answer = verified( challenge.source, challenge.details, true );
		challenge.token = answer.body.token;
		return answer;
	}

	/**
	 * A source for CreatePayment, verifyBuyer and CreateCard: a fixed token, a nonce or a card
	 * on file (`ledger.cards`).
	 *
	 * @param {string} sourceId Source id.
	 * @return {Object|undefined} The source.
	 */
	function sourceOf( sourceId ) {
		if ( FIXED_TOKENS[ sourceId ] ) {
			const { alreadyUsed, ...fixed } = FIXED_TOKENS[ sourceId ];
			return {
				...fixed,
				created: Date.now(),
				used: Boolean( alreadyUsed ),
				fixed: true,
			};
		}
		return ledger.nonces[ sourceId ] ?? ledger.cards[ sourceId ]?.source;
	}

	const handle = ( { method, path: p, body } ) => {
		if ( method !== 'POST' ) {
			return undefined;
		}
		if ( p === '/v2/card-nonce' ) {
			return cardNonce( body );
		}
		if ( p === '/v2/tokenization/product-information' ) {
			return productInformation( body );
		}
		if ( p === '/v2/verify-buyer' ) {
			return verifyBuyer( body );
		}
		if ( p === '/v2/verify-buyer/challenge' ) {
			return answerChallenge( body );
		}
		return undefined;
	};
	return { handle, sourceOf };
}
