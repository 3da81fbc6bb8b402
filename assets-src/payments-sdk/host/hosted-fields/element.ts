/**
 * A card or gift card element (spec §2, §4; API §3–§5): lifecycle, attach target, options,
 * sizing, message line, events, tokenize. The inputs live in the provider frame; this side
 * keeps the host DOM (`.sq-card-*`, API §12) and the public events. What differs per method
 * comes from its HostedFieldsMethod (host/methods/card, host/methods/gift-card).
 */
import {
	ChannelError,
	MESSAGE,
	RemoteError,
	textsFor,
	type ConfigurePayload,
	type FieldEventPayload,
	type NonceReply,
	type PostalCountry,
} from '../../protocol';
import { findAttachTarget } from '../attach-target';
import type { SdkContext } from '../context';
import {
	InvalidElementPresentError,
	InvalidFieldNameError,
	MethodNotAvailableError,
	PaymentMethodAlreadyAttachedError,
	PaymentMethodAlreadyDestroyedError,
	tokenizationInProgress,
	UnexpectedError,
} from '../errors';
import { MethodEvents, type Listener } from '../events';
import { FrameLink } from '../frame-link';
import { Lifecycle } from '../lifecycle';
import type { TokenResult } from '../types';
import { checkOptions } from '../validate';
import {
	CARD_CODE_MESSAGES,
	TOKENIZE_MESSAGES,
	frameCallError,
} from './catalogue';
import {
	ensureWrapperStylesheet,
	mountHostDom,
	randomSuffix,
} from './host-dom';
import { MessageLine } from './message-line';
import type { HostedFieldsMethod } from './method';
import { ResizeScheduler } from './resize';

/** Options the element keeps. */
export interface ElementOptions {
	includeInputLabels?: boolean;
	postalCode?: string;
	style?: Record< string, unknown >;
}

/** A card or gift card element. */
export class HostedElement {
	private readonly lifecycle: Lifecycle;
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
	private messageLine: MessageLine | null = null;
	private readonly events: MethodEvents;
	private readonly resize: ResizeScheduler;
	private options: ElementOptions;
	private lastField: FieldEventPayload | null = null;
	/** A tokenize found several invalid fields: the message line says to fix them (spec §5). */
	private fixErrors = false;
	/** Postal country the frame validates with (card's issuing country, else the locale's). */
	private postalCountry: PostalCountry | null = null;
	private readonly unsubscribeLocale: () => void;
	/** When the element was created (destroy's metric duration). */
	private readonly createdAt: number;

	/**
	 * @param method  What the method is (host/methods/<method>).
	 * @param ctx     Shared context.
	 * @param options Validated options.
	 */
	constructor(
		private readonly method: HostedFieldsMethod,
		private readonly ctx: SdkContext,
		options: ElementOptions
	) {
		this.options = { ...options };
		this.createdAt = ctx.now();
		this.lifecycle = new Lifecycle( method.methodName );
		this.events = new MethodEvents( method.events, ( m ) =>
			ctx.report( m )
		);
		this.resize = new ResizeScheduler( method.resize, () =>
			this.applySize()
		);
		this.unsubscribeLocale = ctx.onLocaleChange( () => {
			if ( this.lifecycle.attached && this.link ) {
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
		return this.lifecycle.attached;
	}

	/**
	 * Attaches to an empty DIV or SPAN (selector or element).
	 *
	 * @param selectorOrElement Target.
	 */
	async attach( selectorOrElement: string | HTMLElement ): Promise< void > {
		const { methodName } = this.method;
		this.lifecycle.assertNotDestroyed();
		if ( this.lifecycle.attached || this.attaching ) {
			throw new PaymentMethodAlreadyAttachedError( methodName );
		}
		const target = this.findTarget( selectorOrElement );
		this.attaching = true;
		const started = this.ctx.now();
		const destroyed = new Promise< never >( ( _, reject ) => {
			this.abortAttach = () =>
				reject( new PaymentMethodAlreadyDestroyedError( methodName ) );
		} );
		try {
			// The frame loads while the session hydrates (ready sooner, issue 6 bench target).
			const [ hydration ] = await Promise.race( [
				Promise.all( [ this.ctx.session(), this.mount( target ) ] ),
				destroyed,
			] );
			// destroy() may have run while the frame loaded: it stays destroyed (spec §4).
			this.lifecycle.assertNotDestroyed();
			const support =
				hydration.paymentMethodSupportDetail?.[
					this.method.supportKey
				];
			if ( support && ! support.IsSupported ) {
				throw new MethodNotAvailableError();
			}
			this.lifecycle.state = 'attached';
			this.ctx.metric( 'attach', {
				eventSource: this.method.eventSource,
				duration: this.ctx.now() - started,
				method: methodName,
			} );
		} catch ( error ) {
			// A failed attach returns to detached (spec §4); a destroyed one stays destroyed.
			this.unmount();
			if ( this.lifecycle.destroyed ) {
				throw new PaymentMethodAlreadyDestroyedError( methodName );
			}
			throw error instanceof ChannelError || error instanceof RemoteError
				? new UnexpectedError( `attaching the ${ methodName }` )
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
		this.lifecycle.assertAttached();
		checkOptions( options, this.method.options );
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
		this.lifecycle.assertAttached();
		this.unmount();
		return true;
	}

	/** Final; false when already destroyed. */
	async destroy(): Promise< boolean > {
		if ( this.lifecycle.destroyed ) {
			return false;
		}
		if ( this.lifecycle.attached ) {
			this.link?.channel.emit( MESSAGE.DESTROY );
		}
		this.lifecycle.state = 'destroyed';
		// During an attach: its frame goes now, and the attach rejects.
		this.unmount();
		this.abortAttach?.();
		this.unsubscribeLocale();
		this.ctx.metric( 'destroy', {
			eventSource: this.method.eventSource,
			duration: this.ctx.now() - this.createdAt,
			method: this.method.methodName,
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
		this.lifecycle.assertAttached();
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
		this.lifecycle.assertAttached();
		return Boolean(
			await this.call( MESSAGE.SET_ERROR, { field }, 'setting an error' )
		);
	}

	/** Clears fields and messages. */
	async clear(): Promise< boolean > {
		this.lifecycle.assertAttached();
		return Boolean( await this.call( MESSAGE.CLEAR, {}, 'clearing' ) );
	}

	/** Recomputes the iframe height from the target width (spec §2). */
	recalculateSize(): void {
		this.lifecycle.assertAttached();
		this.applySize();
	}

	/**
	 * Adds a listener; a duplicate (type, function) pair is ignored (API §12.7).
	 *
	 * @param type     Event name.
	 * @param listener Callback.
	 */
	addEventListener( type: string, listener: Listener ): void {
		this.events.add( type, listener );
	}

	/**
	 * Removes a listener.
	 *
	 * @param type     Event name.
	 * @param listener Callback.
	 */
	removeEventListener( type: string, listener: Listener ): void {
		this.events.remove( type, listener );
	}

	/** One tokenize at a time; Invalid with errors, or OK with token and details. */
	async tokenize(): Promise< TokenResult > {
		this.lifecycle.assertAttached();
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
				eventSource: this.method.eventSource,
				duration: this.ctx.now() - this.tokenizeStarted,
				method: this.method.methodName,
				paymentMethodTrackingId: reply.paymentMethodTrackingId,
			} );
			this.ctx.flushMetrics();
			return {
				status: 'OK',
				token: reply.cardNonce,
				details: this.method.tokenDetails( reply ),
			};
		} finally {
			this.tokenizing = false;
		}
	}

	// ---- internals -------------------------------------------------------------------

	/**
	 * The target of attach: an existing DIV or SPAN without another element in it (spec §5).
	 *
	 * @param selectorOrElement Selector or element.
	 */
	private findTarget( selectorOrElement: string | HTMLElement ): HTMLElement {
		const target = findAttachTarget(
			this.ctx.win.document,
			selectorOrElement
		);
		const present = target.querySelector( '[data-sq-instance]' );
		if ( present ) {
			throw new InvalidElementPresentError(
				this.method.displayName,
				present.id
			);
		}
		return target;
	}

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
			throw frameCallError( error, action, ( m ) =>
				this.ctx.report( m )
			);
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
		return textsFor( this.ctx.locale() ).frameTitle[ this.method.kind ];
	}

	private async mount( target: HTMLElement ): Promise< void > {
		const doc = this.ctx.win.document;
		ensureWrapperStylesheet( doc, this.ctx.assetBase );
		const { frameFile } = this.method;
		const link = new FrameLink(
			this.ctx.win,
			this.ctx.assetOrigin,
			`${ this.ctx.assetBase }frames/${ frameFile }.html`,
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
		link.iframe.id = `sq-${ frameFile }-iframe-${ randomSuffix() }`;
		link.iframe.name = link.iframe.id;
		link.iframe.title = this.frameTitle();
		link.iframe.setAttribute( 'data-sq-instance', this.method.kind );
		link.iframe.style.height = `${ this.method.height(
			0,
			Boolean( this.options.includeInputLabels )
		) }px`;
		if ( this.method.hiddenUntilReady ) {
			link.iframe.style.visibility = 'hidden';
		}
		const dom = mountHostDom( doc, target, link.iframe );
		this.target = target;
		this.wrapper = dom.wrapper;
		this.messageLine = new MessageLine(
			dom.wrapper,
			dom.message,
			this.method.fields
		);
		this.applySize();

		await link.readyWithin( 'The frame' );
		// The frame sends the session id with its nonce request (spec §7 card-nonce).
		this.sessionId = ( await this.ctx.session() ).sessionId;
		await link.channel.request(
			this.method.loadMessage,
			this.configPayload()
		);
		link.iframe.style.visibility = '';
		this.ctx.win.addEventListener( 'resize', this.onWindowResize );
	}

	private unmount(): void {
		this.ctx.win.removeEventListener( 'resize', this.onWindowResize );
		this.resize.cancel();
		this.link?.close();
		this.wrapper?.remove();
		this.link = null;
		this.wrapper = null;
		this.messageLine = null;
		this.target = null;
		this.lastField = null;
		this.fixErrors = false;
		this.postalCountry = null;
		this.lifecycle.toDetached();
	}

	private onWindowResize(): void {
		this.resize.onResize();
	}

	private applySize(): void {
		if ( ! this.link || ! this.target ) {
			return;
		}
		const width = this.target.getBoundingClientRect().width;
		this.link.iframe.style.height = `${ this.method.height(
			width,
			Boolean( this.options.includeInputLabels )
		) }px`;
	}

	private onFieldEvent( payload: FieldEventPayload ): void {
		if ( ! this.lifecycle.attached && ! this.attaching ) {
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
		this.events.dispatch(
			payload.eventType,
			this.method.eventDetail( payload )
		);
	}

	private renderMessage(): void {
		if ( ! this.messageLine || ! this.wrapper ) {
			return;
		}
		this.messageLine.render( {
			lastField: this.lastField,
			fixErrors: this.fixErrors,
			postalCountry: this.postalCountry,
			locale: this.ctx.locale(),
			overrides: this.ctx.overrides?.() ?? {},
			style: this.options.style ?? {},
		} );
	}

	private assertField( field: string ): void {
		if ( ! ( this.method.fields as readonly string[] ).includes( field ) ) {
			throw new InvalidFieldNameError( field, this.method.fields );
		}
	}
}
