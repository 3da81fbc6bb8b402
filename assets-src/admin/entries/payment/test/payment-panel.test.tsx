import apiFetch from '@wordpress/api-fetch';
import { speak } from '@wordpress/a11y';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PaymentPanel } from '../PaymentPanel';
import type { EntryPayment } from '../types';
import { inAuckland } from '../../../components/test/auckland';

jest.mock( '@wordpress/api-fetch', () => jest.fn() );
jest.mock( '@wordpress/a11y', () => ( { speak: jest.fn() } ) );

const mock = apiFetch as unknown as jest.Mock;

beforeAll( inAuckland );
const spoken = speak as unknown as jest.Mock;

const BASE = '/kestrel-forms/v1/entries/12/payment';

const payment = ( change: Partial< EntryPayment > = {} ): EntryPayment => ( {
	status: 'paid',
	amount: 3000,
	currency: 'USD',
	method: 'card',
	mode: 'sandbox',
	provider_payment_id: 'PAY_123',
	brand: 'VISA',
	last4: '1111',
	receipt_url: 'http://127.0.0.1:8890/receipt/PAY_123',
	refunded_amount: 0,
	capture_mode: 'charge',
	created_at: '2026-01-02T03:04:05Z',
	updated_at: '2026-01-02T03:04:05Z',
	actions: { capture: false, void: false, refund: true, sync: true },
	refunds: [],
	...change,
} );

/** POST requests the panel sent. */
const posts = () =>
	mock.mock.calls
		.map( ( [ request ] ) => request )
		.filter( ( r ) => r.method === 'POST' );

/**
 * Renders the panel over a route that answers `first`, then `after` to every action.
 *
 * @param first What GET answers (an Error-like object is thrown).
 * @param after What POST answers, or a function of the request.
 */
async function renderPanel(
	first: EntryPayment | { code: string; message: string },
	after?: EntryPayment | ( ( request: { path: string } ) => unknown )
) {
	mock.mockImplementation(
		async ( request: { path: string; method?: string } ) => {
			if ( request.method === 'POST' ) {
				return typeof after === 'function' ? after( request ) : after;
			}
			if ( 'code' in first ) {
				throw first;
			}
			return first;
		}
	);
	const view = render( <PaymentPanel entryId={ 12 } /> );
	await waitFor( () => expect( mock ).toHaveBeenCalled() );
	return view;
}

beforeEach( () => {
	mock.mockReset();
	spoken.mockReset();
} );

describe( 'PaymentPanel', () => {
	it( 'shows what was taken: status, amount, method, card, id, receipt, mode', async () => {
		await renderPanel( payment() );
		expect(
			await screen.findByRole( 'heading', { name: 'Payment' } )
		).toBeTruthy();
		expect( mock ).toHaveBeenCalledWith( { path: BASE } );
		expect( screen.getByText( 'Paid' ).className ).toContain(
			'is-success'
		);
		expect( screen.getByText( '$30.00' ) ).toBeTruthy();
		expect( screen.getByText( 'Card · Visa •••• 1111' ) ).toBeTruthy();
		expect( screen.getByText( 'PAY_123' ) ).toBeTruthy();
		expect( screen.getByText( 'Sandbox' ) ).toBeTruthy();
		expect( screen.getByText( 'Charge at once' ) ).toBeTruthy();
		const receipt = screen.getByRole( 'link', { name: /View receipt/ } );
		expect( receipt.getAttribute( 'href' ) ).toBe(
			'http://127.0.0.1:8890/receipt/PAY_123'
		);
		expect( receipt.getAttribute( 'target' ) ).toBe( '_blank' );
		expect( receipt.getAttribute( 'rel' ) ).toContain( 'noopener' );
		expect( receipt.textContent ).toContain( '(opens in a new tab)' );
	} );

	it.each( [
		[ 'processing', 'Processing', 'is-warning' ],
		[ 'authorized', 'Authorized', 'is-warning' ],
		[ 'pending', 'Pending', 'is-warning' ],
		[ 'paid', 'Paid', 'is-success' ],
		[ 'partially_refunded', 'Partially refunded', 'is-warning' ],
		[ 'refunded', 'Refunded', 'is-neutral' ],
		[ 'voided', 'Voided', 'is-neutral' ],
		[ 'failed', 'Failed', 'is-error' ],
	] as const )(
		'names the status %s in words (%s), colour only repeating it',
		async ( status, label, tone ) => {
			await renderPanel( payment( { status } ) );
			const badge = await screen.findByText( label );
			expect( badge.getAttribute( 'data-status' ) ).toBe( status );
			expect( badge.className ).toContain( tone );
		}
	);

	it( 'formats amounts with the currency decimals (JPY none), refunds listed', async () => {
		await renderPanel(
			payment( {
				currency: 'JPY',
				amount: 3000,
				refunded_amount: 1000,
				status: 'partially_refunded',
				mode: 'production',
				refunds: [
					{
						id: 1,
						amount: 1000,
						status: 'completed',
						reason: 'Broken item',
						created_at: '2026-01-03T10:00:00Z',
						user: 'Ada Admin',
					},
					{
						id: 2,
						amount: 500,
						status: 'pending',
						reason: '',
						created_at: '2026-01-04T10:00:00Z',
						user: null,
					},
				],
			} )
		);
		expect(
			await screen.findByText( '¥ 3,000 · ¥ 1,000 refunded' )
		).toBeTruthy();
		expect( screen.getByText( 'Production' ) ).toBeTruthy();
		const rows = screen
			.getByRole( 'heading', { name: 'Refunds' } )
			.nextElementSibling!.querySelectorAll( 'tbody tr' );
		expect(
			Array.from( rows[ 0 ].querySelectorAll( 'td' ) ).map(
				( td ) => td.textContent
			)
		).toEqual( [
			'¥ 1,000',
			'Completed',
			'Broken item',
			// The site's local time in its formats: 10:00 UTC is 23:00 in Auckland in January.
			'03/01/2026 23:00',
			'Ada Admin',
		] );
		expect( rows[ 1 ].textContent ).toContain( 'Payment provider' );
	} );

	it( 'shows nothing for an entry without a payment', async () => {
		const { container } = await renderPanel( {
			code: 'kestrel_forms_payment_not_found',
			message: 'No payment',
		} );
		await waitFor( () => expect( container.innerHTML ).toBe( '' ) );
	} );

	it( 'names a bank transfer by its bank and account suffix, pending without a refund control, and Cash App Pay by its cashtag', async () => {
		const view = await renderPanel(
			payment( {
				status: 'pending',
				method: 'ach',
				brand: 'First Platypus Bank',
				last4: '000',
				actions: {
					capture: false,
					void: false,
					refund: false,
					sync: true,
				},
			} )
		);
		expect(
			await screen.findByText( 'ACH · First Platypus Bank ••• 000' )
		).toBeTruthy();
		expect( screen.getByText( 'Pending' ) ).toBeTruthy();
		expect( screen.queryByRole( 'button', { name: /Refund/ } ) ).toBeNull();
		view.unmount();

		await renderPanel(
			payment( { method: 'cashAppPay', brand: '$janedoe', last4: '' } )
		);
		expect(
			await screen.findByText( 'Cash App Pay · $janedoe' )
		).toBeTruthy();
		expect( screen.getByRole( 'button', { name: /Refund/ } ) ).toBeTruthy();
	} );

	it( 'offers the buttons the answer allows, and no others', async () => {
		await renderPanel(
			payment( {
				status: 'authorized',
				capture_mode: 'authorize',
				actions: {
					capture: true,
					void: true,
					refund: false,
					sync: false,
				},
			} )
		);
		expect(
			await screen.findByRole( 'button', { name: 'Capture' } )
		).toBeTruthy();
		expect( screen.getByRole( 'button', { name: 'Void' } ) ).toBeTruthy();
		expect( screen.queryByRole( 'button', { name: /Refund/ } ) ).toBeNull();
		expect( screen.queryByRole( 'button', { name: 'Sync' } ) ).toBeNull();
		expect(
			screen.getByText( 'Authorize now, capture later' )
		).toBeTruthy();
	} );

	it( 'a double click on Capture sends one request; the answer is drawn and announced', async () => {
		let answer: ( value: EntryPayment ) => void = () => {};
		await renderPanel(
			payment( {
				status: 'authorized',
				actions: {
					capture: true,
					void: true,
					refund: false,
					sync: true,
				},
			} ),
			() =>
				new Promise( ( resolve ) => {
					answer = resolve;
				} )
		);
		const capture = await screen.findByRole( 'button', {
			name: 'Capture',
		} );
		await userEvent.dblClick( capture );
		await userEvent.click( capture );
		await userEvent.click( screen.getByRole( 'button', { name: 'Void' } ) );
		expect( posts() ).toEqual( [
			{ path: `${ BASE }/capture`, method: 'POST', data: {} },
		] );
		expect( capture.getAttribute( 'aria-disabled' ) ).toBe( 'true' );
		await act( async () => answer( payment() ) );
		expect( await screen.findByText( 'Paid' ) ).toBeTruthy();
		expect( screen.getByText( 'Payment captured.' ) ).toBeTruthy();
		expect( spoken ).toHaveBeenCalledWith( 'Payment captured.', 'polite' );
		expect(
			screen.queryByRole( 'button', { name: 'Capture' } )
		).toBeNull();
	} );

	it( 'a refused action shows the server message inline and announces it', async () => {
		await renderPanel(
			payment( {
				status: 'authorized',
				actions: {
					capture: false,
					void: true,
					refund: false,
					sync: true,
				},
			} ),
			() => {
				throw {
					code: 'kestrel_forms_payment_action_refused',
					message: 'This payment can no longer be voided.',
				};
			}
		);
		const voidButton = await screen.findByRole( 'button', {
			name: 'Void',
		} );
		await userEvent.click( voidButton );
		expect( ( await screen.findByRole( 'alert' ) ).textContent ).toBe(
			'This payment can no longer be voided.'
		);
		expect( spoken ).toHaveBeenCalledWith(
			'This payment can no longer be voided.',
			'assertive'
		);
		// Usable again after the failure.
		expect( voidButton.getAttribute( 'aria-disabled' ) ).toBeNull();
	} );

	it( 'the refund form starts at the refundable remainder and checks the amount before sending', async () => {
		await renderPanel(
			payment( { refunded_amount: 1000, status: 'partially_refunded' } ),
			payment( { refunded_amount: 2000, status: 'partially_refunded' } )
		);
		await userEvent.click(
			await screen.findByRole( 'button', { name: 'Refund…' } )
		);
		const amount = screen.getByRole( 'textbox', {
			name: 'Refund amount (USD)',
		} );
		expect( ( amount as HTMLInputElement ).value ).toBe( '20.00' );

		const tryAmount = async ( text: string ) => {
			await userEvent.clear( amount );
			if ( text !== '' ) {
				await userEvent.type( amount, text );
			}
			await userEvent.click(
				screen.getByRole( 'button', { name: /^Confirm refund/ } )
			);
		};
		await tryAmount( '20.01' );
		expect(
			screen.getByText( 'You can refund at most $20.00.' )
		).toBeTruthy();
		expect( amount.getAttribute( 'aria-invalid' ) ).toBe( 'true' );
		expect( spoken ).toHaveBeenCalledWith(
			'You can refund at most $20.00.',
			'assertive'
		);
		await tryAmount( '0' );
		expect(
			screen.getByText( 'The refund must be more than zero.' )
		).toBeTruthy();
		await tryAmount( '1.234' );
		expect(
			screen.getByText( 'Enter an amount such as 20.00.' )
		).toBeTruthy();
		await tryAmount( 'ten' );
		expect(
			screen.getByText( 'Enter an amount such as 20.00.' )
		).toBeTruthy();
		expect( posts() ).toEqual( [] );

		await userEvent.clear( amount );
		await userEvent.type( amount, '10' );
		await userEvent.type(
			screen.getByRole( 'textbox', { name: 'Reason (optional)' } ),
			'Late delivery'
		);
		const confirm = screen.getByRole( 'button', {
			name: 'Confirm refund of $10.00',
		} );
		await userEvent.dblClick( confirm );
		await waitFor( () =>
			expect( screen.getByText( 'Refund sent.' ) ).toBeTruthy()
		);
		expect( posts() ).toEqual( [
			{
				path: `${ BASE }/refunds`,
				method: 'POST',
				data: {
					amount: 1000,
					reason: 'Late delivery',
					request_key: expect.stringMatching(
						/^[A-Za-z0-9_-]{16,64}$/
					),
				},
			},
		] );
		expect( spoken ).toHaveBeenCalledWith( 'Refund sent.', 'polite' );
		expect( screen.getByText( '$30.00 · $20.00 refunded' ) ).toBeTruthy();
		expect(
			screen.queryByRole( 'textbox', { name: 'Refund amount (USD)' } )
		).toBeNull();
	} );

	it( "the remainder is the server's refundable amount (pending refunds held back)", async () => {
		await renderPanel(
			payment( {
				refunded_amount: 0,
				refundable_amount: 2500,
				refunds: [
					{
						id: 3,
						amount: 500,
						status: 'pending',
						reason: '',
						created_at: '2026-01-04T10:00:00Z',
						user: { id: 1, name: 'Ada Admin' },
					},
				],
			} )
		);
		await userEvent.click(
			await screen.findByRole( 'button', { name: 'Refund…' } )
		);
		expect(
			(
				screen.getByRole( 'textbox', {
					name: 'Refund amount (USD)',
				} ) as HTMLInputElement
			 ).value
		).toBe( '25.00' );
		expect( screen.getByText( 'Ada Admin' ) ).toBeTruthy();
	} );

	it( 'a refund too large for the server is shown in the form area', async () => {
		await renderPanel( payment(), () => {
			throw {
				code: 'kestrel_forms_refund_too_large',
				message: 'You can refund at most $30.00.',
			};
		} );
		await userEvent.click(
			await screen.findByRole( 'button', { name: 'Refund…' } )
		);
		await userEvent.click(
			screen.getByRole( 'button', { name: 'Confirm refund of $30.00' } )
		);
		expect( ( await screen.findByRole( 'alert' ) ).textContent ).toBe(
			'You can refund at most $30.00.'
		);
		// The form stays open with the amount, to correct and send again.
		expect(
			screen.getByRole( 'textbox', { name: 'Refund amount (USD)' } )
		).toBeTruthy();
	} );

	it( 'one request key per refund submission: the same after an error, new after an amount edit or a success', async () => {
		let fail = true;
		await renderPanel( payment(), () => {
			if ( fail ) {
				throw {
					code: 'kestrel_forms_payment_provider_unavailable',
					message: 'The payment provider did not answer.',
				};
			}
			return payment( {
				refunded_amount: 1000,
				status: 'partially_refunded',
			} );
		} );
		await userEvent.click(
			await screen.findByRole( 'button', { name: 'Refund…' } )
		);
		const amount = screen.getByRole( 'textbox', {
			name: 'Refund amount (USD)',
		} );
		await userEvent.clear( amount );
		await userEvent.type( amount, '10' );
		const confirm = () =>
			screen.getByRole( 'button', { name: 'Confirm refund of $10.00' } );
		await userEvent.click( confirm() );
		await screen.findByRole( 'alert' );
		// The owner tries again after the error: the same submission, the same key.
		await userEvent.click( confirm() );
		await waitFor( () => expect( posts() ).toHaveLength( 2 ) );
		const keys = () =>
			posts().map(
				( post ) =>
					( post as { data: { request_key: string } } ).data
						.request_key
			);
		expect( keys()[ 1 ] ).toBe( keys()[ 0 ] );

		// A changed amount is a new refund: a new key.
		await userEvent.clear( amount );
		await userEvent.type( amount, '10.5' );
		await userEvent.clear( amount );
		await userEvent.type( amount, '10' );
		fail = false;
		await userEvent.click( confirm() );
		await waitFor( () =>
			expect( screen.getByText( 'Refund sent.' ) ).toBeTruthy()
		);
		expect( keys()[ 2 ] ).not.toBe( keys()[ 0 ] );

		// After a success, the next refund has a new key too.
		await userEvent.click(
			await screen.findByRole( 'button', { name: 'Refund…' } )
		);
		await userEvent.clear(
			screen.getByRole( 'textbox', { name: 'Refund amount (USD)' } )
		);
		await userEvent.type(
			screen.getByRole( 'textbox', { name: 'Refund amount (USD)' } ),
			'10'
		);
		await userEvent.click( confirm() );
		await waitFor( () => expect( posts() ).toHaveLength( 4 ) );
		expect( new Set( keys().slice( 2 ) ).size ).toBe( 2 );
	} );

	it( 'Sync draws the status the provider has now', async () => {
		await renderPanel(
			payment( { status: 'pending' } ),
			payment( { status: 'paid' } )
		);
		await userEvent.click(
			await screen.findByRole( 'button', { name: 'Sync' } )
		);
		expect( await screen.findByText( 'Paid' ) ).toBeTruthy();
		expect( posts()[ 0 ].path ).toBe( `${ BASE }/sync` );
		expect( spoken ).toHaveBeenCalledWith(
			'Payment brought up to date.',
			'polite'
		);
	} );
} );
