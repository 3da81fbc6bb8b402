import {
	act,
	fireEvent,
	render,
	screen,
	waitFor,
} from '@testing-library/react';
import apiFetch from '../../../submit/rest-fetch';
import { createHooks } from '@wordpress/hooks';
import type { FieldDefinition } from '../../../../shared';
import { Form } from '../../../components/Form';
import { createSquareAdapter } from '../adapter';
import type { FieldUnits } from '../../units';
import { createPaymentRegistry } from '../registry';
import { createPaymentUnit } from '../unit';
import type { PaymentConfig, WalletRequest } from '../types';
import { createFakeSquare, walletOk, type FakeSquare } from './fake-square';

jest.mock( '../../../submit/rest-fetch', () => ( {
	__esModule: true,
	default: jest.fn(),
} ) );
const mockedFetch = apiFetch as unknown as jest.Mock;

const PAY = 9;

const config: PaymentConfig = {
	applicationId: 'sandbox-sq0idb-app',
	locationId: 'LSANDBOXMAIN',
	environment: 'sandbox',
	currency: 'USD',
	country: 'US',
	methods: [ 'applePay', 'googlePay', 'card' ],
	billing: { email: '1' },
	captureMode: 'charge',
	verifyBuyer: true,
	includeInputLabels: false,
	sdkUrl: 'http://127.0.0.1:8890/v1/square.js',
	googlePayButton: { buttonColor: 'white', buttonType: 'short' },
	applePayButtonStyle: 'white-outline',
};

const fields = (
	methods: FieldDefinition[ 'methods' ] = [ 'applePay', 'googlePay', 'card' ]
): FieldDefinition[] => [
	{ id: 1, type: 'email', label: 'Email', defaultValue: 'ada@x.org' },
	{ id: 2, type: 'text', label: 'Name', isRequired: true },
	{
		id: 3,
		type: 'product',
		label: 'Ticket',
		inputType: 'singleproduct',
		basePrice: '12.50',
	},
	{
		id: PAY,
		type: 'payment',
		label: 'Payment',
		methods,
		billing: { email: '1' },
	},
];

/**
 * The server's payment request for a total.
 *
 * @param amount Total.
 */
const serverRequest = ( amount: string ): WalletRequest => ( {
	countryCode: 'US',
	currencyCode: 'USD',
	total: { amount, label: 'Kestrel shop' },
	lineItems: [ { amount, label: 'Ticket' } ],
	shippingOptions: [
		{ id: 'standard', label: 'Standard', amount: '5.00' },
		{ id: 'express', label: 'Express', amount: '15.00' },
	],
	requestBillingContact: true,
	requestShippingContact: true,
} );

let fake: FakeSquare;
/** The total the fake server answers next. */
let serverTotal = '12.50';

const requestCalls = () =>
	mockedFetch.mock.calls.filter(
		( [ options ] ) =>
			options.path === '/kestrel-forms/v1/forms/5/payment-request'
	);
const submissionCalls = () =>
	mockedFetch.mock.calls.filter(
		( [ options ] ) =>
			options.path === '/kestrel-forms/v1/forms/5/submissions'
	);

/**
 * The form with the payment field, over a fresh fake SDK.
 *
 * @param unsupported Wallets the fake SDK refuses.
 * @param anonymous   Whether the visitor is not logged in.
 * @param methods     The payment field's methods (default: both wallets and the card).
 */
function renderForm(
	unsupported: Array< 'applePay' | 'googlePay' > = [],
	anonymous = false,
	methods?: FieldDefinition[ 'methods' ]
) {
	fake = createFakeSquare();
	unsupported.forEach( ( wallet ) => fake.unsupported.add( wallet ) );
	const registry = createPaymentRegistry();
	registry.register( createSquareAdapter( () => fake.Square as never ) );
	const units: FieldUnits = { payment: createPaymentUnit( registry ) };
	return render(
		<Form
			form={ {
				id: 5,
				title: 'Order',
				currency: 'USD',
				fields: fields( methods ),
			} }
			submitPath="/kestrel-forms/v1/forms/5/submissions"
			submitUrl="https://shop.test/wp-json/kestrel-forms/v1/forms/5/submissions"
			anonymous={ anonymous }
			hooks={ createHooks() }
			page={ { payment: config } }
			units={ units }
		/>
	);
}

const appleButton = () =>
	screen.queryByRole( 'button', { name: 'Pay with Apple Pay' } );
const googleButton = () =>
	document.querySelector( '.kestrel-form__google-pay button' );

async function walletsReady() {
	await waitFor( () => expect( appleButton() ).toBeTruthy() );
	await waitFor( () => expect( googleButton() ).toBeTruthy() );
}

function typeName( name: string ) {
	fireEvent.change( screen.getByLabelText( /^Name/ ), {
		target: { value: name },
	} );
}

beforeEach( () => {
	serverTotal = '12.50';
	mockedFetch.mockReset();
	mockedFetch.mockImplementation(
		async ( options: {
			path: string;
			data: Record< string, unknown >;
		} ) => {
			if ( options.path.endsWith( '/payment-request' ) ) {
				if ( options.data.shippingOption === 'express' ) {
					return serverRequest( '27.50' );
				}
				return serverRequest( serverTotal );
			}
			return {
				reference: 'abc',
				confirmation: { type: 'message', message: '<p>Thanks</p>' },
			};
		}
	);
} );

describe( 'wallet buttons in the payment field', () => {
	it( 'shows each wallet once its SDK method resolved, from the server request, above the card', async () => {
		const { container } = renderForm();
		await walletsReady();
		expect( fake.requests ).toHaveLength( 1 );
		expect( fake.requests[ 0 ].options ).toEqual(
			serverRequest( '12.50' )
		);
		expect( requestCalls()[ 0 ][ 0 ].method ).toBe( 'POST' );
		expect( appleButton()?.className ).toContain(
			'kestrel-form__apple-pay--white-outline'
		);
		const google = fake.wallets.find( ( w ) => w.kind === 'googlePay' );
		expect( google?.attachCalls[ 0 ][ 1 ] ).toEqual( {
			buttonColor: 'white',
			buttonType: 'short',
		} );
		// Above the card inputs, inside the field.
		const wallets = container.querySelector(
			'.kestrel-form__wallets'
		) as HTMLElement;
		const card = container.querySelector(
			'.kestrel-form__payment-element--card'
		) as HTMLElement;
		expect(
			// eslint-disable-next-line no-bitwise
			wallets.compareDocumentPosition( card ) &
				Node.DOCUMENT_POSITION_FOLLOWING
		).toBeTruthy();
	} );

	it( 'shows no button for a wallet the SDK refuses here; the other wallet and the card stay', async () => {
		const { container } = renderForm( [ 'applePay' ] );
		await waitFor( () => expect( googleButton() ).toBeTruthy() );
		expect( appleButton() ).toBeNull();
		await waitFor( () =>
			expect(
				container.querySelectorAll( 'iframe.sq-card-iframe' )
			).toHaveLength( 1 )
		);
	} );

	it( 'checks the form synchronously first: an empty required field stops the click before any sheet', async () => {
		renderForm();
		await walletsReady();
		fireEvent.click( appleButton() as HTMLElement );
		const apple = fake.wallets.find( ( w ) => w.kind === 'applePay' );
		expect( apple?.tokenizeCalls ).toBe( 0 );
		expect(
			await screen.findByText( 'This field is required.' )
		).toBeTruthy();
		expect( submissionCalls() ).toHaveLength( 0 );
	} );

	it( 'Apple Pay: tokenize starts inside the click (nothing awaited first), then the form posts the wallet token without buyer verification', async () => {
		renderForm();
		await walletsReady();
		typeName( 'Ada' );
		const apple = fake.wallets.find( ( w ) => w.kind === 'applePay' );
		if ( ! apple ) {
			throw new Error( 'no Apple Pay' );
		}
		apple.result = walletOk( 'Apple Pay', {
			billing: { givenName: 'Ada', email: 'ada@wallet.test', x: 1 },
			shipping: {
				contact: { addressLines: [ '1 Way' ], countryCode: 'GB' },
				option: { id: 'standard' },
			},
		} );
		fireEvent.click( appleButton() as HTMLElement );
		// Synchronously, in the click's task.
		expect( apple.tokenizeCalls ).toBe( 1 );
		await waitFor( () => expect( submissionCalls() ).toHaveLength( 1 ) );
		const value = submissionCalls()[ 0 ][ 0 ].data.values[ PAY ];
		expect( value ).toEqual( {
			method: 'applePay',
			token: expect.stringMatching( /^cnon:wallet-/ ),
			wallet: {
				billing: { givenName: 'Ada', email: 'ada@wallet.test' },
				shipping: { addressLines: [ '1 Way' ], countryCode: 'GB' },
				// The sheet's shipping choice: the server prices the charge with it.
				shippingOption: 'standard',
			},
		} );
		expect( fake.verifyBuyer ).not.toHaveBeenCalled();
		expect( fake.elements[ 0 ].tokenizeCalls ).toBe( 0 );
	} );

	it( 'Google Pay: the buyer is verified for the server total before the post', async () => {
		renderForm();
		await walletsReady();
		typeName( 'Ada' );
		fireEvent.click( googleButton() as HTMLElement );
		await waitFor( () => expect( submissionCalls() ).toHaveLength( 1 ) );
		expect( fake.verifyBuyer ).toHaveBeenCalledWith(
			expect.stringMatching( /^cnon:wallet-/ ),
			expect.objectContaining( {
				amount: '12.50',
				currencyCode: 'USD',
				intent: 'CHARGE',
			} )
		);
		expect( submissionCalls()[ 0 ][ 0 ].data.values[ PAY ] ).toMatchObject(
			{ method: 'googlePay', verificationToken: 'verf:fake' }
		);
	} );

	it( 'a cancel says so politely and posts nothing; an error is announced and the entries stay', async () => {
		const { container } = renderForm();
		await walletsReady();
		typeName( 'Ada' );
		const apple = fake.wallets.find( ( w ) => w.kind === 'applePay' );
		if ( ! apple ) {
			throw new Error( 'no Apple Pay' );
		}
		apple.result = () => Promise.resolve( { status: 'Cancel' } );
		fireEvent.click( appleButton() as HTMLElement );
		expect(
			await screen.findByText( 'Payment cancelled. Nothing was charged.' )
		).toBeTruthy();
		expect(
			container.querySelector( '.kestrel-form__wallet-note--error' )
		).toBeNull();

		apple.result = () =>
			Promise.resolve( {
				status: 'Error',
				errors: [ { message: 'x' } ],
			} );
		fireEvent.click( appleButton() as HTMLElement );
		const error = await screen.findByText(
			'The payment could not be completed, and nothing was charged. Please try again.'
		);
		expect( error.className ).toContain(
			'kestrel-form__wallet-note--error'
		);
		await waitFor( () =>
			expect(
				container.querySelector( '[data-payment-live-region]' )
					?.textContent
			).toBe(
				'The payment could not be completed, and nothing was charged. Please try again.'
			)
		);
		expect( submissionCalls() ).toHaveLength( 0 );
		expect(
			( screen.getByLabelText( /^Name/ ) as HTMLInputElement ).value
		).toBe( 'Ada' );
	} );

	it( 'a change of the pricing asks the server again (debounced) and updates the request; other typing asks nothing; while a sheet is open, after it closes', async () => {
		renderForm();
		await walletsReady();
		const request = fake.requests[ 0 ];
		const quantity = ( value: string ) =>
			fireEvent.change(
				document.getElementById( 'input_5_3_3' ) as HTMLElement,
				{ target: { value } }
			);
		// A name changes no price: no question to the server.
		typeName( 'Ada' );
		await act( () => new Promise( ( r ) => setTimeout( r, 200 ) ) );
		expect( requestCalls() ).toHaveLength( 1 );

		serverTotal = '37.50';
		quantity( '2' );
		quantity( '3' );
		await waitFor( () => expect( request.updates ).toHaveLength( 1 ) );
		expect( request.updates[ 0 ] ).toMatchObject( {
			total: { amount: '37.50', label: 'Kestrel shop' },
		} );
		// Two changes within 50 ms: one question, with the later values only.
		const asked = requestCalls().map(
			( [ options ] ) => options.data.values[ '3.3' ]
		);
		expect( asked.filter( ( q ) => q === '3' ) ).toHaveLength( 1 );
		expect( asked ).not.toContain( '2' );

		// A sheet is open: the update waits for it to close.
		const apple = fake.wallets.find( ( w ) => w.kind === 'applePay' );
		if ( ! apple ) {
			throw new Error( 'no Apple Pay' );
		}
		let close: ( outcome: unknown ) => void = () => {};
		apple.result = () =>
			new Promise( ( resolve ) => {
				close = resolve;
			} );
		fireEvent.click( appleButton() as HTMLElement );
		expect( request.sheetOpen ).toBe( true );
		serverTotal = '50.00';
		quantity( '4' );
		await act( () => new Promise( ( r ) => setTimeout( r, 200 ) ) );
		expect( request.updates ).toHaveLength( 1 );
		await act( async () => close( { status: 'Cancel' } ) );
		await waitFor( () => expect( request.updates ).toHaveLength( 2 ) );
		expect( request.updates[ 1 ] ).toMatchObject( {
			total: { amount: '50.00' },
		} );
	} );

	it( 'a click while the new total is on its way opens no sheet and says so; once it is here, the sheet opens with it', async () => {
		renderForm();
		await walletsReady();
		typeName( 'Ada' );
		const apple = fake.wallets.find( ( w ) => w.kind === 'applePay' );
		if ( ! apple ) {
			throw new Error( 'no Apple Pay' );
		}
		// The server's answer to the new quantity waits until released.
		let release: () => void = () => {};
		const answered = new Promise< void >( ( r ) => ( release = r ) );
		const usual = mockedFetch.getMockImplementation()!;
		mockedFetch.mockImplementation( async ( options: any ) => {
			if (
				options.path.endsWith( '/payment-request' ) &&
				options.data.values[ '3.3' ] === '3'
			) {
				await answered;
				return serverRequest( '37.50' );
			}
			return usual( options );
		} );
		fireEvent.change(
			document.getElementById( 'input_5_3_3' ) as HTMLElement,
			{ target: { value: '3' } }
		);
		await waitFor( () =>
			expect(
				requestCalls().some(
					( [ options ] ) => options.data.values[ '3.3' ] === '3'
				)
			).toBe( true )
		);
		fireEvent.click( appleButton() as HTMLElement );
		expect( apple.tokenizeCalls ).toBe( 0 );
		expect(
			screen.getByText(
				'The total is being updated. Please try again in a moment.'
			)
		).toBeTruthy();
		const request = fake.requests[ 0 ];
		await act( async () => release() );
		await waitFor( () => expect( request.updates ).toHaveLength( 1 ) );
		fireEvent.click( appleButton() as HTMLElement );
		expect( apple.tokenizeCalls ).toBe( 1 );
		await waitFor( () => expect( submissionCalls() ).toHaveLength( 1 ) );
	} );

	it( 'a field with wallets only has no card inputs, and its submit button asks for a wallet', async () => {
		const { container } = renderForm( [], false, [ 'googlePay' ] );
		await waitFor( () => expect( googleButton() ).toBeTruthy() );
		expect( appleButton() ).toBeNull();
		expect( container.querySelector( 'iframe.sq-card-iframe' ) ).toBeNull();
		typeName( 'Ada' );
		fireEvent.click(
			document.getElementById( 'form_submit_button_5' ) as HTMLElement
		);
		expect(
			await screen.findByText(
				'Please pay with one of the payment buttons.'
			)
		).toBeTruthy();
		expect( submissionCalls() ).toHaveLength( 0 );
	} );

	it( 'an anonymous visitor asks for the request without the nonce, as submissions are sent', async () => {
		const fetch = jest.fn( async () => ( {
			ok: true,
			status: 200,
			json: async () => serverRequest( '12.50' ),
		} ) );
		const original = window.fetch;
		window.fetch = fetch as unknown as typeof window.fetch;
		try {
			renderForm( [], true );
			await walletsReady();
			expect( fetch ).toHaveBeenCalledWith(
				'https://shop.test/wp-json/kestrel-forms/v1/forms/5/payment-request',
				expect.objectContaining( { method: 'POST' } )
			);
			expect( requestCalls() ).toHaveLength( 0 );
		} finally {
			window.fetch = original;
		}
	} );

	it( "the sheet's shipping option is priced by the server", async () => {
		renderForm();
		await walletsReady();
		const listener = fake.requests[ 0 ].listeners.shippingoptionchanged;
		const update = await listener( {
			id: 'express',
			label: 'Express',
			amount: '0.01',
		} );
		expect( update ).toEqual( {
			total: { amount: '27.50', label: 'Kestrel shop' },
			lineItems: [ { amount: '27.50', label: 'Ticket' } ],
			shippingOptions: serverRequest( '27.50' ).shippingOptions,
		} );
		const asked = requestCalls().at( -1 )?.[ 0 ].data;
		expect( asked.shippingOption ).toBe( 'express' );
	} );
} );
