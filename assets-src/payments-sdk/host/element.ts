/**
 * Card and gift card elements (spec §2, §4; API §3–§5): lifecycle, attach target, options,
 * sizing, message line, events, tokenize. The inputs live in the provider frame; this side
 * keeps the host DOM (`.sq-card-*`, API §12) and the public events.
 */
import {
	CARD_EVENTS,
	CARD_FIELDS,
	CLASS_REMOVAL_DELAY_MS,
	GIFT_CARD_FIELDS,
	MESSAGE,
	RESIZE_WAIT_MS,
	ChannelError,
	RemoteError,
	errorText,
	isReportable,
	postalCountryOf,
	textsFor,
	type AnyFieldName,
	type ConfigurePayload,
	type FieldEventPayload,
	type NonceReply,
	type PostalCountry,
} from '../protocol';
import type { SdkContext } from './context';
import {
	ElementNotFoundError,
	InvalidElementPresentError,
	InvalidElementTypeError,
	InvalidEventListenerCallbackError,
	InvalidFieldNameError,
	MethodNotAvailableError,
	PaymentMethodAlreadyAttachedError,
	PaymentMethodAlreadyDestroyedError,
	PaymentMethodNotAttachedError,
	TokenizationError,
	tokenizationInProgress,
	UnexpectedError,
	type ApplicationError,
} from './errors';
import { FrameLink } from './frame-link';
import type { SqEvent, TokenResult } from './types';
import {
	CARD_OPTIONS,
	GIFT_CARD_OPTIONS,
	checkOptions,
	frameHeight,
} from './validate';

type Kind = 'card' | 'giftCard';
type State = 'detached' | 'attached' | 'destroyed';
type Listener = ( event: SqEvent< unknown > ) => void;

const ALLOWED_TAGS = new Set( [ 'DIV', 'SPAN' ] );

/** Catalogue messages of tokenize errors (spec §8 "Card"). */
const TOKENIZE_MESSAGES: Record< AnyFieldName, string > = {
	cardNumber: 'Credit card number is not valid',
	expirationDate: 'Expiration date is not valid',
	cvv: 'CVV is not valid',
	postalCode: 'Postal code is not valid',
	giftCardNumber: 'Gift card number is not valid',
};

/**
 * Catalogue messages of the provider's card codes (spec §5 validation codes, §8 "Card"), used
 * for the sub-errors of a TokenizationError whatever text the provider sent.
 */
export const CARD_CODE_MESSAGES: Readonly< Record< string, string > > = {
	INVALID_CARD_NUMBER: TOKENIZE_MESSAGES.cardNumber,
	INVALID_EXPIRATION_DATE: TOKENIZE_MESSAGES.expirationDate,
	INVALID_CVV: TOKENIZE_MESSAGES.cvv,
	INVALID_POSTAL_CODE: TOKENIZE_MESSAGES.postalCode,
	UNSUPPORTED_CARD_BRAND: 'Card not supported',
	MISSING_CARD_DATA: 'Card data is missing',
	MISSING_APPLICATION_ID: 'The application id is missing',
	INVALID_APPLICATION_ID: 'The application id is not valid',
};

/**
 * Sub-errors of a refused tokenization in the catalogue's words (unknown codes keep the
 * provider's text).
 *
 * @param errors Sub-errors from the frame: provider code as type, its detail as message.
 */
export function catalogueErrors(
	errors: ReadonlyArray< Record< string, unknown > >
): ApplicationError[] {
	return errors.map( ( e ) => {
		const type = String( e.type ?? 'UNKNOWN' );
		const out: ApplicationError = {
			type,
			message:
				CARD_CODE_MESSAGES[ type ] ??
				String( e.message ?? 'An unknown error has occurred' ),
		};
		if ( typeof e.field === 'string' ) {
			out.field = e.field;
		}
		return out;
	} );
}

/** Options the element keeps. */
interface ElementOptions {
	includeInputLabels?: boolean;
	postalCode?: string;
	style?: Record< string, unknown >;
}

/** A card or gift card element. */
export class HostedElement {
	private state: State = 'detached';
	private attaching = false;
	/** Ends a running attach at once when destroy() runs meanwhile. */
	private abortAttach: ( () => void ) | null = null;
	/** Session id of the hydration, passed to the frame for its nonce request. */
	private sessionId: string | undefined;
	private tokenizing = false;
	/** When the running tokenize started (its metric duration). */
	private tokenizeStarted = 0;
	private link: FrameLink | null = null;
	private target: HTMLElement | null = null;
	private wrapper: HTMLElement | null = null;
	private message: HTMLElement | null = null;
	private readonly listeners = new Map< string, Set< Listener > >();
	private resizeTimer: unknown = null;
	/** When the gift card last applied its size (throttle window start). */
	private lastResize = -Infinity;
	private focusTimer: unknown = null;
	private options: ElementOptions;
	private lastField: FieldEventPayload | null = null;
	/** A tokenize found several invalid fields: the message line says to fix them (spec §5). */
	private fixErrors = false;
	/** Postal country the frame validates with (card's issuing country, else the locale's). */
	private postalCountry: PostalCountry | null = null;
	private readonly methodName: string;
	private readonly fields: readonly AnyFieldName[];
	private readonly events: readonly string[];
	private readonly unsubscribeLocale: () => void;
	/** Metric source: "card" or "gift-card". */
	private readonly eventSource: string;
	/** When the element was created (destroy's metric duration). */
	private readonly createdAt: number;

	/**
	 * @param kind    card or giftCard.
	 * @param ctx     Shared context.
	 * @param options Validated options.
	 */
	constructor(
		private readonly kind: Kind,
		private readonly ctx: SdkContext,
		options: ElementOptions
	) {
		this.options = { ...options };
		this.createdAt = ctx.now();
		this.eventSource = kind === 'card' ? 'card' : 'gift-card';
		this.methodName = kind === 'card' ? 'Card' : 'GiftCard';
		this.fields = kind === 'card' ? CARD_FIELDS : GIFT_CARD_FIELDS;
		this.events =
			kind === 'card'
				? CARD_EVENTS
				: CARD_EVENTS.filter( ( e ) => e !== 'postalCodeChanged' );
		this.unsubscribeLocale = ctx.onLocaleChange( () => {
			if ( this.state === 'attached' && this.link ) {
				// The session update (spec §7): the frame's texts follow the locale, and its
				// nonce requests keep naming the current session.
				this.link.channel.emit( MESSAGE.SESSION_UPDATE, {
					locale: ctx.locale(),
					sessionId: this.sessionId,
				} );
				this.link.iframe.title = this.frameTitle();
				this.renderMessage();
			}
		} );
		// Passed around unbound by some consumers (API §12.8).
		this.recalculateSize = this.recalculateSize.bind( this );
		this.onWindowResize = this.onWindowResize.bind( this );
	}

	/** Whether the element is attached (GF reads it, API §12.4). */
	get attached(): boolean {
		return this.state === 'attached';
	}

	/**
	 * Attaches to an empty DIV or SPAN (selector or element).
	 *
	 * @param selectorOrElement Target.
	 */
	async attach( selectorOrElement: string | HTMLElement ): Promise< void > {
		this.assertNotDestroyed();
		if ( this.state === 'attached' || this.attaching ) {
			throw new PaymentMethodAlreadyAttachedError( this.methodName );
		}
		const doc = this.ctx.win.document;
		const target =
			typeof selectorOrElement === 'string'
				? doc.querySelector< HTMLElement >( selectorOrElement )
				: selectorOrElement;
		if (
			! target ||
			typeof target !== 'object' ||
			! ( target as Node ).isConnected
		) {
			throw new ElementNotFoundError( selectorOrElement );
		}
		if ( ! ALLOWED_TAGS.has( target.tagName ) ) {
			throw new InvalidElementTypeError( target, ALLOWED_TAGS );
		}
		const present = target.querySelector( '[data-sq-instance]' );
		if ( present ) {
			throw new InvalidElementPresentError(
				this.kind === 'card' ? 'Card' : 'Gift Card',
				present.id
			);
		}
		this.attaching = true;
		const started = this.ctx.now();
		const destroyed = new Promise< never >( ( _, reject ) => {
			this.abortAttach = () =>
				reject(
					new PaymentMethodAlreadyDestroyedError( this.methodName )
				);
		} );
		try {
			// The frame loads while the session hydrates (ready sooner, issue 6 bench target).
			const [ hydration ] = await Promise.race( [
				Promise.all( [ this.ctx.session(), this.mount( target ) ] ),
				destroyed,
			] );
			// destroy() may have run while the frame loaded: it stays destroyed (spec §4).
			this.assertNotDestroyed();
			const supportKey = this.kind === 'card' ? 'card' : 'giftCard';
			const support =
				hydration.paymentMethodSupportDetail?.[ supportKey ];
			if ( support && ! support.IsSupported ) {
				throw new MethodNotAvailableError();
			}
			this.state = 'attached';
			this.ctx.metric( 'attach', {
				eventSource: this.eventSource,
				duration: this.ctx.now() - started,
				method: this.methodName,
			} );
		} catch ( error ) {
			// A failed attach returns to detached (spec §4); a destroyed one stays destroyed.
			this.unmount();
			if ( this.state === 'destroyed' ) {
				throw new PaymentMethodAlreadyDestroyedError( this.methodName );
			}
			throw error instanceof ChannelError || error instanceof RemoteError
				? new UnexpectedError( `attaching the ${ this.methodName }` )
				: error;
		} finally {
			this.attaching = false;
			this.abortAttach = null;
		}
	}

	/**
	 * New options while attached.
	 *
	 * @param options Options.
	 */
	async configure( options: ElementOptions ): Promise< void > {
		this.assertAttached();
		checkOptions(
			options,
			this.kind === 'card' ? CARD_OPTIONS : GIFT_CARD_OPTIONS
		);
		this.options = { ...this.options, ...options };
		await this.call(
			MESSAGE.CONFIGURE,
			this.configPayload(),
			'configuring'
		);
		this.recalculateSize();
	}

	/** Empties the target, keeps the listeners; attach may follow. */
	async detach(): Promise< boolean > {
		this.assertAttached();
		this.unmount();
		return true;
	}

	/** Final; false when already destroyed. */
	async destroy(): Promise< boolean > {
		if ( this.state === 'destroyed' ) {
			return false;
		}
		if ( this.state === 'attached' ) {
			this.link?.channel.emit( MESSAGE.DESTROY );
		}
		this.state = 'destroyed';
		// During an attach: its frame goes now, and the attach rejects.
		this.unmount();
		this.abortAttach?.();
		this.unsubscribeLocale();
		this.ctx.metric( 'destroy', {
			eventSource: this.eventSource,
			duration: this.ctx.now() - this.createdAt,
			method: this.methodName,
		} );
		this.ctx.flushMetrics();
		return true;
	}

	/**
	 * Focuses a field.
	 *
	 * @param field Field name.
	 */
	async focus( field: string ): Promise< boolean > {
		this.assertField( field );
		this.assertAttached();
		this.link?.iframe.focus();
		return Boolean(
			await this.call( MESSAGE.SET_FOCUS, { field }, 'focusing' )
		);
	}

	/**
	 * Puts a field into the error state.
	 *
	 * @param field Field name.
	 */
	async setError( field: string ): Promise< boolean > {
		this.assertField( field );
		this.assertAttached();
		return Boolean(
			await this.call( MESSAGE.SET_ERROR, { field }, 'setting an error' )
		);
	}

	/** Clears fields and messages. */
	async clear(): Promise< boolean > {
		this.assertAttached();
		return Boolean( await this.call( MESSAGE.CLEAR, {}, 'clearing' ) );
	}

	/** Recomputes the iframe height from the target width (spec §2). */
	recalculateSize(): void {
		this.assertAttached();
		this.applySize();
	}

	/**
	 * Adds a listener; a duplicate (type, function) pair is ignored (API §12.7).
	 *
	 * @param type     Event name.
	 * @param listener Callback.
	 */
	addEventListener( type: string, listener: Listener ): void {
		this.checkListener( type, listener );
		const set = this.listeners.get( type ) ?? new Set();
		set.add( listener );
		this.listeners.set( type, set );
	}

	/**
	 * Removes a listener.
	 *
	 * @param type     Event name.
	 * @param listener Callback.
	 */
	removeEventListener( type: string, listener: Listener ): void {
		this.checkListener( type, listener );
		this.listeners.get( type )?.delete( listener );
	}

	/** One tokenize at a time; Invalid with errors, or OK with token and details. */
	async tokenize(): Promise< TokenResult > {
		this.assertAttached();
		if ( this.tokenizing ) {
			throw tokenizationInProgress();
		}
		this.tokenizing = true;
		this.tokenizeStarted = this.ctx.now();
		try {
			const reply = ( await this.call(
				MESSAGE.REQUEST_CARD_NONCE_IF_VALID_FORM,
				{},
				'tokenizing',
				90_000
			) ) as NonceReply;
			if ( ! reply.valid ) {
				// Several fields in error: "Fix the highlighted errors." until the next field event.
				this.fixErrors = reply.errors.length > 1;
				this.renderMessage();
				return {
					status: 'Invalid',
					errors: reply.errors.map( ( e ) => ( {
						// The frame's own checks, or the provider's code (INVALID_CVV, ...).
						type:
							e.type && e.type in CARD_CODE_MESSAGES
								? e.type
								: 'VALIDATION_ERROR',
						field: e.field,
						message: TOKENIZE_MESSAGES[ e.field ],
					} ) ),
				};
			}
			this.ctx.metric( 'tokenize', {
				eventSource: this.eventSource,
				duration: this.ctx.now() - this.tokenizeStarted,
				method: this.methodName,
				paymentMethodTrackingId: reply.paymentMethodTrackingId,
			} );
			this.ctx.flushMetrics();
			if ( this.kind === 'giftCard' ) {
				return {
					status: 'OK',
					token: reply.cardNonce,
					details: {
						method: 'Gift Card',
						giftCard: { type: 'Gift' },
					},
				};
			}
			const card = reply.card!;
			return {
				status: 'OK',
				token: reply.cardNonce,
				details: {
					method: 'Card',
					card: {
						brand: card.brand,
						last4: card.last4,
						expMonth: card.expMonth,
						expYear: card.expYear,
						cardType: card.cardType,
						prepaidType: card.prepaidType,
					},
					billing: card.postalCode
						? { postalCode: card.postalCode }
						: undefined,
				},
			};
		} finally {
			this.tokenizing = false;
		}
	}

	// ---- internals -------------------------------------------------------------------

	private async call(
		type: string,
		payload: unknown,
		action: string,
		replyTimeout?: number
	): Promise< unknown > {
		try {
			return await this.link!.channel.request(
				type,
				payload,
				replyTimeout
			);
		} catch ( error ) {
			if (
				error instanceof RemoteError &&
				error.name === 'TokenizationError'
			) {
				const errors = catalogueErrors( error.errors );
				// The lock's own error keeps its catalogue message (spec §4).
				throw errors.length === 1 &&
					errors[ 0 ].type === 'TOKENIZATION_IN_PROCESS'
					? tokenizationInProgress()
					: new TokenizationError( errors );
			}
			if (
				error instanceof ChannelError ||
				error instanceof RemoteError
			) {
				if ( isReportable( error ) ) {
					this.ctx.report( `${ action }: ${ error.message }` );
				}
				throw new UnexpectedError( action );
			}
			throw error;
		}
	}

	private configPayload(): ConfigurePayload {
		return {
			includeInputLabels: Boolean( this.options.includeInputLabels ),
			style: this.options.style ?? {},
			postalCode: this.options.postalCode,
			locale: this.ctx.locale(),
			applicationId: this.ctx.applicationId,
			locationId: this.ctx.locationId,
			sessionId: this.sessionId,
		};
	}

	/** The iframe's title in the page locale. */
	private frameTitle(): string {
		return textsFor( this.ctx.locale() ).frameTitle[ this.kind ];
	}

	private async mount( target: HTMLElement ): Promise< void > {
		const doc = this.ctx.win.document;
		// The card-wrapper stylesheet from the provider host, once per page (spec §1).
		if ( ! doc.querySelector( 'link[data-sq-card-wrapper]' ) ) {
			const css = doc.createElement( 'link' );
			css.rel = 'stylesheet';
			css.href = `${ this.ctx.assetBase }card-wrapper.css`;
			css.setAttribute( 'data-sq-card-wrapper', '' );
			doc.head.appendChild( css );
		}
		const file = this.kind === 'card' ? 'card' : 'gift-card';
		const link = new FrameLink(
			this.ctx.win,
			this.ctx.assetOrigin,
			`${ this.ctx.assetBase }frames/${ file }.html`,
			( p ) => this.ctx.report( p ),
			this.ctx.timers ?? {}
		);
		this.link = link;
		link.channel.handle( MESSAGE.FIELD_EVENT, ( payload ) =>
			this.onFieldEvent( payload as FieldEventPayload )
		);
		link.channel.handle( MESSAGE.POSTAL_COUNTRY, ( payload ) => {
			this.postalCountry =
				( payload as { postalCountry?: PostalCountry } )
					.postalCountry ?? null;
			this.renderMessage();
		} );
		const wrapper = doc.createElement( 'div' );
		wrapper.className = 'sq-card-wrapper';
		const component = doc.createElement( 'div' );
		component.className = 'sq-card-component';
		const container = doc.createElement( 'div' );
		container.className = 'sq-card-iframe-container';
		link.iframe.id = `sq-${ file }-iframe-${ randomSuffix() }`;
		link.iframe.name = link.iframe.id;
		link.iframe.title = this.frameTitle();
		link.iframe.setAttribute( 'data-sq-instance', this.kind );
		link.iframe.style.height = `${ frameHeight( 0, Boolean( this.options.includeInputLabels ), this.kind === 'giftCard' ) }px`;
		if ( this.kind === 'giftCard' ) {
			// Hidden until ready (spec §2).
			link.iframe.style.visibility = 'hidden';
		}
		container.appendChild( link.iframe );
		component.appendChild( container );
		const message = doc.createElement( 'div' );
		message.className = 'sq-card-message';
		message.setAttribute( 'aria-live', 'polite' );
		wrapper.append( component, message );
		target.appendChild( wrapper );
		this.target = target;
		this.wrapper = wrapper;
		this.message = message;
		this.applySize();

		await link.readyWithin( 'The frame' );
		// The frame sends the session id with its nonce request (spec §7 card-nonce).
		this.sessionId = ( await this.ctx.session() ).sessionId;
		await link.channel.request(
			this.kind === 'card'
				? MESSAGE.LOAD_CARDS_FORM
				: MESSAGE.LOAD_GIFT_CARDS_FORM,
			this.configPayload()
		);
		link.iframe.style.visibility = '';
		this.ctx.win.addEventListener( 'resize', this.onWindowResize );
	}

	private unmount(): void {
		this.ctx.win.removeEventListener( 'resize', this.onWindowResize );
		clearTimeout( this.resizeTimer as number );
		this.resizeTimer = null;
		this.lastResize = -Infinity;
		this.link?.close();
		this.wrapper?.remove();
		this.link = null;
		this.wrapper = null;
		this.message = null;
		this.target = null;
		this.lastField = null;
		this.fixErrors = false;
		this.postalCountry = null;
		if ( this.state !== 'destroyed' ) {
			this.state = 'detached';
		}
	}

	/**
	 * Card: debounced 100 ms (the size is applied once resizing pauses). Gift card: throttled
	 * 100 ms (spec §2): the first resize applies at once, later ones within the window leave
	 * one trailing call at its end, so the last size is always applied.
	 */
	private onWindowResize(): void {
		if ( this.kind === 'giftCard' ) {
			if ( this.resizeTimer !== null ) {
				// A trailing call is already due; it reads the size when it runs.
				return;
			}
			const wait = this.lastResize + RESIZE_WAIT_MS - Date.now();
			if ( wait <= 0 ) {
				this.lastResize = Date.now();
				this.applySize();
				return;
			}
			this.resizeTimer = setTimeout( () => {
				this.resizeTimer = null;
				this.lastResize = Date.now();
				this.applySize();
			}, wait );
			return;
		}
		clearTimeout( this.resizeTimer as number );
		this.resizeTimer = setTimeout( () => {
			this.resizeTimer = null;
			this.applySize();
		}, RESIZE_WAIT_MS );
	}

	private applySize(): void {
		if ( ! this.link || ! this.target ) {
			return;
		}
		const width = this.target.getBoundingClientRect().width;
		this.link.iframe.style.height = `${ frameHeight(
			width,
			Boolean( this.options.includeInputLabels ),
			this.kind === 'giftCard'
		) }px`;
	}

	private onFieldEvent( payload: FieldEventPayload ): void {
		if ( this.state !== 'attached' && ! this.attaching ) {
			return;
		}
		this.lastField = payload;
		this.fixErrors = false;
		this.postalCountry = payload.postalCountry ?? this.postalCountry;
		// The message line and classes first, then the event (API §12.2).
		this.renderMessage();
		if ( payload.eventType === 'escape' ) {
			this.link?.iframe.blur();
		}
		const detail: Record< string, unknown > = {
			cardBrand: payload.cardBrand,
			currentState: payload.currentState,
			eventType: payload.eventType,
			field: payload.field,
			previousState: payload.previousState,
		};
		if ( this.kind === 'card' ) {
			detail.postalCodeValue = payload.postalCodeValue;
		}
		this.dispatch( payload.eventType, detail );
	}

	private renderMessage(): void {
		const p = this.lastField;
		if ( ! this.message || ! this.wrapper ) {
			return;
		}
		const locale = this.ctx.locale();
		const errorField = p?.errorFields.find( ( f ) =>
			this.fields.includes( f )
		);
		const t = textsFor( locale );
		const override = ( key: string ) => this.ctx.overrides?.()[ key ];
		if ( errorField && this.fixErrors ) {
			this.message.textContent = t.fixErrors;
			this.message.classList.add( 'sq-card-message-error' );
		} else if ( errorField ) {
			this.message.textContent =
				override( `error.${ errorField }` ) ??
				errorText(
					locale,
					errorField,
					this.postalCountry ?? postalCountryOf( locale )
				);
			this.message.classList.add( 'sq-card-message-error' );
		} else {
			this.message.textContent = p?.focusedField
				? ( override( `helper.${ p.focusedField }` ) ??
					t.helper[ p.focusedField ] )
				: '';
			this.message.classList.remove( 'sq-card-message-error' );
		}
		this.wrapper.classList.toggle( 'sq-error', Boolean( errorField ) );
		// The message line is host DOM: its allowed styles (.message-text) apply here.
		const style = ( this.options.style ?? {} ) as Record<
			string,
			Record< string, string > | undefined
		>;
		this.message.style.color =
			( errorField
				? style[ '.message-text.is-error' ]?.color
				: style[ '.message-text' ]?.color ) ?? '';
		if ( p?.focusedField ) {
			clearTimeout( this.focusTimer as number );
			this.wrapper.classList.add( 'sq-focus' );
		} else {
			// Removed after 50 ms, so moving between inputs does not flicker (spec §4).
			const wrapper = this.wrapper;
			clearTimeout( this.focusTimer as number );
			this.focusTimer = setTimeout(
				() => wrapper.classList.remove( 'sq-focus' ),
				CLASS_REMOVAL_DELAY_MS
			);
		}
	}

	private dispatch( type: string, detail: unknown ): void {
		const event: SqEvent< unknown > = Object.freeze( { type, detail } );
		for ( const listener of [ ...( this.listeners.get( type ) ?? [] ) ] ) {
			try {
				listener( event );
			} catch ( error ) {
				const wrapped = new InvalidEventListenerCallbackError(
					type,
					( error as Error )?.message ?? String( error )
				);
				this.ctx.report( wrapped.message );
				setTimeout( () => {
					throw wrapped;
				} );
			}
		}
	}

	private checkListener( type: string, listener: unknown ): void {
		if ( ! this.events.includes( type ) ) {
			throw new InvalidEventListenerCallbackError(
				type,
				`'${ type }' is not a valid event. Valid events: ${ this.events.join( ', ' ) }.`
			);
		}
		if ( typeof listener !== 'function' ) {
			throw new InvalidEventListenerCallbackError(
				type,
				'the listener is not a function.'
			);
		}
	}

	private assertField( field: string ): void {
		if ( ! ( this.fields as readonly string[] ).includes( field ) ) {
			throw new InvalidFieldNameError( field, this.fields );
		}
	}

	private assertNotDestroyed(): void {
		if ( this.state === 'destroyed' ) {
			throw new PaymentMethodAlreadyDestroyedError( this.methodName );
		}
	}

	private assertAttached(): void {
		this.assertNotDestroyed();
		if ( this.state !== 'attached' ) {
			throw new PaymentMethodNotAttachedError( this.methodName );
		}
	}
}

let seq = 0;
function randomSuffix(): string {
	return `${ ++seq }-${ Math.random().toString( 36 ).slice( 2, 8 ) }`;
}
