/**
 * Google Pay in the sandbox (wave 2 design A.3, A.7): the provider's endpoints the main frame
 * calls (`api`) and the stand-in's pages on the vendor origin (`vendor`).
 *
 * - POST /digital-wallets/google-pay/token {session}: the auth token the SDK puts in
 *   merchantInfo.authJwt; the stand-in's sheet has it checked when it pays.
 * - POST /v2/card-nonce {google_pay: {payment_data, transaction}}: opens the sealed token the
 *   sheet got from the vendor (only this sandbox can make one), checks it is unused and
 *   unexpired, that its gateway merchant is the location and its amount and currency are the
 *   transaction's, and mints a `cnon:` card nonce. The card declines as sandbox/test-cards.mjs
 *   says; in an SCA country a PAN_ONLY card (a card on file, not a device token) needs a
 *   verification token at CreatePayment, as a card does.
 * - POST /__vendors/scenario {vendor: 'google-pay', scenario}: test switches for the stand-in
 *   (readyToPay false, loadError BUYER_ACCOUNT_ERROR, …); {} resets them.
 * - Vendor origin: GET /google-pay/sheet (the sheet page), GET /google-pay/scenario,
 *   GET /google-pay/cards, POST /google-pay/token (what Google's server would do: the
 *   gateway's token for the picked card, bound to amount, currency and gateway merchant).
 */
import { TEST_CARDS } from '../test-cards.mjs';
import { LOCATIONS } from './locations.mjs';
import {
	cardNonceAnswer,
	id,
	invalid,
	isSandboxApplicationId,
	NOT_SANDBOX_APPLICATION,
} from './shared.mjs';
import { seal, unseal } from './signing.mjs';
import { mintWalletNonce } from './wallet-nonce.mjs';

/** Lifetimes: the auth token an hour, a sheet's payment token ten minutes. */
const AUTH_TTL_MS = 60 * 60 * 1000;
const PAYMENT_TOKEN_TTL_MS = 10 * 60 * 1000;

/** Countries where strong customer authentication applies to PAN_ONLY credentials. */
const SCA_COUNTRIES = [ 'GB', 'IE', 'FR', 'DE', 'ES', 'IT', 'NL' ];

/**
 * The buyer's cards in the stand-in's Google account: test cards of sandbox/test-cards.mjs.
 * PAN_ONLY is a card kept in the account, CRYPTOGRAM_3DS a device token.
 */
export const GOOGLE_PAY_CARDS = Object.freeze( {
	'visa-1111': {
		number: '4111111111111111',
		authMethod: 'PAN_ONLY',
		expMonth: 12,
		expYear: 2030,
	},
	'mastercard-4444': {
		number: '5555555555554444',
		authMethod: 'CRYPTOGRAM_3DS',
		expMonth: 11,
		expYear: 2029,
	},
	'visa-0002': {
		number: '4000000000000002',
		authMethod: 'PAN_ONLY',
		expMonth: 12,
		expYear: 2030,
	},
	// A published SCA test card (verified without a challenge).
	'visa-0004': {
		number: '4800000000000004',
		authMethod: 'PAN_ONLY',
		expMonth: 12,
		expYear: 2030,
	},
} );

/** Google's network names of the test cards' brands. */
const NETWORKS = {
	VISA: 'VISA',
	MASTERCARD: 'MASTERCARD',
	AMERICAN_EXPRESS: 'AMEX',
	DISCOVER: 'DISCOVER',
	JCB: 'JCB',
};

/** The cards as the sheet lists them (never the number). */
const cardList = () =>
	Object.entries( GOOGLE_PAY_CARDS ).map( ( [ cardId, c ] ) => ( {
		id: cardId,
		network: NETWORKS[ TEST_CARDS[ c.number ].brand ],
		details: c.number.slice( -4 ),
		authMethod: c.authMethod,
	} ) );

const SHEET_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Google Pay</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>
body{font:15px/1.4 system-ui,sans-serif;margin:0;background:#fff;color:#202124}
main{max-width:440px;margin:0 auto;padding:16px}
fieldset{border:1px solid #dadce0;border-radius:8px;margin:12px 0;padding:8px 12px}
label{display:block;padding:4px 0}
[role=alert]{color:#d93025;min-height:1.4em}
.actions{display:flex;gap:8px;justify-content:flex-end}
button{font:inherit;padding:8px 16px;border-radius:4px;border:1px solid #dadce0;background:#fff}
#pay{background:#1a73e8;color:#fff;border-color:#1a73e8}
#pay:disabled{opacity:.5}
</style>
</head>
<body>
<main id="sheet" aria-busy="true"></main>
<script src="/google-pay/sheet.js"></script>
</body>
</html>
`;

/**
 * The Google Pay area.
 *
 * @param {{ledger: Object, vendorOrigin: () => string}} ctx Provider context.
 * @return {{api: Function, vendor: Function}} Handlers: an answer, or undefined when not theirs.
 */
export function googlePayArea( { ledger } ) {
	/** Switches of the stand-in (POST /__vendors/scenario). */
	let scenario = {};
	/** Payment tokens already exchanged (single use). */
	const usedTokens = new Set();

	function authToken( body ) {
		const session = ledger.sessions.find(
			( s ) => s.sessionId === body.session
		);
		if ( ! body.session || ! session ) {
			return invalid(
				'INVALID_SESSION_ID',
				'The session is not a session of this sandbox.',
				'session'
			);
		}
		return {
			status: 200,
			body: {
				token: seal( {
					kind: 'google-pay-auth',
					sessionId: session.sessionId,
					applicationId: session.applicationId,
					expiresAt: Date.now() + AUTH_TTL_MS,
				} ),
			},
		};
	}

	function cardNonce( body ) {
		if ( ! isSandboxApplicationId( body.client_id ) ) {
			return NOT_SANDBOX_APPLICATION;
		}
		const data = body.google_pay?.payment_data;
		const sealed = data?.paymentMethodData?.tokenizationData?.token;
		const token = unseal( sealed );
		if ( ! token || token.kind !== 'google-pay-payment' ) {
			return invalid(
				'INVALID_GOOGLE_PAY_TOKEN',
				'The Google Pay payment data is not from Google Pay.',
				'google_pay'
			);
		}
		if ( usedTokens.has( token.id ) ) {
			return invalid(
				'GOOGLE_PAY_TOKEN_USED',
				'The Google Pay payment data was already used.',
				'google_pay'
			);
		}
		if ( Date.now() > token.expiresAt ) {
			return invalid(
				'GOOGLE_PAY_TOKEN_EXPIRED',
				'The Google Pay payment data has expired.',
				'google_pay'
			);
		}
		if ( token.gatewayMerchantId !== body.location_id ) {
			return invalid(
				'INVALID_GATEWAY_MERCHANT_ID',
				'The Google Pay gateway merchant id is not the location of this payment.',
				'google_pay'
			);
		}
		const t = body.google_pay.transaction ?? {};
		if (
			t.amount !== token.amount ||
			String( t.currencyCode ?? '' ).toUpperCase() !== token.currency
		) {
			return invalid(
				'GOOGLE_PAY_AMOUNT_MISMATCH',
				'The Google Pay payment data was authorised for another amount or currency.',
				'google_pay'
			);
		}
		const wallet = GOOGLE_PAY_CARDS[ token.cardId ];
		const known = wallet && TEST_CARDS[ wallet.number ];
		if ( ! known ) {
			return invalid(
				'INVALID_GOOGLE_PAY_TOKEN',
				'The Google Pay card is unknown.',
				'google_pay'
			);
		}
		usedTokens.add( token.id );
		// The card's own SCA behaviour (the published SCA cards), else SCA for a card kept in the
		// account in an SCA country (verified without a challenge).
		const sca =
			known.sca ??
			( wallet.authMethod === 'PAN_ONLY' &&
			SCA_COUNTRIES.includes( LOCATIONS[ body.location_id ]?.country )
				? 'frictionless'
				: undefined );
		const card = {
			brand: known.brand,
			last4: wallet.number.slice( -4 ),
			expMonth: wallet.expMonth,
			expYear: wallet.expYear,
			cardType: known.cardType,
			prepaidType: known.prepaidType,
		};
		const nonce = mintWalletNonce( ledger, {
			wallet: 'GOOGLE_PAY',
			card: { ...card, bin: wallet.number.slice( 0, 6 ) },
			sessionId: body.session_id,
			decline: known.decline,
			bound: { amount: token.amount, currency: token.currency },
			sca,
		} );
		return cardNonceAnswer( nonce, body.session_id, card );
	}

	const api = ( { method, path: p, body } ) => {
		if ( method !== 'POST' ) {
			return undefined;
		}
		if ( p === '/digital-wallets/google-pay/token' ) {
			return authToken( body );
		}
		if ( p === '/v2/card-nonce' && body.google_pay ) {
			return cardNonce( body );
		}
		return undefined;
	};

	/**
	 * The gateway token for a card the buyer picked in the sheet: what Google's server makes
	 * from the PaymentDataRequest, bound to its amount, currency and gateway merchant.
	 *
	 * @param {Object} body {cardId, authJwt?, totalPrice, currencyCode, gateway, gatewayMerchantId}.
	 */
	function paymentToken( body ) {
		if ( body.authJwt !== undefined ) {
			const auth = unseal( body.authJwt );
			if (
				! auth ||
				auth.kind !== 'google-pay-auth' ||
				Date.now() > auth.expiresAt
			) {
				return {
					status: 400,
					body: {
						statusCode: 'MERCHANT_ACCOUNT_ERROR',
						statusMessage: 'The merchant authJwt is not valid.',
					},
				};
			}
		}
		const wallet = GOOGLE_PAY_CARDS[ body.cardId ];
		if (
			! wallet ||
			body.gateway !== 'square' ||
			! body.gatewayMerchantId
		) {
			return {
				status: 400,
				body: {
					statusCode: 'DEVELOPER_ERROR',
					statusMessage: 'Unknown card or payment gateway.',
				},
			};
		}
		return {
			status: 200,
			body: {
				token: seal( {
					kind: 'google-pay-payment',
					id: id( 'gpt-' ),
					cardId: body.cardId,
					amount: String( body.totalPrice ),
					currency: String( body.currencyCode ).toUpperCase(),
					gatewayMerchantId: body.gatewayMerchantId,
					authMethod: wallet.authMethod,
					expiresAt: Date.now() + PAYMENT_TOKEN_TTL_MS,
				} ),
			},
		};
	}

	const vendor = ( { method, path: p, body } ) => {
		if ( method === 'GET' && p === '/google-pay/sheet' ) {
			return {
				status: 200,
				type: 'text/html; charset=utf-8',
				body: SHEET_PAGE,
			};
		}
		if ( method === 'GET' && p === '/google-pay/scenario' ) {
			return {
				status: 200,
				type: 'application/json',
				body: JSON.stringify( scenario ),
				headers: { 'Access-Control-Allow-Origin': '*' },
			};
		}
		if ( method === 'GET' && p === '/google-pay/cards' ) {
			return { status: 200, body: cardList() };
		}
		if ( method === 'POST' && p === '/google-pay/token' ) {
			return paymentToken( body );
		}
		return undefined;
	};

	return {
		api,
		vendor,
		// POST /__vendors/scenario {vendor: 'google-pay', scenario} (provider.mjs routes it here).
		vendorScenario: {
			vendor: 'google-pay',
			set: ( next ) => {
				scenario = next;
			},
		},
	};
}
