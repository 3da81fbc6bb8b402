/**
 * Stand-in for Safari's `ApplePaySession` and `ApplePayError` (wave 2 design A.2), written from
 * Apple's public documentation and checked against `@types/applepayjs`. Injected by tests with
 * `page.addInitScript` before the SDK (Chromium has no Apple Pay), it is strict where Safari is:
 *
 * - the constructor and begin() need user activation (InvalidAccessError); with the scenario's
 *   `strictGesture`, only in the same task as a trusted click or key press, as Safari;
 * - a malformed request is a TypeError; an unsupported version an InvalidAccessError; one
 *   active session per page;
 * - merchant validation and each shipping update must come within 30 s, else the sheet is
 *   cancelled; a merchant session must be an object;
 * - before authorisation the page only sees a redacted shipping contact (locality, area,
 *   postal code, country).
 *
 * The sheet is a page of the vendor origin (`{vendor}/apple-pay/sheet`, script sheet.ts) in an
 * iframe titled "Apple Pay" over the page; it asks the vendor origin for the sealed payment data.
 *
 * Scenario (before this script): `window.__kfApplePayScenario = {canMakePayments, activeCard,
 * maxVersion, vendorOrigin, strictGesture}`; defaults true, true, 14, the sandbox's vendor
 * origin (`self.__kfVendorOrigin`, prefixed by the sandbox when it serves this file), false.
 */
export type Scenario = {
	canMakePayments?: boolean;
	activeCard?: boolean;
	maxVersion?: number;
	vendorOrigin?: string;
	strictGesture?: boolean;
};

/** Messages between this script and the sheet page. */
export type SheetMessage = {
	kfApplePay: true;
	type: string;
	[ key: string ]: unknown;
};

type Global = typeof globalThis & {
	__kfApplePayScenario?: Scenario;
	__kfVendorOrigin?: string;
	navigator: Navigator & { userActivation?: { isActive: boolean } };
};

const g = globalThis as Global;
const TIMEOUT_MS = 30_000;
const AMOUNT = /^\d+(\.\d{1,2})?$/;
const LINE_AMOUNT = /^-?\d+(\.\d{1,2})?$/;

const scenario = (): Required< Scenario > => ( {
	canMakePayments: true,
	activeCard: true,
	maxVersion: 14,
	vendorOrigin: g.__kfVendorOrigin ?? '',
	strictGesture: false,
	...g.__kfApplePayScenario,
} );

// Safari's strict rule: only in the task of a trusted click or key press.
let gestureTask = false;
const markGesture = ( event: Event ): void => {
	if ( event.isTrusted ) {
		gestureTask = true;
		// The next task (a message, not a timer a test's fake clock would hold).
		const channel = new MessageChannel();
		channel.port1.onmessage = () => ( gestureTask = false );
		channel.port2.postMessage( null );
	}
};
addEventListener( 'click', markGesture, true );
addEventListener( 'keyup', markGesture, true );

const hasGesture = (): boolean =>
	scenario().strictGesture
		? gestureTask
		: ( g.navigator.userActivation?.isActive ?? true );

const invalidAccess = ( message: string ) =>
	new DOMException( message, 'InvalidAccessError' );

const invalidState = ( message: string ) =>
	new DOMException( message, 'InvalidStateError' );

/**
 * Safari's TypeError for a request it refuses.
 *
 * @param request What the page passed.
 */
function checkRequest( request: ApplePayJS.ApplePayPaymentRequest ): void {
	const r = request as unknown as Record< string, unknown >;
	if ( ! r || typeof r !== 'object' ) {
		throw new TypeError( 'Type error' );
	}
	for ( const key of [
		'merchantCapabilities',
		'supportedNetworks',
	] as const ) {
		if ( ! Array.isArray( r[ key ] ) || ! ( r[ key ] as [] ).length ) {
			throw new TypeError( `"${ key }" must not be empty.` );
		}
	}
	for ( const key of [ 'countryCode', 'currencyCode' ] as const ) {
		if (
			typeof r[ key ] !== 'string' ||
			! /^[A-Z]{2,3}$/.test( r[ key ] as string )
		) {
			throw new TypeError( `"${ r[ key ] }" is not a valid ${ key }.` );
		}
	}
	const total = request.total;
	if (
		! total ||
		typeof total.label !== 'string' ||
		! AMOUNT.test( String( total.amount ) )
	) {
		throw new TypeError( '"total" is not a valid line item.' );
	}
	for ( const item of request.lineItems ?? [] ) {
		if (
			typeof item?.label !== 'string' ||
			! LINE_AMOUNT.test( String( item.amount ) )
		) {
			throw new TypeError( '"lineItems" has an invalid line item.' );
		}
	}
	for ( const m of request.shippingMethods ?? [] ) {
		if (
			typeof m?.identifier !== 'string' ||
			typeof m.label !== 'string' ||
			! AMOUNT.test( String( m.amount ) )
		) {
			throw new TypeError( '"shippingMethods" has an invalid method.' );
		}
	}
}

/**
 * An Apple Pay event: a DOM event with Apple's fields.
 *
 * @param type   Event type.
 * @param fields Apple's fields.
 */
function appleEvent< T >( type: string, fields: object ): T {
	return Object.assign( new Event( type ), fields ) as unknown as T;
}

/** The page's only active session (Safari allows one). */
let active: StandInSession | null = null;

type Waiting = 'merchant' | 'contact' | 'method' | 'payment' | null;

/** The stand-in `ApplePaySession`. */
class StandInSession extends EventTarget {
	static readonly STATUS_SUCCESS = 0;
	static readonly STATUS_FAILURE = 1;
	static readonly STATUS_INVALID_BILLING_POSTAL_ADDRESS = 2;
	static readonly STATUS_INVALID_SHIPPING_POSTAL_ADDRESS = 3;
	static readonly STATUS_INVALID_SHIPPING_CONTACT = 4;
	static readonly STATUS_PIN_REQUIRED = 5;
	static readonly STATUS_PIN_INCORRECT = 6;
	static readonly STATUS_PIN_LOCKOUT = 7;

	oncancel: ( event: ApplePayJS.Event ) => void = () => {};
	onpaymentauthorized: (
		event: ApplePayJS.ApplePayPaymentAuthorizedEvent
	) => void = () => {};
	onpaymentmethodselected: (
		event: ApplePayJS.ApplePayPaymentMethodSelectedEvent
	) => void = () => {};
	onshippingcontactselected: (
		event: ApplePayJS.ApplePayShippingContactSelectedEvent
	) => void = () => {};
	onshippingmethodselected: (
		event: ApplePayJS.ApplePayShippingMethodSelectedEvent
	) => void = () => {};
	onvalidatemerchant: (
		event: ApplePayJS.ApplePayValidateMerchantEvent
	) => void = () => {};
	oncouponcodechanged: (
		event: ApplePayJS.ApplePayCouponCodeChangedEvent
	) => void = () => {};

	private readonly request: ApplePayJS.ApplePayPaymentRequest;
	private readonly origin: string;
	private frame: HTMLIFrameElement | null = null;
	private overlay: HTMLElement | null = null;
	private waiting: Waiting = null;
	private timer: ReturnType< typeof setTimeout > | undefined;
	private state: 'new' | 'open' | 'closed' = 'new';
	private readonly onMessage = ( event: MessageEvent ) =>
		this.fromSheet( event );

	static canMakePayments(): boolean {
		return scenario().canMakePayments;
	}

	static canMakePaymentsWithActiveCard(
		merchantIdentifier: string
	): Promise< boolean > {
		void merchantIdentifier;
		const s = scenario();
		return Promise.resolve( s.canMakePayments && s.activeCard );
	}

	static applePayCapabilities(
		merchantIdentifier: string
	): Promise< ApplePayJS.PaymentCredentialStatusResponse > {
		void merchantIdentifier;
		const s = scenario();
		let paymentCredentialStatus: ApplePayJS.PaymentCredentialStatus =
			'paymentCredentialsUnavailable';
		if ( ! s.canMakePayments ) {
			paymentCredentialStatus = 'applePayUnsupported';
		} else if ( s.activeCard ) {
			paymentCredentialStatus = 'paymentCredentialsAvailable';
		}
		return Promise.resolve( { paymentCredentialStatus } );
	}

	static openPaymentSetup( merchantIdentifier: string ): Promise< boolean > {
		void merchantIdentifier;
		return Promise.resolve( false );
	}

	static supportsVersion( version: number ): boolean {
		return (
			Number.isInteger( version ) &&
			version >= 1 &&
			version <= scenario().maxVersion
		);
	}

	/**
	 * @param version        Apple Pay JS version.
	 * @param paymentRequest The request.
	 */
	constructor(
		version: number,
		paymentRequest: ApplePayJS.ApplePayPaymentRequest
	) {
		super();
		if ( ! hasGesture() ) {
			throw invalidAccess(
				'Must create a new ApplePaySession from a user gesture handler.'
			);
		}
		if ( ! StandInSession.supportsVersion( version ) ) {
			throw invalidAccess( `"${ version }" is not a supported version.` );
		}
		checkRequest( paymentRequest );
		if ( active ) {
			throw invalidAccess(
				'Page already has an active payment session.'
			);
		}
		this.request = JSON.parse( JSON.stringify( paymentRequest ) );
		this.origin = scenario().vendorOrigin;
	}

	begin(): void {
		if ( this.state !== 'new' ) {
			throw invalidState( 'The session has already begun.' );
		}
		if ( ! hasGesture() ) {
			throw invalidAccess(
				'Must call ApplePaySession.begin() from a user gesture handler.'
			);
		}
		if ( active ) {
			throw invalidAccess(
				'Page already has an active payment session.'
			);
		}
		active = this;
		this.state = 'open';
		const overlay = document.createElement( 'div' );
		overlay.style.cssText =
			'position:fixed;inset:0;background:rgba(0,0,0,.4);z-index:2147483647;display:flex;align-items:flex-end;justify-content:center';
		const frame = document.createElement( 'iframe' );
		frame.title = 'Apple Pay';
		frame.setAttribute( 'role', 'dialog' );
		frame.setAttribute( 'aria-modal', 'true' );
		frame.style.cssText =
			'width:440px;max-width:100%;height:560px;border:0;border-radius:12px 12px 0 0;background:#fff';
		frame.src = `${ this.origin }/apple-pay/sheet?origin=${ encodeURIComponent(
			location.origin
		) }`;
		overlay.appendChild( frame );
		addEventListener( 'message', this.onMessage );
		( document.body ?? document.documentElement ).appendChild( overlay );
		this.overlay = overlay;
		this.frame = frame;
	}

	abort(): void {
		if ( this.state !== 'open' ) {
			throw invalidState( 'The session is not active.' );
		}
		this.close();
	}

	completeMerchantValidation( merchantSession: unknown ): void {
		this.expect( 'merchant' );
		if (
			! merchantSession ||
			typeof merchantSession !== 'object' ||
			Array.isArray( merchantSession )
		) {
			// Safari: "Payment not completed".
			this.cancel();
			return;
		}
		this.post( { type: 'validated', merchantSession } );
	}

	completeShippingContactSelection(
		statusOrUpdate: number | ApplePayJS.ApplePayShippingContactUpdate,
		newShippingMethods?: ApplePayJS.ApplePayShippingMethod[],
		newTotal?: ApplePayJS.ApplePayLineItem,
		newLineItems?: ApplePayJS.ApplePayLineItem[]
	): void {
		this.expect( 'contact' );
		const update =
			typeof statusOrUpdate === 'number'
				? {
						newTotal: newTotal!,
						newLineItems,
						newShippingMethods,
						errors:
							statusOrUpdate === StandInSession.STATUS_SUCCESS
								? []
								: [
										{
											code: 'shippingContactInvalid',
											message: '',
										},
									],
					}
				: statusOrUpdate;
		this.sendUpdate( 'contactUpdate', update );
	}

	completeShippingMethodSelection(
		statusOrUpdate: number | ApplePayJS.ApplePayShippingMethodUpdate,
		newTotal?: ApplePayJS.ApplePayLineItem,
		newLineItems?: ApplePayJS.ApplePayLineItem[]
	): void {
		this.expect( 'method' );
		const update =
			typeof statusOrUpdate === 'number'
				? { newTotal: newTotal!, newLineItems }
				: statusOrUpdate;
		this.sendUpdate( 'methodUpdate', update );
	}

	completePaymentMethodSelection(
		totalOrUpdate:
			| ApplePayJS.ApplePayLineItem
			| ApplePayJS.ApplePayPaymentMethodUpdate,
		newLineItems?: ApplePayJS.ApplePayLineItem[]
	): void {
		// The sheet never asks (no onpaymentmethodselected), so this is always out of turn.
		void totalOrUpdate;
		void newLineItems;
		throw invalidState( 'No payment method selection is pending.' );
	}

	completeCouponCodeChange(
		update: ApplePayJS.ApplePayCouponCodeUpdate
	): void {
		void update;
		throw invalidState( 'No coupon code change is pending.' );
	}

	completePayment(
		result: number | ApplePayJS.ApplePayPaymentAuthorizationResult
	): void {
		this.expect( 'payment' );
		const status = typeof result === 'number' ? result : result?.status;
		this.post( {
			type: 'completed',
			success: status === StandInSession.STATUS_SUCCESS,
		} );
	}

	// ---- internals ---------------------------------------------------------------------

	/**
	 * A completion must answer what the sheet waits for, else Safari's InvalidStateError.
	 *
	 * @param what What the call completes.
	 */
	private expect( what: Waiting ): void {
		if ( this.state !== 'open' || this.waiting !== what ) {
			throw invalidState( `No ${ what } completion is pending.` );
		}
		clearTimeout( this.timer );
		this.waiting = null;
	}

	/**
	 * Waits for the page; after 30 s the sheet is cancelled (merchant validation, shipping).
	 *
	 * @param what    What the page must complete.
	 * @param timeout Whether the wait times out.
	 */
	private wait( what: Waiting, timeout: boolean ): void {
		this.waiting = what;
		clearTimeout( this.timer );
		if ( timeout ) {
			this.timer = setTimeout( () => {
				if ( this.waiting === what ) {
					this.cancel();
				}
			}, TIMEOUT_MS );
		}
	}

	private sendUpdate(
		type: string,
		update:
			| ApplePayJS.ApplePayShippingContactUpdate
			| ApplePayJS.ApplePayShippingMethodUpdate
	): void {
		if (
			! update?.newTotal ||
			! AMOUNT.test( String( update.newTotal.amount ) )
		) {
			this.cancel();
			throw new TypeError( '"newTotal" is not a valid line item.' );
		}
		const errors = ( ( update as ApplePayJS.ApplePayShippingContactUpdate )
			.errors ?? [] ) as ApplePayJS.ApplePayError[];
		this.post( {
			type,
			update: {
				newTotal: update.newTotal,
				newLineItems: update.newLineItems ?? null,
				newShippingMethods:
					( update as ApplePayJS.ApplePayShippingContactUpdate )
						.newShippingMethods ?? null,
				errors: errors.map( ( e ) => ( {
					code: e.code,
					contactField: e.contactField,
					message: e.message,
				} ) ),
			},
		} );
	}

	private post( message: Omit< SheetMessage, 'kfApplePay' > ): void {
		this.frame?.contentWindow?.postMessage(
			{ kfApplePay: true, ...message },
			this.origin
		);
	}

	private fromSheet( event: MessageEvent ): void {
		const m = event.data as SheetMessage;
		if (
			event.origin !== this.origin ||
			event.source !== this.frame?.contentWindow ||
			! m?.kfApplePay ||
			this.state !== 'open'
		) {
			return;
		}
		switch ( m.type ) {
			case 'ready':
				this.post( { type: 'show', request: this.request } );
				this.wait( 'merchant', true );
				this.onvalidatemerchant(
					appleEvent( 'validatemerchant', {
						validationURL: `${ this.origin }/apple-pay/paymentservices/startSession`,
					} )
				);
				break;
			case 'contact':
				this.wait( 'contact', true );
				this.onshippingcontactselected(
					appleEvent( 'shippingcontactselected', {
						shippingContact: m.contact,
					} )
				);
				break;
			case 'method':
				this.wait( 'method', true );
				this.onshippingmethodselected(
					appleEvent( 'shippingmethodselected', {
						shippingMethod: m.shippingMethod,
					} )
				);
				break;
			case 'authorized':
				this.wait( 'payment', false );
				this.onpaymentauthorized(
					appleEvent( 'paymentauthorized', { payment: m.payment } )
				);
				break;
			case 'cancel':
				this.cancel();
				break;
			case 'close':
				this.close();
				break;
		}
	}

	private cancel(): void {
		if ( this.state !== 'open' ) {
			return;
		}
		this.close();
		this.oncancel( appleEvent( 'cancel', {} ) );
	}

	private close(): void {
		clearTimeout( this.timer );
		this.waiting = null;
		this.state = 'closed';
		removeEventListener( 'message', this.onMessage );
		this.overlay?.remove();
		this.overlay = null;
		this.frame = null;
		if ( active === this ) {
			active = null;
		}
	}
}

/** The stand-in `ApplePayError`. */
class StandInApplePayError implements ApplePayJS.ApplePayError {
	code: ApplePayJS.ApplePayErrorCode;
	contactField?: ApplePayJS.ApplePayErrorContactField;
	message: string;

	/**
	 * @param errorCode    Code.
	 * @param contactField Field it is about.
	 * @param message      Text the sheet shows.
	 */
	constructor(
		errorCode: ApplePayJS.ApplePayErrorCode,
		contactField?: ApplePayJS.ApplePayErrorContactField,
		message = ''
	) {
		this.code = errorCode;
		this.contactField = contactField;
		this.message = message;
	}
}

// Held to Apple's published types: the classes must be usable as Safari's.
const SessionClass: typeof ApplePaySession = StandInSession;
const ErrorClass: typeof ApplePayError = StandInApplePayError;

Object.defineProperty( g, 'ApplePaySession', {
	value: SessionClass,
	configurable: true,
	writable: true,
} );
Object.defineProperty( g, 'ApplePayError', {
	value: ErrorClass,
	configurable: true,
	writable: true,
} );
