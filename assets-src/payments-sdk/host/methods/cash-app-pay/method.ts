/**
 * The Cash App Pay method object (API §6; spec §4 "Cash App Pay"; wave 2 design A.5): Pay Kit's
 * events are listened to from the moment `CashApp.pay()` resolves (after a mobile redirect the
 * approval arrives at once), the button is rendered by Pay Kit with `manage: false` and its
 * click begins the flow after the merchant's `shouldTokenize`; approved becomes a token through
 * the main frame, declined a Cancel, failed an Error, each as an `ontokenization` event.
 */
import { MESSAGE } from '../../../protocol';
import type { SdkContext } from '../../context';
import { findAttachTarget } from '../../attach-target';
import {
	CashAppPayGrantMissingError,
	PaymentMethodAlreadyAttachedError,
	PaymentMethodAlreadyDestroyedError,
} from '../../errors';
import { MethodEvents } from '../../events';
import { Lifecycle } from '../../lifecycle';
import type { PaymentRequestModel } from '../../payment-request';
import type { CashAppPay, TokenResult } from '../../types';
import type {
	PayKit,
	PayKitApproved,
	PayKitButtonOptions,
	PayKitRequestHandle,
} from './pay-kit';
import {
	checkButtonOptions,
	checkShouldTokenize,
	expiryWarningDelay,
	type CheckedCashAppPayRequest,
} from './validate';

export const CASH_APP_PAY = 'Cash App Pay';
export const CASH_APP_PAY_EVENTS = [
	'ontokenization',
	'customerInteraction',
	'customerDismissed',
] as const;
/** Pay Kit renders into this element (the id merchants' tests look for). */
export const CONTAINER_ID = 'cash_app_pay_v1_element';

/** Clock of the expiry warning (injectable for Jest). */
export interface CashAppPayClock {
	now: () => number;
	setTimer: ( fn: () => void, ms: number ) => unknown;
	clearTimer: ( handle: unknown ) => void;
}

export interface CashAppPayConfig {
	/** The hydration's cashAppPayMerchantIdentifier (Pay Kit's scope id). */
	scopeId: string;
	checked: CheckedCashAppPayRequest;
	clock: CashAppPayClock;
}

/** The main frame's answer to REQUEST_CASH_APP_PAY_INSTANT_WALLET_TOKEN. */
export interface CashAppPayTokenReply {
	token: string;
	sessionID?: string;
}

/** One `payments.cashAppPay()` object. */
export class CashAppPayMethod {
	private readonly lifecycle = new Lifecycle( CASH_APP_PAY );
	private readonly events: MethodEvents;
	private container: HTMLElement | null = null;
	private clickTarget: HTMLElement | null = null;
	private readonly onClick = ( e: Event ) => this.clicked( e );
	private handle: PayKitRequestHandle | null = null;
	private begin: ( () => void ) | null = null;
	private warningTimer: unknown = null;
	private readonly grantsSeen = new Set< string >();
	/** Results that arrived before any ontokenization listener (the mobile return). */
	private readonly pending: TokenResult[] = [];
	private readonly tokenListeners = new Set< unknown >();
	private isMobile = false;
	/** The buyer started and has no outcome yet (a renewal would cut them off). */
	private inFlow = false;
	private gating = false;

	/**
	 * @param ctx    SDK context.
	 * @param model  The payment request (pinned: update() is refused).
	 * @param pay    Pay Kit's object.
	 * @param config Scope, checked request, clock.
	 */
	constructor(
		private readonly ctx: SdkContext,
		private readonly model: PaymentRequestModel,
		private readonly pay: PayKit,
		private readonly config: CashAppPayConfig
	) {
		this.events = new MethodEvents( CASH_APP_PAY_EVENTS, ( m ) =>
			ctx.report( m )
		);
		// Right away: after a mobile redirect Pay Kit reports the outcome almost at once.
		pay.addEventListener( 'CUSTOMER_INTERACTION', ( d ) => {
			this.isMobile = Boolean( d?.isMobile );
			this.inFlow = true;
			this.events.dispatch( 'customerInteraction', {
				isMobile: this.isMobile,
			} );
		} );
		pay.addEventListener( 'CUSTOMER_DISMISSED', () => {
			this.inFlow = false;
			this.events.dispatch( 'customerDismissed', {} );
		} );
		pay.addEventListener( 'CUSTOMER_REQUEST_APPROVED', ( d ) => {
			// An approved request is used up whatever the exchange gives: a fresh one lets the
			// buyer pay again (or retry after a failed exchange) with the same button.
			this.approved( d )
				.catch( () => {} )
				.finally( () => this.renew() );
		} );
		pay.addEventListener( 'CUSTOMER_REQUEST_DECLINED', () => {
			this.result( { status: 'Cancel' } );
			this.renew();
		} );
		pay.addEventListener( 'CUSTOMER_REQUEST_FAILED', ( d ) => {
			this.result( {
				status: 'Error',
				errors: [
					{
						type: 'CASH_APP_PAY_FAILED',
						message: d?.error
							? `Cash App Pay failed: ${ d.error }`
							: 'Cash App Pay failed.',
					},
				],
			} );
			this.renew();
		} );
	}

	/** A finished request (approved, declined, failed): a fresh one lets the buyer try again. */
	private renew(): void {
		if ( this.lifecycle.destroyed ) {
			return;
		}
		this.pay
			.restart()
			.then( () => this.request() )
			.catch( ( error ) =>
				this.ctx.report(
					`Cash App Pay request renewal failed: ${
						( error as Error )?.message ?? error
					}`
				)
			);
	}

	/** Creates the customer request (at construction) and arms the expiry warning. */
	async request(): Promise< void > {
		const { checked, scopeId } = this.config;
		this.handle = await this.pay.customerRequest( {
			...( checked.referenceId
				? { referenceId: checked.referenceId }
				: {} ),
			redirectURL: checked.redirectURL,
			actions: {
				payment: {
					amount: { currency: 'USD', value: checked.amount },
					scopeId,
				},
			},
		} );
		this.armWarning();
	}

	/** The frozen public object. */
	publicApi(): CashAppPay {
		return Object.freeze( {
			attach: (
				target: string | HTMLElement,
				options?: unknown,
				shouldTokenize?: unknown
			) => this.attach( target, options, shouldTokenize ),
			detach: () => this.detach(),
			destroy: () => this.destroy(),
			addEventListener: ( type: string, listener: never ) =>
				this.addListener( type, listener ),
			removeEventListener: ( type: string, listener: never ) => {
				this.events.remove( type, listener );
				if ( type === 'ontokenization' ) {
					this.tokenListeners.delete( listener );
				}
			},
		} ) as CashAppPay;
	}

	private shouldTokenize: ( () => Promise< boolean > ) | undefined;

	/**
	 * Renders Pay Kit's button (or none with `false`) into the target.
	 *
	 * @param selectorOrElement Target (DIV or SPAN).
	 * @param options           Button options or false.
	 * @param shouldTokenize    Gate called on each click.
	 */
	async attach(
		selectorOrElement: string | HTMLElement,
		options?: unknown,
		shouldTokenize?: unknown
	): Promise< void > {
		this.lifecycle.assertNotDestroyed();
		if ( this.lifecycle.attached || this.container ) {
			throw new PaymentMethodAlreadyAttachedError( CASH_APP_PAY );
		}
		const button = checkButtonOptions( options );
		const gate = checkShouldTokenize( shouldTokenize );
		const target = findAttachTarget(
			this.ctx.win.document,
			selectorOrElement
		);
		const doc = this.ctx.win.document;
		const container = doc.createElement( 'div' );
		container.id = CONTAINER_ID;
		target.appendChild( container );
		this.container = container;
		try {
			const rendered = await this.pay.render( container, {
				button: button as PayKitButtonOptions | false,
				manage: false,
			} );
			if ( this.lifecycle.destroyed ) {
				throw new PaymentMethodAlreadyDestroyedError( CASH_APP_PAY );
			}
			this.begin = rendered.begin;
		} catch ( error ) {
			container.remove();
			this.container = null;
			throw error;
		}
		this.shouldTokenize = gate;
		// Without a button the merchant's own element starts the flow.
		this.clickTarget = button === false ? target : container;
		this.clickTarget.addEventListener( 'click', this.onClick );
		this.lifecycle.state = 'attached';
	}

	/** Removes the button; attach may follow. */
	async detach(): Promise< boolean > {
		this.lifecycle.assertAttached();
		this.unrender();
		this.lifecycle.toDetached();
		return true;
	}

	/** Final; false when already destroyed. */
	async destroy(): Promise< boolean > {
		if ( this.lifecycle.destroyed ) {
			return false;
		}
		this.unrender();
		this.disarmWarning();
		this.lifecycle.state = 'destroyed';
		this.model.unpin( CASH_APP_PAY );
		try {
			await this.pay.restart();
		} catch {
			// Pay Kit forgets the request anyway.
		}
		return true;
	}

	private unrender(): void {
		this.clickTarget?.removeEventListener( 'click', this.onClick );
		this.clickTarget = null;
		this.container?.remove();
		this.container = null;
		this.begin = null;
	}

	/**
	 * A listener; an `ontokenization` listener also gets the results that arrived before it.
	 *
	 * @param type     Event name.
	 * @param listener Callback.
	 */
	private addListener( type: string, listener: never ): void {
		this.events.add( type, listener );
		if ( type === 'ontokenization' ) {
			this.tokenListeners.add( listener );
		}
		if ( type === 'ontokenization' && this.pending.length ) {
			const waiting = this.pending.splice( 0 );
			this.ctx.win.setTimeout( () =>
				waiting.forEach( ( r ) =>
					this.events.dispatch( 'ontokenization', { tokenResult: r } )
				)
			);
		}
	}

	/**
	 * The buyer clicked: the merchant's gate, then Pay Kit's begin (within the click's user
	 * activation).
	 *
	 * @param event Click.
	 */
	private clicked( event: Event ): void {
		if ( ! this.begin || this.gating || ! this.handles( event ) ) {
			return;
		}
		event.preventDefault();
		const begin = this.begin;
		const gate = this.shouldTokenize;
		if ( ! gate ) {
			this.start( begin );
			return;
		}
		this.gating = true;
		Promise.resolve()
			.then( () => gate() )
			.then(
				( go ) => {
					if ( go === true && this.begin === begin ) {
						this.start( begin );
					}
				},
				( error ) =>
					this.ctx.report(
						`Cash App Pay shouldTokenize failed: ${
							( error as Error )?.message ?? error
						}`
					)
			)
			.finally( () => {
				this.gating = false;
			} );
	}

	/**
	 * Whether a click is the SDK's: with `attach(el, false)` the merchant's element may hold
	 * real links, form fields and submit buttons; their clicks keep their own default action.
	 *
	 * @param event Click.
	 */
	private handles( event: Event ): boolean {
		if ( event.defaultPrevented ) {
			return false;
		}
		const target = event.target as Element | null;
		const boundary = this.clickTarget;
		if ( ! target || ! boundary || typeof target.closest !== 'function' ) {
			return true;
		}
		const own = target.closest(
			'a[href], input, select, textarea, label, summary, [contenteditable="true"], button'
		);
		if ( ! own || own === boundary || ! boundary.contains( own ) ) {
			return true;
		}
		if ( this.container?.contains( own ) ) {
			// Pay Kit's own button.
			return true;
		}
		// A merchant's plain button (not submitting a form) is a trigger like the element.
		return (
			own.tagName === 'BUTTON' &&
			( ( own as HTMLButtonElement ).type !== 'submit' ||
				! ( own as HTMLButtonElement ).form )
		);
	}

	/**
	 * Pay Kit's begin; it throws (NotAllowedError) when the click's user activation has
	 * lapsed, e.g. after a slow shouldTokenize. That becomes an Error result, never an
	 * unhandled rejection and a silent click.
	 *
	 * @param begin Pay Kit's begin.
	 */
	private start( begin: () => unknown ): void {
		const failed = ( error: unknown ) => {
			const name = ( error as Error )?.name;
			this.result( {
				status: 'Error',
				errors: [
					{
						type: 'CASH_APP_PAY_NOT_STARTED',
						message:
							name === 'NotAllowedError'
								? 'Cash App Pay could not start: the click is no longer a user action (shouldTokenize took too long). Ask the buyer to click again.'
								: `Cash App Pay could not start: ${
										( error as Error )?.message ?? error
									}`,
					},
				],
			} );
		};
		try {
			const started = begin();
			if (
				started &&
				typeof ( started as Promise< unknown > ).then === 'function'
			) {
				( started as Promise< unknown > ).then( undefined, failed );
			}
		} catch ( error ) {
			failed( error );
		}
	}

	/**
	 * Approved: the payment grant becomes a wallet nonce in the main frame.
	 *
	 * @param data Pay Kit's approval.
	 */
	private async approved( data: PayKitApproved ): Promise< void > {
		const grantId = data?.grants?.payment?.grantId;
		if ( ! grantId ) {
			const error = new CashAppPayGrantMissingError();
			this.result( {
				status: 'Error',
				errors: [ { type: 'GRANT_MISSING', message: error.message } ],
			} );
			return;
		}
		// Pay Kit tells an approval once; a page that sees the same grant again ignores it.
		if ( this.grantsSeen.has( grantId ) ) {
			return;
		}
		this.grantsSeen.add( grantId );
		const cashtag = data.customerProfile?.cashtag ?? '';
		const referenceId = data.referenceId ?? this.config.checked.referenceId;
		const started = this.ctx.now();
		try {
			const reply = await this.ctx.mainRequest< CashAppPayTokenReply >(
				MESSAGE.REQUEST_CASH_APP_PAY_INSTANT_WALLET_TOKEN,
				{
					cashAppPayData: {
						referenceId,
						grantId,
						cashtag,
						totalAmount: {
							amount: this.config.checked.amount,
							currencyCode: 'USD',
						},
						isMobile: this.isMobile,
					},
				}
			);
			this.ctx.metric( 'tokenize', {
				eventSource: 'cashAppPay',
				duration: this.ctx.now() - started,
				method: CASH_APP_PAY,
			} );
			this.ctx.flushMetrics();
			this.result( {
				status: 'OK',
				token: reply.token,
				details: {
					method: 'Cash App Pay',
					cashAppPay: { cashtag, referenceId },
				},
			} );
		} catch ( error ) {
			this.result( {
				status: 'Error',
				errors: [
					{
						type: 'TOKENIZATION_ERROR',
						message: ( error as Error ).message,
					},
				],
			} );
		}
	}

	/**
	 * Gives a result to the ontokenization listeners, or keeps it for the first one.
	 *
	 * @param tokenResult Result.
	 */
	private result( tokenResult: TokenResult ): void {
		this.inFlow = false;
		if ( this.lifecycle.destroyed ) {
			return;
		}
		if ( this.tokenListeners.size === 0 ) {
			this.pending.push( tokenResult );
			return;
		}
		this.events.dispatch( 'ontokenization', { tokenResult } );
	}

	/** The warning before the customer request lapses, then a fresh request (spec §4). */
	private armWarning(): void {
		this.disarmWarning();
		const expiresAt = Date.parse( this.handle?.expiresAt ?? '' );
		if ( Number.isNaN( expiresAt ) ) {
			return;
		}
		const delay = expiryWarningDelay( expiresAt - this.config.clock.now() );
		if ( delay === null ) {
			return;
		}
		this.warningTimer = this.config.clock.setTimer( () => {
			this.warningTimer = null;
			this.expiring().catch( () => {} );
		}, delay );
	}

	private disarmWarning(): void {
		if ( this.warningTimer !== null ) {
			this.config.clock.clearTimer( this.warningTimer );
			this.warningTimer = null;
		}
	}

	/** The request is about to lapse: warn, and ask Pay Kit for a fresh one unless in use. */
	private async expiring(): Promise< void > {
		if ( this.lifecycle.destroyed ) {
			return;
		}
		( this.ctx.win as unknown as { console?: Console } ).console?.warn(
			'Cash App Pay: the customer request expires in about a minute; a new one is requested.'
		);
		if ( this.inFlow ) {
			// The buyer is answering: Pay Kit reports the request's end (approved, or failed
			// when it lapses), and a fresh request follows a failure.
			return;
		}
		await this.pay.restart();
		await this.request();
	}
}
