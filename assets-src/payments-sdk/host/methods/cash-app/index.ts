/**
 * The legacy `payments.cashApp(options)` (types @internal in 1.51.4; spec §2, §3, §4, §7, §8):
 * no third-party script. The authorisation URLs are fetched at construction; `attachAll`
 * renders the SDK's own QR container ("Cash App Pay", "Scan the QR Code to check out") and an
 * optional button (Squared, Semirounded, Rounded); `tokenize` waits for the buyer to approve
 * on the phone that scanned the code, or on iOS/Android redirects to Cash App after storing
 * the tracking and transaction ids; `getRedirectResult` reads the return. Sandbox only.
 */
import { MESSAGE } from '../../../protocol';
import type { SdkContext } from '../../context';
import { assertLocationId, assertMethodAvailable } from '../../eligibility';
import { findAttachTarget } from '../../attach-target';
import {
	CashAppInvalidQrUrlError,
	CashAppPayInvalidPaymentRequestError,
	CashAppPayMissingRedirectUrlError,
	CashAppRedirectError,
	InvalidOptionError,
	PaymentMethodAlreadyAttachedError,
	PaymentMethodUnsupportedError,
	tokenizationInProgress,
} from '../../errors';
import { MethodEvents } from '../../events';
import { Lifecycle } from '../../lifecycle';
import type { CashApp, TokenResult } from '../../types';
import {
	isMobileDevice,
	parseRedirectReturn,
	storeRedirect,
	takeStoredRedirect,
} from './redirect';

const NAME = 'Cash App';
export const QR_TITLE = 'Cash App Pay';
export const QR_TEXT = 'Scan the QR Code to check out';
const SHAPES = [ 'Squared', 'Semirounded', 'Rounded' ] as const;
const THEMES = [ 'light', 'dark' ] as const;
const RADIUS: Record< string, string > = {
	Squared: '0',
	Semirounded: '6px',
	Rounded: '24px',
};
/** How often tokenize asks whether the buyer approved on the phone. */
const POLL_MS = 1000;

/** The provider's authorisation (spec §7 "Cash App auth request"). */
export interface CashAppAuth {
	expires_in: number;
	qr_url: string;
	redirect_url: string;
	transaction_id: string;
}

/** The wallet token answer; `status` PENDING while the buyer has not answered. */
export interface CashAppWalletReply {
	status: 'APPROVED' | 'PENDING' | 'DECLINED' | 'EXPIRED';
	token?: string;
	cashtag?: string;
}

interface CheckedOptions {
	redirectURI: string;
	transactionId: string;
	total?: { amount: number; currencyCode: string };
}

/**
 * Checks the options (spec §3 "Cash App options", §5).
 *
 * @param options `payments.cashApp`'s argument.
 * @param win     Window (crypto for a generated transaction id, console for warnings).
 */
export function checkCashAppOptions(
	options: unknown,
	win: Window
): CheckedOptions {
	const o = ( options ?? {} ) as Record< string, unknown >;
	for ( const key of Object.keys( o ) ) {
		if (
			! [
				'redirectURI',
				'transactionId',
				'totalTransactionAmount',
			].includes( key )
		) {
			throw new InvalidOptionError( key );
		}
	}
	if ( typeof o.redirectURI !== 'string' || ! o.redirectURI ) {
		throw new CashAppPayMissingRedirectUrlError(
			'Cash App needs a redirectURI.'
		);
	}
	let uri: URL;
	try {
		uri = new URL( o.redirectURI );
	} catch {
		throw new CashAppPayMissingRedirectUrlError(
			`Cash App's redirectURI '${ o.redirectURI }' is not a valid URL.`
		);
	}
	if ( uri.search ) {
		( win as unknown as { console?: Console } ).console?.warn(
			'Cash App: the redirectURI should have no query; Cash App adds its own parameters.'
		);
	}
	let transactionId = o.transactionId;
	if ( transactionId === undefined || transactionId === '' ) {
		transactionId = win.crypto
			.randomUUID()
			.replace( /-/g, '' )
			.slice( 0, 32 );
	}
	if ( typeof transactionId !== 'string' || transactionId.length > 50 ) {
		throw new CashAppPayInvalidPaymentRequestError(
			'INVALID_TRANSACTION_ID',
			'Cash App transactionId must be a string of at most 50 characters.',
			'transactionId'
		);
	}
	const t = o.totalTransactionAmount as
		{ amount?: unknown; currencyCode?: unknown } | undefined;
	if ( t !== undefined ) {
		if ( String( t?.currencyCode ).toUpperCase() !== 'USD' ) {
			throw new CashAppPayInvalidPaymentRequestError(
				'INVALID_CURRENCY',
				`Cash App only accepts USD; the amount is in ${ String( t?.currencyCode ) }.`,
				'totalTransactionAmount.currencyCode'
			);
		}
		if (
			typeof t.amount !== 'number' ||
			! Number.isSafeInteger( t.amount ) ||
			t.amount < 1
		) {
			throw new CashAppPayInvalidPaymentRequestError(
				'INVALID_AMOUNT',
				'Cash App totalTransactionAmount.amount must be a positive whole number of cents.',
				'totalTransactionAmount.amount'
			);
		}
	}
	return {
		redirectURI: o.redirectURI,
		transactionId,
		...( t
			? { total: { amount: t.amount as number, currencyCode: 'USD' } }
			: {} ),
	};
}

/**
 * `payments.cashApp(options)`.
 *
 * @param ctx     SDK context.
 * @param options {redirectURI, transactionId, totalTransactionAmount?}.
 */
export async function createCashApp(
	ctx: SdkContext,
	options: unknown
): Promise< CashApp > {
	if ( ctx.environment !== 'sandbox' ) {
		throw new PaymentMethodUnsupportedError( {
			type: 'METHOD_UNSUPPORTED',
			message:
				'Cash App (legacy) is only available in the sandbox; use cashAppPay().',
		} );
	}
	assertLocationId( ctx, 'Cash App' );
	await assertMethodAvailable( ctx, NAME, 'cashAppPay' );
	const checked = checkCashAppOptions( options, ctx.win );
	const auth = await ctx.mainRequest< CashAppAuth >(
		MESSAGE.REQUEST_CASH_APP_AUTH,
		{
			redirectUri: checked.redirectURI,
			transactionId: checked.transactionId,
			totalTransactionAmount: checked.total,
		}
	);
	try {
		const u = new URL( auth.qr_url );
		if ( ! /^https?:$/.test( u.protocol ) ) {
			throw new Error( 'scheme' );
		}
	} catch {
		throw new CashAppInvalidQrUrlError( auth.qr_url );
	}
	return new LegacyCashApp( ctx, checked, auth ).publicApi();
}

/** One legacy Cash App object. */
class LegacyCashApp {
	private readonly lifecycle = new Lifecycle( NAME );
	private readonly events: MethodEvents;
	private readonly trackingId: string;
	private readonly mobile: boolean;
	private nodes: HTMLElement[] = [];
	private tokenizing = false;

	constructor(
		private readonly ctx: SdkContext,
		private readonly checked: CheckedOptions,
		private readonly auth: CashAppAuth
	) {
		this.events = new MethodEvents( [ 'ontokenization' ], ( m ) =>
			ctx.report( m )
		);
		this.trackingId = ctx.win.crypto.randomUUID();
		this.mobile = isMobileDevice(
			ctx.win.navigator as Navigator & {
				userAgentData?: { mobile?: boolean };
			}
		);
	}

	publicApi(): CashApp {
		const self = this;
		return Object.freeze( {
			get willRedirect() {
				return self.mobile;
			},
			attachAll: ( selectors: unknown, options?: unknown ) =>
				this.attachAll( selectors, options ),
			tokenize: () => this.tokenize(),
			getRedirectResult: () => this.getRedirectResult(),
			destroy: () => this.destroy(),
			addEventListener: ( type: string, listener: never ) =>
				this.events.add( type, listener ),
			removeEventListener: ( type: string, listener: never ) =>
				this.events.remove( type, listener ),
		} ) as CashApp;
	}

	/**
	 * Renders the QR container (and a button when a selector is given).
	 *
	 * @param selectors {button?, qrCode}.
	 * @param options   {button: {theme, shape}}.
	 */
	async attachAll( selectors: unknown, options?: unknown ): Promise< void > {
		this.lifecycle.assertNotDestroyed();
		if ( this.lifecycle.attached ) {
			throw new PaymentMethodAlreadyAttachedError( NAME );
		}
		const s = ( selectors ?? {} ) as { button?: string; qrCode?: string };
		const b = ( ( options as { button?: Record< string, unknown > } )
			?.button ?? {} ) as Record< string, unknown >;
		const shape = ( b.shape ?? 'Rounded' ) as string;
		const theme = ( b.theme ?? 'dark' ) as string;
		if ( ! ( SHAPES as readonly string[] ).includes( shape ) ) {
			throw new InvalidOptionError( `button.shape: ${ shape }` );
		}
		if ( ! ( THEMES as readonly string[] ).includes( theme ) ) {
			throw new InvalidOptionError( `button.theme: ${ theme }` );
		}
		const doc = this.ctx.win.document;
		const qrTarget = findAttachTarget( doc, s.qrCode as string );
		const buttonTarget = s.button
			? findAttachTarget( doc, s.button )
			: null;
		const qr = doc.createElement( 'div' );
		qr.className = 'sq-cash-app-qr';
		qr.setAttribute( 'role', 'group' );
		qr.setAttribute( 'aria-label', QR_TITLE );
		const title = doc.createElement( 'p' );
		title.className = 'sq-cash-app-qr-title';
		title.textContent = QR_TITLE;
		title.style.fontWeight = '600';
		const text = doc.createElement( 'p' );
		text.className = 'sq-cash-app-qr-text';
		text.textContent = QR_TEXT;
		const img = doc.createElement( 'img' );
		img.src = this.auth.qr_url;
		img.alt = 'Cash App QR code';
		img.width = 200;
		img.height = 200;
		qr.append( title, text, img );
		if ( this.mobile ) {
			// Phones are sent to Cash App instead of scanning.
			qr.hidden = true;
		}
		qrTarget.appendChild( qr );
		this.nodes.push( qr );
		if ( buttonTarget ) {
			const button = doc.createElement( 'button' );
			button.type = 'button';
			button.textContent = 'Cash App Pay';
			button.className = `sq-cash-app-button sq-cash-app-${ shape.toLowerCase() } sq-cash-app-${ theme }`;
			button.style.borderRadius = RADIUS[ shape ];
			button.style.background = theme === 'dark' ? '#000' : '#fff';
			button.style.color = theme === 'dark' ? '#fff' : '#000';
			button.addEventListener( 'click', () => {
				this.tokenize().then(
					( tokenResult ) =>
						this.events.dispatch( 'ontokenization', {
							tokenResult,
						} ),
					( error ) =>
						this.events.dispatch( 'ontokenization', { error } )
				);
			} );
			buttonTarget.appendChild( button );
			this.nodes.push( button );
		}
		this.lifecycle.state = 'attached';
	}

	/** Desktop: waits for the approval on the phone; mobile: redirects to Cash App. */
	async tokenize(): Promise< TokenResult > {
		this.lifecycle.assertNotDestroyed();
		if ( this.tokenizing ) {
			throw tokenizationInProgress();
		}
		if ( this.mobile ) {
			storeRedirect( this.ctx.win.localStorage, {
				paymentMethodTrackingId: this.trackingId,
				transactionId: this.auth.transaction_id,
				createdAt: Date.now(),
			} );
			this.ctx.win.location.assign( this.auth.redirect_url );
			// The page leaves; the result comes from getRedirectResult() on return.
			return new Promise< TokenResult >( () => {} );
		}
		this.tokenizing = true;
		try {
			const deadline = Date.now() + this.auth.expires_in * 1000;
			for (;;) {
				const reply = await this.walletToken( {} );
				if ( reply.status === 'APPROVED' ) {
					return this.ok( reply );
				}
				if ( reply.status === 'DECLINED' ) {
					return { status: 'Cancel' };
				}
				if ( reply.status === 'EXPIRED' || Date.now() > deadline ) {
					return {
						status: 'Error',
						errors: [
							{
								type: 'EXPIRED',
								message: 'The Cash App request expired.',
							},
						],
					};
				}
				if ( this.lifecycle.destroyed ) {
					return { status: 'Abort' };
				}
				await new Promise( ( r ) =>
					this.ctx.win.setTimeout( r, POLL_MS )
				);
			}
		} finally {
			this.tokenizing = false;
		}
	}

	/** The return from Cash App (mobile), once; null when this page is not such a return. */
	async getRedirectResult(): Promise< TokenResult | null > {
		const back = parseRedirectReturn( this.ctx.win.location.search );
		if ( ! back ) {
			return null;
		}
		const stored = takeStoredRedirect( this.ctx.win.localStorage );
		if ( ! stored ) {
			// Already read (a reload of the return URL) or not started here.
			return null;
		}
		if ( back.error ) {
			throw new CashAppRedirectError( back.error );
		}
		const reply = await this.walletToken( {
			transactionId: back.state ?? stored.transactionId,
			accessToken: back.accessToken,
			code: back.code,
		} );
		if ( reply.status !== 'APPROVED' ) {
			return { status: reply.status === 'DECLINED' ? 'Cancel' : 'Error' };
		}
		return this.ok( reply, back.state ?? stored.transactionId );
	}

	private walletToken(
		extra: Record< string, unknown >
	): Promise< CashAppWalletReply > {
		return this.ctx.mainRequest< CashAppWalletReply >(
			MESSAGE.REQUEST_CASH_APP_WALLET_TOKEN,
			{
				transactionId: this.auth.transaction_id,
				paymentMethodTrackingId: this.trackingId,
				expiresAt: Date.now() + this.auth.expires_in * 1000,
				...extra,
			}
		);
	}

	private ok(
		reply: CashAppWalletReply,
		transactionId = this.auth.transaction_id
	): TokenResult {
		return {
			status: 'OK',
			token: reply.token,
			details: {
				method: 'Cash App',
				cashApp: { cashtag: reply.cashtag ?? '', transactionId },
			},
		};
	}

	async destroy(): Promise< boolean > {
		if ( this.lifecycle.destroyed ) {
			return false;
		}
		this.nodes.forEach( ( n ) => n.remove() );
		this.nodes = [];
		this.lifecycle.state = 'destroyed';
		return true;
	}
}
