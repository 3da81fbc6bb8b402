/**
 * The payment request behind `payments.paymentRequest()` (spec §3–§5, §8; wave 2 A.1): the
 * checked request, its listeners, `update()`, the lock a wallet sheet holds, the shipping
 * events a sheet dispatches, and the Afterpay checkout token that an update makes stale.
 */
import type { SdkContext } from '../context';
import { InvalidPaymentRequestUpdateError, type SqError } from '../errors';
import { checkListener, listenerError, surfaceListenerError } from '../events';
import type {
	Contact,
	PaymentRequestOptions,
	PaymentRequestUpdate,
	ShippingErrors,
	ShippingOption,
} from '../types';
import { callListener } from './listener';
import { shippingTexts } from './texts';
import {
	answerProblems,
	checkRequest,
	shippingErrorsOf,
	UPDATABLE_PARTS,
} from './validate';

/**
 * Events a payment request accepts (spec §5): the two shipping events, the two Afterpay
 * shipping events (dispatched by Afterpay/Clearpay) and `update` (not in the public types; told
 * whenever the request changes).
 */
const PAYMENT_REQUEST_EVENTS = [
	'shippingcontactchanged',
	'shippingoptionchanged',
	'afterpay_shippingaddresschanged',
	'afterpay_shippingoptionchanged',
	'update',
] as const;

/** What the model needs from its payments instance: the page locale (the sheet's error texts), error reporting (listener failures) and, in tests, timers. */
export type PaymentRequestDeps = Pick<
	SdkContext,
	'locale' | 'report' | 'timers'
>;

/** Payment request error codes (spec §3) a wallet maps to its own reasons. */
export type ShippingErrorCode =
	| 'PAYMENT_METHOD_DESTROYED'
	| 'SHIPPING_ADDRESS_UNSERVICEABLE'
	| 'SHIPPING_ADDRESS_INVALID';

/** What the sheet shows after a shipping change. */
export interface ShippingChangeOutcome {
	/** The request after the change (unchanged when there is an error). */
	request: Readonly< PaymentRequestOptions >;
	error?: {
		code: ShippingErrorCode;
		/** Localized SDK text, or the merchant's own `error` / shipping error text. */
		message: string;
		shippingErrors?: ShippingErrors;
		/** The SDK-side failure (listener threw, timed out, answered wrongly), if any. */
		cause?: SqError;
	};
}

type Callback = ( arg: unknown ) => unknown;

/**
 * A deep copy of plain data, frozen, so neither the merchant's object nor a wallet can change
 * the request behind the model's back.
 *
 * @param value Plain data.
 */
function frozenCopy< T >( value: T ): T {
	if ( Array.isArray( value ) ) {
		return Object.freeze( value.map( frozenCopy ) ) as T;
	}
	if ( value && typeof value === 'object' ) {
		const out: Record< string, unknown > = {};
		for ( const [ k, v ] of Object.entries( value ) ) {
			out[ k ] = frozenCopy( v );
		}
		return Object.freeze( out ) as T;
	}
	return value;
}

/** The lock and shipping events of one open wallet sheet (spec §4 "Payment-request lock"). */
export class WalletSession {
	private ended = false;
	private destroyed = false;

	/**
	 * @param model      The payment request.
	 * @param methodName Wallet holding the lock ("Apple Pay", "Google Pay").
	 * @param release    Frees the lock.
	 */
	constructor(
		private readonly model: PaymentRequestModel,
		readonly methodName: string,
		private readonly release: () => void
	) {}

	/** Whether the sheet still holds the lock. */
	get active(): boolean {
		return ! this.ended;
	}

	/** Whether the method was destroyed while its sheet was open. */
	get methodWasDestroyed(): boolean {
		return this.destroyed;
	}

	/**
	 * The buyer picked a shipping contact in the sheet.
	 *
	 * @param contact The (redacted) contact the wallet gives.
	 */
	shippingContactChanged(
		contact: Contact
	): Promise< ShippingChangeOutcome > {
		return this.model.dispatchShipping(
			this,
			'shippingcontactchanged',
			contact
		);
	}

	/**
	 * The buyer picked a shipping option in the sheet.
	 *
	 * @param option The option.
	 */
	shippingOptionChanged(
		option: ShippingOption
	): Promise< ShippingChangeOutcome > {
		return this.model.dispatchShipping(
			this,
			'shippingoptionchanged',
			option
		);
	}

	/** The sheet finished, was cancelled or failed: update() works again (spec §4). */
	end(): void {
		if ( ! this.ended ) {
			this.ended = true;
			this.release();
		}
	}

	/**
	 * The method was destroyed while its sheet was open: a pending or later shipping change
	 * answers PAYMENT_METHOD_DESTROYED (spec §8 "Wallets"), and the lock is freed.
	 */
	methodDestroyed(): void {
		this.destroyed = true;
		this.end();
	}
}

/** A checked payment request and what wallets do with it. */
export class PaymentRequestModel {
	private request: Readonly< PaymentRequestOptions >;
	private readonly listeners = new Map< string, Callback >();
	private readonly updateSubscribers = new Set<
		( request: Readonly< PaymentRequestOptions > ) => void
	>();
	private session: WalletSession | null = null;
	/** Methods whose amount is fixed once they start (Cash App Pay): update() is refused. */
	private readonly pinnedBy = new Set< string >();
	private afterpay: { token: string; expiresAt: number } | null = null;

	/**
	 * @param options The merchant's options; InvalidPaymentRequestError or
	 *                InvalidCurrencyFormatError when they are not a valid request (spec §5).
	 * @param deps    Locale, reporting, timers.
	 */
	constructor(
		options: unknown,
		private readonly deps: PaymentRequestDeps
	) {
		checkRequest( options );
		this.request = frozenCopy( options );
	}

	/** The current request (frozen). */
	get current(): Readonly< PaymentRequestOptions > {
		return this.request;
	}

	/** Whether a wallet sheet holds the lock. */
	get locked(): boolean {
		return this.session !== null;
	}

	/**
	 * One listener per event; a later one replaces it (its answer is the sheet's update).
	 *
	 * @param event    Event name.
	 * @param callback Listener.
	 */
	addEventListener( event: string, callback: unknown ): void {
		checkListener( PAYMENT_REQUEST_EVENTS, event, callback );
		this.listeners.set( event, callback as Callback );
	}

	/**
	 * Merges the options into the request. False, and nothing changes, while a wallet sheet is
	 * open (spec §4); otherwise the merged request is checked like a new one
	 * (InvalidPaymentRequestUpdateError, InvalidCurrencyFormatError) and replaces it.
	 *
	 * @param options Options to change.
	 */
	update( options: unknown ): boolean {
		if ( this.locked || this.pinnedBy.size > 0 ) {
			return false;
		}
		if (
			typeof options !== 'object' ||
			options === null ||
			Array.isArray( options )
		) {
			throw new InvalidPaymentRequestUpdateError( [
				[ 'options', 'object' ],
			] );
		}
		const merged = { ...this.request, ...options };
		checkRequest( merged, true );
		this.replace( merged );
		return true;
	}

	/**
	 * A method that cannot follow an update (Cash App Pay's customer request) pins the request:
	 * update() returns false until every such method is destroyed.
	 *
	 * @param methodName Method name.
	 */
	pin( methodName: string ): void {
		this.pinnedBy.add( methodName );
	}

	/**
	 * The pinning method was destroyed.
	 *
	 * @param methodName Method name.
	 */
	unpin( methodName: string ): void {
		this.pinnedBy.delete( methodName );
	}

	/**
	 * A wallet opens its sheet and takes the lock; null when another sheet holds it.
	 *
	 * @param methodName Wallet name.
	 */
	openSheet( methodName: string ): WalletSession | null {
		if ( this.session ) {
			return null;
		}
		const session = new WalletSession( this, methodName, () => {
			if ( this.session === session ) {
				this.session = null;
			}
		} );
		this.session = session;
		return session;
	}

	/**
	 * Tells a method whenever the request changes (update() or a listener's answer).
	 *
	 * @param subscriber Called with the new request.
	 * @return Unsubscribes.
	 */
	onUpdate(
		subscriber: ( request: Readonly< PaymentRequestOptions > ) => void
	): () => void {
		this.updateSubscribers.add( subscriber );
		return () => this.updateSubscribers.delete( subscriber );
	}

	/**
	 * Keeps the Afterpay checkout token for reuse until it expires (spec §4 "Afterpay").
	 *
	 * @param token     Checkout token.
	 * @param expiresAt When it expires (ms since the epoch).
	 */
	cacheAfterpayToken( token: string, expiresAt: number ): void {
		this.afterpay = { token, expiresAt };
	}

	/**
	 * The cached Afterpay checkout token, unless an update cleared it or it expired.
	 *
	 * @param now Current time (ms since the epoch).
	 */
	afterpayToken( now: number ): string | null {
		return this.afterpay && now < this.afterpay.expiresAt
			? this.afterpay.token
			: null;
	}

	/**
	 * The merchant's listener for an event, if any (Afterpay/Clearpay calls its own two events
	 * with the express checkout's callbacks).
	 *
	 * @param event Event name.
	 */
	listenerOf( event: string ): Callback | undefined {
		return this.listeners.get( event );
	}

	/** Forgets the cached Afterpay checkout token (its order was completed). */
	clearAfterpayToken(): void {
		this.afterpay = null;
	}

	/**
	 * Runs the merchant's shipping listener for an open sheet and turns its answer into what
	 * the sheet shows (spec §5 shipping-change answers, §8 "Wallets" and "Events").
	 *
	 * @param session The sheet.
	 * @param event   shippingcontactchanged or shippingoptionchanged.
	 * @param arg     Contact or option.
	 */
	async dispatchShipping(
		session: WalletSession,
		event: 'shippingcontactchanged' | 'shippingoptionchanged',
		arg: Contact | ShippingOption
	): Promise< ShippingChangeOutcome > {
		const destroyed = (): ShippingChangeOutcome => ( {
			request: this.request,
			error: {
				code: 'PAYMENT_METHOD_DESTROYED',
				message: shippingTexts( this.deps.locale() ).methodDestroyed,
			},
		} );
		if ( session.methodWasDestroyed ) {
			return destroyed();
		}
		const listener = this.listeners.get( event );
		if ( ! listener ) {
			return { request: this.request };
		}
		const contact = event === 'shippingcontactchanged';
		const outcome = await callListener(
			event,
			listener,
			frozenCopy( arg ),
			this.deps.timers
		);
		if ( session.methodWasDestroyed ) {
			return destroyed();
		}
		if ( ! outcome.ok ) {
			return this.failed( contact, outcome.error );
		}
		// An option listener may answer nothing: the request stays as it is.
		const answer =
			! contact && outcome.value === undefined ? {} : outcome.value;
		const problems = answerProblems( answer, contact );
		if ( problems.length ) {
			return this.failed(
				contact,
				new InvalidPaymentRequestUpdateError( problems )
			);
		}
		const update = answer as PaymentRequestUpdate;
		const shippingErrors = shippingErrorsOf( update );
		if ( shippingErrors ) {
			return {
				request: this.request,
				error: {
					code: 'SHIPPING_ADDRESS_INVALID',
					message:
						update.error ?? Object.values( shippingErrors )[ 0 ]!,
					shippingErrors,
				},
			};
		}
		if ( update.error !== undefined ) {
			return {
				request: this.request,
				error: {
					code: 'SHIPPING_ADDRESS_UNSERVICEABLE',
					message: update.error,
				},
			};
		}
		const merged: Record< string, unknown > = { ...this.request };
		for ( const key of UPDATABLE_PARTS ) {
			if ( update[ key ] !== undefined ) {
				merged[ key ] = update[ key ];
			}
		}
		try {
			checkRequest( merged, true );
		} catch ( error ) {
			return this.failed( contact, error as SqError );
		}
		this.replace( merged );
		return { request: this.request };
	}

	/**
	 * The listener failed: the error is reported and thrown outside the SDK's stack (the
	 * console shows it), the sheet gets the localized text (spec §8).
	 *
	 * @param contact Whether the contact listener failed (else the option one).
	 * @param cause   What went wrong.
	 */
	private failed( contact: boolean, cause: SqError ): ShippingChangeOutcome {
		surfaceListenerError( cause, this.deps.report );
		const texts = shippingTexts( this.deps.locale() );
		return {
			request: this.request,
			error: {
				code: 'SHIPPING_ADDRESS_UNSERVICEABLE',
				message: contact ? texts.contactError : texts.optionError,
				cause,
			},
		};
	}

	/**
	 * The request changes: a cached Afterpay token no longer matches it (spec §4), and the
	 * update listener and the methods are told.
	 *
	 * @param next The checked new request.
	 */
	private replace( next: PaymentRequestOptions ): void {
		this.request = frozenCopy( next );
		this.afterpay = null;
		const request = this.request;
		const listener = this.listeners.get( 'update' );
		if ( listener ) {
			try {
				listener( request );
			} catch ( error ) {
				surfaceListenerError(
					listenerError( 'update', error ),
					this.deps.report
				);
			}
		}
		this.updateSubscribers.forEach( ( s ) => s( request ) );
	}
}
