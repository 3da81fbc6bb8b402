import {
	act,
	fireEvent,
	render,
	screen,
	waitFor,
} from '@testing-library/react';
import apiFetch from '../../../submit/rest-fetch';
import { createHooks } from '@wordpress/hooks';
import type { FieldDefinition, FormDefinition } from '../../../../shared';
import { Form } from '../../../components/Form';
import { createSquareAdapter } from '../adapter';
import type { FieldUnits } from '../../units';
import { createPaymentRegistry } from '../registry';
import { createPaymentUnit } from '../unit';
import type { PaymentConfig } from '../types';
import { createFakeSquare, invalid, ok, type FakeSquare } from './fake-square';

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
	methods: [ 'card' ],
	billing: { email: '1', givenName: '2' },
	captureMode: 'charge',
	verifyBuyer: true,
	includeInputLabels: false,
	sdkUrl: 'http://127.0.0.1:8890/v1/square.js',
};

const paymentField = (
	extra: Partial< FieldDefinition > = {}
): FieldDefinition => ( {
	id: PAY,
	type: 'payment',
	label: 'Payment',
	methods: [ 'card' ],
	billing: { email: '1', givenName: '2' },
	...extra,
} );

function fields( payment: FieldDefinition ): FieldDefinition[] {
	return [
		{ id: 1, type: 'email', label: 'Email', defaultValue: 'ada@x.org' },
		{ id: 2, type: 'text', label: 'Name', defaultValue: 'Ada' },
		{
			id: 3,
			type: 'product',
			label: 'Ticket',
			inputType: 'singleproduct',
			basePrice: '12.50',
		},
		{
			id: 4,
			type: 'shipping',
			label: 'Shipping',
			inputType: 'singleshipping',
			basePrice: '5.00',
		},
		payment,
	];
}

let fake: FakeSquare;

function renderForm(
	form: Partial< FormDefinition > & { fields: FieldDefinition[] },
	options: { adapterLater?: boolean; noScript?: boolean } = {}
) {
	fake = createFakeSquare();
	const registry = createPaymentRegistry();
	const adapter = createSquareAdapter( () => fake.Square as never );
	// What the payment field script does before form-view runs: the field's unit and the
	// adapter (which may register later in these tests, as an SDK still loading would).
	const units: FieldUnits = options.noScript
		? {}
		: { payment: createPaymentUnit( registry ) };
	const registerAdapter = () => registry.register( adapter );
	if ( ! options.adapterLater ) {
		registerAdapter();
	}
	const props = {
		form: { id: 5, title: 'Order', currency: 'USD', ...form },
		submitPath: '/kestrel-forms/v1/forms/5/submissions',
		hooks: createHooks(),
		page: { payment: config },
		units,
	};
	const view = render( <Form { ...props } /> );
	return {
		...view,
		registry,
		adapter,
		registerAdapter,
		rerenderSame: () => view.rerender( <Form { ...props } /> ),
	};
}

const attachedFrames = ( root: HTMLElement ) =>
	root.querySelectorAll( 'iframe.sq-card-iframe' ).length;

const submitButton = () =>
	document.getElementById( 'form_submit_button_5' ) as HTMLButtonElement;

const body = ( call: number ) =>
	mockedFetch.mock.calls[ call ][ 0 ].data as {
		values: Record< string, unknown >;
		submission_key: string;
	};

const liveRegion = ( root: HTMLElement ) =>
	root.querySelector( '[data-payment-live-region]' ) as HTMLElement;

/**
 * Whether page `n` of the form is shown.
 *
 * @param n Page number (from 1).
 */
const pageShown = ( n: number ) =>
	! ( document.getElementById( `kestrel_form_page_5_${ n }` ) as HTMLElement )
		.hidden;

/**
 * Goes on to the next page as the visitor does: clicks Next (the only Next button, or the one of
 * the page break `pageBreak`) and waits until page `to` is shown.
 *
 * @param to        The page that comes next.
 * @param pageBreak Id of the page field whose Next button to click.
 */
async function goOn( to: number, pageBreak?: number ) {
	fireEvent.click(
		pageBreak === undefined
			? screen.getByRole( 'button', { name: 'Next' } )
			: ( document.getElementById(
					`form_next_button_5_${ pageBreak }`
				) as HTMLElement )
	);
	await waitFor( () => expect( pageShown( to ) ).toBe( true ) );
}

/**
 * The server refuses the next submission with a field error on the payment field.
 *
 * @param message Field error.
 * @param code    Provider code in data.payment.code.
 */
function paymentRefusedOnce( message: string, code: string ) {
	mockedFetch.mockRejectedValueOnce( {
		code: 'kestrel_forms_validation_failed',
		message: 'Please correct the errors below.',
		data: {
			status: 400,
			errors: { [ PAY ]: message },
			payment: { code },
		},
	} );
}

const success = {
	reference: 'abc',
	confirmation: { type: 'message', message: '<p>Thanks</p>' },
};

beforeEach( () => {
	mockedFetch.mockReset();
	mockedFetch.mockResolvedValue( success );
} );

describe( 'payment field in the visitor form', () => {
	it( 'renders complete at the first paint (its script ran first): labelled group, live region, the card frame', async () => {
		const { container } = renderForm( {
			fields: fields( paymentField() ),
		} );
		expect( screen.getByRole( 'group', { name: 'Payment' } ) ).toBeTruthy();
		expect( liveRegion( container ).getAttribute( 'aria-live' ) ).toBe(
			'polite'
		);
		await waitFor( () => expect( attachedFrames( container ) ).toBe( 1 ) );
	} );

	it( 'a click on submit before the SDK adapter registered waits for it, then pays', async () => {
		const { container, registerAdapter } = renderForm(
			{ fields: fields( paymentField() ) },
			{ adapterLater: true }
		);
		expect( attachedFrames( container ) ).toBe( 0 );
		fireEvent.click( submitButton() );
		await act( () => new Promise( ( r ) => setTimeout( r, 30 ) ) );
		expect( mockedFetch ).not.toHaveBeenCalled();
		expect( submitButton().disabled ).toBe( true );
		act( () => registerAdapter() );
		await waitFor( () => expect( mockedFetch ).toHaveBeenCalledTimes( 1 ) );
		expect( fake.elements[ 0 ].tokenizeCalls ).toBe( 1 );
		expect( body( 0 ).values[ String( PAY ) ] ).toMatchObject( {
			method: 'card',
			token: expect.stringMatching( /^cnon:/ ),
		} );
		await screen.findByText( 'Thanks', { selector: 'p' } );
	} );

	it( 'when the field script never ran, the field says it is unavailable and submit stops at it', async () => {
		const { container } = renderForm(
			{ fields: fields( paymentField() ) },
			{ noScript: true }
		);
		const unavailable =
			'This field is not available right now. Please reload the page.';
		const message = () =>
			container.querySelector( `#validation_message_5_${ PAY }` )
				?.textContent;
		expect( message() ).toBe( unavailable );
		expect( container.querySelector( 'input' ) ).not.toBe( null ); // the other fields
		expect(
			container.querySelector( `#field_5_${ PAY } input` )
		).toBeNull();
		fireEvent.click( submitButton() );
		await waitFor( () => expect( submitButton().disabled ).toBe( false ) );
		expect( mockedFetch ).not.toHaveBeenCalled();
		expect( message() ).toBe( unavailable );
	} );

	it( 'submits {method, token, verificationToken} verified for the engine total and the mapped contact', async () => {
		const { container } = renderForm( {
			fields: fields( paymentField() ),
		} );
		await waitFor( () => expect( attachedFrames( container ) ).toBe( 1 ) );
		fake.elements[ 0 ].results = [ ok( 'cnon:good' ) ];
		fireEvent.click( submitButton() );
		await waitFor( () => expect( mockedFetch ).toHaveBeenCalledTimes( 1 ) );
		expect( body( 0 ).values[ String( PAY ) ] ).toEqual( {
			method: 'card',
			token: 'cnon:good',
			verificationToken: 'verf:fake',
		} );
		expect( body( 0 ).submission_key ).toMatch( /^[0-9a-f]{32}$/ );
		expect( fake.verifyBuyer ).toHaveBeenCalledWith( 'cnon:good', {
			amount: '17.50',
			currencyCode: 'USD',
			intent: 'CHARGE',
			billingContact: {
				email: 'ada@x.org',
				givenName: 'Ada',
			},
		} );
		await screen.findByText( 'Thanks', { selector: 'p' } );
	} );

	it( 'an Invalid card re-enables the form, shows the message at the field and announces it', async () => {
		const { container } = renderForm( {
			fields: fields( paymentField() ),
		} );
		await waitFor( () => expect( attachedFrames( container ) ).toBe( 1 ) );
		fake.elements[ 0 ].results = [
			invalid( 'Enter a valid card number.' ),
		];
		fireEvent.click( submitButton() );
		const error = await screen.findByText( 'Enter a valid card number.', {
			selector: '.kestrel-form__error',
		} );
		expect( error.id ).toBe( 'validation_message_5_9' );
		const group = screen.getByRole( 'group', { name: 'Payment' } );
		expect( group.getAttribute( 'aria-describedby' ) ).toBe( error.id );
		await waitFor( () =>
			expect( liveRegion( container ).textContent ).toBe(
				'Enter a valid card number.'
			)
		);
		expect( mockedFetch ).not.toHaveBeenCalled();
		expect( submitButton().disabled ).toBe( false );
		await waitFor( () =>
			expect( group.ownerDocument.activeElement ).toBe( group )
		);
	} );

	it( 'a decline from the server shows at the field; the retry tokenizes again with the same submission key', async () => {
		const { container } = renderForm( {
			fields: fields( paymentField() ),
		} );
		await waitFor( () => expect( attachedFrames( container ) ).toBe( 1 ) );
		fake.elements[ 0 ].results = [
			ok( 'cnon:first' ),
			ok( 'cnon:second' ),
		];
		paymentRefusedOnce( 'Your card was declined.', 'GENERIC_DECLINE' );
		fireEvent.click( submitButton() );
		await screen.findByText( 'Your card was declined.', {
			selector: '.kestrel-form__error',
		} );
		await waitFor( () =>
			expect( liveRegion( container ).textContent ).toBe(
				'Your card was declined.'
			)
		);
		expect( submitButton().disabled ).toBe( false );
		// What was typed stays.
		expect(
			( screen.getByLabelText( 'Name' ) as HTMLInputElement ).value
		).toBe( 'Ada' );
		fireEvent.click( submitButton() );
		await waitFor( () => expect( mockedFetch ).toHaveBeenCalledTimes( 2 ) );
		expect( fake.elements[ 0 ].tokenizeCalls ).toBe( 2 );
		expect(
			( body( 1 ).values[ String( PAY ) ] as { token: string } ).token
		).toBe( 'cnon:second' );
		expect( body( 1 ).submission_key ).toBe( body( 0 ).submission_key );
		await screen.findByText( 'Thanks', { selector: 'p' } );
	} );

	it( 'a VerifyBuyerError, a payment not taken and a network error are shown at the field', async () => {
		const { container } = renderForm( {
			fields: fields( paymentField() ),
		} );
		await waitFor( () => expect( attachedFrames( container ) ).toBe( 1 ) );
		fake.verifyBuyer.mockRejectedValueOnce( new Error( 'SCA failed' ) );
		fireEvent.click( submitButton() );
		await screen.findByText(
			'Your card could not be verified. Please try again or use another card.',
			{ selector: '.kestrel-form__error' }
		);
		expect( mockedFetch ).not.toHaveBeenCalled();

		mockedFetch.mockRejectedValueOnce( {
			code: 'kestrel_forms_payment_not_taken',
			message:
				'We could not confirm the payment; you were not charged. Please try again.',
			data: { status: 502 },
		} );
		fireEvent.click( submitButton() );
		await screen.findByText( /you were not charged/, {
			selector: '.kestrel-form__error',
		} );

		mockedFetch.mockRejectedValueOnce( {
			code: 'fetch_error',
			message: 'You are probably offline.',
		} );
		fireEvent.click( submitButton() );
		await screen.findByText( /could not reach the server/, {
			selector: '.kestrel-form__error',
		} );
		expect( submitButton().disabled ).toBe( false );
		// Each try was a fresh token; all of them carried one submission key.
		expect( fake.elements[ 0 ].tokenizeCalls ).toBe( 3 );
		expect( body( 1 ).submission_key ).toBe( body( 0 ).submission_key );
	} );

	it( 'a 409 in progress sends the same submission again', async () => {
		const { container } = renderForm( {
			fields: fields( paymentField() ),
		} );
		await waitFor( () => expect( attachedFrames( container ) ).toBe( 1 ) );
		mockedFetch.mockRejectedValueOnce( {
			code: 'kestrel_forms_payment_in_progress',
			message: 'This payment is still being processed.',
			data: { status: 409, retry_after: 1 },
		} );
		fireEvent.click( submitButton() );
		await waitFor( () => expect( mockedFetch ).toHaveBeenCalledTimes( 2 ), {
			timeout: 3000,
		} );
		expect( body( 1 ) ).toEqual( body( 0 ) );
		expect( fake.elements[ 0 ].tokenizeCalls ).toBe( 1 );
		await screen.findByText( 'Thanks', { selector: 'p' } );
	} );

	it( 'a field hidden by logic, or a total of 0, posts the entry without tokenizing', async () => {
		const hidden = paymentField( {
			conditionalLogic: {
				actionType: 'show',
				logicType: 'all',
				rules: [ { fieldId: '2', operator: 'is', value: 'pay' } ],
			},
		} );
		const first = renderForm( { fields: fields( hidden ) } );
		await waitFor( () =>
			expect( attachedFrames( first.container ) ).toBe( 1 )
		);
		fireEvent.click( submitButton() );
		await waitFor( () => expect( mockedFetch ).toHaveBeenCalledTimes( 1 ) );
		expect( body( 0 ).values ).not.toHaveProperty( String( PAY ) );
		expect( fake.elements[ 0 ].tokenizeCalls ).toBe( 0 );
		first.unmount();

		const free = fields( paymentField() ).filter(
			( f ) => f.type !== 'product' && f.type !== 'shipping'
		);
		const second = renderForm( { fields: free } );
		await waitFor( () =>
			expect( attachedFrames( second.container ) ).toBe( 1 )
		);
		fireEvent.click( submitButton() );
		await waitFor( () => expect( mockedFetch ).toHaveBeenCalledTimes( 2 ) );
		expect( body( 1 ).values ).not.toHaveProperty( String( PAY ) );
		expect( fake.elements[ 0 ].tokenizeCalls ).toBe( 0 );
	} );

	it( 'offers card and gift card as labelled radios and tokenizes the chosen one', async () => {
		const { container } = renderForm( {
			fields: fields(
				paymentField( { methods: [ 'card', 'giftCard' ] } )
			),
		} );
		await waitFor( () => expect( attachedFrames( container ) ).toBe( 2 ) );
		const gift = screen.getByRole( 'radio', { name: 'Gift card' } );
		expect( screen.getByRole( 'radio', { name: 'Card' } ) ).toBeTruthy();
		const giftBox = container.querySelector(
			'[data-payment-method="giftCard"]'
		) as HTMLElement;
		expect( giftBox.hidden ).toBe( true );
		fireEvent.click( gift );
		expect( giftBox.hidden ).toBe( false );
		fake.elements[ 1 ].results = [ ok( 'gftc:one' ) ];
		fireEvent.click( submitButton() );
		await waitFor( () => expect( mockedFetch ).toHaveBeenCalledTimes( 1 ) );
		expect( body( 0 ).values[ String( PAY ) ] ).toEqual( {
			method: 'giftCard',
			token: 'gftc:one',
		} );
	} );

	it( 'survives re-renders and unmount without orphan frames', async () => {
		const view = renderForm( { fields: fields( paymentField() ) } );
		await waitFor( () =>
			expect( attachedFrames( view.container ) ).toBe( 1 )
		);
		view.rerenderSame();
		view.rerenderSame();
		expect( attachedFrames( view.container ) ).toBe( 1 );
		expect( fake.elements ).toHaveLength( 1 );
		view.unmount();
		expect( fake.elements.every( ( e ) => e.destroyed ) ).toBe( true );
	} );

	it( 'an attach still pending when the field goes away is destroyed when it resolves', async () => {
		const view = renderForm( { fields: fields( paymentField() ) } );
		const held = fake.holdAttach();
		view.unmount();
		held.release();
		await waitFor( () =>
			expect( fake.elements.every( ( e ) => e.destroyed ) ).toBe( true )
		);
	} );

	it( 'multi-page: tokenizes on Next, submits the kept token, and returns to the page when it expired', async () => {
		const form = {
			fields: [
				...fields( paymentField() ),
				{ id: 20, type: 'page', label: 'Next page' } as FieldDefinition,
				{ id: 21, type: 'text', label: 'Notes' } as FieldDefinition,
			],
		};
		const { container } = renderForm( form );
		await waitFor( () => expect( attachedFrames( container ) ).toBe( 1 ) );
		fake.elements[ 0 ].results = [ ok( 'cnon:page1' ), ok( 'cnon:again' ) ];
		await goOn( 2 );
		expect( fake.elements[ 0 ].tokenizeCalls ).toBe( 1 );

		paymentRefusedOnce( 'The card token expired.', 'CARD_TOKEN_EXPIRED' );
		fireEvent.click( submitButton() );
		await waitFor( () => expect( mockedFetch ).toHaveBeenCalledTimes( 1 ) );
		// The final submit sent the token made on Next, without tokenizing again.
		expect(
			( body( 0 ).values[ String( PAY ) ] as { token: string } ).token
		).toBe( 'cnon:page1' );
		expect( fake.elements[ 0 ].tokenizeCalls ).toBe( 1 );

		await screen.findByText(
			'Your card details expired; please enter them again.',
			{ selector: '.kestrel-form__error' }
		);
		expect( pageShown( 1 ) ).toBe( true );
		const group = screen.getByRole( 'group', { name: 'Payment' } );
		await waitFor( () =>
			expect( group.ownerDocument.activeElement ).toBe( group )
		);
		// Fresh elements for the new card details; the old one is gone.
		await waitFor( () => expect( fake.elements ).toHaveLength( 2 ) );
		expect( fake.elements[ 0 ].destroyed ).toBe( true );
		await waitFor( () => expect( attachedFrames( container ) ).toBe( 1 ) );

		fake.elements[ 1 ].results = [ ok( 'cnon:fresh' ) ];
		await goOn( 2 );
		expect( fake.elements[ 1 ].tokenizeCalls ).toBe( 1 );
		fireEvent.click( submitButton() );
		await waitFor( () => expect( mockedFetch ).toHaveBeenCalledTimes( 2 ) );
		expect(
			( body( 1 ).values[ String( PAY ) ] as { token: string } ).token
		).toBe( 'cnon:fresh' );
	} );

	it( 'three pages, payment in the middle: an expired token brings the visitor back to the payment page', async () => {
		const base = fields( paymentField() );
		const form = {
			fields: [
				...base.slice( 0, 4 ),
				{ id: 10, type: 'page' } as FieldDefinition,
				base[ 4 ],
				{ id: 11, type: 'page' } as FieldDefinition,
				{
					id: 6,
					type: 'textarea',
					label: 'Anything else?',
				} as FieldDefinition,
			],
		};
		const { container } = renderForm( form );
		await waitFor( () => expect( attachedFrames( container ) ).toBe( 1 ) );
		await goOn( 2, 10 );
		await goOn( 3, 11 );
		expect( fake.elements[ 0 ].tokenizeCalls ).toBe( 1 );
		paymentRefusedOnce( 'The card token expired.', 'CARD_TOKEN_EXPIRED' );
		fireEvent.click( submitButton() );
		await screen.findByText(
			'Your card details expired; please enter them again.',
			{ selector: '.kestrel-form__error' }
		);
		expect( pageShown( 2 ) ).toBe( true );
		expect( pageShown( 3 ) ).toBe( false );
		expect( pageShown( 1 ) ).toBe( false );
	} );

	it( 'remeasures the element when logic reveals the field', async () => {
		const shown = paymentField( {
			conditionalLogic: {
				actionType: 'show',
				logicType: 'all',
				rules: [ { fieldId: '2', operator: 'is', value: 'pay' } ],
			},
		} );
		const { container } = renderForm( { fields: fields( shown ) } );
		await waitFor( () => expect( attachedFrames( container ) ).toBe( 1 ) );
		const before = fake.elements[ 0 ].recalculated;
		fireEvent.change( screen.getByLabelText( 'Name' ), {
			target: { value: 'pay' },
		} );
		await waitFor(
			() =>
				expect( fake.elements[ 0 ].recalculated ).toBeGreaterThan(
					before
				),
			{ timeout: 2000 }
		);
	} );
} );
