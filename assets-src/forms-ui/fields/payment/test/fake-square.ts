/**
 * A fake of the provider SDK's public surface (Square.payments → card / giftCard → attach,
 * tokenize, destroy; verifyBuyer), recording every call. Elements put a marker iframe into
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

export interface FakeSquare {
	Square: { payments: jest.Mock };
	paymentsCalls: Array< [ string, string | undefined ] >;
	elements: FakeElement[];
	verifyBuyer: jest.Mock;
	/** Makes the next attach calls wait until release() (to test re-render races). */
	holdAttach: () => { release: () => void };
}

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
	const payments = {
		card: jest.fn( make( 'card' ) ),
		giftCard: jest.fn( make( 'giftCard' ) ),
		verifyBuyer,
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
