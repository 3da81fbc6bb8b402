/**
 * Afterpay/Clearpay in the payment field (issue 17, P4 "Forms"): the button, the messaging under
 * the form's total following the server's quote (hidden outside the limits, with the reason),
 * the checkout widget, the click's order (the form's check, then the popup in the same task),
 * the popup's address priced by the server, and the token submitting the form once.
 */
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
import { outsideLimits } from '../AfterpayButton';
import { afterpayBrand } from '../methods';
import type { AfterpayRequest, FieldMethod, PaymentConfig } from '../types';
import { createFakeSquare, type FakeSquare } from './fake-square';

// @wordpress/jest-console's matchers, which ship without types.
declare global {
	namespace jest {
		interface Matchers< R > {
			toHaveWarned: () => R;
		}
	}
}

jest.mock( '../../../submit/rest-fetch', () => ( {
	__esModule: true,
	default: jest.fn(),
} ) );
const mockedFetch = apiFetch as unknown as jest.Mock;

const PAY = 9;

const baseConfig: PaymentConfig = {
	applicationId: 'sandbox-sq0idb-merchant-us',
	locationId: 'LSANDBOXMAIN',
	environment: 'sandbox',
	currency: 'USD',
	country: 'US',
	methods: [ 'afterpayClearpay', 'card' ],
	billing: {},
	captureMode: 'charge',
	verifyBuyer: false,
	includeInputLabels: false,
	sdkUrl: 'http://127.0.0.1:8890/v1/square.js',
	afterpayLimits: { minimum: 100, maximum: 400000 },
	afterpayButton: {
		buttonColor: 'mint',
		buttonType: 'buy_now_with_afterpay',
	},
	afterpayMessaging: { enabled: true, badgeTheme: 'white-on-black' },
	afterpayCheckoutWidget: { enabled: true, includeBranding: false },
};

const fields = (
	methods: FieldMethod[],
	withTotal: boolean
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
	...( withTotal
		? [ { id: 4, type: 'total', label: 'Total' } as FieldDefinition ]
		: [] ),
	{
		id: PAY,
		type: 'payment',
		label: 'Payment',
		methods,
	} as FieldDefinition,
];

let fake: FakeSquare;
let serverTotal = '12.50';
let asksAddress = false;
let serverCountry = 'US';

const serverRequest = ( amount: string ): AfterpayRequest => ( {
	countryCode: serverCountry,
	currencyCode: serverCountry === 'US' ? 'USD' : 'EUR',
	total: { amount, label: 'Kestrel shop' },
	lineItems: [ { amount, label: 'Ticket' } ],
	requestBillingContact: false,
	requestShippingContact: asksAddress,
} );

const quoteCalls = () =>
	mockedFetch.mock.calls.filter( ( [ options ] ) =>
		options.path.endsWith( '/payment-request' )
	);
const submissionCalls = () =>
	mockedFetch.mock.calls.filter( ( [ options ] ) =>
		options.path.endsWith( '/forms/5/submissions' )
	);

function renderForm(
	options: {
		methods?: FieldMethod[];
		config?: Partial< PaymentConfig >;
		withTotal?: boolean;
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
				fields: fields(
					options.methods ?? [ 'afterpayClearpay', 'card' ],
					options.withTotal ?? true
				),
			} }
			submitPath="/kestrel-forms/v1/forms/5/submissions"
			hooks={ createHooks() }
			page={ { payment: { ...baseConfig, ...options.config } } }
			units={ units }
		/>
	);
}

const afterpay = () => fake.afterpays[ fake.afterpays.length - 1 ];
const button = () =>
	document.querySelector< HTMLButtonElement >(
		`#kestrel_afterpay_5_${ PAY }_button button`
	);
const placement = () => document.querySelector( 'afterpay-placement' );
const typeName = ( name: string ) =>
	fireEvent.change( screen.getByLabelText( /^Name/ ), {
		target: { value: name },
	} );
const setQuantity = ( quantity: string, total: string ) => {
	serverTotal = total;
	fireEvent.change( screen.getByLabelText( /Quantity/ ), {
		target: { value: quantity },
	} );
};

beforeEach( () => {
	serverTotal = '12.50';
	asksAddress = false;
	serverCountry = 'US';
	mockedFetch.mockReset();
	mockedFetch.mockImplementation(
		async ( options: {
			path: string;
			data: Record< string, unknown >;
		} ) => {
			if ( options.path.endsWith( '/payment-request' ) ) {
				const request = serverRequest( serverTotal );
				if ( options.data.shippingContact ) {
					return {
						...request,
						shippingOptions: [
							{
								id: 'standard',
								label: 'Standard',
								amount: '5.00',
								total: {
									amount: '17.50',
									label: 'Kestrel shop',
								},
								taxLineItems: [],
							},
						],
					};
				}
				return request;
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

describe( 'Afterpay/Clearpay in the payment field', () => {
	it( "attaches the provider's button, messaging under the form's total and the widget with the field's options, for the server's quote asked with its method", async () => {
		const { container } = renderForm();
		await waitFor( () => expect( button() ).toBeTruthy() );
		expect( quoteCalls()[ 0 ][ 0 ].data ).toMatchObject( {
			method: 'afterpayClearpay',
		} );
		const made = afterpay();
		expect( made.request.options ).toMatchObject( {
			countryCode: 'US',
			currencyCode: 'USD',
			total: { amount: '12.50' },
			requestShippingContact: false,
		} );
		expect( made.button ).toEqual( {
			selector: `#kestrel_afterpay_5_${ PAY }_button`,
			options: {
				buttonColor: 'mint',
				buttonType: 'buy_now_with_afterpay',
			},
		} );
		// The provider's types require every messaging option: the unset ones are Afterpay's
		// defaults.
		expect( made.messaging?.options ).toEqual( {
			badgeTheme: 'white-on-black',
			modalLinkStyle: 'circled-info-icon',
			modalTheme: 'mint',
			size: 'md',
		} );
		expect( made.widget?.options ).toEqual( { includeBranding: false } );
		// The messaging is under the total, not in the payment field.
		const total = container.querySelector( `#field_5_4` )!;
		expect( total.contains( placement() ) ).toBe( true );
		expect(
			container
				.querySelector( `#field_5_${ PAY }` )!
				.contains( placement() )
		).toBe( false );
		expect( placement()!.getAttribute( 'data-amount' ) ).toBe( '12.50' );
	} );

	it( 'the messaging and widget follow the quote (update(), one instance); outside the limits nothing shows but the reason, and within them again a new method shows', async () => {
		const { container } = renderForm();
		await waitFor( () => expect( button() ).toBeTruthy() );
		const first = afterpay();

		setQuantity( '3', '37.50' );
		await waitFor( () =>
			expect( placement()!.getAttribute( 'data-amount' ) ).toBe( '37.50' )
		);
		expect( fake.afterpays ).toHaveLength( 1 );
		expect( first.request.updates ).toContainEqual(
			expect.objectContaining( {
				total: expect.objectContaining( { amount: '37.50' } ),
			} )
		);
		expect(
			first.widget!.target.firstElementChild!.getAttribute(
				'data-amount'
			)
		).toBe( '37.50' );

		// Above the maximum (4,000.00): the method goes; the reason shows under the total
		// and where the button was.
		setQuantity( '400', '5000.00' );
		await waitFor( () => expect( first.destroyed ).toBe( true ) );
		const reason =
			'Afterpay is available for orders from $1.00 to $4,000.00.';
		const reasons = await screen.findAllByText( reason, {
			selector: 'p',
		} );
		expect( reasons ).toHaveLength( 2 );
		// Said in the field's live region.
		expect(
			await screen.findByText( reason, {
				selector: '[data-payment-live-region]',
			} )
		).toBeTruthy();
		expect(
			container.querySelector( '#field_5_4' )!.contains( reasons[ 0 ] )
		).toBe( true );
		expect( button() ).toBeNull();
		expect( placement() ).toBeNull();

		setQuantity( '2', '25.00' );
		await waitFor( () => expect( fake.afterpays ).toHaveLength( 2 ) );
		await waitFor( () => expect( button() ).toBeTruthy() );
		expect( afterpay().request.options ).toMatchObject( {
			total: { amount: '25.00' },
		} );
		expect( screen.queryByText( reason, { selector: 'p' } ) ).toBeNull();
	} );

	it( "checks the form before the popup, opens it in the click's task, and the token submits the form once with the popup's shipping option", async () => {
		renderForm();
		await waitFor( () => expect( button() ).toBeTruthy() );
		fireEvent.click( button()! );
		expect( afterpay().tokenizeCalls ).toBe( 0 );
		expect(
			await screen.findByText( 'This field is required.' )
		).toBeTruthy();

		typeName( 'Ada' );
		afterpay().result = () =>
			Promise.resolve( {
				status: 'OK',
				token: 'wnon:afterpay-order',
				details: {
					method: 'AfterpayClearpay',
					billing: { email: 'ada@x.org', givenName: 'Ada' },
					shipping: {
						contact: {
							givenName: 'Ada',
							addressLines: [ '1455 Market St' ],
							city: 'San Francisco',
							postalCode: '94103',
							countryCode: 'US',
						},
						option: {
							id: 'standard',
							label: 'Standard',
							amount: '5.00',
						},
					},
				},
			} );
		fireEvent.click( button()! );
		// Synchronously, in the click.
		expect( afterpay().tokenizeCalls ).toBe( 1 );
		await waitFor( () => expect( submissionCalls() ).toHaveLength( 1 ) );
		const sent = submissionCalls()[ 0 ][ 0 ].data.values[ PAY ];
		expect( sent ).toEqual( {
			method: 'afterpayClearpay',
			token: 'wnon:afterpay-order',
			wallet: {
				billing: { email: 'ada@x.org', givenName: 'Ada' },
				shipping: {
					givenName: 'Ada',
					addressLines: [ '1455 Market St' ],
					city: 'San Francisco',
					postalCode: '94103',
					countryCode: 'US',
				},
				shippingOption: 'standard',
			},
		} );
		expect(
			// The confirmation's paragraph (the live region says "Thanks" too).
			await screen.findByText(
				'Thanks',
				{ selector: 'p' },
				{ timeout: 3000 }
			)
		).toBeTruthy();
	} );

	it( 'closing the popup says nothing was charged and sends nothing; a failure is announced with the provider’s words', async () => {
		renderForm();
		await waitFor( () => expect( button() ).toBeTruthy() );
		typeName( 'Ada' );
		afterpay().result = () => Promise.resolve( { status: 'Cancel' } );
		fireEvent.click( button()! );
		expect(
			await screen.findAllByText(
				'Payment cancelled. Nothing was charged.'
			)
		).not.toHaveLength( 0 );
		afterpay().result = () =>
			Promise.resolve( {
				status: 'Error',
				errors: [
					{ type: 'AFTERPAY_POPUP_ERROR', message: 'Popup blocked' },
				],
			} );
		fireEvent.click( button()! );
		expect(
			await screen.findAllByText(
				'The payment could not be completed, and nothing was charged. Please try again. (Popup blocked)'
			)
		).not.toHaveLength( 0 );
		expect( submissionCalls() ).toHaveLength( 0 );
	} );

	it( 'a total that changed while the popup was open is not paid with the old order', async () => {
		renderForm();
		await waitFor( () => expect( button() ).toBeTruthy() );
		typeName( 'Ada' );
		let approve: ( v: unknown ) => void = () => {};
		afterpay().result = () =>
			new Promise( ( resolve ) => {
				approve = resolve;
			} );
		fireEvent.click( button()! );
		setQuantity( '2', '25.00' );
		await waitFor( () =>
			expect(
				quoteCalls().some(
					( [ o ] ) => o.data.values[ '3.3' ] === '2'
				) || quoteCalls().length > 1
			).toBe( true )
		);
		await act( async () => {
			approve( { status: 'OK', token: 'wnon:old', details: {} } );
		} );
		expect(
			await screen.findAllByText(
				'Your order changed while Afterpay was open, and nothing was charged. Please pay again.'
			)
		).not.toHaveLength( 0 );
		expect( submissionCalls() ).toHaveLength( 0 );
		// The new total reached the method once the popup closed.
		await waitFor( () =>
			expect( placement()!.getAttribute( 'data-amount' ) ).toBe( '25.00' )
		);
	} );

	it( "asks the server for the popup's address: options with their order totals and tax lines", async () => {
		asksAddress = true;
		renderForm();
		await waitFor( () => expect( button() ).toBeTruthy() );
		const listener =
			afterpay().request.listeners.afterpay_shippingaddresschanged;
		expect( listener ).toBeDefined();
		const contact = {
			addressLines: [ '1455 Market St' ],
			city: 'San Francisco',
			postalCode: '94103',
			countryCode: 'US',
		};
		const answer = await listener( contact );
		expect( quoteCalls().at( -1 )![ 0 ].data ).toMatchObject( {
			method: 'afterpayClearpay',
			shippingContact: contact,
		} );
		expect( answer ).toEqual( {
			shippingOptions: [
				{
					id: 'standard',
					label: 'Standard',
					amount: '5.00',
					total: { amount: '17.50', label: 'Kestrel shop' },
					taxLineItems: [],
				},
			],
		} );
	} );

	it( 'a form without a total shows the messaging in the field, above the button; one quote serves Afterpay, Cash App Pay and ACH', async () => {
		const { container } = renderForm( {
			withTotal: false,
			methods: [ 'afterpayClearpay', 'cashAppPay', 'ach' ],
			config: { methods: [ 'afterpayClearpay', 'cashAppPay', 'ach' ] },
		} );
		await waitFor( () => expect( button() ).toBeTruthy() );
		expect(
			container
				.querySelector( `#field_5_${ PAY }` )!
				.contains( placement() )
		).toBe( true );
		const asked = quoteCalls().length;
		setQuantity( '2', '25.00' );
		await waitFor( () =>
			expect( placement()!.getAttribute( 'data-amount' ) ).toBe( '25.00' )
		);
		expect( quoteCalls().length - asked ).toBe( 1 );
	} );

	it( 'not offered by the provider here: no button, nothing else breaks', async () => {
		renderForm();
		// Before the quote is in (the method is asked for after it).
		fake.refuse.add( 'afterpayClearpay' );
		await waitFor( () =>
			expect( quoteCalls().length ).toBeGreaterThan( 0 )
		);
		// No button; the reason instead, and the provider's words in the console.
		expect(
			await screen.findAllByText(
				'Afterpay is not available for this order.',
				{ selector: 'p' }
			)
		).toHaveLength( 2 );
		expect( button() ).toBeNull();
		// The provider's words went to the console (a warning this test expects).
		expect( console ).toHaveWarned();
		expect( screen.getByLabelText( /^Name/ ) ).toBeTruthy();

		// A new total asks the provider again, which now offers it.
		fake.refuse.delete( 'afterpayClearpay' );
		setQuantity( '2', '25.00' );
		await waitFor( () => expect( button() ).toBeTruthy() );
		await waitFor( () =>
			expect(
				screen.queryAllByText(
					'Afterpay is not available for this order.',
					{ selector: 'p' }
				)
			).toHaveLength( 0 )
		);
	} );

	it( 'a click beside the button does nothing; a total that changes while the popup is open (its quote still on the way) is not paid; EUR is Clearpay by the request’s country', async () => {
		// A euro form: the page knows no country (EUR is several), the server's request does.
		serverCountry = 'FR';
		renderForm( { config: { currency: 'EUR', country: '' } } );
		await waitFor( () => expect( button() ).toBeTruthy() );
		expect(
			document
				.querySelector( `#kestrel_afterpay_5_${ PAY }` )!
				.getAttribute( 'data-brand' )
		).toBe( 'clearpay' );
		typeName( 'Ada' );
		fireEvent.click(
			document.querySelector( `#kestrel_afterpay_5_${ PAY }_button` )!
		);
		expect( afterpay().tokenizeCalls ).toBe( 0 );

		let approve: ( v: unknown ) => void = () => {};
		afterpay().result = () =>
			new Promise( ( resolve ) => {
				approve = resolve;
			} );
		fireEvent.click( button()! );
		expect( afterpay().tokenizeCalls ).toBe( 1 );
		// The quantity changes; the popup completes before the server's new quote is in.
		serverTotal = '25.00';
		fireEvent.change( screen.getByLabelText( /Quantity/ ), {
			target: { value: '2' },
		} );
		await act( async () => {
			approve( { status: 'OK', token: 'wnon:early', details: {} } );
		} );
		expect(
			await screen.findAllByText( /Your order changed while Clearpay/ )
		).not.toHaveLength( 0 );
		expect( submissionCalls() ).toHaveLength( 0 );
	} );
} );

describe( 'a quote the server refuses', () => {
	it( 'keeps the last answer stale (nothing is paid with it) and asks again after Retry-After', async () => {
		const plain = mockedFetch.getMockImplementation()!;
		let refusals = 1;
		mockedFetch.mockImplementation( async ( options: { path: string } ) => {
			if (
				options.path.endsWith( '/payment-request' ) &&
				refusals-- > 0
			) {
				throw {
					code: 'kestrel_forms_rate_limited',
					message: 'Too many requests.',
					data: { status: 429, retry_after: 1 },
				};
			}
			return plain( options );
		} );
		renderForm();
		await waitFor( () => expect( quoteCalls() ).toHaveLength( 1 ) );
		expect( button() ).toBeNull();
		// Asked again a second later (the server's Retry-After, not the 3 s default), by itself.
		await waitFor( () => expect( button() ).toBeTruthy(), {
			timeout: 2000,
		} );
		expect( quoteCalls() ).toHaveLength( 2 );
	} );

	it( 'the messaging goes under the first total the form shows (logic hides one)', async () => {
		const { container } = render(
			<Form
				form={ {
					id: 5,
					title: 'Order',
					currency: 'USD',
					fields: [
						{ id: 2, type: 'text', label: 'Name' },
						{
							id: 3,
							type: 'product',
							label: 'Ticket',
							inputType: 'singleproduct',
							basePrice: '12.50',
						},
						{
							id: 4,
							type: 'total',
							label: 'Total (hidden)',
							conditionalLogic: {
								actionType: 'show',
								logicType: 'all',
								rules: [
									{
										fieldId: '2',
										operator: 'is',
										value: 'x',
									},
								],
							},
						},
						{ id: 6, type: 'total', label: 'Total' },
						{
							id: PAY,
							type: 'payment',
							label: 'Payment',
							methods: [ 'afterpayClearpay', 'card' ],
						} as FieldDefinition,
					],
				} }
				submitPath="/kestrel-forms/v1/forms/5/submissions"
				hooks={ createHooks() }
				page={ { payment: baseConfig } }
				units={ ( () => {
					fake = createFakeSquare();
					const registry = createPaymentRegistry();
					registry.register(
						createSquareAdapter( () => fake.Square as never )
					);
					return { payment: createPaymentUnit( registry ) };
				} )() }
			/>
		);
		await waitFor( () => expect( placement() ).toBeTruthy() );
		expect(
			container.querySelector( '#field_5_6' )!.contains( placement() )
		).toBe( true );
	} );
} );

describe( 'limits and brand', () => {
	it( 'says the limits in the currency, the brand by the seller’s country', () => {
		expect(
			outsideLimits(
				100,
				{ minimum: 100, maximum: 100000 },
				'GBP',
				'Clearpay'
			)
		).toBe( '' );
		expect(
			outsideLimits(
				100000,
				{ minimum: 100, maximum: 100000 },
				'GBP',
				'Clearpay'
			)
		).toBe( '' );
		expect(
			outsideLimits(
				99,
				{ minimum: 100, maximum: 100000 },
				'GBP',
				'Clearpay'
			)
		).toBe( 'Clearpay is available for orders from £1.00 to £1,000.00.' );
		expect(
			outsideLimits(
				100001,
				{ minimum: 100, maximum: 100000 },
				'GBP',
				'Clearpay'
			)
		).not.toBe( '' );
		expect( afterpayBrand( 'US' ) ).toBe( 'Afterpay' );
		expect( afterpayBrand( 'nz' ) ).toBe( 'Afterpay' );
		expect( afterpayBrand( 'GB' ) ).toBe( 'Clearpay' );
		expect( afterpayBrand( 'FR' ) ).toBe( 'Clearpay' );
	} );
} );
