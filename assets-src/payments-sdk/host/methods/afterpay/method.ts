/**
 * The Afterpay/Clearpay method object (API AfterpayClearpay; spec §4 "Afterpay"; wave 2 A.6):
 * the button, messaging, the information modal and the checkout widget; tokenize() opens
 * Afterpay's popup (from the buyer's click, before anything is awaited), obtains the checkout
 * token in the main frame (reused until it expires, cleared by update()), answers the popup's
 * shipping changes with the payment request's Afterpay listeners, and exchanges the completed
 * order for a wallet nonce in the main frame. The popup holds the payment request's lock.
 */
import { MESSAGE, SDK_VERSION } from '../../../protocol';
import { findAttachTarget } from '../../attach-target';
import type { SdkContext } from '../../context';
import {
	AfterpayAmountOutsideLimitsError,
	AfterpayOnTokenizeListenerError,
	AfterpayRequestError,
	AfterpayUnsupportedCurrencyError,
	InvalidConfigurationValueError,
	PaymentMethodAlreadyAttachedError,
	PaymentMethodMissingListenerError,
	tokenizationInProgress,
} from '../../errors';
import {
	MethodEvents,
	surfaceListenerError,
	type Listener,
} from '../../events';
import { Lifecycle } from '../../lifecycle';
import type { PaymentRequestModel, WalletSession } from '../../payment-request';
import { callListener } from '../../payment-request/listener';
import { loadScript, thirdPartyScriptUrl } from '../../script-loader';
import type {
	AfterpayButtonOptions,
	AfterpayClearpay,
	AfterpayShippingOption,
	Contact,
	TokenResult,
} from '../../types';
import {
	contactOfAddress,
	expressOptionOf,
	limitProblem,
	missingContactFields,
	modalLocaleOf,
	optionProblems,
	type AfterpayLimits,
	type Brand,
} from './rules';
import {
	buttonOptions,
	messagingOptions,
	modalThemeOf,
	renderButton,
	renderPlacement,
	renderWidget,
} from './ui';
import {
	messagingOf,
	type AfterpayAddress,
	type AfterpayCompleteEvent,
	type AfterpayExpressOption,
	type AfterpayGlobal,
	type AfterpayShippingActions,
} from './vendor';

export const AFTERPAY = 'AfterpayClearpay';
const TOKENIZATION = 'ontokenization';

/** The main frame's REQUEST_AFTERPAY_INSTANT_WALLET_TOKEN reply (spec §7). */
export interface AfterpayNonceReply {
	token: string;
	sessionID?: string;
	afterpayData?: { email?: string };
	billingContact?: Contact;
	shippingContact?: Contact;
}

/** What the method knows about the merchant and the page. */
export interface AfterpayConfig {
	limits: AfterpayLimits;
	brand: Brand;
	vendor: AfterpayGlobal;
}

/** One `payments.afterpayClearpay()` object. */
export class AfterpayMethod {
	private readonly lifecycle = new Lifecycle( AFTERPAY );
	private readonly events: MethodEvents;
	private readonly tokenizeListeners = new Set< Listener >();
	private tokenizing = false;
	private button: { el: HTMLElement; remove: () => void } | null = null;
	private buttonChoice: Required< AfterpayButtonOptions > | null = null;
	private readonly extras: Array< () => void > = [];
	/** The popup's state: the listener's options, the option picked, the contact. */
	/** The popup's hold on the payment request while it is open. */
	private popup: WalletSession | null = null;
	private options: AfterpayShippingOption[] = [];
	private optionId: string | undefined;
	private contact: Contact | undefined;

	/**
	 * @param ctx   SDK context.
	 * @param model The payment request.
	 * @param cfg   Limits, brand, Afterpay.js.
	 */
	constructor(
		private readonly ctx: SdkContext,
		private readonly model: PaymentRequestModel,
		private readonly cfg: AfterpayConfig
	) {
		this.events = new MethodEvents( [ TOKENIZATION ], ( m ) =>
			ctx.report( m )
		);
	}

	/** The frozen public object. */
	publicApi(): AfterpayClearpay {
		return Object.freeze( {
			attach: ( selector: string, options?: AfterpayButtonOptions ) =>
				this.attach( selector, options ),
			attachMessaging: ( selector: string, options?: unknown ) =>
				this.attachMessaging( selector, options ),
			displayInformationModal: ( options?: unknown ) =>
				this.displayInformationModal( options ),
			attachCheckoutWidget: (
				target: string | HTMLElement,
				options?: unknown
			) => this.attachCheckoutWidget( target, options ),
			detach: () => this.detach(),
			destroy: () => this.destroy(),
			tokenize: () => this.tokenize(),
			addEventListener: ( type: string, listener: Listener ) => {
				this.events.add( type, listener );
				this.tokenizeListeners.add( listener );
			},
			removeEventListener: ( type: string, listener: Listener ) => {
				this.events.remove( type, listener );
				this.tokenizeListeners.delete( listener );
			},
		} ) as AfterpayClearpay;
	}

	/** The information modal's locale (spec §9). */
	get modalLocale(): string {
		return modalLocaleOf(
			this.ctx.locale(),
			this.model.current.countryCode
		);
	}

	/**
	 * Renders the button. With an `ontokenization` listener its click runs the checkout and
	 * reports to the listener; otherwise the merchant's click handler calls tokenize().
	 *
	 * @param selector Target (DIV or SPAN).
	 * @param options  Button options.
	 */
	async attach( selector: string, options?: unknown ): Promise< void > {
		this.lifecycle.assertNotDestroyed();
		if ( this.lifecycle.attached ) {
			throw new PaymentMethodAlreadyAttachedError( AFTERPAY );
		}
		const checked = buttonOptions( options );
		const target = findAttachTarget( this.ctx.win.document, selector );
		const rendered = renderButton( target, checked, this.cfg.brand );
		const el = rendered ?? target;
		const onClick = () => {
			if ( this.tokenizeListeners.size ) {
				this.run().then(
					( tokenResult ) =>
						this.events.dispatch( TOKENIZATION, { tokenResult } ),
					( error ) => this.events.dispatch( TOKENIZATION, { error } )
				);
			}
		};
		el.addEventListener( 'click', onClick );
		this.buttonChoice = checked;
		this.button = {
			el,
			remove: () => {
				el.removeEventListener( 'click', onClick );
				rendered?.remove();
			},
		};
		this.lifecycle.state = 'attached';
	}

	/**
	 * Renders Afterpay's messaging placement for the current total; it follows update().
	 *
	 * @param selector Target.
	 * @param options  Messaging options.
	 */
	async attachMessaging(
		selector: string,
		options?: unknown
	): Promise< void > {
		this.lifecycle.assertNotDestroyed();
		const checked = messagingOptions( options );
		const target = findAttachTarget( this.ctx.win.document, selector );
		await loadScript(
			this.ctx.win,
			thirdPartyScriptUrl( this.ctx, 'afterpayMessaging' )
		);
		const request = this.model.current;
		const el = renderPlacement( target, checked, {
			locale: this.modalLocale,
			currency: request.currencyCode,
			amount: request.total.amount,
		} );
		const off = this.model.onUpdate( ( next ) => {
			el.dataset.amount = next.total.amount;
			el.dataset.currency = next.currencyCode;
		} );
		this.extras.push( () => {
			off();
			el.remove();
		} );
	}

	/**
	 * Opens Afterpay's information modal in the mapped locale (en_US fallback).
	 *
	 * @param options {modalTheme}.
	 */
	displayInformationModal( options?: unknown ): void {
		this.lifecycle.assertNotDestroyed();
		const modalTheme = modalThemeOf( options );
		const locale = this.modalLocale;
		loadScript(
			this.ctx.win,
			thirdPartyScriptUrl( this.ctx, 'afterpayMessaging' )
		).then(
			() =>
				messagingOf( this.ctx.win )?.launchModal( locale, {
					modalTheme,
				} ),
			( error ) => this.ctx.report( ( error as Error ).message )
		);
	}

	/**
	 * Renders the checkout widget (ours): the schedule of the current total, re-rendered on
	 * update() and on a locale change.
	 *
	 * @param target  Selector or element.
	 * @param options {includeBranding}.
	 */
	async attachCheckoutWidget(
		target: string | HTMLElement,
		options?: unknown
	): Promise< void > {
		this.lifecycle.assertNotDestroyed();
		if ( options !== undefined ) {
			if (
				typeof options !== 'object' ||
				options === null ||
				Object.keys( options ).some( ( k ) => k !== 'includeBranding' )
			) {
				throw new InvalidConfigurationValueError(
					'options',
					JSON.stringify( options ),
					'Expected { includeBranding: boolean }.'
				);
			}
			const b = ( options as { includeBranding?: unknown } )
				.includeBranding;
			if ( b !== undefined && typeof b !== 'boolean' ) {
				throw new InvalidConfigurationValueError(
					'includeBranding',
					b,
					'Expected a boolean.'
				);
			}
		}
		const branding =
			( options as { includeBranding?: boolean } | undefined )
				?.includeBranding ?? true;
		const root = findAttachTarget( this.ctx.win.document, target );
		const draw = () =>
			renderWidget( root, {
				total: this.model.current.total.amount,
				currency: this.model.current.currencyCode,
				locale: this.ctx.locale(),
				brand: this.cfg.brand,
				branding,
			} );
		draw();
		const offUpdate = this.model.onUpdate( draw );
		const offLocale = this.ctx.onLocaleChange( draw );
		this.extras.push( () => {
			offUpdate();
			offLocale();
			root.replaceChildren();
		} );
	}

	/** Removes the button; attach may follow. */
	async detach(): Promise< boolean > {
		this.lifecycle.assertAttached();
		this.button?.remove();
		this.button = null;
		this.lifecycle.toDetached();
		return true;
	}

	/** Final: the button, messaging and widget go. False when already destroyed. */
	async destroy(): Promise< boolean > {
		if ( this.lifecycle.destroyed ) {
			return false;
		}
		this.button?.remove();
		this.button = null;
		this.extras.splice( 0 ).forEach( ( undo ) => undo() );
		// An open popup ends with the method: closed, and its result is Abort (as a wallet's
		// sheet is aborted), even if the buyer confirmed in it meanwhile.
		if ( this.popup ) {
			this.popup.methodDestroyed();
			this.cfg.vendor.close();
		}
		this.lifecycle.state = 'destroyed';
		return true;
	}

	/** Opens the popup (call it from the buyer's click) and resolves with the token result. */
	tokenize(): Promise< TokenResult > {
		try {
			this.lifecycle.assertNotDestroyed();
			if ( this.tokenizeListeners.size ) {
				throw new AfterpayOnTokenizeListenerError();
			}
		} catch ( error ) {
			return Promise.reject( error );
		}
		return this.run();
	}

	/** The checks of tokenize time (spec §5): limits again, the shipping listener. */
	private check(): void {
		if ( this.tokenizing ) {
			throw tokenizationInProgress();
		}
		const request = this.model.current;
		const problem = limitProblem( request, this.cfg.limits );
		if ( problem === 'currency' ) {
			throw new AfterpayUnsupportedCurrencyError( request.currencyCode, [
				this.cfg.limits.currency,
			] );
		}
		if ( problem === 'limits' ) {
			throw new AfterpayAmountOutsideLimitsError(
				request.total.amount,
				this.cfg.limits.minimumAmount,
				this.cfg.limits.maximumAmount,
				this.cfg.limits.currency
			);
		}
		if (
			request.requestShippingContact &&
			! this.model.listenerOf( 'afterpay_shippingaddresschanged' )
		) {
			throw new PaymentMethodMissingListenerError(
				AFTERPAY,
				'afterpay_shippingaddresschanged'
			);
		}
	}

	/** The popup flow; no await before the vendor's open() (it needs the click). */
	private run(): Promise< TokenResult > {
		try {
			this.check();
		} catch ( error ) {
			return Promise.reject( error );
		}
		const session = this.model.openSheet( AFTERPAY );
		if ( ! session ) {
			return Promise.resolve( {
				status: 'Error',
				errors: [
					{
						type: 'WALLET_SHEET_OPEN',
						message: 'Another wallet sheet is already open.',
					},
				],
			} );
		}
		this.tokenizing = true;
		this.popup = session;
		this.options = [];
		this.optionId = undefined;
		this.contact = undefined;
		const request = this.model.current;
		const vendor = this.cfg.vendor;
		let failure: Error | null = null;
		let vendorMessage: string | null = null;
		vendor.onMessage = ( m ) => {
			if ( m.severity === 'error' ) {
				vendorMessage = m.message;
			}
		};
		const done = new Promise< AfterpayCompleteEvent >( ( resolve ) => {
			vendor.initializeForPopup( {
				countryCode: request.countryCode,
				shippingOptionRequired: Boolean(
					request.requestShippingContact
				),
				buyNow: this.buttonChoice?.finalCtaButtonType === 'buy_now',
				onCommenceCheckout: ( actions ) => {
					this.checkoutToken().then( actions.resolve, ( error ) => {
						failure = error as Error;
						actions.reject( vendor.CONSTANTS.SERVICE_UNAVAILABLE );
					} );
				},
				onShippingAddressChange: ( data, actions ) =>
					this.addressChanged( session, data, actions ),
				onShippingOptionChange: ( option ) =>
					this.optionChanged( option ),
				onComplete: resolve,
			} );
			vendor.open();
		} );
		return done
			.then( ( event ) => {
				const destroyed = session.methodWasDestroyed;
				session.end();
				if ( destroyed ) {
					return { status: 'Abort' } as TokenResult;
				}
				if (
					event.data.status !== 'SUCCESS' ||
					! event.data.orderToken
				) {
					const reason = failure?.message ?? vendorMessage;
					return reason
						? ( {
								status: 'Error',
								errors: [
									{
										type: failure
											? 'AFTERPAY_REQUEST_ERROR'
											: 'AFTERPAY_POPUP_ERROR',
										message: reason,
									},
								],
							} as TokenResult )
						: ( { status: 'Cancel' } as TokenResult );
				}
				// The order is placed: its checkout token is used up.
				this.model.clearAfterpayToken();
				return this.nonce(
					event.data.orderToken,
					event.data.shippingOptionIdentifier
				);
			} )
			.finally( () => {
				session.end();
				this.popup = null;
				this.tokenizing = false;
			} );
	}

	/** The cached checkout token while it is valid, else a new one from the main frame. */
	private async checkoutToken(): Promise< string > {
		const cached = this.model.afterpayToken( Date.now() );
		if ( cached ) {
			return cached;
		}
		const request = this.model.current;
		let reply: { token: string; expires: string };
		try {
			reply = await this.ctx.mainRequest< {
				token: string;
				expires: string;
			} >( MESSAGE.REQUEST_AFTERPAY_CHECKOUT_HANDLER, {
				items: request.lineItems ?? [],
				discounts: request.discounts ?? [],
				shipping: request.shippingLineItems ?? [],
				amount: {
					amount: request.total.amount,
					currencyCode: request.currencyCode,
				},
				applicationID: this.ctx.applicationId,
				locationID: this.ctx.locationId,
			} );
		} catch ( error ) {
			throw new AfterpayRequestError( ( error as Error ).message );
		}
		this.model.cacheAfterpayToken(
			reply.token,
			Date.parse( reply.expires )
		);
		return reply.token;
	}

	/**
	 * The buyer picked an address in the popup: the merchant's afterpay_shippingaddresschanged
	 * listener gives the options (30 s), or the popup is told why not.
	 *
	 * @param session The popup's lock.
	 * @param data    Afterpay's address.
	 * @param actions resolve / reject.
	 */
	private async addressChanged(
		session: WalletSession,
		data: AfterpayAddress,
		actions: AfterpayShippingActions
	): Promise< void > {
		const C = this.cfg.vendor.CONSTANTS;
		const contact = contactOfAddress( data ?? {} );
		if ( missingContactFields( contact ).length ) {
			actions.reject( C.SHIPPING_ADDRESS_UNRECOGNIZED );
			return;
		}
		const listener = this.model.listenerOf(
			'afterpay_shippingaddresschanged'
		);
		if ( ! listener || session.methodWasDestroyed ) {
			actions.reject( C.SERVICE_UNAVAILABLE );
			return;
		}
		const outcome = await callListener(
			'afterpay_shippingaddresschanged',
			listener,
			Object.freeze( { ...contact } ),
			this.ctx.timers
		);
		if ( session.methodWasDestroyed || ! session.active ) {
			actions.reject( C.SERVICE_UNAVAILABLE );
			return;
		}
		if ( ! outcome.ok ) {
			surfaceListenerError( outcome.error, this.ctx.report );
			actions.reject( C.SERVICE_UNAVAILABLE );
			return;
		}
		const answer = ( outcome.value ?? {} ) as {
			error?: unknown;
			shippingErrors?: unknown;
			shippingOptions?: unknown;
		};
		if ( answer.shippingErrors ) {
			actions.reject( C.SHIPPING_ADDRESS_UNRECOGNIZED );
			return;
		}
		if ( answer.error !== undefined ) {
			actions.reject( C.SHIPPING_ADDRESS_UNSUPPORTED );
			return;
		}
		const problems = optionProblems( answer.shippingOptions );
		if ( problems.length ) {
			this.ctx.report(
				`afterpay_shippingaddresschanged answered wrongly: ${ problems.join(
					'; '
				) }`
			);
			actions.reject( C.SERVICE_UNAVAILABLE );
			return;
		}
		this.contact = contact;
		this.options = answer.shippingOptions as AfterpayShippingOption[];
		actions.resolve(
			this.options.map( ( o ) =>
				expressOptionOf( o, this.model.current.currencyCode )
			)
		);
	}

	/**
	 * The buyer picked a shipping option: remembered, and the informational listener told.
	 *
	 * @param option Afterpay's option.
	 */
	private optionChanged( option: AfterpayExpressOption ): void {
		this.optionId = option?.id;
		const picked = this.options.find( ( o ) => o.id === option?.id );
		const listener = this.model.listenerOf(
			'afterpay_shippingoptionchanged'
		);
		if ( ! picked || ! listener ) {
			return;
		}
		callListener(
			'afterpay_shippingoptionchanged',
			listener,
			Object.freeze( {
				id: picked.id,
				label: picked.label,
				amount: picked.amount,
			} ),
			this.ctx.timers
		).then( ( outcome ) => {
			if ( ! outcome.ok ) {
				surfaceListenerError( outcome.error, this.ctx.report );
			}
		} );
	}

	/**
	 * Exchanges the completed order for a wallet nonce (spec §7).
	 *
	 * @param orderToken The order token of onComplete.
	 * @param optionId   The option Afterpay says was confirmed.
	 */
	private async nonce(
		orderToken: string,
		optionId: string | undefined
	): Promise< TokenResult > {
		const request = this.model.current;
		const option = this.options.find(
			( o ) => o.id === ( optionId ?? this.optionId )
		);
		const hydration = await this.ctx.session();
		let reply: AfterpayNonceReply;
		try {
			reply = await this.ctx.mainRequest< AfterpayNonceReply >(
				MESSAGE.REQUEST_AFTERPAY_INSTANT_WALLET_TOKEN,
				{
					paymentMethodTrackingID: `pmt-${ Date.now().toString( 36 ) }${ Math.random()
						.toString( 36 )
						.slice( 2, 8 ) }`,
					analyticsToken: hydration.avt,
					afterpayData: {
						afterpayToken: orderToken,
						buyerAmount: {
							amount:
								option?.total.amount ?? request.total.amount,
							currencyCode: request.currencyCode,
						},
					},
					clientID: this.ctx.applicationId,
					locationID: this.ctx.locationId,
					sessionID: hydration.sessionId,
					websdkVersion: SDK_VERSION,
					websiteURL: this.ctx.win.location.href,
					requestBillingContact: Boolean(
						request.requestBillingContact
					),
					requestShippingContact: Boolean(
						request.requestShippingContact
					),
				}
			);
		} catch ( error ) {
			return {
				status: 'Error',
				errors: [
					{
						type: 'TOKENIZATION_ERROR',
						message: ( error as Error ).message,
					},
				],
			};
		}
		const email = reply.afterpayData?.email;
		let billing: Contact | undefined = reply.billingContact
			? { ...reply.billingContact }
			: undefined;
		if ( email ) {
			billing = { ...billing, email };
		}
		const contact = reply.shippingContact ?? this.contact;
		return {
			status: 'OK',
			token: reply.token,
			details: {
				method: AFTERPAY,
				...( billing ? { billing } : {} ),
				shipping: {
					...( contact ? { contact } : {} ),
					...( option
						? {
								option: {
									id: option.id,
									label: option.label,
									amount: option.amount,
								},
							}
						: {} ),
				},
			},
		};
	}
}
