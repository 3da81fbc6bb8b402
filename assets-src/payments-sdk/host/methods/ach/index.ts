/**
 * ACH (spec §3–§9; wave 2 design A.4): `payments.ach(achOptions?)` checks the merchant and loads
 * Plaid Link on demand. `tokenize(options)` dims the page (dark overlay), asks the main frame
 * for a bank-link session, runs Plaid Link, exchanges its public token for a bank nonce, and —
 * per intent and the application's achAuth mode — has the buyer authorise the debit in the
 * provider's authorisation frame. Plaid's events reach the merchant's listeners as they come;
 * the result goes to `ontokenization` and resolves tokenize().
 */
import {
	MESSAGE,
	type AchAuthorizationOutcome,
	type AchAuthorizationRequest,
} from '../../../protocol';
import type { SdkContext } from '../../context';
import { assertLocationId, assertMethodAvailable } from '../../eligibility';
import {
	ScriptLoaderError,
	SqError,
	TokenizationError,
	UnexpectedError,
	tokenizationInProgress,
} from '../../errors';
import { MethodEvents } from '../../events';
import { randomId } from '../../frame-link';
import { Lifecycle } from '../../lifecycle';
import { loadScript, thirdPartyScriptUrl } from '../../script-loader';
import type { ACH, TokenDetails, TokenResult } from '../../types';
import { openAuthorization, type AchAuthorization } from './authorization';
import { achSetup, planAch, type AchPlan } from './options';
import { showOverlay } from './overlay';
import {
	plaidOf,
	runLink,
	type PlaidGlobal,
	type PlaidLinkHandler,
} from './plaid';

const NAME = 'ACH';

/** Plaid's onEvent names the merchant may listen to, and the result event (API, A.4). */
export const ACH_EVENTS = [
	'ontokenization',
	'CLOSE_OAUTH',
	'ERROR',
	'EXIT',
	'FAIL_OAUTH',
	'HANDOFF',
	'MATCHED_SELECT_INSTITUTION',
	'MATCHED_SELECT_VERIFY_METHOD',
	'OPEN',
	'OPEN_MY_PLAID',
	'OPEN_OAUTH',
	'SEARCH_INSTITUTION',
	'SELECT_BRAND',
	'SELECT_INSTITUTION',
	'SUBMIT_CREDENTIALS',
	'SUBMIT_MFA',
	'TRANSITION_VIEW',
] as const;

/** Spec §8 texts of the bank-link failures, by the provider's code. */
export const BANK_LINK_ERRORS: Readonly< Record< string, string > > = {
	EXPIRED_PLAID_SESSION: 'The plaid session was expired. Please try again.',
	INVALID_SELECTED_PLAID_BANK_ACCOUNT_ID:
		'Invalid plaid bank account id selected',
	UNKNOWN: 'An unknown error has occurred',
};

/**
 * A TokenizationError whose message is the spec's text for the code.
 *
 * @param code Provider code (anything unknown is UNKNOWN).
 */
export function bankLinkError( code: string | undefined ): TokenizationError {
	const type =
		code && Object.hasOwn( BANK_LINK_ERRORS, code ) ? code : 'UNKNOWN';
	const message = BANK_LINK_ERRORS[ type ];
	const error = new TokenizationError( [ { type, message } ] );
	error.message = message;
	return error;
}

interface AccountDetails {
	bank_name?: string;
	account_number_suffix?: string;
	account_type?: string;
}

/** One `payments.ach()` object. */
export class AchMethod {
	private readonly lifecycle = new Lifecycle( NAME );
	private readonly events: MethodEvents;
	private tokenizing = false;
	private handler: PlaidLinkHandler | null = null;
	private abortLink: ( () => void ) | null = null;
	private authorization: AchAuthorization | null = null;

	/**
	 * @param ctx                 SDK context.
	 * @param plaid               Plaid's global.
	 * @param setup               redirectURI and transactionId.
	 * @param setup.redirectURI
	 * @param setup.transactionId
	 */
	constructor(
		private readonly ctx: SdkContext,
		private readonly plaid: PlaidGlobal,
		private readonly setup: { redirectURI?: string; transactionId: string }
	) {
		this.events = new MethodEvents( ACH_EVENTS, ( m ) => ctx.report( m ) );
	}

	/** The frozen public object. */
	publicApi(): ACH {
		return Object.freeze( {
			tokenize: ( options: unknown ) => this.tokenize( options ),
			destroy: () => this.destroy(),
			addEventListener: ( type: string, listener: never ) =>
				this.events.add( type, listener ),
			removeEventListener: ( type: string, listener: never ) =>
				this.events.remove( type, listener ),
		} ) as unknown as ACH;
	}

	/** Final; false when already destroyed. A running flow ends as canceled. */
	async destroy(): Promise< boolean > {
		if ( this.lifecycle.destroyed ) {
			return false;
		}
		this.lifecycle.state = 'destroyed';
		if ( this.abortLink ) {
			this.abortLink();
		} else {
			this.handler?.destroy();
		}
		this.handler = null;
		this.abortLink = null;
		this.authorization?.abort();
		return true;
	}

	/**
	 * Links the bank and authorises as the options say.
	 *
	 * @param options Tokenize options.
	 */
	async tokenize( options: unknown ): Promise< TokenResult > {
		this.lifecycle.assertNotDestroyed();
		if ( this.tokenizing ) {
			throw tokenizationInProgress();
		}
		// Claimed before the first await: a second call in the same tick
		// must see it and reject, never open a second overlay and Link.
		this.tokenizing = true;
		const doc = this.ctx.win.document;
		const active = doc.activeElement as HTMLElement | null;
		const opener =
			active && typeof active.focus === 'function' ? active : null;
		let overlay: ReturnType< typeof showOverlay > | null = null;
		let result: TokenResult;
		try {
			const features = await this.ctx.features();
			const plan = planAch( options, features.achAuth );
			overlay = showOverlay( this.ctx.win );
			result = await this.run( plan );
		} catch ( error ) {
			if ( ! overlay ) {
				// Options or hydration refused before anything was shown.
				throw error;
			}
			const wrapped =
				error instanceof SqError ? error : bankLinkError( undefined );
			this.events.dispatch( 'ontokenization', { error: wrapped } );
			throw wrapped;
		} finally {
			if ( overlay ) {
				await overlay.hide();
			}
			this.tokenizing = false;
			// The flow took focus into Link and the authorisation frame:
			// give it back to whatever started it.
			if ( opener && opener.isConnected && ! this.lifecycle.destroyed ) {
				opener.focus( { preventScroll: true } );
			}
		}
		if ( result.status === 'OK' ) {
			this.ctx.flushMetrics();
			this.events.dispatch( 'ontokenization', { tokenResult: result } );
		} else {
			this.events.dispatch( 'ontokenization', {
				tokenResult: result,
				error: new TokenizationError(
					( result.errors ?? [] ) as Array< {
						type: string;
						message: string;
					} >
				),
			} );
		}
		return result;
	}

	private async run( plan: AchPlan ): Promise< TokenResult > {
		let bankNonce: string | undefined;
		let account: AccountDetails | undefined;
		if ( plan.link ) {
			const languageCode = this.ctx.locale().startsWith( 'es' )
				? 'es'
				: 'en';
			let session: { linkToken: string; sessionToken: string };
			try {
				session = await this.ctx.mainRequest(
					MESSAGE.REQUEST_BANK_LINK_SESSION,
					{ redirectUri: this.setup.redirectURI, languageCode }
				);
			} catch ( error ) {
				throw bankLinkError( remoteCode( error ) );
			}
			const end = await runLink(
				this.plaid,
				session.linkToken,
				( name, metadata ) => {
					if (
						name !== 'ontokenization' &&
						( ACH_EVENTS as readonly string[] ).includes( name )
					) {
						this.events.dispatch( name, metadata );
					}
				},
				( h, abort ) => {
					this.handler = h;
					this.abortLink = abort;
				}
			);
			this.handler?.destroy();
			this.handler = null;
			this.abortLink = null;
			if ( end.kind === 'exit' ) {
				return cancel(
					end.error?.error_message ??
						'The buyer closed the bank linking.'
				);
			}
			if ( this.lifecycle.destroyed ) {
				return cancel( 'The ACH method was destroyed.' );
			}
			try {
				const r = await this.ctx.mainRequest< {
					bankNonce: string;
					accountDetails: AccountDetails;
				} >( MESSAGE.REQUEST_BANK_NONCE, {
					accountHolderName: plan.accountHolderName,
					sessionToken: session.sessionToken,
					publicToken: end.publicToken,
					bankAccountId: end.accountId,
					paymentMethodTrackingId: this.setup.transactionId,
				} );
				bankNonce = r.bankNonce;
				account = r.accountDetails;
			} catch ( error ) {
				throw bankLinkError( remoteCode( error ) );
			}
			if ( ! plan.authorize ) {
				return ok( bankNonce, account );
			}
		}
		return this.authorize( plan, bankNonce, account );
	}

	private async authorize(
		plan: AchPlan,
		bankNonce: string | undefined,
		account: AccountDetails | undefined
	): Promise< TokenResult > {
		const hydration = await this.ctx.session();
		const request: AchAuthorizationRequest = {
			applicationId: this.ctx.applicationId,
			locationId: this.ctx.locationId,
			sessionId: hydration.sessionId,
			locale: this.ctx.locale(),
			merchantName: hydration.merchantName || undefined,
			intent: plan.intent as 'CHARGE' | 'RECURRING_CHARGE',
			total: plan.total!,
			bankNonce,
			bankAccountId: bankNonce ? undefined : plan.bankAccountId,
			accountHolderName: plan.accountHolderName || undefined,
			accountDetails: account && {
				bankName: account.bank_name ?? '',
				accountNumberSuffix: account.account_number_suffix ?? '',
				accountType: account.account_type ?? '',
			},
			cadence: plan.cadence,
			frequency: plan.frequency,
			startDate: plan.startDate,
			idempotencyKey: plan.idempotencyKey ?? randomId(),
		};
		if ( this.lifecycle.destroyed ) {
			return cancel( 'The ACH method was destroyed.' );
		}
		this.authorization = openAuthorization( this.ctx, request );
		let outcome: AchAuthorizationOutcome;
		try {
			outcome = await this.authorization.outcome;
		} finally {
			this.authorization = null;
		}
		if ( outcome.outcome === 'signed' ) {
			const d = outcome.accountDetails;
			return ok(
				outcome.token,
				d
					? {
							bank_name: d.bankName,
							account_number_suffix: d.accountNumberSuffix,
							account_type: d.accountType,
						}
					: account
			);
		}
		if ( outcome.outcome === 'canceled' ) {
			return cancel( 'The buyer canceled the bank authorization.' );
		}
		throw new TokenizationError( [
			{ type: 'AUTHORIZATION_ERROR', message: outcome.message },
		] );
	}
}

/**
 * The provider's code of a main-frame failure.
 *
 * @param error RemoteError from the channel.
 */
function remoteCode( error: unknown ): string | undefined {
	const first = ( error as { errors?: Array< { type?: unknown } > } )
		?.errors?.[ 0 ];
	return typeof first?.type === 'string' ? first.type : undefined;
}

/**
 * An OK result.
 *
 * @param token   Bank token.
 * @param account Account details from the provider.
 */
function ok( token: string, account: AccountDetails | undefined ): TokenResult {
	const details: TokenDetails = { method: 'ACH' };
	if ( account ) {
		details.bankAccount = {
			bankName: account.bank_name ?? '',
			accountNumberSuffix: account.account_number_suffix ?? '',
			accountType: account.account_type ?? '',
		};
	}
	return { status: 'OK', token, details };
}

/**
 * A Cancel result.
 *
 * @param message Why.
 */
const cancel = ( message: string ): TokenResult => ( {
	status: 'Cancel',
	errors: [ { type: 'CANCELED', message } ],
	details: { method: 'ACH' },
} );

/**
 * `payments.ach(achOptions?)`.
 *
 * @param ctx     SDK context.
 * @param options {redirectURI, transactionId}, both optional.
 */
export async function createAch(
	ctx: SdkContext,
	options?: unknown
): Promise< ACH > {
	await assertMethodAvailable( ctx, NAME, 'ach' );
	assertLocationId( ctx, 'ACH' );
	const setup = achSetup(
		options,
		( m ) =>
			( ctx.win as unknown as { console?: Console } ).console?.warn( m ),
		randomId
	);
	try {
		await loadScript( ctx.win, thirdPartyScriptUrl( ctx, 'plaid' ) );
	} catch ( error ) {
		if ( error instanceof ScriptLoaderError ) {
			throw error;
		}
		throw new UnexpectedError( 'loading Plaid Link' );
	}
	const plaid = plaidOf( ctx.win );
	if ( ! plaid || typeof plaid.create !== 'function' ) {
		throw new UnexpectedError( 'loading Plaid Link' );
	}
	return new AchMethod( ctx, plaid, setup ).publicApi();
}
