/**
 * ACH's tokenize options (spec §3 "ACH tokenize options", §5 ACH rules; wave 2 design A.4):
 * the account holder's name, the intent and its rules, the two amount shapes merchants use
 * (`total {amount: number, currencyCode}` of 1.51.4, `amount: '1.00', currency` of later
 * versions), and what the application's achAuth mode allows. Pure: no DOM, no SDK context.
 */
import { InvalidOptionError, PlaidMissingNameError } from '../../errors';
import type { AchAuthMode } from '../../features';

export const ACH_INTENTS = [ 'CHARGE', 'STORE', 'RECURRING_CHARGE' ] as const;
export type AchIntent = ( typeof ACH_INTENTS )[ number ];
export const ACH_CADENCES = [ 'WEEKLY', 'MONTHLY' ] as const;

/** Every option tokenize knows; any other is an InvalidOptionError. */
const KNOWN = [
	'accountHolderName',
	'intent',
	'total',
	'amount',
	'currency',
	'bankAccountId',
	'cadence',
	'frequency',
	'startDate',
	'idempotencyKey',
];

/** What the flow runs: link a bank through Plaid, authorise, or both. */
export interface AchPlan {
	/** Trimmed; '' only when Plaid does not run (bankAccountId flows). */
	accountHolderName: string;
	intent?: AchIntent;
	/** Minor units. */
	total?: { amount: number; currencyCode: string };
	bankAccountId?: string;
	cadence?: string;
	frequency?: Record< string, unknown >;
	startDate?: string;
	idempotencyKey?: string;
	/** Whether Plaid Link runs (no bankAccountId). */
	link: boolean;
	/** Whether the buyer authorises in the authorisation frame. */
	authorize: boolean;
}

/**
 * An InvalidOptionError with a message that says what is wrong.
 *
 * @param option  Option name.
 * @param message Text.
 */
export function achOptionError(
	option: string,
	message: string
): InvalidOptionError {
	const error = new InvalidOptionError( option );
	error.message = message;
	return error;
}

/**
 * Spec §5 text of an intent that is not one of the three.
 *
 * @param intent What was given.
 */
export const unsupportedIntentMessage = ( intent: unknown ): string =>
	`Unsupported intent ${ String( intent ) }. Must be one of: ${ ACH_INTENTS.join( ', ' ) }`;

/**
 * Decimal places of a currency (spec §3 Money: 0 for JPY, else 2).
 * @param currency
 */
const digitsOf = ( currency: string ) => ( currency === 'JPY' ? 0 : 2 );

/**
 * The amount in minor units from either shape, or undefined when none is given.
 *
 * @param o Options.
 */
function totalOf(
	o: Record< string, unknown >
): { amount: number; currencyCode: string } | undefined {
	const hasTotal = o.total !== undefined;
	const hasAmount = o.amount !== undefined || o.currency !== undefined;
	if ( hasTotal && hasAmount ) {
		throw achOptionError(
			'amount',
			"Give the amount either as 'total' {amount, currencyCode} or as 'amount' and 'currency', not both."
		);
	}
	if ( hasTotal ) {
		const t = o.total as Record< string, unknown > | null;
		if (
			! t ||
			typeof t !== 'object' ||
			typeof t.amount !== 'number' ||
			! Number.isInteger( t.amount ) ||
			t.amount < 1 ||
			typeof t.currencyCode !== 'string' ||
			! /^[A-Z]{3}$/.test( t.currencyCode )
		) {
			throw achOptionError(
				'total',
				"'total' must be {amount: a positive whole number of minor units, currencyCode: an ISO 4217 code}."
			);
		}
		return { amount: t.amount, currencyCode: t.currencyCode };
	}
	if ( ! hasAmount ) {
		return undefined;
	}
	// The 1.51.4 typings' example `amount: {total, currencyCode}` is a doc bug: refused here.
	if ( typeof o.amount !== 'string' ) {
		throw achOptionError(
			'amount',
			"'amount' must be a decimal string such as '1.00' (with 'currency')."
		);
	}
	if ( typeof o.currency !== 'string' || ! /^[A-Z]{3}$/.test( o.currency ) ) {
		throw achOptionError(
			'currency',
			"'currency' must be an ISO 4217 code such as 'USD' (with 'amount')."
		);
	}
	const digits = digitsOf( o.currency );
	const m = new RegExp(
		digits ? `^(\\d+)(?:\\.(\\d{1,${ digits }}))?$` : '^(\\d+)$'
	).exec( o.amount );
	const minor = m
		? Number( m[ 1 ] ) * 10 ** digits +
			Number( ( m[ 2 ] ?? '' ).padEnd( digits, '0' ) || 0 )
		: NaN;
	if ( ! Number.isSafeInteger( minor ) || minor < 1 ) {
		throw achOptionError(
			'amount',
			`'${ o.amount }' is not a valid ${ o.currency } amount.`
		);
	}
	return { amount: minor, currencyCode: o.currency };
}

const optionalString = ( o: Record< string, unknown >, key: string ) => {
	const v = o[ key ];
	if ( v !== undefined && ( typeof v !== 'string' || ! v.trim() ) ) {
		throw achOptionError( key, `'${ key }' must be a non-empty string.` );
	}
	return v as string | undefined;
};

/**
 * Checks tokenize's options against the rules and the achAuth mode, and says what runs.
 *
 * Modes (spec §6): `no-support` — no intent may be given; Link runs and the bank nonce is the
 * result. `supported` — intent optional; without one, as no-support. `required` — an intent is
 * required. `legacy` — intents are checked as in supported, but the buyer's authorisation is
 * not captured by the SDK (the bank nonce is the result; flows that need an authorisation,
 * bankAccountId, are refused).
 *
 * @param options What the merchant passed.
 * @param mode    The application's achAuth mode.
 */
export function planAch( options: unknown, mode: AchAuthMode ): AchPlan {
	if (
		! options ||
		typeof options !== 'object' ||
		Array.isArray( options )
	) {
		throw new PlaidMissingNameError();
	}
	const o = options as Record< string, unknown >;
	// Spec §5 lists accountHolderName first: checked before anything else. The name goes
	// with the bank Plaid links (non-blank), so it is needed whenever no bankAccountId is given.
	const link = o.bankAccountId === undefined;
	const name =
		typeof o.accountHolderName === 'string'
			? o.accountHolderName.trim()
			: '';
	if (
		( link && ! name ) ||
		( o.accountHolderName !== undefined &&
			typeof o.accountHolderName !== 'string' )
	) {
		throw new PlaidMissingNameError();
	}
	for ( const key of Object.keys( o ) ) {
		if ( ! KNOWN.includes( key ) ) {
			throw new InvalidOptionError( key );
		}
	}
	const intent = o.intent;
	if (
		intent !== undefined &&
		! ACH_INTENTS.includes( intent as AchIntent )
	) {
		throw achOptionError( 'intent', unsupportedIntentMessage( intent ) );
	}
	if ( mode === 'no-support' && intent !== undefined ) {
		throw achOptionError(
			'intent',
			"'intent' is not supported for this application: tokenize with accountHolderName only."
		);
	}
	if ( mode === 'required' && intent === undefined ) {
		throw achOptionError(
			'intent',
			`'intent' is required for this application. Must be one of: ${ ACH_INTENTS.join( ', ' ) }`
		);
	}
	const total = totalOf( o );
	const bankAccountId = optionalString( o, 'bankAccountId' );
	const startDate = optionalString( o, 'startDate' );
	const idempotencyKey = optionalString( o, 'idempotencyKey' );
	const cadence = o.cadence;
	const frequency = o.frequency;
	if ( intent === undefined || intent === 'STORE' ) {
		if ( bankAccountId !== undefined ) {
			throw achOptionError(
				'bankAccountId',
				"'bankAccountId' is only used with intent CHARGE or RECURRING_CHARGE."
			);
		}
	}
	if ( intent === 'CHARGE' || intent === 'RECURRING_CHARGE' ) {
		if ( ! total ) {
			throw achOptionError(
				'total',
				`Intent ${ intent } needs the amount: 'total' {amount, currencyCode} or 'amount' and 'currency'.`
			);
		}
	}
	if ( intent === 'RECURRING_CHARGE' ) {
		if ( bankAccountId === undefined ) {
			throw achOptionError(
				'bankAccountId',
				"Intent RECURRING_CHARGE needs 'bankAccountId'."
			);
		}
		const hasFrequency =
			frequency !== undefined &&
			frequency !== null &&
			typeof frequency === 'object' &&
			! Array.isArray( frequency );
		if (
			! hasFrequency &&
			! ACH_CADENCES.includes(
				cadence as ( typeof ACH_CADENCES )[ number ]
			)
		) {
			throw achOptionError(
				'cadence',
				"Intent RECURRING_CHARGE needs 'cadence': WEEKLY or MONTHLY."
			);
		}
		if ( ! startDate || ! /^\d{4}-\d{2}-\d{2}$/.test( startDate ) ) {
			throw achOptionError(
				'startDate',
				"Intent RECURRING_CHARGE needs 'startDate' as YYYY-MM-DD."
			);
		}
	} else if ( cadence !== undefined || frequency !== undefined ) {
		throw achOptionError(
			cadence !== undefined ? 'cadence' : 'frequency',
			"'cadence' and 'frequency' are only used with intent RECURRING_CHARGE."
		);
	}
	const authorize =
		mode !== 'legacy' &&
		( intent === 'CHARGE' || intent === 'RECURRING_CHARGE' );
	if ( ! link && ! authorize ) {
		throw achOptionError(
			'bankAccountId',
			"'bankAccountId' needs the buyer's authorisation, which this application does not capture."
		);
	}
	return {
		accountHolderName: name,
		intent: intent as AchIntent | undefined,
		total,
		bankAccountId,
		cadence: cadence as string | undefined,
		frequency: frequency as Record< string, unknown > | undefined,
		startDate,
		idempotencyKey,
		link,
		authorize,
	};
}

/**
 * `payments.ach(options)` (spec §5: warnings only): redirectURI a URI without a query,
 * transactionId 1–50 characters (generated when absent).
 *
 * @param options  What the merchant passed.
 * @param warn     Where warnings go.
 * @param randomId Id generator.
 */
export function achSetup(
	options: unknown,
	warn: ( message: string ) => void,
	randomId: () => string
): { redirectURI?: string; transactionId: string } {
	const o = (
		options && typeof options === 'object' ? options : {}
	) as Record< string, unknown >;
	let redirectURI: string | undefined;
	if ( o.redirectURI !== undefined ) {
		let ok = false;
		try {
			const u = new URL( String( o.redirectURI ) );
			ok = ! u.search;
		} catch {
			ok = false;
		}
		if ( ! ok ) {
			warn(
				"ACH: 'redirectURI' should be a valid URI without query parameters."
			);
		}
		redirectURI = String( o.redirectURI );
	}
	let transactionId = o.transactionId;
	if (
		transactionId !== undefined &&
		( typeof transactionId !== 'string' ||
			transactionId.length < 1 ||
			transactionId.length > 50 )
	) {
		warn( "ACH: 'transactionId' should be 1 to 50 characters." );
	}
	if ( typeof transactionId !== 'string' || ! transactionId ) {
		transactionId = randomId();
	}
	return { redirectURI, transactionId: transactionId as string };
}
