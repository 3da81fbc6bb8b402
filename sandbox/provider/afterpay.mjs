/**
 * Afterpay/Clearpay in the sandbox (wave 2 design A.6, A.7, A.8): the provider's endpoints the
 * main frame calls (`api`), the BNPL sources CreatePayment charges (`sourceOf`) and the popup
 * checkout's pages on the vendor origin (`vendor`).
 *
 * - Hydration: `afterpayConfiguration {minimumAmount, maximumAmount, currency}` for an onboarded
 *   merchant, by the location's currency (afterpayConfigurationFor; session.mjs adds it).
 * - POST /v2/afterpay/checkouts {client_id, location_id, session_id, amount, items, discounts,
 *   shipping}: a checkout token with its expiry (ledger.wallet_artefacts, kind
 *   `afterpay-checkout`, so tests can count them).
 * - Vendor origin: GET /afterpay/checkout (the popup page, both brandings),
 *   GET /afterpay/checkouts/<token> (what the popup shows; unknown, expired or used tokens are
 *   refused), POST /afterpay/checkouts/<token>/confirm (the order token: signed, bound to the
 *   checkout, the amount the buyer confirmed and the address).
 * - POST /v2/instant-wallet-nonce {afterpay_data: {afterpayToken, buyerAmount}}: the order
 *   token for a `wnon:` nonce, once; the buyer amount must be the confirmed amount. The path
 *   is shared with Cash App Pay: provider.mjs routes bodies with afterpay_data here
 *   (`instantWalletNonce`).
 * - CreatePayment with such a nonce: source_type BUY_NOW_PAY_LATER, buy_now_pay_later_details
 *   {brand, afterpay_details | clearpay_details {email_address}}; the amount must be the
 *   confirmed amount. Fixed tokens `wnon:afterpay-or-clearpay-ok` and
 *   `wnon:afterpay-or-clearpay-declined` (any amount within the limits).
 */
import { DEFAULT_LOCATION, LOCATIONS } from './locations.mjs';
import {
	id,
	invalid,
	isSandboxApplicationId,
	NOT_SANDBOX_APPLICATION,
} from './shared.mjs';
import { seal, unseal } from './signing.mjs';

/** How long a checkout token lasts (Afterpay's tokens expire; ours after an hour). */
export const CHECKOUT_TTL_MS = Number(
	process.env.SANDBOX_AFTERPAY_CHECKOUT_TTL_MS || 60 * 60 * 1000
);

/**
 * The merchant's limits per currency (decimal strings; our sandbox's choice, in the range the
 * provider publishes per country).
 */
export const AFTERPAY_LIMITS = Object.freeze( {
	USD: { minimumAmount: '1.00', maximumAmount: '4000.00' },
	CAD: { minimumAmount: '1.00', maximumAmount: '2000.00' },
	AUD: { minimumAmount: '1.00', maximumAmount: '2000.00' },
	GBP: { minimumAmount: '1.00', maximumAmount: '1000.00' },
	EUR: { minimumAmount: '1.00', maximumAmount: '1000.00' },
} );

/** Countries branded Afterpay; the others Clearpay. */
const AFTERPAY_COUNTRIES = [ 'US', 'CA', 'AU', 'NZ' ];

/** The fixed tokens (A.6): approved, declined. */
export const AFTERPAY_FIXED_TOKENS = Object.freeze( {
	'wnon:afterpay-or-clearpay-ok': {},
	'wnon:afterpay-or-clearpay-declined': { decline: 'GENERIC_DECLINE' },
} );

/** The sandbox consumer (prefilled in the popup) and their addresses by country. */
export const AFTERPAY_CONSUMER = Object.freeze( {
	givenName: 'Jane',
	familyName: 'Doe',
	email: 'jane.doe@example.com',
} );
const HOME_ADDRESSES = {
	US: {
		address1: '1455 Market St',
		address2: 'Suite 600',
		suburb: 'San Francisco',
		state: 'CA',
		postcode: '94103',
		phoneNumber: '+14155550100',
	},
	CA: {
		address1: '100 King St W',
		suburb: 'Toronto',
		state: 'ON',
		postcode: 'M5X 1A9',
	},
	AU: {
		address1: '1 George St',
		suburb: 'Sydney',
		state: 'NSW',
		postcode: '2000',
	},
	GB: {
		address1: '1 High Street',
		suburb: 'London',
		state: 'Greater London',
		postcode: 'SW1A 1AA',
	},
	IE: {
		address1: '1 Grafton Street',
		suburb: 'Dublin',
		state: 'Dublin',
		postcode: 'D02 X285',
	},
};

/**
 * The addresses the popup offers: the home one, one abroad (a merchant may refuse it) and an
 * incomplete one (no state or postcode: the SDK calls it unrecognized).
 *
 * @param {string} country Checkout country.
 * @return {Array<Object>} Afterpay addresses with an id and a label.
 */
export function addressesFor( country ) {
	const name = `${ AFTERPAY_CONSUMER.givenName } ${ AFTERPAY_CONSUMER.familyName }`;
	const home = HOME_ADDRESSES[ country ] ?? HOME_ADDRESSES.US;
	const abroad =
		country === 'US'
			? {
					address1: '1 George St',
					suburb: 'Sydney',
					state: 'NSW',
					postcode: '2000',
					countryCode: 'AU',
				}
			: {
					address1: '350 5th Ave',
					suburb: 'New York',
					state: 'NY',
					postcode: '10118',
					countryCode: 'US',
				};
	return [
		{ id: 'home', name, countryCode: country, ...home },
		{ id: 'abroad', name, ...abroad },
		{
			id: 'incomplete',
			name,
			address1: 'PO Box 1',
			suburb: 'Springfield',
			countryCode: country,
		},
	];
}

/**
 * Minor units of a decimal string (every Afterpay currency has two decimals).
 *
 * @param {string} amount Decimal string.
 * @return {number} Minor units.
 */
const minor = ( amount ) => {
	const [ w = '0', f = '' ] = String( amount ).split( '.' );
	return Number( w ) * 100 + Number( ( f + '00' ).slice( 0, 2 ) );
};
const AMOUNT = /^\d+(\.\d{1,2})?$/;

/**
 * The hydration's afterpayConfiguration for a location (its currency), or undefined when the
 * currency is not one Afterpay/Clearpay takes.
 *
 * @param {string} [locationId] Location.
 * @return {Object|undefined} {minimumAmount, maximumAmount, currency}.
 */
export function afterpayConfigurationFor( locationId ) {
	const location = LOCATIONS[ locationId ?? DEFAULT_LOCATION ];
	const limits = location && AFTERPAY_LIMITS[ location.currency ];
	return limits ? { ...limits, currency: location.currency } : undefined;
}

/**
 * The Afterpay/Clearpay area.
 *
 * @param {{ledger: Object}} ctx Provider context.
 * @return {{api: Function, vendor: Function, sourceOf: Function}} Handlers and the source lookup.
 */
export function afterpayArea( { ledger } ) {
	/** Wallet nonces minted here: nonce -> source (with charge). */
	const sources = new Map();
	const checkouts = () =>
		Object.values( ledger.wallet_artefacts ).filter(
			( a ) => a.kind === 'afterpay-checkout'
		);

	/**
	 * Whether an amount is within a currency's limits.
	 *
	 * @param {string} amount   Decimal string.
	 * @param {string} currency Currency.
	 * @return {boolean} Within.
	 */
	const withinLimits = ( amount, currency ) => {
		const l = AFTERPAY_LIMITS[ currency ];
		return Boolean(
			l &&
			minor( amount ) >= minor( l.minimumAmount ) &&
			minor( amount ) <= minor( l.maximumAmount )
		);
	};

	function createCheckout( body ) {
		if ( ! isSandboxApplicationId( body.client_id ) ) {
			return NOT_SANDBOX_APPLICATION;
		}
		const session = ledger.sessions.find(
			( s ) => s.sessionId === body.session_id
		);
		if ( ! session ) {
			return invalid(
				'INVALID_SESSION_ID',
				'The session is not a session of this sandbox.',
				'session_id'
			);
		}
		const locationId = body.location_id ?? DEFAULT_LOCATION;
		const location = LOCATIONS[ locationId ];
		if ( ! location ) {
			return invalid(
				'NOT_FOUND',
				`Location ${ locationId } not found.`,
				'location_id'
			);
		}
		const amount = body.amount?.amount;
		if ( typeof amount !== 'string' || ! AMOUNT.test( amount ) ) {
			return invalid(
				'INVALID_VALUE',
				'amount.amount must be a decimal string.',
				'amount.amount'
			);
		}
		const currency = String(
			body.amount?.currencyCode ?? ''
		).toUpperCase();
		if ( currency !== location.currency || ! AFTERPAY_LIMITS[ currency ] ) {
			return invalid(
				'UNSUPPORTED_CURRENCY',
				`Afterpay/Clearpay at this location takes ${ location.currency } only.`,
				'amount.currencyCode'
			);
		}
		if ( ! withinLimits( amount, currency ) ) {
			const l = AFTERPAY_LIMITS[ currency ];
			return invalid(
				'AMOUNT_OUTSIDE_LIMITS',
				`The amount must be between ${ l.minimumAmount } and ${ l.maximumAmount } ${ currency }.`,
				'amount.amount'
			);
		}
		const token = id( 'apc_sandbox_', 18 );
		const expiresAt = Date.now() + CHECKOUT_TTL_MS;
		ledger.wallet_artefacts[ token ] = {
			kind: 'afterpay-checkout',
			token,
			amount,
			currency,
			country: location.country,
			brand: AFTERPAY_COUNTRIES.includes( location.country )
				? 'Afterpay'
				: 'Clearpay',
			locationId,
			applicationId: body.client_id,
			sessionId: session.sessionId,
			items: Array.isArray( body.items ) ? body.items.length : 0,
			created: Date.now(),
			expiresAt,
			status: 'OPEN',
		};
		return {
			status: 200,
			body: { token, expires: new Date( expiresAt ).toISOString() },
		};
	}

	/**
	 * A checkout by token, or why it cannot be used.
	 *
	 * @param {string} token Token.
	 * @return {{checkout?: Object, refused?: Object}} Checkout or refusal.
	 */
	function openCheckout( token ) {
		const checkout = ledger.wallet_artefacts[ token ];
		if ( ! checkout || checkout.kind !== 'afterpay-checkout' ) {
			return {
				refused: {
					status: 404,
					body: {
						errorCode: 'invalid_token',
						message: 'Unknown checkout token.',
					},
				},
			};
		}
		if ( Date.now() > checkout.expiresAt ) {
			return {
				refused: {
					status: 410,
					body: {
						errorCode: 'expired',
						message: 'This checkout has expired.',
					},
				},
			};
		}
		if ( checkout.status !== 'OPEN' ) {
			return {
				refused: {
					status: 409,
					body: {
						errorCode: 'used',
						message: 'This checkout was already completed.',
					},
				},
			};
		}
		return { checkout };
	}

	function confirm( token, body ) {
		const { checkout, refused } = openCheckout( token );
		if ( refused ) {
			return refused;
		}
		const address = addressesFor( checkout.country ).find(
			( a ) => a.id === body.addressId
		);
		if ( ! address ) {
			return {
				status: 400,
				body: {
					errorCode: 'invalid_address',
					message: 'Pick an address.',
				},
			};
		}
		const orderAmount = body.orderAmount?.amount ?? checkout.amount;
		if (
			! AMOUNT.test( String( orderAmount ) ) ||
			( body.orderAmount &&
				body.orderAmount.currency !== checkout.currency ) ||
			! withinLimits( orderAmount, checkout.currency )
		) {
			return {
				status: 400,
				body: {
					errorCode: 'invalid_amount',
					message: 'The order amount is outside the limits.',
				},
			};
		}
		checkout.status = 'CONFIRMED';
		const { id: addressId, ...shipping } = address;
		return {
			status: 200,
			body: {
				orderToken: seal( {
					kind: 'afterpay-order',
					checkoutToken: token,
					amount: orderAmount,
					currency: checkout.currency,
					brand: checkout.brand,
					email: AFTERPAY_CONSUMER.email,
					address: shipping,
					addressId,
					shippingOptionId: body.shippingOptionId,
				} ),
			},
		};
	}

	/**
	 * A BNPL source for CreatePayment.
	 *
	 * @param {Object} s           What it stands for.
	 * @param {string} s.brand     Afterpay or Clearpay.
	 * @param {string} s.email     Buyer email.
	 * @param {Object} [s.bound]   {amount (minor), currency} it must be charged for.
	 * @param {string} [s.decline] Decline code.
	 * @return {Object} Source.
	 */
	const bnplSource = ( { brand, email, bound, decline } ) => ( {
		method: 'BUY_NOW_PAY_LATER',
		created: Date.now(),
		used: false,
		charge( body ) {
			const m = body.amount_money;
			if ( ! AFTERPAY_LIMITS[ m.currency ] ) {
				return {
					refused: invalid(
						'UNSUPPORTED_CURRENCY',
						`Afterpay/Clearpay does not take ${ m.currency }.`,
						'amount_money.currency'
					),
				};
			}
			if (
				bound &&
				( m.amount !== bound.amount || m.currency !== bound.currency )
			) {
				return {
					refused: invalid(
						'BAD_REQUEST',
						`The amount must be the amount the buyer confirmed with ${ brand } (${ ( bound.amount / 100 ).toFixed( 2 ) } ${ bound.currency }).`,
						'amount_money'
					),
				};
			}
			const l = AFTERPAY_LIMITS[ m.currency ];
			if (
				m.amount < minor( l.minimumAmount ) ||
				m.amount > minor( l.maximumAmount )
			) {
				return {
					refused: invalid(
						'AMOUNT_OUTSIDE_LIMITS',
						`The amount must be between ${ l.minimumAmount } and ${ l.maximumAmount } ${ m.currency }.`,
						'amount_money.amount'
					),
				};
			}
			const key =
				brand === 'Clearpay' ? 'clearpay_details' : 'afterpay_details';
			return {
				status: body.autocomplete === false ? 'APPROVED' : 'COMPLETED',
				decline,
				detail: decline
					? `${ brand } declined the payment.`
					: undefined,
				fields: {
					source_type: 'BUY_NOW_PAY_LATER',
					buy_now_pay_later_details: {
						brand: brand.toUpperCase(),
						[ key ]: { email_address: email },
					},
				},
			};
		},
	} );

	function instantWalletNonce( body ) {
		if ( ! isSandboxApplicationId( body.client_id ) ) {
			return NOT_SANDBOX_APPLICATION;
		}
		const data = body.afterpay_data;
		const order = unseal( data.afterpayToken );
		if ( ! order || order.kind !== 'afterpay-order' ) {
			return invalid(
				'INVALID_AFTERPAY_TOKEN',
				'The Afterpay/Clearpay order token is not from Afterpay/Clearpay.',
				'afterpay_data.afterpayToken'
			);
		}
		const checkout = ledger.wallet_artefacts[ order.checkoutToken ];
		if ( ! checkout || checkout.status !== 'CONFIRMED' ) {
			return invalid(
				'AFTERPAY_TOKEN_USED',
				'The Afterpay/Clearpay order token was already used.',
				'afterpay_data.afterpayToken'
			);
		}
		if ( body.location_id && body.location_id !== checkout.locationId ) {
			return invalid(
				'INVALID_LOCATION',
				'The order belongs to another location.',
				'location_id'
			);
		}
		const buyer = data.buyerAmount ?? {};
		if (
			buyer.amount !== order.amount ||
			String( buyer.currencyCode ?? '' ).toUpperCase() !== order.currency
		) {
			return invalid(
				'AFTERPAY_AMOUNT_MISMATCH',
				`The buyer amount is not the amount confirmed with ${ order.brand }.`,
				'afterpay_data.buyerAmount'
			);
		}
		checkout.status = 'NONCED';
		const nonce = id( 'wnon:', 18 );
		sources.set(
			nonce,
			bnplSource( {
				brand: order.brand,
				email: order.email,
				bound: {
					amount: minor( order.amount ),
					currency: order.currency,
				},
			} )
		);
		ledger.wallet_artefacts[ nonce ] = {
			kind: 'afterpay-nonce',
			checkoutToken: order.checkoutToken,
			amount: order.amount,
			currency: order.currency,
			brand: order.brand,
			created: Date.now(),
		};
		const a = order.address;
		const [ givenName, ...rest ] = String( a.name ?? '' ).split( ' ' );
		const contact = {
			givenName,
			familyName: rest.join( ' ' ),
			addressLines: [ a.address1, a.address2 ].filter( Boolean ),
			city: a.suburb,
			state: a.state,
			postalCode: a.postcode,
			countryCode: a.countryCode,
			...( a.phoneNumber ? { phone: a.phoneNumber } : {} ),
		};
		return {
			status: 200,
			body: {
				token: nonce,
				session_id: body.session_id,
				afterpay_data: { email: order.email },
				...( body.request_billing_contact
					? { billing_contact: { ...contact, email: order.email } }
					: {} ),
				...( body.request_shipping_contact
					? { shipping_contact: contact }
					: {} ),
			},
		};
	}

	const api = ( { method, path: p, body } ) => {
		if ( method !== 'POST' ) {
			return undefined;
		}
		if ( p === '/v2/afterpay/checkouts' ) {
			return createCheckout( body );
		}
		return undefined;
	};

	/**
	 * A source for CreatePayment: a fixed token or a nonce minted here.
	 *
	 * @param {string} sourceId Source id.
	 * @return {Object|undefined} Source.
	 */
	const sourceOf = ( sourceId ) => {
		const fixed = AFTERPAY_FIXED_TOKENS[ sourceId ];
		if ( fixed ) {
			return bnplSource( {
				brand: 'Afterpay',
				email: AFTERPAY_CONSUMER.email,
				decline: fixed.decline,
			} );
		}
		// Only while the ledger knows it: /__reset forgets wallet artefacts, nonces included.
		return ledger.wallet_artefacts[ sourceId ]?.kind === 'afterpay-nonce'
			? sources.get( sourceId )
			: undefined;
	};

	const vendor = ( { method, path: p, body } ) => {
		if ( method === 'GET' && p === '/afterpay/checkout' ) {
			return {
				status: 200,
				type: 'text/html; charset=utf-8',
				body: CHECKOUT_PAGE,
			};
		}
		const m = p.match( /^\/afterpay\/checkouts\/([\w.-]+)(\/confirm)?$/ );
		if ( ! m ) {
			return undefined;
		}
		if ( method === 'GET' && ! m[ 2 ] ) {
			const { checkout, refused } = openCheckout( m[ 1 ] );
			if ( refused ) {
				return refused;
			}
			return {
				status: 200,
				body: {
					token: checkout.token,
					brand: checkout.brand,
					amount: checkout.amount,
					currency: checkout.currency,
					country: checkout.country,
					consumer: AFTERPAY_CONSUMER,
					addresses: addressesFor( checkout.country ),
				},
			};
		}
		if ( method === 'POST' && m[ 2 ] ) {
			return confirm( m[ 1 ], body );
		}
		return undefined;
	};

	return {
		api,
		vendor,
		sourceOf,
		checkouts,
		// POST /v2/instant-wallet-nonce bodies with afterpay_data (provider.mjs routes them).
		instantWalletNonce: {
			dataKey: 'afterpay_data',
			create: instantWalletNonce,
		},
	};
}

const CHECKOUT_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Afterpay</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>
body{font:15px/1.45 system-ui,sans-serif;margin:0;background:#fff;color:#000}
header{background:#b2fce4;padding:12px 16px;font-weight:800;font-size:20px}
main{max-width:460px;margin:0 auto;padding:16px}
fieldset{border:1px solid #ddd;border-radius:8px;margin:12px 0;padding:8px 12px}
label{display:block;padding:4px 0}
[role=alert]{color:#b00020;min-height:1.4em}
ol.schedule{display:grid;grid-template-columns:repeat(4,1fr);list-style:none;padding:0;text-align:center}
.actions{display:flex;gap:8px;justify-content:flex-end}
button{font:inherit;padding:10px 18px;border-radius:22px;border:1px solid #000;background:#fff}
#confirm{background:#000;color:#fff}
#confirm:disabled{opacity:.4}
</style>
</head>
<body>
<header id="brand">Afterpay</header>
<main id="checkout" aria-busy="true"><p>Loading…</p></main>
<script src="/afterpay/checkout.js"></script>
</body>
</html>
`;
