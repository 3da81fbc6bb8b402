/**
 * ACH bank transfers in the sandbox (wave 2 design A.4, A.7, A.8): the provider's endpoints the
 * main frame and the authorisation frame call (`api`), bank nonces as payment sources
 * (`sourceOf`), the settlement control (`control`) and the Plaid Link stand-in's pages on the
 * vendor origin (`vendor`).
 *
 * - POST /digital-wallets/plaid/oauth-link-session {client_id, location_id, redirect_uri,
 *   language_code}: a Plaid link token (`link-sandbox-…`) and the provider's session token. The
 *   session token is kept in the ledger's nonces, so `POST /__expire {token}` expires it.
 * - POST /v2/bank-nonce {session_token, public_token, bank_account_id, account_holder_name, …}:
 *   the public token must be one the Link stand-in minted for that link token, and the account
 *   one it showed; answers a `bnon:` nonce with the account's details. Errors (spec §8):
 *   EXPIRED_PLAID_SESSION, INVALID_SELECTED_PLAID_BANK_ACCOUNT_ID, UNKNOWN.
 * - POST /v2/ach/authorizations (ours): what the authorisation frame sends when the buyer
 *   authorises; answers an authorised `bnon:` token bound to intent, amount and currency.
 * - CreatePayment with a `bnon:` source: BANK_ACCOUNT, PENDING, bank_account_details; USD only,
 *   autocomplete must be true. PENDING → COMPLETED (or FAILED for the insufficient-funds
 *   nonce) after SANDBOX_ACH_SETTLE_MS (default 60000), or at `POST /__settle {payment_id,
 *   outcome}`; each emits payment.updated. `POST /__ach/mode {settle_ms}` changes the wait ({}
 *   restores the default).
 * - Fixed tokens: `bnon:bank-nonce-ok`, `bnon:bank-nonce-insufficient-funds` (settles FAILED),
 *   and the bank account id `bact:bank-account-ok` (CHARGE with bankAccountId, RECURRING_CHARGE).
 * - Vendor origin: GET /plaid/link (Link's page), GET /plaid/session?token= (what the page
 *   shows), POST /plaid/exchange (Plaid's server: the public token for the picked account).
 */
import { createHash } from 'node:crypto';
import { LOCATIONS } from './locations.mjs';
import {
	apiError,
	id,
	invalid,
	isSandboxApplicationId,
	NOT_SANDBOX_APPLICATION,
} from './shared.mjs';

/** How long a PENDING ACH payment waits before it settles (Square's sandbox: about a minute). */
export const ACH_SETTLE_MS = Number(
	process.env.SANDBOX_ACH_SETTLE_MS ?? 60000
);
/** A link session lasts 30 minutes (Plaid: a link token lives 4 hours; ours is shorter). */
const LINK_TTL_MS = 30 * 60 * 1000;

/** Plaid's published sandbox institutions (A.4). */
export const PLAID_INSTITUTIONS = Object.freeze( [
	{ institution_id: 'ins_109508', name: 'First Platypus Bank' },
	{ institution_id: 'ins_109511', name: 'Tartan Bank' },
	{ institution_id: 'ins_109512', name: 'Houndstooth Bank' },
] );

/** Plaid's sandbox credentials: user_good / pass_good; mfa_device asks for the code 1234. */
export const PLAID_CREDENTIALS = Object.freeze( {
	user_good: { password: 'pass_good', mfa: null },
	mfa_device: {
		password: 'pass_good',
		mfa: { type: 'device', code: '1234' },
	},
} );

/** The accounts of the sandbox user (Plaid's names and masks). */
const ACCOUNTS = Object.freeze( [
	{
		key: 'checking',
		name: 'Plaid Checking',
		mask: '0000',
		type: 'depository',
		subtype: 'checking',
	},
	{
		key: 'saving',
		name: 'Plaid Saving',
		mask: '1111',
		type: 'depository',
		subtype: 'savings',
	},
] );

/** Routing number of the sandbox banks (an ABA test number). */
const ROUTING_NUMBER = '011401533';

export const BANK_NONCE_ERRORS = Object.freeze( {
	EXPIRED_PLAID_SESSION: 'The plaid session was expired. Please try again.',
	INVALID_SELECTED_PLAID_BANK_ACCOUNT_ID:
		'Invalid plaid bank account id selected',
	UNKNOWN: 'An unknown error has occurred',
} );

const INTENTS = [ 'CHARGE', 'STORE', 'RECURRING_CHARGE' ];

const FREQUENCY_UNITS = [ 'daily', 'weekly', 'monthly', 'yearly' ];
const MONTHS = [
	'JANUARY',
	'FEBRUARY',
	'MARCH',
	'APRIL',
	'MAY',
	'JUNE',
	'JULY',
	'AUGUST',
	'SEPTEMBER',
	'OCTOBER',
	'NOVEMBER',
	'DECEMBER',
];
const WEEKDAYS = [
	'MONDAY',
	'TUESDAY',
	'WEDNESDAY',
	'THURSDAY',
	'FRIDAY',
	'SATURDAY',
	'SUNDAY',
];

/**
 * A RECURRING_CHARGE's frequency object (the alternative to `cadence`, as the
 * quickstart's ach-recurring page sends it): exactly one of daily, weekly,
 * monthly, yearly; `occurrence` a positive integer when given; `months` month
 * names (yearly only); `days` with `daysOfMonth` 1–31 and/or `daysOfWeek`
 * weekday names.
 *
 * @param {unknown} f The frequency as sent.
 * @return {string|null} What is wrong, or null.
 */
export function checkFrequency( f ) {
	if ( ! f || typeof f !== 'object' || Array.isArray( f ) ) {
		return 'frequency must be an object.';
	}
	const keys = Object.keys( f );
	if ( keys.length !== 1 || ! FREQUENCY_UNITS.includes( keys[ 0 ] ) ) {
		return 'frequency needs exactly one of daily, weekly, monthly, yearly.';
	}
	const unit = keys[ 0 ];
	const rule = f[ unit ];
	if ( ! rule || typeof rule !== 'object' || Array.isArray( rule ) ) {
		return `frequency.${ unit } must be an object.`;
	}
	const known = [ 'occurrence', 'months', 'days' ];
	const unknown = Object.keys( rule ).find( ( k ) => ! known.includes( k ) );
	if ( unknown ) {
		return `frequency.${ unit }.${ unknown } is not a known field.`;
	}
	if (
		rule.occurrence !== undefined &&
		! ( Number.isInteger( rule.occurrence ) && rule.occurrence >= 1 )
	) {
		return `frequency.${ unit }.occurrence must be a positive integer.`;
	}
	if ( rule.months !== undefined ) {
		if (
			unit !== 'yearly' ||
			! Array.isArray( rule.months ) ||
			! rule.months.length ||
			! rule.months.every( ( m ) => MONTHS.includes( m ) )
		) {
			return 'frequency.yearly.months must list month names (JANUARY … DECEMBER).';
		}
	}
	if ( rule.days !== undefined ) {
		const days = rule.days;
		if ( unit === 'daily' || ! days || typeof days !== 'object' ) {
			return `frequency.${ unit }.days is not valid here.`;
		}
		const { daysOfMonth, daysOfWeek, ...rest } = days;
		if ( Object.keys( rest ).length ) {
			return `frequency.${ unit }.days.${
				Object.keys( rest )[ 0 ]
			} is not a known field.`;
		}
		if (
			daysOfMonth !== undefined &&
			( unit === 'weekly' ||
				! Array.isArray( daysOfMonth ) ||
				! daysOfMonth.length ||
				! daysOfMonth.every(
					( d ) => Number.isInteger( d ) && d >= 1 && d <= 31
				) )
		) {
			return `frequency.${ unit }.days.daysOfMonth must list days 1 to 31.`;
		}
		if (
			daysOfWeek !== undefined &&
			( ! Array.isArray( daysOfWeek ) ||
				! daysOfWeek.length ||
				! daysOfWeek.every( ( d ) => WEEKDAYS.includes( d ) ) )
		) {
			return `frequency.${ unit }.days.daysOfWeek must list weekday names.`;
		}
		if ( daysOfMonth === undefined && daysOfWeek === undefined ) {
			return `frequency.${ unit }.days needs daysOfMonth or daysOfWeek.`;
		}
	}
	return null;
}

const LINK_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Plaid Link</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>
body{font:15px/1.4 system-ui,sans-serif;margin:0;background:transparent;color:#111}
main{max-width:400px;margin:5vh auto;padding:20px;background:#fff;border-radius:12px;box-shadow:0 8px 40px rgba(0,0,0,.35)}
h1{font-size:20px;margin:0 0 12px}
label{display:block;margin:8px 0 2px}
input[type=text],input[type=password],input[type=search]{width:100%;box-sizing:border-box;padding:8px;font:inherit}
ul{list-style:none;padding:0}
li{margin:6px 0}
button{font:inherit;padding:8px 14px;border-radius:6px;border:1px solid #999;background:#fff;cursor:pointer}
.primary{background:#111;color:#fff;border-color:#111}
[role=alert]{color:#b00020;min-height:1.4em}
.close{float:right}
</style>
</head>
<body>
<main id="link" aria-busy="true"></main>
<script src="/plaid/link.js"></script>
</body>
</html>
`;

/**
 * The ACH area.
 *
 * @param {{ledger: Object, emit: Function}} ctx Provider context.
 * @return {{api: Function, vendor: Function, sourceOf: Function, control: Function}} Handlers.
 */
export function achArea( { ledger, emit } ) {
	/** Link tokens -> their link session (session token, language, accounts shown). */
	const links = new Map();
	/** Public tokens the Link stand-in minted -> {linkToken, institution, accounts}. */
	const publicTokens = new Map();
	/** Settlement timers by payment id. */
	const timers = new Map();
	/** Test switches of the Link stand-in (POST /__vendors/scenario {vendor:'plaid'}). */
	let scenario = {};
	/** How long a PENDING payment waits before it settles (POST /__ach/mode {settle_ms}). */
	let settleMs = ACH_SETTLE_MS;

	const bankError = ( code ) =>
		apiError(
			400,
			'PAYMENT_METHOD_ERROR',
			code,
			BANK_NONCE_ERRORS[ code ]
		);

	function refuseClient( body ) {
		if ( ! isSandboxApplicationId( body.client_id ) ) {
			return NOT_SANDBOX_APPLICATION;
		}
		if ( ! LOCATIONS[ body.location_id ] ) {
			return invalid(
				'INVALID_LOCATION_ID',
				'ACH needs a location id of this merchant.',
				'location_id'
			);
		}
		if ( LOCATIONS[ body.location_id ].country !== 'US' ) {
			return invalid(
				'US_MERCHANT_ONLY',
				'ACH bank transfers are available to US locations only.',
				'location_id'
			);
		}
		return null;
	}

	function linkSession( body ) {
		const refused = refuseClient( body );
		if ( refused ) {
			return refused;
		}
		const language = body.language_code === 'es' ? 'es' : 'en';
		const linkToken = id( 'link-sandbox-', 18 );
		const sessionToken = id( 'plaid-session-', 18 );
		// Each link session shows its own account ids (Plaid's ids differ per Item).
		const accounts = ACCOUNTS.map( ( a ) => ( {
			...a,
			id: id( 'acc-', 12 ),
		} ) );
		links.set( linkToken, {
			sessionToken,
			language,
			accounts,
			clientId: body.client_id,
			locationId: body.location_id,
			redirectUri: body.redirect_uri ?? null,
			expiresAt: Date.now() + LINK_TTL_MS,
		} );
		ledger.nonces[ sessionToken ] = {
			method: 'BANK_LINK',
			created: Date.now(),
			used: false,
			linkToken,
			sessionId: body.session_id ?? null,
		};
		return {
			status: 200,
			body: {
				link_token: linkToken,
				session_token: sessionToken,
				expiration: new Date( Date.now() + LINK_TTL_MS ).toISOString(),
			},
		};
	}

	/**
	 * The details a bank account shows to the merchant (never the full number).
	 *
	 * @param {Object} account Account.
	 * @param {string} bank    Bank name.
	 */
	const accountDetails = ( account, bank ) => ( {
		account_number_suffix: account.mask.slice( -3 ),
		account_type: account.subtype === 'savings' ? 'SAVINGS' : 'CHECKING',
		bank_name: bank,
	} );

	function mintBankNonce( fields ) {
		const nonce = id( 'bnon:', 18 );
		ledger.nonces[ nonce ] = {
			method: 'BANK_ACCOUNT',
			created: Date.now(),
			used: false,
			...fields,
		};
		return nonce;
	}

	function bankNonce( body ) {
		const refused = refuseClient( body );
		if ( refused ) {
			return refused;
		}
		const session = ledger.nonces[ body.session_token ];
		if ( ! session || session.method !== 'BANK_LINK' ) {
			return bankError( 'UNKNOWN' );
		}
		const link = links.get( session.linkToken );
		if ( session.expired || ! link || Date.now() > link.expiresAt ) {
			return bankError( 'EXPIRED_PLAID_SESSION' );
		}
		const minted = publicTokens.get( body.public_token );
		if ( ! minted || minted.linkToken !== session.linkToken ) {
			return bankError( 'UNKNOWN' );
		}
		const account = minted.accounts.find(
			( a ) => a.id === body.bank_account_id
		);
		if ( ! account ) {
			return bankError( 'INVALID_SELECTED_PLAID_BANK_ACCOUNT_ID' );
		}
		const name = String( body.account_holder_name ?? '' ).trim();
		if ( ! name ) {
			return invalid(
				'MISSING_REQUIRED_PARAMETER',
				'account_holder_name is required.',
				'account_holder_name'
			);
		}
		// A public token is exchanged once (Plaid's rule).
		publicTokens.delete( body.public_token );
		session.used = true;
		const details = accountDetails( account, minted.institution.name );
		const nonce = mintBankNonce( {
			sessionId: body.session_id ?? null,
			accountHolderName: name,
			account: details,
			bankAccountId: bankAccountIdOf( minted.institution, account ),
		} );
		return {
			status: 200,
			body: {
				bank_nonce: nonce,
				account_details: details,
				session_id: body.session_id,
				payment_method_tracking_id: body.payment_method_tracking_id,
			},
		};
	}

	/**
	 * A stable id of a linked account (what Square's bank accounts API would keep).
	 *
	 * @param {Object} institution Institution.
	 * @param {Object} account     Account.
	 */
	const bankAccountIdOf = ( institution, account ) =>
		`bact:${ createHash( 'sha256' )
			.update( `${ institution.institution_id }/${ account.key }` )
			.digest( 'base64url' )
			.slice( 0, 16 ) }`;

	/**
	 * Bank account ids known to the sandbox: the fixed one and every linked one.
	 *
	 * @param {string} bankAccountId Id.
	 * @return {Object|null} Its details.
	 */
	function knownBankAccount( bankAccountId ) {
		if ( bankAccountId === 'bact:bank-account-ok' ) {
			return accountDetails( ACCOUNTS[ 0 ], 'First Platypus Bank' );
		}
		const found = Object.values( ledger.nonces ).find(
			( n ) =>
				n.method === 'BANK_ACCOUNT' && n.bankAccountId === bankAccountId
		);
		return found?.account ?? null;
	}

	function authorize( body ) {
		const refused = refuseClient( body );
		if ( refused ) {
			return refused;
		}
		if ( ! INTENTS.includes( body.intent ) ) {
			return invalid(
				'INVALID_VALUE',
				`Unsupported intent ${ body.intent }. Must be one of: ${ INTENTS.join( ', ' ) }`,
				'intent'
			);
		}
		if (
			typeof body.idempotency_key !== 'string' ||
			! body.idempotency_key
		) {
			return invalid(
				'MISSING_REQUIRED_PARAMETER',
				'idempotency_key is required.',
				'idempotency_key'
			);
		}
		const total = body.total ?? {};
		if (
			body.intent !== 'STORE' &&
			( ! Number.isInteger( total.amount ) ||
				total.amount < 1 ||
				total.currency_code !== 'USD' )
		) {
			return invalid(
				'INVALID_VALUE',
				'total must be a positive amount in USD.',
				'total'
			);
		}
		const byNonce = typeof body.bank_nonce === 'string';
		const byAccount = typeof body.bank_account_id === 'string';
		if ( body.intent === 'CHARGE' && byNonce === byAccount ) {
			return invalid(
				'INVALID_VALUE',
				'A CHARGE needs exactly one of bank_nonce and bank_account_id.',
				'bank_nonce'
			);
		}
		if ( body.intent === 'RECURRING_CHARGE' ) {
			const hasFrequency =
				body.frequency !== undefined && body.frequency !== null;
			if ( hasFrequency && body.cadence !== undefined ) {
				return invalid(
					'INVALID_VALUE',
					'A RECURRING_CHARGE has either cadence or frequency, not both.',
					'frequency'
				);
			}
			const frequencyProblem = hasFrequency
				? checkFrequency( body.frequency )
				: null;
			if ( frequencyProblem ) {
				return invalid(
					'INVALID_VALUE',
					frequencyProblem,
					'frequency'
				);
			}
			if (
				! byAccount ||
				( ! hasFrequency &&
					! [ 'WEEKLY', 'MONTHLY' ].includes( body.cadence ) ) ||
				! /^\d{4}-\d{2}-\d{2}$/.test( body.start_date ?? '' )
			) {
				return invalid(
					'INVALID_VALUE',
					'A RECURRING_CHARGE needs bank_account_id, cadence WEEKLY or MONTHLY (or a frequency) and start_date.',
					'cadence'
				);
			}
		}
		let account;
		let holder;
		let bankAccountId;
		if ( byNonce ) {
			const source = ledger.nonces[ body.bank_nonce ];
			if (
				! source ||
				source.method !== 'BANK_ACCOUNT' ||
				source.used ||
				source.expired ||
				source.authorization
			) {
				return invalid(
					'INVALID_VALUE',
					'The bank nonce is unknown, used or expired.',
					'bank_nonce'
				);
			}
			source.used = true;
			account = source.account;
			holder =
				String( body.account_holder_name ?? '' ).trim() ||
				source.accountHolderName;
			bankAccountId = source.bankAccountId;
		} else {
			account = knownBankAccount( body.bank_account_id );
			if ( ! account ) {
				return apiError(
					404,
					'INVALID_REQUEST_ERROR',
					'NOT_FOUND',
					'The bank account is unknown.',
					'bank_account_id'
				);
			}
			holder = String( body.account_holder_name ?? '' ).trim();
			bankAccountId = body.bank_account_id;
		}
		const authorization = {
			id: id( 'achauth-', 12 ),
			intent: body.intent,
			amount: total.amount ?? null,
			currency: total.currency_code ?? null,
			cadence: body.cadence,
			frequency: body.frequency ?? undefined,
			start_date: body.start_date,
			signed_at: new Date().toISOString(),
		};
		const token = mintBankNonce( {
			sessionId: body.session_id ?? null,
			accountHolderName: holder,
			account,
			bankAccountId,
			authorization,
		} );
		return {
			status: 200,
			body: {
				token,
				authorization_id: authorization.id,
				account_details: account,
			},
		};
	}

	/**
	 * How a bank nonce is charged (A.8): USD, autocomplete, the authorised amount; PENDING.
	 *
	 * @param {Object} source Ledger entry.
	 * @param {string} fail   Decline code it settles with, if any.
	 */
	const chargeOf = ( source, fail ) => ( body ) => {
		const m = body.amount_money;
		if ( m.currency !== 'USD' ) {
			return {
				refused: invalid(
					'UNSUPPORTED_CURRENCY',
					'ACH bank transfers are only available in USD.',
					'amount_money.currency'
				),
			};
		}
		if ( body.autocomplete === false ) {
			return {
				refused: invalid(
					'INVALID_VALUE',
					'ACH bank transfer payments must be completed at once: autocomplete must be true.',
					'autocomplete'
				),
			};
		}
		const a = source.authorization;
		if (
			a &&
			a.intent !== 'STORE' &&
			( a.amount !== m.amount || a.currency !== m.currency )
		) {
			return {
				refused: invalid(
					'AMOUNT_MISMATCH',
					'The buyer authorised another amount for this bank transfer.',
					'amount_money'
				),
			};
		}
		const account = source.account;
		return {
			status: 'PENDING',
			fields: {
				source_type: 'BANK_ACCOUNT',
				bank_account_details: {
					bank_name: account.bank_name,
					transfer_type: 'ACH',
					account_ownership_type: 'INDIVIDUAL',
					fingerprint: `sq-1-${ createHash( 'sha256' )
						.update(
							`${ account.bank_name }/${ account.account_number_suffix }`
						)
						.digest( 'base64url' )
						.slice( 0, 20 ) }`,
					country: 'US',
					statement_description: 'SQ *KESTREL SANDBOX',
					ach_details: {
						routing_number: ROUTING_NUMBER,
						account_number_suffix: account.account_number_suffix,
						account_type: account.account_type,
					},
				},
			},
			created: ( payment ) => {
				payment.ach_settles_with = fail ?? null;
				const timer = setTimeout(
					() => settle( payment.id, fail ? 'FAILED' : 'COMPLETED' ),
					settleMs
				);
				timer.unref?.();
				timers.set( payment.id, timer );
			},
		};
	};

	/** The fixed tokens (reusable, like the fixed card test tokens). */
	const FIXED = {
		'bnon:bank-nonce-ok': null,
		'bnon:bank-nonce-insufficient-funds': 'INSUFFICIENT_FUNDS',
	};

	function sourceOf( sourceId ) {
		if (
			typeof sourceId !== 'string' ||
			! sourceId.startsWith( 'bnon:' )
		) {
			return undefined;
		}
		if ( Object.hasOwn( FIXED, sourceId ) ) {
			const source = {
				method: 'BANK_ACCOUNT',
				created: Date.now(),
				used: false,
				reusable: true,
				account: accountDetails( ACCOUNTS[ 0 ], 'First Platypus Bank' ),
			};
			source.charge = chargeOf( source, FIXED[ sourceId ] );
			return source;
		}
		const source = ledger.nonces[ sourceId ];
		if ( ! source || source.method !== 'BANK_ACCOUNT' ) {
			return undefined;
		}
		source.charge ??= chargeOf( source, null );
		return source;
	}

	/**
	 * Settles a PENDING ACH payment and announces it.
	 *
	 * @param {string} paymentId Payment id.
	 * @param {string} outcome   COMPLETED or FAILED.
	 * @return {Object|null} The payment, or null when there is nothing to settle.
	 */
	function settle( paymentId, outcome ) {
		clearTimeout( timers.get( paymentId ) );
		timers.delete( paymentId );
		const payment = ledger.payments[ paymentId ];
		if ( ! payment || payment.status !== 'PENDING' ) {
			return null;
		}
		payment.status = outcome;
		if ( outcome === 'FAILED' ) {
			const code = payment.ach_settles_with ?? 'INSUFFICIENT_FUNDS';
			payment.approved_money = {
				amount: 0,
				currency: payment.amount_money.currency,
			};
			payment.bank_account_details.errors = [
				{
					category: 'PAYMENT_METHOD_ERROR',
					code,
					detail: 'The bank transfer was returned by the bank.',
				},
			];
		}
		payment.updated_at = new Date().toISOString();
		payment.version_token = id( 'v' );
		emit( 'payment.updated', 'payment', payment );
		return payment;
	}

	const api = ( { method, path: p, body } ) => {
		if ( method !== 'POST' ) {
			return undefined;
		}
		if ( p === '/digital-wallets/plaid/oauth-link-session' ) {
			return linkSession( body );
		}
		if ( p === '/v2/bank-nonce' ) {
			return bankNonce( body );
		}
		if ( p === '/v2/ach/authorizations' ) {
			return authorize( body );
		}
		return undefined;
	};

	/**
	 * POST /__settle {payment_id, outcome?} for a PENDING bank transfer: COMPLETED or FAILED
	 * (default: what the nonce settles with). Other payments are left to payments' control.
	 *
	 * @param {Object} r Request.
	 */
	const control = ( r ) => {
		if ( r.method === 'POST' && r.path === '/__ach/mode' ) {
			const ms = r.body.settle_ms ?? ACH_SETTLE_MS;
			if ( ! Number.isInteger( ms ) || ms < 1 ) {
				return invalid(
					'INVALID_VALUE',
					'settle_ms must be a positive integer.',
					'settle_ms'
				);
			}
			settleMs = ms;
			return { status: 200, body: { settle_ms: settleMs } };
		}
		if ( r.method !== 'POST' || r.path !== '/__settle' ) {
			return undefined;
		}
		const payment = ledger.payments[ r.body.payment_id ];
		if ( payment?.source_type !== 'BANK_ACCOUNT' ) {
			return undefined;
		}
		const outcome =
			r.body.outcome ??
			( payment.ach_settles_with ? 'FAILED' : 'COMPLETED' );
		if ( ! [ 'COMPLETED', 'FAILED' ].includes( outcome ) ) {
			return invalid(
				'INVALID_VALUE',
				'outcome must be COMPLETED or FAILED.',
				'outcome'
			);
		}
		const settled = settle( payment.id, outcome );
		if ( ! settled ) {
			return invalid(
				'BAD_REQUEST',
				`A payment with status ${ payment.status } is not pending.`,
				'payment_id'
			);
		}
		return { status: 200, body: { payment: settled } };
	};

	/**
	 * What Link's page shows for a link token.
	 *
	 * @param {string} token Link token.
	 * @return {Object} Answer.
	 */
	function sessionView( token ) {
		const link = links.get( token );
		if ( ! link || Date.now() > link.expiresAt ) {
			return {
				status: 400,
				body: {
					error_type: 'INVALID_INPUT',
					error_code: 'INVALID_LINK_TOKEN',
					error_message: 'link token is invalid or expired',
				},
			};
		}
		return {
			status: 200,
			body: {
				language: link.language,
				institutions: PLAID_INSTITUTIONS,
				accounts: link.accounts.map( ( { key, ...a } ) => a ),
				scenario,
			},
		};
	}

	/**
	 * What Plaid's server does when the buyer finishes: checks the credentials and the MFA code,
	 * and mints the public token bound to the link token and the accounts shown.
	 *
	 * @param {Object} body {token, institution_id, username, password, mfa_code?}.
	 */
	function exchange( body ) {
		const link = links.get( body.token );
		if ( ! link ) {
			return sessionView( body.token );
		}
		const password = String( body.password ?? '' );
		const forced = /^error_([A-Z_]+)$/.exec( password );
		if ( forced ) {
			return plaidError( 'ITEM_ERROR', forced[ 1 ] );
		}
		const institution = PLAID_INSTITUTIONS.find(
			( i ) => i.institution_id === body.institution_id
		);
		const user = PLAID_CREDENTIALS[ body.username ];
		if ( ! institution || ! user || user.password !== password ) {
			return plaidError( 'ITEM_ERROR', 'INVALID_CREDENTIALS' );
		}
		if ( user.mfa && body.mfa_code === undefined ) {
			return { status: 200, body: { mfa: { type: user.mfa.type } } };
		}
		if ( user.mfa && body.mfa_code !== user.mfa.code ) {
			return plaidError( 'ITEM_ERROR', 'INVALID_MFA' );
		}
		const publicToken = id( 'public-sandbox-', 18 );
		publicTokens.set( publicToken, {
			linkToken: body.token,
			institution,
			accounts: link.accounts,
		} );
		return {
			status: 200,
			body: {
				public_token: publicToken,
				institution: {
					name: institution.name,
					institution_id: institution.institution_id,
				},
			},
		};
	}

	const PLAID_MESSAGES = {
		INVALID_CREDENTIALS:
			'the provided credentials were not correct. Please try again.',
		INVALID_MFA:
			'the provided MFA response(s) were not correct. Please try again.',
	};
	const plaidError = ( type, code ) => ( {
		status: 400,
		body: {
			error_type: type,
			error_code: code,
			error_message:
				PLAID_MESSAGES[ code ] ?? `the sandbox forced ${ code }`,
		},
	} );

	const vendor = ( { method, path: p, query, body } ) => {
		if ( method === 'GET' && p === '/plaid/link' ) {
			return {
				status: 200,
				type: 'text/html; charset=utf-8',
				body: LINK_PAGE,
			};
		}
		if ( method === 'GET' && p === '/plaid/session' ) {
			return sessionView( query.get( 'token' ) );
		}
		if ( method === 'POST' && p === '/plaid/exchange' ) {
			return exchange( body );
		}
		return undefined;
	};

	return {
		api,
		vendor,
		sourceOf,
		control,
		// POST /__vendors/scenario {vendor: 'plaid', scenario} (provider.mjs routes it here).
		vendorScenario: {
			vendor: 'plaid',
			set: ( next ) => {
				scenario = next;
			},
		},
	};
}
