/**
 * Apple Pay in the sandbox (wave 2 design A.2, A.7): the provider's endpoints (`api`) — domain
 * registration (a merchant API), the domain association file, merchant validation (single-use
 * five-minute merchant sessions for registered domains) and the wallet card nonce that opens the
 * stand-in's sealed payment data — and Apple's side on the vendor origin (`vendor`): the sheet
 * page and the authorisation that seals the payment data.
 */
import { hydrationFor } from '../applications.mjs';
import { TEST_CARDS } from '../test-cards.mjs';
import {
	apiError,
	cardNonceAnswer,
	id,
	invalid,
	isSandboxApplicationId,
	NOT_SANDBOX_APPLICATION,
} from './shared.mjs';
import { seal, unseal } from './signing.mjs';
import { authorized } from './state.mjs';
import { mintWalletNonce } from './wallet-nonce.mjs';

/** How long a merchant session lives (Apple: five minutes). */
export const MERCHANT_SESSION_TTL_MS = 5 * 60 * 1000;

/** The file Square asks merchants to host at /.well-known/apple-developer-merchantid-domain-association. */
const DOMAIN_ASSOCIATION = `7B227073704964223A2239373943394538343346343131343044463144313834343232393232313734313034353044314339464446394437384337313531303944334643463542433731222C2276657273696F6E223A312C22637265617465644F6E223A313731353230303030303030302C227369676E6174757265223A22${ Buffer.from(
	'kestrel-forms-payments-sandbox'
).toString( 'hex' ) }227D`;

/** The cards in the sandbox's Apple Pay wallet (sandbox/test-cards.mjs numbers). */
export const WALLET_CARDS = [
	{
		id: 'visa',
		label: 'Visa •••• 1111',
		number: '4111111111111111',
		network: 'Visa',
		type: 'credit',
	},
	{
		id: 'mastercard',
		label: 'Mastercard •••• 4444',
		number: '5555555555554444',
		network: 'MasterCard',
		type: 'debit',
	},
	{
		id: 'declined',
		label: 'Visa •••• 0002',
		number: '4000000000000002',
		network: 'Visa',
		type: 'credit',
	},
];

/** The contacts in the sandbox's Apple Pay wallet. */
export const WALLET_CONTACTS = [
	{
		id: 'home',
		label: 'Ada Lovelace, 1 Market St, San Francisco CA 94103',
		contact: {
			givenName: 'Ada',
			familyName: 'Lovelace',
			emailAddress: 'ada@example.com',
			phoneNumber: '+14155550100',
			addressLines: [ '1 Market St' ],
			locality: 'San Francisco',
			administrativeArea: 'CA',
			postalCode: '94103',
			country: 'United States',
			countryCode: 'US',
		},
	},
	{
		id: 'work',
		label: 'Grace Hopper, 290 Bremner Blvd, Toronto ON M5V 3L9',
		contact: {
			givenName: 'Grace',
			familyName: 'Hopper',
			emailAddress: 'grace@example.com',
			phoneNumber: '+14165550100',
			addressLines: [ '290 Bremner Blvd' ],
			locality: 'Toronto',
			administrativeArea: 'ON',
			postalCode: 'M5V 3L9',
			country: 'Canada',
			countryCode: 'CA',
		},
	},
];

const HOST_NAME =
	/^(?=.{1,253}$)[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/i;

/**
 * The host name of an address ('' when it is not one).
 *
 * @param {unknown} url Address.
 * @return {string} Host name, lower case.
 */
function hostOf( url ) {
	try {
		return new URL( String( url ) ).hostname.toLowerCase();
	} catch {
		return '';
	}
}

/**
 * The Apple Pay area.
 *
 * @param {{ledger: Object, vendorOrigin: () => string}} ctx Provider context.
 * @return {{api: Function, vendor: Function}} Handlers: an answer, or undefined when not theirs.
 */
export function applePayArea( { ledger, vendorOrigin } ) {
	const validationUrl = () =>
		`${ vendorOrigin() }/apple-pay/paymentservices/startSession`;

	/**
	 * RegisterDomain (POST /v2/apple-pay/domains): a merchant API, with the bearer token.
	 *
	 * @param {Object} request         Request.
	 * @param {Object} request.body    Body {domain_name}.
	 * @param {Object} request.headers Headers (Authorization).
	 */
	function registerDomain( { body, headers } ) {
		if ( ! authorized( headers ) ) {
			return apiError(
				401,
				'AUTHENTICATION_ERROR',
				'UNAUTHORIZED',
				'This request could not be authorized.'
			);
		}
		const domain = String( body.domain_name ?? '' )
			.trim()
			.toLowerCase();
		if ( ! HOST_NAME.test( domain ) ) {
			return invalid(
				'INVALID_VALUE',
				'domain_name must be a host name, without scheme or path.',
				'domain_name'
			);
		}
		if ( ! ledger.apple_pay_domains.includes( domain ) ) {
			ledger.apple_pay_domains.push( domain );
		}
		return { status: 200, body: { status: 'VERIFIED' } };
	}

	/**
	 * Merchant validation (the main frame's REQUEST_APPLE_PAY_MERCHANT_VALIDITY): a merchant
	 * session for a registered domain, valid once and for five minutes.
	 *
	 * @param {Object} body Request body.
	 */
	function validateMerchant( body ) {
		if ( ! isSandboxApplicationId( body.client_id ) ) {
			return NOT_SANDBOX_APPLICATION;
		}
		const host = hostOf( body.source_url );
		if ( ! host || ! ledger.apple_pay_domains.includes( host ) ) {
			return invalid(
				'DOMAIN_NOT_REGISTERED',
				`The domain ${ host || '(none)' } is not registered for Apple Pay.`,
				'source_url'
			);
		}
		if ( String( body.domain_name ?? '' ).toLowerCase() !== host ) {
			return invalid(
				'INVALID_DOMAIN',
				'domain_name must be the host of source_url.',
				'domain_name'
			);
		}
		if ( body.validation_url !== validationUrl() ) {
			return invalid(
				'INVALID_VALIDATION_URL',
				'validation_url is not an Apple Pay validation URL.',
				'validation_url'
			);
		}
		const hydration = hydrationFor( body.client_id );
		const now = Date.now();
		const merchantSessionIdentifier = id( 'SSH', 24 );
		const expiresAt = now + MERCHANT_SESSION_TTL_MS;
		ledger.wallet_sessions[ merchantSessionIdentifier ] = {
			wallet: 'APPLE_PAY',
			clientId: body.client_id,
			sessionId: body.session_id ?? null,
			domainName: host,
			created: now,
			expiresAt,
			used: false,
		};
		return {
			status: 200,
			body: {
				epochTimestamp: now,
				expiresAt,
				merchantSessionIdentifier,
				nonce: id( '', 6 ),
				merchantIdentifier: hydration.applePayMerchantIdentifier,
				domainName: host,
				displayName: String(
					body.merchant_name || hydration.merchantName
				),
				signature: seal( {
					merchantSessionIdentifier,
					domainName: host,
					expiresAt,
				} ),
			},
		};
	}

	/**
	 * POST /v2/card-nonce with an `apple_pay` body: opens the sealed payment data and checks
	 * the merchant session it names (issued here, unused, unexpired, same domain); the card
	 * declines at CreatePayment as its test card does.
	 *
	 * @param {Object} body Request body.
	 */
	function cardNonce( body ) {
		if ( ! isSandboxApplicationId( body.client_id ) ) {
			return NOT_SANDBOX_APPLICATION;
		}
		const pay = body.apple_pay ?? {};
		const data = pay.payment_data ?? {};
		const sealed = unseal( data.data );
		if (
			! sealed ||
			data.version !== 'EC_v1' ||
			data.header?.transactionId !== sealed.transactionId ||
			pay.transaction_identifier !== sealed.transactionId
		) {
			return invalid(
				'INVALID_APPLE_PAY_PAYMENT_DATA',
				'The Apple Pay payment data is not valid.',
				'apple_pay.payment_data'
			);
		}
		if ( ledger.wallet_artefacts[ sealed.transactionId ] ) {
			return invalid(
				'APPLE_PAY_PAYMENT_DATA_ALREADY_USED',
				'This Apple Pay payment was already tokenized.',
				'apple_pay.payment_data'
			);
		}
		const session =
			ledger.wallet_sessions[ sealed.merchantSessionIdentifier ];
		if ( ! session || session.wallet !== 'APPLE_PAY' ) {
			return invalid(
				'MERCHANT_SESSION_NOT_FOUND',
				'The Apple Pay merchant session was not issued by this provider.'
			);
		}
		if ( session.used ) {
			return invalid(
				'MERCHANT_SESSION_ALREADY_USED',
				'The Apple Pay merchant session was already used.'
			);
		}
		if ( Date.now() >= session.expiresAt ) {
			return invalid(
				'MERCHANT_SESSION_EXPIRED',
				'The Apple Pay merchant session expired.'
			);
		}
		if ( session.domainName !== sealed.domainName ) {
			return invalid(
				'MERCHANT_SESSION_DOMAIN_MISMATCH',
				'The Apple Pay merchant session is for another domain.'
			);
		}
		session.used = true;
		ledger.wallet_artefacts[ sealed.transactionId ] = {
			wallet: 'APPLE_PAY',
			used: true,
			merchantSessionIdentifier: sealed.merchantSessionIdentifier,
			amount: sealed.amount,
			currency: sealed.currency,
		};
		const known = TEST_CARDS[ sealed.cardNumber ];
		const card = {
			brand: known.brand,
			last4: sealed.cardNumber.slice( -4 ),
			expMonth: 12,
			expYear: 2030,
			cardType: known.cardType,
			prepaidType: known.prepaidType,
		};
		// Apple Pay is strongly authenticated on the device: no buyer verification needed.
		const nonce = mintWalletNonce( ledger, {
			wallet: 'APPLE_PAY',
			card: { ...card, bin: sealed.cardNumber.slice( 0, 6 ) },
			sessionId: body.session_id,
			decline: known.decline,
			bound: { amount: sealed.amount, currency: sealed.currency },
		} );
		return cardNonceAnswer( nonce, body.session_id, card );
	}

	const api = ( request ) => {
		const { method, path: p, body } = request;
		if ( method === 'POST' && p === '/v2/apple-pay/domains' ) {
			return registerDomain( request );
		}
		if (
			method === 'GET' &&
			p ===
				'/digital-wallets/apple-pay/apple-developer-merchantid-domain-association'
		) {
			return {
				status: 200,
				type: 'text/plain',
				body: DOMAIN_ASSOCIATION,
			};
		}
		if ( method === 'POST' && p === '/v2/apple-pay/validate-merchant' ) {
			return validateMerchant( body );
		}
		if ( method === 'POST' && p === '/v2/card-nonce' && body.apple_pay ) {
			return cardNonce( body );
		}
		// Tests only: merchant sessions expire now (one, or all).
		if ( method === 'POST' && p === '/__apple-pay/expire' ) {
			let n = 0;
			for ( const [ key, s ] of Object.entries(
				ledger.wallet_sessions
			) ) {
				if (
					s.wallet === 'APPLE_PAY' &&
					( ! body.merchantSessionIdentifier ||
						body.merchantSessionIdentifier === key )
				) {
					s.expiresAt = Date.now() - 1;
					n++;
				}
			}
			return { status: 200, body: { expired: n } };
		}
		return undefined;
	};

	/**
	 * Apple's authorisation on the vendor origin: the sheet asks for the payment data of the
	 * card the buyer picked, sealed with the merchant session, domain and total it binds.
	 *
	 * @param {Object} body {merchantSession, card, total: {amount}, currencyCode}.
	 */
	function authorize( body ) {
		const ms = body.merchantSession ?? {};
		const signed = unseal( ms.signature );
		if (
			! signed ||
			signed.merchantSessionIdentifier !== ms.merchantSessionIdentifier
		) {
			return invalid(
				'INVALID_MERCHANT_SESSION',
				'The merchant session was not signed by the payment provider.'
			);
		}
		const card = WALLET_CARDS.find( ( c ) => c.id === body.card );
		if ( ! card ) {
			return invalid( 'INVALID_CARD', 'No such card in the wallet.' );
		}
		const transactionId = id( '', 16 ).replace( /[-_]/g, 'A' );
		return {
			status: 200,
			body: {
				paymentData: {
					version: 'EC_v1',
					data: seal( {
						cardNumber: card.number,
						merchantSessionIdentifier:
							signed.merchantSessionIdentifier,
						domainName: signed.domainName,
						amount: String( body.total?.amount ?? '' ),
						currency: String( body.currencyCode ?? '' ),
						transactionId,
					} ),
					signature: Buffer.from(
						`sandbox:${ transactionId }`
					).toString( 'base64' ),
					header: {
						ephemeralPublicKey: id( '', 32 ),
						publicKeyHash: id( '', 16 ),
						transactionId,
					},
				},
				paymentMethod: {
					displayName: card.label.replace( ' •••• ', ' ' ),
					network: card.network,
					type: card.type,
				},
				transactionIdentifier: transactionId,
			},
		};
	}

	const sheetPage = () => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Apple Pay</title>
<style>
body { font: 15px -apple-system, system-ui, sans-serif; margin: 0; background: #fff; color: #111; }
main { max-width: 420px; margin: 0 auto; padding: 16px; }
fieldset { border: 0; border-top: 1px solid #ddd; margin: 8px 0; padding: 8px 0; }
legend { font-weight: 600; }
[role=alert] { color: #b00020; }
button { font: inherit; padding: 10px 14px; margin: 4px 4px 0 0; border-radius: 8px; border: 1px solid #111; }
#pay { background: #111; color: #fff; }
</style>
</head>
<body>
<main id="sheet" aria-label="Apple Pay"></main>
<script type="application/json" id="wallet">${ JSON.stringify( {
		cards: WALLET_CARDS.map( ( { id: cid, label } ) => ( {
			id: cid,
			label,
		} ) ),
		contacts: WALLET_CONTACTS,
	} ).replace( /</g, '\\u003c' ) }</script>
<script src="/apple-pay/sheet.js"></script>
</body>
</html>`;

	const vendor = ( { method, path: p, body } ) => {
		if ( method === 'GET' && p === '/apple-pay/sheet' ) {
			return {
				status: 200,
				type: 'text/html; charset=utf-8',
				body: sheetPage(),
			};
		}
		if ( method === 'POST' && p === '/apple-pay/authorize' ) {
			return authorize( body );
		}
		if ( p === '/apple-pay/paymentservices/startSession' ) {
			// Apple's merchant validation endpoint: only the provider's servers may call it.
			return apiError(
				403,
				'AUTHENTICATION_ERROR',
				'FORBIDDEN',
				'Merchant validation is done by the payment provider.'
			);
		}
		return undefined;
	};

	return { api, vendor };
}
