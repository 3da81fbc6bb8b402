/**
 * A fake of the provider SDK's public surface (Square.payments → card / giftCard → attach,
 * tokenize, destroy; verifyBuyer; paymentRequest → update, addEventListener; applePay /
 * googlePay → attach (Google Pay only), tokenize, destroy), recording every call. Elements put a marker iframe into
 * their container on attach and remove it on destroy, so tests can count orphans.
 */
export interface FakeElement {
	kind: 'card' | 'giftCard';
	options: unknown;
	container: HTMLElement | null;
	destroyed: boolean;
	tokenizeCalls: number;
	recalculated: number;
	/** What the next tokenize calls answer, in order (the last one repeats). */
	results: Array< () => Promise< unknown > >;
}

/**
 * A fake of `payments.paymentRequest(options)` as the SDK behaves: `update()` merges and answers
 * false while a wallet sheet is open; listeners are kept by event.
 */
export interface FakePaymentRequest {
	options: Record< string, unknown >;
	updates: Array< Record< string, unknown > >;
	/** Whether a sheet is open (update answers false). */
	sheetOpen: boolean;
	listeners: Record< string, ( value: unknown ) => unknown >;
}

/** A fake wallet method (`applePay` / `googlePay`). */
export interface FakeWallet {
	kind: 'applePay' | 'googlePay';
	request: FakePaymentRequest;
	attachCalls: Array< [ HTMLElement, unknown ] >;
	tokenizeCalls: number;
	destroyed: boolean;
	/** What the next tokenize answers (the sheet stays open until it settles). */
	result: () => Promise< unknown >;
}

/** A fake `payments.ach()`: records tokenize options; `behaviour` says how the flow ends. */
export interface FakeAch {
	tokenizeCalls: Array< Record< string, unknown > >;
	listeners: Record< string, Array< ( event: unknown ) => void > >;
	destroyed: boolean;
	/**
	 * 'ok': OK with a bnon token (event and promise); 'exit': Plaid's EXIT then an
	 * ontokenization error, the promise resolving nothing; 'error': the promise rejects;
	 * 'declined': the authorisation frame's Cancel (a Cancel result with its error, no EXIT).
	 */
	behaviour: 'ok' | 'exit' | 'error' | 'declined';
}

/** A fake `payments.cashAppPay(request, options)` and its attached button. */
export interface FakeCashAppPay {
	request: FakePaymentRequest;
	options: { redirectURL: string; referenceId?: string };
	container: HTMLElement | null;
	button: unknown;
	shouldTokenize: ( () => Promise< boolean > ) | null;
	listeners: Record< string, Array< ( event: unknown ) => void > >;
	destroyed: boolean;
	/** How many times Cash App started (shouldTokenize answered true). */
	begun: number;
	/** Fires a provider event at the listeners (`{ detail }`). */
	emit: ( type: string, detail: unknown ) => void;
	/** The button's click: shouldTokenize, then Cash App starts when it answers true. */
	click: () => Promise< boolean >;
}

/** A fake `payments.afterpayClearpay(request)` with what was attached. */
export interface FakeAfterpay {
	request: FakePaymentRequest;
	button: { selector: string; options: unknown } | null;
	messaging: { selector: string; options: unknown } | null;
	widget: { target: HTMLElement; options: unknown } | null;
	tokenizeCalls: number;
	destroyed: boolean;
	/** What the next tokenize answers (the popup stays open until it settles). */
	result: () => Promise< unknown >;
}

export interface FakeSquare {
	Square: { payments: jest.Mock };
	paymentsCalls: Array< [ string, string | undefined ] >;
	elements: FakeElement[];
	verifyBuyer: jest.Mock;
	/** Makes the next attach calls wait until release() (to test re-render races). */
	holdAttach: () => { release: () => void };
	requests: FakePaymentRequest[];
	wallets: FakeWallet[];
	/** Wallets the SDK refuses here (`applePay()` rejects, as without Apple's session). */
	unsupported: Set< 'applePay' | 'googlePay' >;
	achs: FakeAch[];
	cashAppPays: FakeCashAppPay[];
	afterpays: FakeAfterpay[];
	/** Whether `ach()` / `cashAppPay()` / `afterpayClearpay()` reject (not offered here). */
	refuse: Set< 'ach' | 'cashAppPay' | 'afterpayClearpay' >;
}

/**
 * A wallet token result as the provider's tokenize resolves it.
 *
 * @param method  'Apple Pay' or 'Google Pay'.
 * @param details Extra details (billing, shipping).
 */
export const walletOk =
	( method: string, details: Record< string, unknown > = {} ) =>
	() =>
		Promise.resolve( {
			status: 'OK',
			token: `cnon:wallet-${ ++tokenCounter }`,
			details: {
				method,
				card: {
					brand: 'MASTERCARD',
					last4: '4444',
					expMonth: 1,
					expYear: 2031,
				},
				...details,
			},
		} );

let tokenCounter = 0;

export const ok = ( token?: string ) => () =>
	Promise.resolve( {
		status: 'OK',
		token: token ?? `cnon:fake-${ ++tokenCounter }`,
		details: { card: { brand: 'VISA', last4: '1111' } },
	} );

export const invalid =
	( message = 'Card number is not valid.' ) =>
	() =>
		Promise.resolve( {
			status: 'Invalid',
			errors: [
				{ type: 'VALIDATION_ERROR', field: 'cardNumber', message },
			],
		} );

export const thrown =
	( message = 'Tokenization failed' ) =>
	() =>
		Promise.reject( new Error( message ) );

export function createFakeSquare(): FakeSquare {
	const elements: FakeElement[] = [];
	const paymentsCalls: Array< [ string, string | undefined ] > = [];
	let gate: Promise< void > | null = null;
	const verifyBuyer = jest.fn( async () => ( {
		token: 'verf:fake',
		userChallenged: false,
	} ) );
	const make =
		( kind: 'card' | 'giftCard' ) => async ( options: unknown ) => {
			const element: FakeElement = {
				kind,
				options,
				container: null,
				destroyed: false,
				tokenizeCalls: 0,
				recalculated: 0,
				results: [ ok() ],
			};
			elements.push( element );
			const api = {
				async attach( target: string | HTMLElement ) {
					if ( gate ) {
						await gate;
					}
					const container =
						typeof target === 'string'
							? ( document.querySelector(
									target
								) as HTMLElement )
							: target;
					const frame = document.createElement( 'iframe' );
					frame.className = 'sq-card-iframe';
					container.appendChild( frame );
					element.container = container;
				},
				async tokenize() {
					const index = Math.min(
						element.tokenizeCalls,
						element.results.length - 1
					);
					element.tokenizeCalls++;
					return element.results[ index ]();
				},
				recalculateSize() {
					element.recalculated++;
				},
				async destroy() {
					if ( element.destroyed ) {
						return false;
					}
					element.destroyed = true;
					element.container
						?.querySelectorAll( 'iframe.sq-card-iframe' )
						.forEach( ( f ) => f.remove() );
					return true;
				},
			};
			if ( kind === 'giftCard' ) {
				// The published GiftCard type has no recalculateSize.
				delete ( api as Partial< typeof api > ).recalculateSize;
			}
			return api;
		};
	const requests: FakePaymentRequest[] = [];
	const wallets: FakeWallet[] = [];
	const unsupported = new Set< 'applePay' | 'googlePay' >();
	const wallet =
		( kind: 'applePay' | 'googlePay' ) =>
		async ( request: FakePaymentRequest ) => {
			if ( unsupported.has( kind ) ) {
				throw new Error( `${ kind } is not supported here` );
			}
			const fake: FakeWallet = {
				kind,
				request,
				attachCalls: [],
				tokenizeCalls: 0,
				destroyed: false,
				result: walletOk(
					kind === 'applePay' ? 'Apple Pay' : 'Google Pay'
				),
			};
			wallets.push( fake );
			const api = {
				async attach( target: HTMLElement, options: unknown ) {
					fake.attachCalls.push( [ target, options ] );
					const button = document.createElement( 'button' );
					button.className = 'gpay-button';
					button.textContent = 'Buy with GPay';
					target.appendChild( button );
				},
				tokenize() {
					fake.tokenizeCalls++;
					request.sheetOpen = true;
					return fake.result().finally( () => {
						request.sheetOpen = false;
					} );
				},
				async destroy() {
					fake.destroyed = true;
					return true;
				},
			};
			if ( kind === 'applePay' ) {
				// The published ApplePay has no attach: the merchant renders the button.
				delete ( api as Partial< typeof api > ).attach;
			}
			return api;
		};
	const achs: FakeAch[] = [];
	const cashAppPays: FakeCashAppPay[] = [];
	const afterpays: FakeAfterpay[] = [];
	const refuse = new Set< 'ach' | 'cashAppPay' | 'afterpayClearpay' >();
	const emitTo =
		( listeners: Record< string, Array< ( event: unknown ) => void > > ) =>
		( type: string, detail: unknown ) =>
			( listeners[ type ] ?? [] ).forEach( ( fn ) =>
				fn( { type, detail } )
			);
	const ach = jest.fn( async () => {
		if ( refuse.has( 'ach' ) ) {
			throw new Error( 'ACH is not available' );
		}
		const fake: FakeAch = {
			tokenizeCalls: [],
			listeners: {},
			destroyed: false,
			behaviour: 'ok',
		};
		achs.push( fake );
		const emit = emitTo( fake.listeners );
		return {
			addEventListener( type: string, fn: ( event: unknown ) => void ) {
				( fake.listeners[ type ] ??= [] ).push( fn );
			},
			removeEventListener(
				type: string,
				fn: ( event: unknown ) => void
			) {
				fake.listeners[ type ] = (
					fake.listeners[ type ] ?? []
				).filter( ( f ) => f !== fn );
			},
			tokenize( options: Record< string, unknown > ) {
				fake.tokenizeCalls.push( options );
				emit( 'OPEN', {} );
				if ( fake.behaviour === 'error' ) {
					return Promise.reject(
						new Error( 'The bank authorization failed' )
					);
				}
				if ( fake.behaviour === 'declined' ) {
					const result = {
						status: 'Cancel',
						errors: [
							{
								type: 'CANCEL',
								message:
									'The buyer canceled the bank authorization.',
							},
						],
					};
					return Promise.resolve().then( () => {
						emit( 'ontokenization', {
							tokenResult: result,
							error: new Error( 'canceled' ),
						} );
						return result;
					} );
				}
				if ( fake.behaviour === 'exit' ) {
					return Promise.resolve().then( () => {
						emit( 'EXIT', { status: 'requires_credentials' } );
						emit( 'ontokenization', { error: 'EXIT' } );
						return undefined;
					} );
				}
				const result = {
					status: 'OK',
					token: `bnon:fake-${ ++tokenCounter }`,
					details: {
						bankAccount: {
							bankName: 'First Platypus Bank',
							accountNumberSuffix: '000',
							accountType: 'CHECKING',
						},
					},
				};
				return Promise.resolve().then( () => {
					emit( 'HANDOFF', {} );
					emit( 'ontokenization', { tokenResult: result } );
					return result;
				} );
			},
			async destroy() {
				fake.destroyed = true;
				return true;
			},
		};
	} );
	const cashAppPay = jest.fn(
		async (
			request: FakePaymentRequest,
			options: { redirectURL: string; referenceId?: string }
		) => {
			if ( refuse.has( 'cashAppPay' ) ) {
				throw new Error( 'Cash App Pay is not available' );
			}
			const fake: FakeCashAppPay = {
				request,
				options: { ...options },
				container: null,
				button: undefined,
				shouldTokenize: null,
				listeners: {},
				destroyed: false,
				begun: 0,
				emit: () => {},
				async click() {
					const go = fake.shouldTokenize
						? await fake.shouldTokenize()
						: true;
					if ( go ) {
						fake.begun++;
					}
					return go;
				},
			};
			// Read at each event: a destroyed instance has no listeners left.
			fake.emit = ( type, detail ) =>
				emitTo( fake.listeners )( type, detail );
			cashAppPays.push( fake );
			return {
				addEventListener(
					type: string,
					fn: ( event: unknown ) => void
				) {
					( fake.listeners[ type ] ??= [] ).push( fn );
				},
				async attach(
					target: HTMLElement,
					button: unknown,
					shouldTokenize?: () => Promise< boolean >
				) {
					fake.container = target;
					fake.button = button;
					fake.shouldTokenize = shouldTokenize ?? null;
					const element = document.createElement( 'button' );
					element.setAttribute( 'data-testid', 'cap-btn' );
					element.textContent = 'Cash App Pay';
					target.appendChild( element );
				},
				async destroy() {
					fake.destroyed = true;
					fake.listeners = {};
					fake.container?.replaceChildren();
					return true;
				},
			};
		}
	);
	// The placement and widget show the request's total as it is now (the SDK follows update()).
	const totalOf = ( request: FakePaymentRequest ) =>
		String(
			( request.options.total as { amount?: string } | undefined )
				?.amount ?? ''
		);
	const afterpayClearpay = jest.fn( async ( request: FakePaymentRequest ) => {
		if ( refuse.has( 'afterpayClearpay' ) ) {
			throw new Error( 'Afterpay/Clearpay is not available' );
		}
		const fake: FakeAfterpay = {
			request,
			button: null,
			messaging: null,
			widget: null,
			tokenizeCalls: 0,
			destroyed: false,
			result: () =>
				Promise.resolve( {
					status: 'OK',
					token: `wnon:afterpay-${ ++tokenCounter }`,
					details: { method: 'AfterpayClearpay' },
				} ),
		};
		afterpays.push( fake );
		const undo: Array< () => void > = [];
		const render = ( target: Element, create: () => Element ) => {
			const element = create();
			target.appendChild( element );
			const draw = () =>
				element.setAttribute( 'data-amount', totalOf( request ) );
			draw();
			const update = (
				request as unknown as {
					update: ( n: Record< string, unknown > ) => boolean;
				}
			 ).update;
			( request as unknown as { update: typeof update } ).update = (
				next
			) => {
				const accepted = update( next );
				draw();
				return accepted;
			};
			undo.push( () => element.remove() );
		};
		return {
			async attach( selector: string, options?: unknown ) {
				fake.button = { selector, options };
				const target = document.querySelector( selector );
				if ( ! target ) {
					throw new Error( `No element ${ selector }` );
				}
				render( target, () => {
					const button = document.createElement( 'button' );
					button.type = 'button';
					button.textContent = 'Checkout with Afterpay';
					return button;
				} );
			},
			async attachMessaging( selector: string, options?: unknown ) {
				fake.messaging = { selector, options };
				const target = document.querySelector( selector );
				if ( ! target ) {
					throw new Error( `No element ${ selector }` );
				}
				render( target, () =>
					document.createElement( 'afterpay-placement' )
				);
			},
			async attachCheckoutWidget(
				target: HTMLElement,
				options?: unknown
			) {
				fake.widget = { target, options };
				render( target, () => document.createElement( 'div' ) );
			},
			tokenize() {
				fake.tokenizeCalls++;
				request.sheetOpen = true;
				return fake.result().finally( () => {
					request.sheetOpen = false;
				} );
			},
			async destroy() {
				fake.destroyed = true;
				undo.splice( 0 ).forEach( ( f ) => f() );
				return true;
			},
		};
	} );
	const payments = {
		ach,
		cashAppPay,
		afterpayClearpay,
		card: jest.fn( make( 'card' ) ),
		giftCard: jest.fn( make( 'giftCard' ) ),
		verifyBuyer,
		paymentRequest: jest.fn( ( options: Record< string, unknown > ) => {
			const request: FakePaymentRequest & {
				update: ( next: Record< string, unknown > ) => boolean;
				addEventListener: (
					event: string,
					fn: ( value: unknown ) => unknown
				) => void;
			} = {
				options: { ...options },
				updates: [],
				sheetOpen: false,
				listeners: {},
				update( next ) {
					if ( request.sheetOpen ) {
						return false;
					}
					request.updates.push( next );
					request.options = { ...request.options, ...next };
					return true;
				},
				addEventListener( event, fn ) {
					request.listeners[ event ] = fn;
				},
			};
			requests.push( request );
			return request;
		} ),
		applePay: jest.fn( wallet( 'applePay' ) ),
		googlePay: jest.fn( wallet( 'googlePay' ) ),
	};
	return {
		Square: {
			payments: jest.fn( ( appId: string, locationId?: string ) => {
				paymentsCalls.push( [ appId, locationId ] );
				return payments;
			} ),
		},
		paymentsCalls,
		elements,
		verifyBuyer,
		requests,
		wallets,
		unsupported,
		achs,
		cashAppPays,
		afterpays,
		refuse,
		holdAttach() {
			let release = () => {};
			gate = new Promise( ( resolve ) => {
				release = () => {
					gate = null;
					resolve();
				};
			} );
			return { release };
		},
	};
}
