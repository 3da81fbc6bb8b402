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
	const payments = {
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
