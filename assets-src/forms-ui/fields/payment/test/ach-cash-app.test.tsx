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
import type { FieldMethod, PaymentConfig, WalletRequest } from '../types';
import { createFakeSquare, type FakeSquare } from './fake-square';

jest.mock( '../../../submit/rest-fetch', () => ( {
	__esModule: true,
	default: jest.fn(),
} ) );
const mockedFetch = apiFetch as unknown as jest.Mock;

const PAY = 9;
const DRAFT = 'd'.repeat( 32 );
const DRAFT_KEY = 'k'.repeat( 32 );

const baseConfig: PaymentConfig = {
	applicationId: 'sandbox-sq0idb-merchant-us',
	locationId: 'LSANDBOXMAIN',
	environment: 'sandbox',
	currency: 'USD',
	country: 'US',
	methods: [ 'cashAppPay', 'ach', 'card' ],
	billing: {},
	captureMode: 'charge',
	verifyBuyer: false,
	includeInputLabels: false,
	sdkUrl: 'http://127.0.0.1:8890/v1/square.js',
	cashAppPayButton: { shape: 'semiround', theme: 'light' },
};

const fields = (
	methods: FieldMethod[],
	extra: Record< string, unknown > = {}
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
		...extra,
		methods,
	} as FieldDefinition,
];

const serverRequest = ( amount: string ): WalletRequest => ( {
	countryCode: 'US',
	currencyCode: 'USD',
	total: { amount, label: 'Kestrel shop' },
	lineItems: [ { amount, label: 'Ticket' } ],
	requestBillingContact: false,
	requestShippingContact: false,
} );

let fake: FakeSquare;
let serverTotal = '12.50';
/** What GET payment-drafts/{id} answers (an Error: 404). */
let storedDraft: unknown;

const callsTo = ( suffix: string ) =>
	mockedFetch.mock.calls.filter( ( [ options ] ) =>
		options.path.endsWith( suffix )
	);
const submissionCalls = () => callsTo( '/forms/5/submissions' );
const draftPosts = () => callsTo( '/forms/5/payment-drafts' );

function renderForm(
	methods: FieldMethod[],
	options: {
		config?: Partial< PaymentConfig >;
		extra?: Record< string, unknown >;
	} = {}
) {
	fake = createFakeSquare();
	const registry = createPaymentRegistry();
	registry.register( createSquareAdapter( () => fake.Square as never ) );
	const units: FieldUnits = { payment: createPaymentUnit( registry ) };
	return render(
		<Form
			form={ {
				id: 5,
				title: 'Order',
				currency: 'USD',
				fields: fields( methods, options.extra ),
			} }
			submitPath="/kestrel-forms/v1/forms/5/submissions"
			hooks={ createHooks() }
			page={ { payment: { ...baseConfig, ...options.config } } }
			units={ units }
		/>
	);
}

const achButton = () =>
	screen.queryByRole( 'button', { name: 'Pay with bank account' } );
const typeName = ( name: string ) =>
	fireEvent.change( screen.getByLabelText( /^Name/ ), {
		target: { value: name },
	} );
/** The page as Cash App's redirect leaves it: the draft's id and the provider's request id. */
const backFromCashApp = () =>
	window.history.replaceState(
		{},
		'',
		`/order/?kf_payment_return=${ DRAFT }&cash_request_id=GRR_1`
	);
const lastCashApp = () => fake.cashAppPays[ fake.cashAppPays.length - 1 ];

beforeEach( () => {
	serverTotal = '12.50';
	storedDraft = undefined;
	window.history.replaceState( {}, '', '/order/' );
	mockedFetch.mockReset();
	mockedFetch.mockImplementation(
		async ( options: {
			path: string;
			method: string;
			data: Record< string, unknown >;
		} ) => {
			if ( options.path.endsWith( '/payment-request' ) ) {
				return serverRequest( serverTotal );
			}
			if ( options.path.endsWith( '/payment-drafts' ) ) {
				if (
					(
						options.data.values as Record< string, unknown >
					 )[ 2 ] === 'Invalid'
				) {
					throw {
						code: 'kestrel_forms_validation_failed',
						message: 'There was a problem with your submission.',
						data: { errors: { 2: 'This name is not accepted.' } },
					};
				}
				return {
					draft_id: DRAFT,
					expires_at: '2026-11-29T00:00:00Z',
					redirect_url: `http://localhost/order/?kf_payment_return=${ DRAFT }`,
				};
			}
			if ( options.path.includes( '/payment-drafts/' ) ) {
				if ( storedDraft instanceof Error ) {
					throw {
						code: 'kestrel_forms_payment_draft_not_found',
						message: 'Not found',
					};
				}
				return storedDraft;
			}
			return {
				reference: 'abc',
				confirmation: { type: 'message', message: '<p>Thanks</p>' },
			};
		}
	);
} );

afterEach( () => {
	jest.restoreAllMocks();
} );

describe( 'ACH in the payment field', () => {
	it( "checks the form and the field's own required holder name before the bank link, then tokenizes the server total in minor units in the click", async () => {
		renderForm( [ 'ach', 'card' ] );
		await waitFor( () => expect( achButton() ).toBeTruthy() );
		// Required form field empty: nothing opens.
		fireEvent.click( achButton() as HTMLElement );
		expect( fake.achs[ 0 ].tokenizeCalls ).toHaveLength( 0 );
		expect(
			await screen.findByText( 'This field is required.' )
		).toBeTruthy();
		typeName( 'Ada' );
		// The holder's name is the field's own labelled input here: required too.
		fireEvent.click( achButton() as HTMLElement );
		expect( fake.achs[ 0 ].tokenizeCalls ).toHaveLength( 0 );
		const holder = screen.getByLabelText( /^Account holder name/ );
		expect(
			await screen.findByText( "Please enter the account holder's name." )
		).toBeTruthy();
		expect( holder.getAttribute( 'aria-invalid' ) ).toBe( 'true' );
		fireEvent.change( holder, { target: { value: 'Ada Lovelace' } } );
		await waitFor( () =>
			expect( callsTo( '/payment-request' ).length ).toBeGreaterThan( 0 )
		);
		fireEvent.click( achButton() as HTMLElement );
		// Synchronously, in the click's task.
		expect( fake.achs[ 0 ].tokenizeCalls ).toEqual( [
			{
				accountHolderName: 'Ada Lovelace',
				intent: 'CHARGE',
				total: { amount: 1250, currencyCode: 'USD' },
			},
		] );
		await waitFor( () => expect( submissionCalls() ).toHaveLength( 1 ) );
		expect( submissionCalls()[ 0 ][ 0 ].data.values[ PAY ] ).toEqual( {
			method: 'ach',
			token: expect.stringMatching( /^bnon:fake-/ ),
			accountHolderName: 'Ada Lovelace',
		} );
		expect( fake.elements[ 0 ].tokenizeCalls ).toBe( 0 );
	} );

	it( 'reads the holder name from accountHolderField and renders no input of its own', async () => {
		renderForm( [ 'ach' ], { extra: { accountHolderField: '2' } } );
		await waitFor( () => expect( achButton() ).toBeTruthy() );
		expect( screen.queryByLabelText( /^Account holder name/ ) ).toBeNull();
		typeName( 'Grace Hopper' );
		await waitFor( () =>
			expect( callsTo( '/payment-request' ).length ).toBeGreaterThan( 0 )
		);
		fireEvent.click( achButton() as HTMLElement );
		expect( fake.achs[ 0 ].tokenizeCalls[ 0 ] ).toMatchObject( {
			accountHolderName: 'Grace Hopper',
		} );
		await waitFor( () => expect( submissionCalls() ).toHaveLength( 1 ) );
		expect( submissionCalls()[ 0 ][ 0 ].data.values[ PAY ] ).toMatchObject(
			{ method: 'ach', accountHolderName: 'Grace Hopper' }
		);
	} );

	it( 'a closed bank link is announced at the field, nothing is posted and the entries stay; a failed authorisation says so with the provider detail', async () => {
		const { container } = renderForm( [ 'ach' ], {
			extra: { accountHolderField: '2' },
		} );
		await waitFor( () => expect( achButton() ).toBeTruthy() );
		typeName( 'Ada' );
		await waitFor( () =>
			expect( callsTo( '/payment-request' ).length ).toBeGreaterThan( 0 )
		);
		fake.achs[ 0 ].behaviour = 'exit';
		fireEvent.click( achButton() as HTMLElement );
		const cancelled =
			'The bank payment was cancelled. Nothing was charged.';
		expect( await screen.findByText( cancelled ) ).toBeTruthy();
		await waitFor( () =>
			expect(
				container.querySelector( '[data-payment-live-region]' )
					?.textContent
			).toBe( cancelled )
		);
		expect( submissionCalls() ).toHaveLength( 0 );
		expect(
			( screen.getByLabelText( /^Name/ ) as HTMLInputElement ).value
		).toBe( 'Ada' );

		// The authorisation frame's Cancel (a Cancel result carrying its error): a cancel too.
		fake.achs[ 0 ].behaviour = 'declined';
		fireEvent.click( achButton() as HTMLElement );
		const note = () =>
			container.querySelector(
				'.kestrel-form__ach .kestrel-form__wallet-note'
			);
		// The click clears the earlier note; the new one is the cancel's.
		expect( note() ).toBeNull();
		await waitFor( () => expect( note()?.textContent ).toBe( cancelled ) );
		expect( note()?.className ).not.toContain( '--error' );
		expect( submissionCalls() ).toHaveLength( 0 );

		fake.achs[ 0 ].behaviour = 'error';
		fireEvent.click( achButton() as HTMLElement );
		expect(
			await screen.findByText(
				/nothing was charged\. Please try again\. \(The bank authorization failed\)/
			)
		).toBeTruthy();
		expect( submissionCalls() ).toHaveLength( 0 );
	} );

	it( "prices with the browser's engine when the server's payment-request route serves wallet fields only (the charge stays the server's)", async () => {
		const answer = mockedFetch.getMockImplementation();
		mockedFetch.mockImplementation( async ( options: { path: string } ) => {
			if ( options.path.endsWith( '/payment-request' ) ) {
				throw {
					code: 'kestrel_forms_wallets_not_offered',
					message: 'This form does not take wallet payments.',
				};
			}
			return answer?.( options );
		} );
		renderForm( [ 'ach', 'cashAppPay' ], {
			extra: { accountHolderField: '2' },
		} );
		await waitFor( () => expect( fake.cashAppPays ).toHaveLength( 1 ) );
		expect( lastCashApp().request.options ).toMatchObject( {
			currencyCode: 'USD',
			total: { amount: '12.50' },
		} );
		typeName( 'Ada' );
		fireEvent.click( achButton() as HTMLElement );
		expect( fake.achs[ 0 ].tokenizeCalls[ 0 ] ).toMatchObject( {
			total: { amount: 1250, currencyCode: 'USD' },
		} );
		// Asked once; the engine prices every change after the refusal.
		expect( callsTo( '/payment-request' ) ).toHaveLength( 1 );
		await waitFor( () => expect( submissionCalls() ).toHaveLength( 1 ) );
	} );

	it( 'is not offered when the page configuration leaves it out (not USD on a US location)', async () => {
		renderForm( [ 'ach', 'card' ], { config: { methods: [ 'card' ] } } );
		await waitFor( () =>
			expect( fake.elements.length ).toBeGreaterThan( 0 )
		);
		expect( achButton() ).toBeNull();
		expect( fake.Square.payments ).toHaveBeenCalled();
		expect( callsTo( '/payment-request' ) ).toHaveLength( 0 );
	} );
} );

describe( 'Cash App Pay in the payment field', () => {
	it( "renders the provider's button from the field's options for the server's total, and makes a new instance when the total changes (never update())", async () => {
		const { container } = renderForm( [ 'cashAppPay' ] );
		await waitFor( () => expect( fake.cashAppPays ).toHaveLength( 1 ) );
		const first = fake.cashAppPays[ 0 ];
		expect( first.request.options ).toEqual( {
			countryCode: 'US',
			currencyCode: 'USD',
			total: { amount: '12.50', label: 'Kestrel shop' },
		} );
		expect( first.button ).toEqual( {
			shape: 'semiround',
			theme: 'light',
		} );
		expect( first.options.redirectURL ).toBe( 'http://localhost/order/' );
		expect( first.options.referenceId ).toMatch( /^kf-5-[0-9a-f]{24}$/ );
		await waitFor( () =>
			expect(
				container.querySelectorAll( '[data-testid="cap-btn"]' )
			).toHaveLength( 1 )
		);

		serverTotal = '25.00';
		fireEvent.change( screen.getByLabelText( /Quantity/ ), {
			target: { value: '2' },
		} );
		await waitFor( () => expect( fake.cashAppPays ).toHaveLength( 2 ) );
		expect( first.destroyed ).toBe( true );
		expect( first.request.updates ).toHaveLength( 0 );
		expect( lastCashApp().request.options ).toMatchObject( {
			total: { amount: '25.00' },
		} );
		expect(
			container.querySelectorAll( '[data-testid="cap-btn"]' )
		).toHaveLength( 1 );
	} );

	it( "desktop: shouldTokenize is the form's own check; the approval's token submits the form once", async () => {
		renderForm( [ 'cashAppPay' ] );
		await waitFor( () => expect( fake.cashAppPays ).toHaveLength( 1 ) );
		let go = false;
		await act( async () => {
			go = await lastCashApp().click();
		} );
		expect( go ).toBe( false );
		expect(
			await screen.findByText( 'This field is required.' )
		).toBeTruthy();
		typeName( 'Ada' );
		await act( async () => {
			go = await lastCashApp().click();
		} );
		expect( go ).toBe( true );
		expect( draftPosts() ).toHaveLength( 0 );
		act( () =>
			lastCashApp().emit( 'ontokenization', {
				tokenResult: {
					status: 'OK',
					token: 'wnon:fake-1',
					details: { cashAppPay: { cashtag: '$ada' } },
				},
			} )
		);
		await waitFor( () => expect( submissionCalls() ).toHaveLength( 1 ) );
		expect( submissionCalls()[ 0 ][ 0 ].data.values[ PAY ] ).toEqual( {
			method: 'cashAppPay',
			token: 'wnon:fake-1',
		} );
	} );

	it( 'a field offering only Cash App Pay renders no card inputs; a token approved before the total changed is not submitted with the new total', async () => {
		const { container } = renderForm( [ 'cashAppPay' ] );
		await waitFor( () => expect( fake.cashAppPays ).toHaveLength( 1 ) );
		expect( fake.elements ).toHaveLength( 0 );
		expect(
			container.querySelector( '.kestrel-form__payment-element' )
		).toBeNull();
		// Approved, but the required name is missing: the submit stops at the check.
		act( () =>
			lastCashApp().emit( 'ontokenization', {
				tokenResult: { status: 'OK', token: 'wnon:old-total' },
			} )
		);
		expect(
			await screen.findByText( 'This field is required.' )
		).toBeTruthy();
		serverTotal = '25.00';
		fireEvent.change( screen.getByLabelText( /Quantity/ ), {
			target: { value: '2' },
		} );
		await waitFor( () => expect( fake.cashAppPays ).toHaveLength( 2 ) );
		typeName( 'Ada' );
		fireEvent.click( screen.getByRole( 'button', { name: 'Submit' } ) );
		expect(
			await screen.findByText(
				'Please pay with one of the payment buttons.'
			)
		).toBeTruthy();
		expect( submissionCalls() ).toHaveLength( 0 );
	} );

	it( 'a decline says nothing was charged; a dismissed QR code says so; nothing is posted', async () => {
		renderForm( [ 'cashAppPay' ] );
		await waitFor( () => expect( fake.cashAppPays ).toHaveLength( 1 ) );
		act( () =>
			lastCashApp().emit( 'ontokenization', {
				tokenResult: { status: 'Cancel' },
			} )
		);
		expect(
			await screen.findByText( 'Payment cancelled. Nothing was charged.' )
		).toBeTruthy();
		act( () => lastCashApp().emit( 'customerDismissed', {} ) );
		expect(
			await screen.findByText(
				'Cash App Pay was closed. Nothing was charged.'
			)
		).toBeTruthy();
		act( () =>
			lastCashApp().emit( 'ontokenization', {
				tokenResult: {
					status: 'Error',
					errors: [ { message: 'Grant expired' } ],
				},
			} )
		);
		expect( await screen.findByText( /\(Grant expired\)$/ ) ).toBeTruthy();
		expect( submissionCalls() ).toHaveLength( 0 );
	} );

	it( "phone: the first tap stores a draft and makes the instance again with the draft's redirect and reference; the next tap starts Cash App without a second draft", async () => {
		jest.spyOn( navigator, 'userAgent', 'get' ).mockReturnValue(
			'Mozilla/5.0 (iPhone; CPU iPhone OS 15_0 like Mac OS X) Mobile/15E148 Safari/604.1'
		);
		window.history.replaceState( {}, '', '/order/?utm=x#top' );
		renderForm( [ 'cashAppPay' ] );
		await waitFor( () => expect( fake.cashAppPays ).toHaveLength( 1 ) );
		typeName( 'Ada' );
		let go = true;
		await act( async () => {
			go = await lastCashApp().click();
		} );
		expect( go ).toBe( false );
		expect( draftPosts() ).toHaveLength( 1 );
		const body = draftPosts()[ 0 ][ 0 ].data;
		expect( body.return_url ).toBe( 'http://localhost/order/?utm=x' );
		expect( body.submission_key ).toMatch( /^[0-9a-f]{32}$/ );
		expect( body.values ).toMatchObject( { 1: 'ada@x.org', 2: 'Ada' } );
		// The payment field names its method only: no token before the approval.
		expect( body.values[ PAY ] ).toEqual( { method: 'cashAppPay' } );
		await waitFor( () => expect( fake.cashAppPays ).toHaveLength( 2 ) );
		expect( fake.cashAppPays[ 0 ].destroyed ).toBe( true );
		expect( lastCashApp().options ).toEqual( {
			redirectURL: `http://localhost/order/?kf_payment_return=${ DRAFT }`,
			referenceId: DRAFT,
		} );
		expect(
			await screen.findByText(
				'Your details are saved. Tap Cash App Pay again to continue in Cash App.'
			)
		).toBeTruthy();
		await act( async () => {
			go = await lastCashApp().click();
		} );
		expect( go ).toBe( true );
		expect( lastCashApp().begun ).toBe( 1 );
		expect( draftPosts() ).toHaveLength( 1 );
		// The same key goes with the submission that the draft was stored with.
		act( () =>
			lastCashApp().emit( 'ontokenization', {
				tokenResult: { status: 'OK', token: 'wnon:fake-2' },
			} )
		);
		await waitFor( () => expect( submissionCalls() ).toHaveLength( 1 ) );
		expect( submissionCalls()[ 0 ][ 0 ].data.submission_key ).toBe(
			body.submission_key
		);
	} );

	it( "phone: a draft the server refuses shows the server's errors at their fields and nothing starts", async () => {
		jest.spyOn( navigator, 'userAgent', 'get' ).mockReturnValue(
			'Mozilla/5.0 (Linux; Android 14) Mobile'
		);
		renderForm( [ 'cashAppPay' ] );
		await waitFor( () => expect( fake.cashAppPays ).toHaveLength( 1 ) );
		typeName( 'Invalid' );
		let go = true;
		await act( async () => {
			go = await lastCashApp().click();
		} );
		expect( go ).toBe( false );
		expect(
			await screen.findByText( 'This name is not accepted.' )
		).toBeTruthy();
		expect( fake.cashAppPays ).toHaveLength( 1 );
	} );

	it( "back on ?kf_payment_return with an open draft: the values are restored, the instance has the draft's reference and redirect, and the result submits once with the draft's key and id", async () => {
		backFromCashApp();
		storedDraft = {
			draft_id: DRAFT,
			status: 'open',
			values: { 1: 'back@x.org', 2: 'Ada Restored', '3.3': '2' },
			submission_key: DRAFT_KEY,
			expires_at: '2026-11-29T00:00:00Z',
		};
		serverTotal = '25.00';
		renderForm( [ 'cashAppPay' ] );
		await waitFor( () => expect( fake.cashAppPays ).toHaveLength( 1 ) );
		expect(
			( screen.getByLabelText( /^Name/ ) as HTMLInputElement ).value
		).toBe( 'Ada Restored' );
		expect( lastCashApp().options ).toEqual( {
			redirectURL: `http://localhost/order/?kf_payment_return=${ DRAFT }`,
			referenceId: DRAFT,
		} );
		expect( lastCashApp().request.options ).toMatchObject( {
			total: { amount: '25.00' },
		} );
		// The quote was asked with the restored values.
		const asked = callsTo( '/payment-request' );
		expect( asked[ asked.length - 1 ][ 0 ].data.values ).toMatchObject( {
			2: 'Ada Restored',
			'3.3': '2',
		} );
		act( () =>
			lastCashApp().emit( 'ontokenization', {
				tokenResult: { status: 'OK', token: 'wnon:back' },
			} )
		);
		await waitFor( () => expect( submissionCalls() ).toHaveLength( 1 ) );
		const sent = submissionCalls()[ 0 ][ 0 ].data;
		expect( sent.submission_key ).toBe( DRAFT_KEY );
		expect( sent.values[ PAY ] ).toEqual( {
			method: 'cashAppPay',
			token: 'wnon:back',
			draftId: DRAFT,
		} );
		expect( sent.values ).toMatchObject( {
			1: 'back@x.org',
			2: 'Ada Restored',
		} );
		expect(
			await screen.findByText( 'Thanks', { selector: 'p' } )
		).toBeTruthy();
	} );

	it( 'back with the server quoting (the field also offers Afterpay) more slowly than values settle: one instance, for the restored total, and the result submits', async () => {
		backFromCashApp();
		storedDraft = {
			draft_id: DRAFT,
			status: 'open',
			values: { 1: 'back@x.org', 2: 'Ada Restored', '3.3': '2' },
			submission_key: DRAFT_KEY,
			expires_at: '2026-11-29T00:00:00Z',
		};
		const wait = ( ms: number ) =>
			new Promise( ( resolve ) => setTimeout( resolve, ms ) );
		const plain = mockedFetch.getMockImplementation()!;
		// The server prices the values it is sent (12.50 a ticket) in 80 ms; the draft comes
		// back after the first quote (150 ms), so an answer is still on its way when the
		// restored values ask their own question.
		mockedFetch.mockImplementation(
			async ( options: {
				path: string;
				data: { values: Record< string, unknown > };
			} ) => {
				if ( options.path.endsWith( '/payment-request' ) ) {
					await wait( 80 );
					const tickets = Number( options.data.values[ '3.3' ] ?? 1 );
					return serverRequest( ( tickets * 12.5 ).toFixed( 2 ) );
				}
				if ( options.path.includes( '/payment-drafts/' ) ) {
					await wait( 150 );
				}
				return plain( options );
			}
		);
		renderForm( [ 'cashAppPay', 'afterpayClearpay' ], {
			config: {
				methods: [ 'cashAppPay', 'afterpayClearpay' ],
				afterpayLimits: { minimum: 100, maximum: 400000 },
			},
		} );
		await waitFor( () => expect( fake.cashAppPays ).toHaveLength( 1 ), {
			timeout: 3000,
		} );
		expect( lastCashApp().request.options ).toMatchObject( {
			total: { amount: '25.00' },
		} );
		// The redirect's result fires at once.
		act( () =>
			lastCashApp().emit( 'ontokenization', {
				tokenResult: { status: 'OK', token: 'wnon:back' },
			} )
		);
		await waitFor( () => expect( submissionCalls() ).toHaveLength( 1 ) );
		expect( submissionCalls()[ 0 ][ 0 ].data.values[ PAY ] ).toEqual( {
			method: 'cashAppPay',
			token: 'wnon:back',
			draftId: DRAFT,
		} );
		// Later answers (the same total) made no new instance.
		await act( () => wait( 300 ) );
		expect( fake.cashAppPays ).toHaveLength( 1 );
	} );

	it( 'back on a draft already submitted (the return URL reloaded): the confirmation shows and nothing is submitted or started', async () => {
		backFromCashApp();
		storedDraft = {
			draft_id: DRAFT,
			status: 'submitted',
			confirmation: { type: 'message', message: '<p>Paid already</p>' },
		};
		renderForm( [ 'cashAppPay' ] );
		expect( await screen.findByText( 'Paid already' ) ).toBeTruthy();
		expect( fake.cashAppPays ).toHaveLength( 0 );
		expect( submissionCalls() ).toHaveLength( 0 );
		expect( callsTo( `/payment-drafts/${ DRAFT }` )[ 0 ][ 0 ].method ).toBe(
			'GET'
		);
	} );

	it( 'back on an unknown or expired draft: says so at the field and offers Cash App Pay again', async () => {
		window.history.replaceState(
			{},
			'',
			`/order/?kf_payment_return=${ DRAFT }`
		);
		storedDraft = new Error( 'gone' );
		renderForm( [ 'cashAppPay' ] );
		expect(
			await screen.findByText( /Your saved details could not be found/ )
		).toBeTruthy();
		await waitFor( () => expect( fake.cashAppPays ).toHaveLength( 1 ) );
		expect( lastCashApp().options.redirectURL ).toBe(
			'http://localhost/order/'
		);
		expect( submissionCalls() ).toHaveLength( 0 );
	} );
} );
