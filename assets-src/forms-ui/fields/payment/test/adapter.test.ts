import { createSquareAdapter } from '../adapter';
import type { AttachConfig, TokenizeRequest } from '../types';
import { createFakeSquare, invalid, ok, thrown } from './fake-square';

const config: AttachConfig = {
	applicationId: 'sandbox-sq0idb-app',
	locationId: 'LSANDBOXMAIN',
	environment: 'sandbox',
	currency: 'USD',
	country: 'US',
	methods: [ 'card', 'giftCard' ],
	billing: {},
	captureMode: 'charge',
	verifyBuyer: true,
	includeInputLabels: false,
	sdkUrl: 'http://127.0.0.1:8890/v1/square.js',
	method: 'card',
};

const request: TokenizeRequest = {
	amount: '30.00',
	currencyCode: 'USD',
	billingContact: {
		givenName: 'Ada',
		email: 'ada@example.com',
		addressLines: [ '1 Main St' ],
	},
};

function setup() {
	const fake = createFakeSquare();
	const adapter = createSquareAdapter( () => fake.Square as never );
	const container = document.createElement( 'div' );
	document.body.appendChild( container );
	return { fake, adapter, container };
}

afterEach( () => {
	document.body.innerHTML = '';
} );

describe( 'payment field adapter (merchant code for the SDK)', () => {
	it( 'attaches a card, tokenizes and verifies the buyer with the amount and contact', async () => {
		const { fake, adapter, container } = setup();
		const handle = await adapter.attach( container, config );
		expect( fake.paymentsCalls ).toEqual( [
			[ 'sandbox-sq0idb-app', 'LSANDBOXMAIN' ],
		] );
		expect( container.querySelectorAll( 'iframe' ) ).toHaveLength( 1 );
		fake.elements[ 0 ].results = [ ok( 'cnon:one' ) ];
		const outcome = await handle.tokenize( request );
		expect( outcome ).toEqual( {
			ok: true,
			value: {
				method: 'card',
				token: 'cnon:one',
				verificationToken: 'verf:fake',
			},
		} );
		expect( fake.verifyBuyer ).toHaveBeenCalledWith( 'cnon:one', {
			amount: '30.00',
			currencyCode: 'USD',
			intent: 'CHARGE',
			billingContact: request.billingContact,
		} );
	} );

	it( 'shares one payments object and passes includeInputLabels', async () => {
		const { fake, adapter, container } = setup();
		await adapter.attach( container, {
			...config,
			includeInputLabels: true,
		} );
		await adapter.attach( document.createElement( 'div' ), {
			...config,
			method: 'giftCard',
		} );
		expect( fake.Square.payments ).toHaveBeenCalledTimes( 1 );
		expect( fake.elements.map( ( e ) => e.kind ) ).toEqual( [
			'card',
			'giftCard',
		] );
		expect( fake.elements[ 0 ].options ).toEqual( {
			includeInputLabels: true,
		} );
	} );

	it( 'skips verification when verifyBuyer is off, and for gift cards', async () => {
		const { fake, adapter, container } = setup();
		const card = await adapter.attach( container, {
			...config,
			verifyBuyer: false,
		} );
		expect( ( await card.tokenize( request ) ).ok ).toBe( true );
		const gift = await adapter.attach( document.createElement( 'div' ), {
			...config,
			method: 'giftCard',
		} );
		const outcome = await gift.tokenize( request );
		expect( outcome.ok && outcome.value.method ).toBe( 'giftCard' );
		expect( outcome.ok && outcome.value.verificationToken ).toBe(
			undefined
		);
		expect( fake.verifyBuyer ).not.toHaveBeenCalled();
	} );

	it( 'turns an Invalid result into the SDK messages', async () => {
		const { fake, adapter, container } = setup();
		const handle = await adapter.attach( container, config );
		fake.elements[ 0 ].results = [
			invalid( 'Enter a valid card number.' ),
		];
		expect( await handle.tokenize( request ) ).toEqual( {
			ok: false,
			code: 'invalid',
			message: 'Enter a valid card number.',
		} );
		expect( fake.verifyBuyer ).not.toHaveBeenCalled();
	} );

	it( 'makes one sentence of each SDK message', async () => {
		const { fake, adapter, container } = setup();
		const handle = await adapter.attach( container, config );
		fake.elements[ 0 ].results = [
			() =>
				Promise.resolve( {
					status: 'Invalid',
					errors: [
						{
							type: 'VALIDATION_ERROR',
							message: 'Credit card number is not valid',
						},
						{
							type: 'VALIDATION_ERROR',
							message: 'CVV is not valid',
						},
					],
				} ),
		];
		const outcome = await handle.tokenize( request );
		expect( ! outcome.ok && outcome.message ).toBe(
			'Credit card number is not valid. CVV is not valid.'
		);
	} );

	it( 'turns a thrown tokenize error into a readable failure', async () => {
		const { fake, adapter, container } = setup();
		const handle = await adapter.attach( container, config );
		fake.elements[ 0 ].results = [ thrown( 'Network down' ) ];
		const outcome = await handle.tokenize( request );
		expect( outcome.ok ).toBe( false );
		expect( ! outcome.ok && outcome.code ).toBe( 'tokenize_failed' );
		expect( ! outcome.ok && outcome.message ).toMatch(
			/could not be processed/
		);
	} );

	it( 'turns a VerifyBuyerError into a readable failure', async () => {
		const { fake, adapter, container } = setup();
		const handle = await adapter.attach( container, config );
		fake.verifyBuyer.mockRejectedValueOnce(
			Object.assign( new Error( 'Verification failed' ), {
				name: 'VerifyBuyerError',
			} )
		);
		const outcome = await handle.tokenize( request );
		expect( outcome ).toEqual( {
			ok: false,
			code: 'verify_failed',
			message:
				'Your card could not be verified. Please try again or use another card.',
		} );
	} );

	it( 'tokenizes again on every call: tokens are single use', async () => {
		const { fake, adapter, container } = setup();
		const handle = await adapter.attach( container, config );
		fake.elements[ 0 ].results = [ ok( 'cnon:a' ), ok( 'cnon:b' ) ];
		const first = await handle.tokenize( request );
		const second = await handle.tokenize( request );
		expect( fake.elements[ 0 ].tokenizeCalls ).toBe( 2 );
		expect( first.ok && first.value.token ).toBe( 'cnon:a' );
		expect( second.ok && second.value.token ).toBe( 'cnon:b' );
	} );

	it( 'remeasures and destroys once, removing its frame', async () => {
		const { fake, adapter, container } = setup();
		const handle = await adapter.attach( container, config );
		handle.remeasure();
		expect( fake.elements[ 0 ].recalculated ).toBe( 1 );
		await handle.destroy();
		await handle.destroy();
		expect( fake.elements[ 0 ].destroyed ).toBe( true );
		expect( container.querySelectorAll( 'iframe' ) ).toHaveLength( 0 );
		expect( ( await handle.tokenize( request ) ).ok ).toBe( false );
		// A gift card has no recalculateSize: a window resize makes it measure itself.
		const resized = jest.fn();
		window.addEventListener( 'resize', resized );
		const gift = await adapter.attach( container, {
			...config,
			method: 'giftCard',
		} );
		gift.remeasure();
		expect( resized ).toHaveBeenCalledTimes( 1 );
	} );

	it( 'refuses to attach without the SDK', async () => {
		const adapter = createSquareAdapter( () => undefined );
		await expect(
			adapter.attach( document.createElement( 'div' ), config )
		).rejects.toThrow( /not loaded/ );
	} );
} );
