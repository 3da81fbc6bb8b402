/**
 * The payment field in the editor: the palette adds it with its defaults, its panel writes each
 * setting into the definition, and the configuration warnings follow the definition and the
 * server's check live.
 */
import apiFetch from '@wordpress/api-fetch';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FieldDefinition, FormDefinition } from '../../../shared';
import { store } from '../../store/forms';
import { FieldSettings } from '../FieldSettings';
import { PaymentFieldSettings } from '../payment';
import type { PaymentCheck } from '../payment/types';
import { CHECK_PATH } from '../payment/use-payment-check';
import { methodWarnings } from '../payment/warnings';
import { cardText, paymentMethodLabel } from '../../entries/payment/labels';
import { renderEditor, renderWithForm } from './editor-harness';

jest.mock( '@wordpress/api-fetch', () => jest.fn() );
jest.setTimeout( 30000 );

const mock = apiFetch as unknown as jest.Mock;

const READY: PaymentCheck = {
	warnings: [],
	environment: 'sandbox',
	currency: 'USD',
	location: { id: 'LSANDBOXMAIN', currency: 'USD', country: 'US' },
	minimum_amount: 1,
};

/**
 * The fake REST API: the configuration check answers `check`, anything else is the stored form.
 *
 * @param check  The check's answer.
 * @param stored The form GET /forms/3 answers.
 */
function serve( check: PaymentCheck, stored?: FormDefinition ) {
	mock.mockImplementation( async ( { path }: { path: string } ) => {
		if ( path.startsWith( CHECK_PATH ) ) {
			return check;
		}
		if ( stored ) {
			return {
				...stored,
				id: 3,
				status: 'active',
				createdAt: '',
				updatedAt: '',
				entryCount: 0,
			};
		}
		throw new Error( `unexpected ${ path }` );
	} );
}

const checkPaths = () =>
	mock.mock.calls
		.map( ( [ r ] ) => ( r as { path: string } ).path )
		.filter( ( p ) => p.startsWith( CHECK_PATH ) );

beforeEach( () => mock.mockReset() );

/**
 * Chooses values in a button's option group (select name → value, '' for the provider's default).
 *
 * @param user    The user-event instance.
 * @param group   The group's name ("Google Pay button").
 * @param choices Select names and values, in order.
 */
async function chooseButtonOptions(
	user: ReturnType< typeof userEvent.setup >,
	group: string,
	choices: Array< [ string, string ] >
) {
	const box = screen.getByRole( 'group', { name: group } );
	for ( const [ name, value ] of choices ) {
		await user.selectOptions(
			within( box ).getByRole( 'combobox', { name } ),
			value
		);
	}
}

/** The panel's list of configuration warnings. */
const setUp = () => screen.getByRole( 'region', { name: 'Payment set-up' } );

const PAYMENT: FieldDefinition = {
	id: 4,
	type: 'payment',
	label: 'Payment',
	methods: [ 'card' ],
	amountSource: 'total',
	captureMode: 'charge',
	verifyBuyer: true,
};

/**
 * The payment field's panel for a form, rendered from the store.
 *
 * @param form The form (its payment field has id 4).
 */
function renderPanel( form: FormDefinition ) {
	const user = userEvent.setup();
	const result = renderWithForm( form, ( f ) => {
		const field = f.fields.find( ( x ) => x.id === 4 );
		return field ? (
			<PaymentFieldSettings field={ field } form={ f } />
		) : (
			<p>gone</p>
		);
	} );
	const payment = () => result.edited().fields.find( ( f ) => f.id === 4 )!;
	return { ...result, user, payment };
}

it( 'the palette adds a payment field with its defaults and opens its panel', async () => {
	serve( READY, {
		title: 'Order',
		fields: [
			{
				id: 1,
				type: 'product',
				label: 'Widget',
				inputType: 'singleproduct',
				basePrice: '12.50',
			},
		],
	} );
	const { registry } = renderEditor();
	const palette = await screen.findByRole( 'complementary', {
		name: 'Add fields',
	} );
	const pricing = within( palette )
		.getByRole( 'heading', { name: 'Pricing fields' } )
		.closest( 'section' )!;
	await userEvent.click(
		within( pricing ).getByRole( 'button', { name: 'Add Payment field' } )
	);
	expect(
		registry.select( store ).getEditedDefinition()!.fields[ 1 ]
	).toEqual( {
		id: 2,
		type: 'payment',
		label: 'Payment',
		methods: [ 'card' ],
		amountSource: 'total',
		captureMode: 'charge',
		verifyBuyer: true,
	} );
	expect(
		await screen.findByRole( 'heading', { name: 'Payment field 2' } )
	).toBeTruthy();
	expect(
		await within( setUp() ).findByText(
			'Ready to take test payments (sandbox).'
		)
	).toBeTruthy();
} );

describe( 'the payment panel', () => {
	const form: FormDefinition = {
		title: 'Order',
		fields: [
			{
				id: 1,
				type: 'product',
				label: 'Widget',
				inputType: 'singleproduct',
				basePrice: '12.50',
			},
			{ id: 2, type: 'email', label: 'Email' },
			{ id: 3, type: 'text', label: 'First name' },
			PAYMENT,
		],
	};

	it( 'writes label, methods, amount, capture mode and buyer verification', async () => {
		serve( READY );
		const { user, payment } = renderPanel( form );
		const label = screen.getByRole( 'textbox', { name: 'Field label' } );
		await user.clear( label );
		await user.type( label, 'Pay' );
		expect( payment().label ).toBe( 'Pay' );

		const card = screen.getByRole( 'checkbox', { name: 'Card' } );
		const gift = screen.getByRole( 'checkbox', { name: 'Gift card' } );
		// The only method cannot be unchecked.
		expect( ( card as HTMLInputElement ).disabled ).toBe( true );
		await user.click( gift );
		expect( payment().methods ).toEqual( [ 'card', 'giftCard' ] );
		await user.click( card );
		expect( payment().methods ).toEqual( [ 'giftCard' ] );
		expect( ( gift as HTMLInputElement ).disabled ).toBe( true );

		await user.selectOptions(
			screen.getByRole( 'combobox', { name: 'Amount to charge' } ),
			'1'
		);
		expect( payment().amountSource ).toBe( 1 );
		await user.selectOptions(
			screen.getByRole( 'combobox', { name: 'Amount to charge' } ),
			'total'
		);
		expect( payment().amountSource ).toBe( 'total' );

		expect(
			screen.queryByText( /voided by the provider after 7 days/ )
		).toBeNull();
		await user.click(
			screen.getByRole( 'radio', {
				name: 'Authorize only (capture later from the entry)',
			} )
		);
		expect( payment().captureMode ).toBe( 'authorize' );
		expect(
			screen.getByText( /voided by the provider after 7 days/ )
		).toBeTruthy();

		await user.click(
			screen.getByRole( 'checkbox', { name: /Verify the buyer/ } )
		);
		expect( payment().verifyBuyer ).toBe( false );
	} );

	it( 'offers the wallets with their button options and says why a wallet cannot show', async () => {
		serve( {
			...READY,
			wallets: {
				applePay:
					"This site's domain is not registered for Apple Pay yet.",
				googlePay: '',
			},
		} );
		const { user, payment } = renderPanel( form );
		expect(
			screen.queryByRole( 'group', { name: 'Google Pay button' } )
		).toBeNull();
		await user.click(
			screen.getByRole( 'checkbox', { name: 'Google Pay' } )
		);
		await user.click(
			screen.getByRole( 'checkbox', { name: 'Apple Pay' } )
		);
		expect( payment().methods ).toEqual( [
			'card',
			'applePay',
			'googlePay',
		] );

		await chooseButtonOptions( user, 'Google Pay button', [
			[ 'Colour', 'white' ],
			[ 'Size', 'fill' ],
		] );
		expect( payment().googlePayButton ).toEqual( {
			buttonColor: 'white',
			buttonSizeMode: 'fill',
		} );
		await chooseButtonOptions( user, 'Google Pay button', [
			[ 'Colour', '' ],
		] );
		expect( payment().googlePayButton ).toEqual( {
			buttonSizeMode: 'fill',
		} );

		const apple = screen.getByRole( 'group', { name: 'Apple Pay button' } );
		await user.selectOptions(
			within( apple ).getByRole( 'combobox', { name: 'Style' } ),
			'white-outline'
		);
		expect( payment().applePayButtonStyle ).toBe( 'white-outline' );

		// Apple Pay's reason is shown for the wallet the field offers; Google Pay has none.
		expect(
			await within( setUp() ).findByText(
				"The Apple Pay button will not show: This site's domain is not registered for Apple Pay yet. The other methods still work."
			)
		).toBeTruthy();
		expect(
			within( setUp() ).queryByText( /Google Pay button will not/ )
		).toBeNull();
		await user.click(
			screen.getByRole( 'checkbox', { name: 'Apple Pay' } )
		);
		expect(
			within( setUp() ).queryByText( /Apple Pay button will not/ )
		).toBeNull();
	} );

	it( 'offers ACH with the account holder field and Cash App Pay with its button, and says why they cannot be offered', async () => {
		serve( {
			...READY,
			methods: {
				ach: {
					code: 'US_MERCHANT_ONLY',
					message:
						'ACH bank transfer is only available to sellers in the United States; the payment location is in GB. Visitors will not see it.',
				},
				cashAppPay: { code: '', message: '' },
			},
		} );
		const { user, payment } = renderPanel( form );
		expect(
			screen.queryByRole( 'combobox', {
				name: 'Bank account holder name',
			} )
		).toBeNull();
		expect(
			screen.queryByRole( 'group', { name: 'Cash App Pay button' } )
		).toBeNull();
		await user.click(
			screen.getByRole( 'checkbox', {
				name: 'ACH bank transfer (US only)',
			} )
		);
		await user.click(
			screen.getByRole( 'checkbox', { name: 'Cash App Pay (US only)' } )
		);
		expect( payment().methods ).toEqual( [ 'card', 'ach', 'cashAppPay' ] );

		// The holder's name: the form's text fields only (not the email), or the field asks.
		const holder = screen.getByRole( 'combobox', {
			name: 'Bank account holder name',
		} );
		expect(
			within( holder )
				.getAllByRole( 'option' )
				.map( ( o ) => o.textContent )
		).toEqual( [ 'Ask in the payment field', 'First name (3)' ] );
		await user.selectOptions( holder, '3' );
		expect( payment().accountHolderField ).toBe( '3' );
		await user.selectOptions( holder, '' );
		expect( payment().accountHolderField ).toBeUndefined();
		// ACH is always charged: the capture setting says so.
		expect( screen.getByText( /always charged on submit/ ) ).toBeTruthy();

		await chooseButtonOptions( user, 'Cash App Pay button', [
			[ 'Shape', 'semiround' ],
			[ 'Theme', 'light' ],
			[ 'Width', 'static' ],
		] );
		expect( payment().cashAppPayButton ).toEqual( {
			shape: 'semiround',
			theme: 'light',
			width: 'static',
		} );
		await chooseButtonOptions( user, 'Cash App Pay button', [
			[ 'Shape', '' ],
		] );
		expect( payment().cashAppPayButton ).toEqual( {
			theme: 'light',
			width: 'static',
		} );

		// The server's reason for ACH is shown; Cash App Pay has none.
		expect(
			await within( setUp() ).findByText(
				/ACH bank transfer is only available to sellers in the United States/
			)
		).toBeTruthy();
		expect(
			within( setUp() ).queryByText( /Cash App Pay is only/ )
		).toBeNull();
		await user.click(
			screen.getByRole( 'checkbox', {
				name: 'ACH bank transfer (US only)',
			} )
		);
		expect(
			within( setUp() ).queryByText( /ACH bank transfer is only/ )
		).toBeNull();
		expect(
			screen.queryByRole( 'combobox', {
				name: 'Bank account holder name',
			} )
		).toBeNull();
	} );

	it( 'writes the description with merge tags, billing mapping, input labels, CSS class and logic', async () => {
		serve( READY );
		const { user, payment } = renderPanel( form );
		await user.type(
			screen.getByRole( 'textbox', { name: 'Payment description' } ),
			'Order by '
		);
		await user.click(
			screen.getByRole( 'button', {
				name: 'Insert merge tag into Payment description',
			} )
		);
		await user.keyboard( 'email{Enter}' );
		expect( payment().description ).toBe( 'Order by {Email:2}' );

		await user.click(
			screen.getByRole( 'button', { name: 'Billing details' } )
		);
		await user.selectOptions(
			screen.getByRole( 'combobox', { name: 'Email' } ),
			'2'
		);
		await user.selectOptions(
			screen.getByRole( 'combobox', { name: 'First name' } ),
			'3'
		);
		expect( payment().billing ).toEqual( { email: '2', givenName: '3' } );
		// Pricing fields are not billing sources.
		expect(
			within(
				screen.getByRole( 'combobox', { name: 'Last name' } )
			).queryByRole( 'option', { name: 'Widget (1)' } )
		).toBeNull();
		await user.selectOptions(
			screen.getByRole( 'combobox', { name: 'Email' } ),
			''
		);
		expect( payment().billing ).toEqual( { givenName: '3' } );

		await user.click(
			screen.getByRole( 'button', { name: 'Appearance' } )
		);
		await user.click(
			screen.getByRole( 'checkbox', {
				name: 'Show labels above the card inputs',
			} )
		);
		expect( payment().includeInputLabels ).toBe( true );
		await user.type(
			screen.getByRole( 'textbox', { name: 'CSS class' } ),
			'wide'
		);
		expect( payment().cssClass ).toBe( 'wide' );

		await user.click(
			screen.getByRole( 'button', { name: 'Conditional logic' } )
		);
		await user.click(
			screen.getByRole( 'checkbox', {
				name: 'Conditional logic for this field',
			} )
		);
		expect( payment().conditionalLogic ).toMatchObject( {
			actionType: 'show',
			logicType: 'all',
			rules: [ { fieldId: '1', operator: 'is' } ],
		} );
	} );
} );

it( 'a payment field is not offered as a source of rules or merge tags', async () => {
	serve( READY );
	const user = userEvent.setup();
	renderWithForm(
		{
			title: 'Order',
			fields: [
				{ id: 2, type: 'email', label: 'Email' },
				{ id: 3, type: 'text', label: 'Name' },
				PAYMENT,
			],
		},
		( f ) => <FieldSettings field={ f.fields[ 0 ] } form={ f } />
	);
	await user.click(
		screen.getByRole( 'button', { name: 'Conditional logic' } )
	);
	await user.click(
		screen.getByRole( 'checkbox', {
			name: 'Conditional logic for this field',
		} )
	);
	expect(
		screen.queryByRole( 'option', { name: 'Payment (4)' } )
	).toBeNull();
	expect( screen.getByRole( 'option', { name: 'Name (3)' } ) ).toBeTruthy();
} );

describe( 'live warnings', () => {
	it( 'shows the server check and the definition problems, and drops each once fixed', async () => {
		serve( {
			...READY,
			currency: 'EUR',
			minimum_amount: 100,
			location: null,
			warnings: [
				{
					code: 'no_credentials',
					message: 'Payments are not set up for the sandbox.',
				},
			],
		} );
		const { registry, edited } = renderPanel( {
			title: 'Order',
			currency: 'EUR',
			fields: [ { id: 2, type: 'email', label: 'Email' }, PAYMENT ],
		} );
		const region = screen.getByRole( 'region', { name: 'Payment set-up' } );
		expect(
			await within( region ).findByText(
				'Payments are not set up for the sandbox.'
			)
		).toBeTruthy();
		expect( checkPaths() ).toContain( `${ CHECK_PATH }?currency=EUR` );
		expect(
			within( region ).getByText( /has no product field/ )
		).toBeTruthy();

		const actions = registry.dispatch( store );
		// A product fixes no_total; its price decides below_minimum (EUR takes at least 1.00 €).
		act( () => {
			actions.addField( 'product' );
		} );
		const productId = edited().fields[ 2 ].id;
		expect(
			within( region ).queryByText( /has no product field/ )
		).toBeNull();
		act( () => {
			actions.updateField( productId, { basePrice: '0.50' } );
		} );
		expect(
			within( region ).getByText( /can cost as little as/ )
		).toBeTruthy();
		act( () => {
			actions.updateField( productId, { basePrice: '5.00' } );
		} );
		expect(
			within( region ).queryByText( /can cost as little as/ )
		).toBeNull();

		act( () => {
			actions.addField( 'payment' );
		} );
		expect(
			within( region ).getByText( /takes one payment field/ )
		).toBeTruthy();
		act( () => {
			actions.removeField( edited().fields[ 3 ].id );
		} );
		expect(
			within( region ).queryByText( /takes one payment field/ )
		).toBeNull();
		// A currency code being typed is not sent; a complete one is.
		await act( async () => {
			actions.updateForm( { currency: 'G' } );
		} );
		expect( checkPaths().at( -1 ) ).toBe( CHECK_PATH );
		await act( async () => {
			actions.updateForm( { currency: 'GBP' } );
		} );
		expect( checkPaths().at( -1 ) ).toBe( `${ CHECK_PATH }?currency=GBP` );
		expect( checkPaths() ).not.toContain( `${ CHECK_PATH }?currency=G` );
		// The server's warning stays until the server stops giving it.
		expect(
			within( region ).getByText(
				'Payments are not set up for the sandbox.'
			)
		).toBeTruthy();
	} );

	it( 'a product chosen as the amount that leaves the form is named', async () => {
		serve( READY );
		const { registry } = renderPanel( {
			title: 'Order',
			fields: [
				{
					id: 1,
					type: 'product',
					label: 'Widget',
					inputType: 'singleproduct',
					basePrice: '1.00',
				},
				{ ...PAYMENT, amountSource: 1 },
			],
		} );
		expect(
			await within( setUp() ).findByText(
				'Ready to take test payments (sandbox).'
			)
		).toBeTruthy();
		act( () => {
			registry.dispatch( store ).removeField( 1 );
		} );
		expect(
			within(
				screen.getByRole( 'region', { name: 'Payment set-up' } )
			).getByText( /chosen as the amount is no longer in this form/ )
		).toBeTruthy();
		expect(
			screen.getByRole( 'option', { name: 'Missing product (1)' } )
		).toBeTruthy();
	} );
} );

describe( 'Afterpay/Clearpay', () => {
	const REASON =
		'Afterpay/Clearpay only takes Australian, Canadian and US dollars, pounds sterling and euros; this form charges in NZD. Visitors will not see it.';

	const NZD_CHECK: PaymentCheck = {
		warnings: [],
		environment: 'sandbox',
		currency: 'NZD',
		location: { id: 'LSANDBOXMAIN', currency: 'NZD', country: 'NZ' },
		minimum_amount: 1,
		methods: {
			ach: { code: 'USD_ONLY', message: 'not here' },
			cashAppPay: { code: 'USD_ONLY', message: 'not here' },
			afterpayClearpay: { code: 'BNPL_CURRENCY', message: REASON },
		},
	};

	const AFTERPAY_PAYMENT: FieldDefinition = {
		id: 4,
		type: 'payment',
		label: 'Payment',
		methods: [ 'card' ],
	};

	const NZD_FORM: FormDefinition = {
		title: 'Order',
		currency: 'NZD',
		fields: [
			{
				id: 1,
				type: 'product',
				label: 'Widget',
				inputType: 'singleproduct',
				basePrice: '12.50',
			},
			AFTERPAY_PAYMENT,
		],
	};

	it( 'is offered as a choice, and choosing it adds it to the methods', async () => {
		serve( NZD_CHECK );
		const { user, payment } = renderPanel( NZD_FORM );
		const box = await screen.findByRole( 'checkbox', {
			name: 'Afterpay/Clearpay (AUD, CAD, EUR, GBP, USD)',
		} );
		expect( ( box as HTMLInputElement ).checked ).toBe( false );
		await user.click( box );
		expect( payment().methods ).toEqual( [ 'card', 'afterpayClearpay' ] );
	} );

	it( 'a field that has it (an import) shows its button, messaging and widget settings and the reason it cannot be offered', async () => {
		serve( NZD_CHECK );
		const { user, payment } = renderPanel( {
			...NZD_FORM,
			fields: [
				NZD_FORM.fields[ 0 ],
				{
					...AFTERPAY_PAYMENT,
					methods: [ 'card', 'afterpayClearpay' ],
				},
			],
		} );
		expect(
			(
				screen.getByRole( 'checkbox', {
					name: 'Afterpay/Clearpay (AUD, CAD, EUR, GBP, USD)',
				} ) as HTMLInputElement
			 ).checked
		).toBe( true );

		// The server's reason for this form.
		const region = screen.getByRole( 'region', { name: 'Payment set-up' } );
		expect( await within( region ).findByText( REASON ) ).toBeTruthy();

		await chooseButtonOptions( user, 'Afterpay/Clearpay button', [
			[ 'Colour', 'mint' ],
			[ 'Label', 'place_order_with_afterpay' ],
		] );
		expect( payment().afterpayButton ).toEqual( {
			buttonColor: 'mint',
			buttonType: 'place_order_with_afterpay',
		} );
		await chooseButtonOptions( user, 'Afterpay/Clearpay button', [
			[ 'Colour', '' ],
		] );
		expect( payment().afterpayButton ).toEqual( {
			buttonType: 'place_order_with_afterpay',
		} );

		const messaging = screen.getByRole( 'group', {
			name: 'Afterpay/Clearpay messaging',
		} );
		expect( within( messaging ).queryByRole( 'combobox' ) ).toBeNull();
		await user.click(
			within( messaging ).getByRole( 'checkbox', {
				name: "Show the instalments under the form's total",
			} )
		);
		await chooseButtonOptions( user, 'Messaging looks', [
			[ 'Badge', 'white-on-black' ],
			[ 'Size', 'lg' ],
		] );
		expect( payment().afterpayMessaging ).toEqual( {
			enabled: true,
			badgeTheme: 'white-on-black',
			size: 'lg',
		} );
		await user.click(
			within( messaging ).getByRole( 'checkbox', {
				name: "Show the instalments under the form's total",
			} )
		);
		expect( payment().afterpayMessaging ).toBeUndefined();

		const widget = screen.getByRole( 'group', {
			name: 'Afterpay/Clearpay checkout widget',
		} );
		await user.click(
			within( widget ).getByRole( 'checkbox', {
				name: 'Show the payment schedule of the total',
			} )
		);
		expect( payment().afterpayCheckoutWidget ).toEqual( {
			enabled: true,
			includeBranding: true,
		} );
		await user.click(
			within( widget ).getByRole( 'checkbox', {
				name: 'Show the Afterpay/Clearpay wordmark',
			} )
		);
		expect( payment().afterpayCheckoutWidget ).toEqual( {
			enabled: true,
			includeBranding: false,
		} );

		// Unchecking the method hides its settings.
		await user.click(
			screen.getByRole( 'checkbox', {
				name: 'Afterpay/Clearpay (AUD, CAD, EUR, GBP, USD)',
			} )
		);
		expect(
			screen.queryByRole( 'group', { name: 'Afterpay/Clearpay button' } )
		).toBeNull();
	} );

	it( 'warns only for the methods the field offers', () => {
		expect(
			methodWarnings(
				{
					...AFTERPAY_PAYMENT,
					methods: [ 'card', 'afterpayClearpay' ],
				},
				NZD_CHECK.methods
			)
		).toEqual( [
			{ code: 'method_afterpayClearpay_BNPL_CURRENCY', message: REASON },
		] );
		expect( methodWarnings( AFTERPAY_PAYMENT, NZD_CHECK.methods ) ).toEqual(
			[]
		);
	} );

	it( 'the entries screen names the method and the brand charged', () => {
		expect( paymentMethodLabel( 'afterpayClearpay' ) ).toBe(
			'Afterpay/Clearpay'
		);
		expect( cardText( 'AFTERPAY', '', 'afterpayClearpay' ) ).toBe(
			'Afterpay'
		);
		expect( cardText( 'CLEARPAY', '', 'afterpayClearpay' ) ).toBe(
			'Clearpay'
		);
		expect( cardText( '', '', 'afterpayClearpay' ) ).toBe( '' );
	} );
} );
