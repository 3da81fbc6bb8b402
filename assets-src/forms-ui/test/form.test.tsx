import {
	act,
	fireEvent,
	render,
	screen,
	waitFor,
} from '@testing-library/react';
import apiFetch from '../submit/rest-fetch';
import { createHooks } from '@wordpress/hooks';
import type { FormDefinition } from '../../shared';
import { Form } from '../components/Form';

jest.mock( '../submit/rest-fetch', () => ( {
	__esModule: true,
	default: jest.fn(),
} ) );
const mockedFetch = apiFetch as unknown as jest.Mock;

const form: FormDefinition & { id: number } = {
	id: 5,
	title: 'Contact',
	description: 'Say hello',
	button: { text: 'Send' },
	fields: [
		{
			id: 1,
			type: 'text',
			label: 'Name',
			isRequired: true,
			description: 'Your full name',
		},
		{ id: 2, type: 'email', label: 'Email' },
		{
			id: 3,
			type: 'checkbox',
			label: 'Topics',
			choices: [
				{ text: 'News', value: 'news' },
				{ text: 'Events', value: 'events' },
			],
		},
		{ id: 4, type: 'hidden', defaultValue: 'campaign' },
		{ id: 5, type: 'html', content: '<p>Hi</p>' },
	],
};

function setup() {
	const hooks = createHooks();
	const utils = render(
		<Form
			form={ form }
			submitPath="/kestrel-forms/v1/forms/5/submissions"
			hooks={ hooks }
		/>
	);
	return { hooks, ...utils };
}

beforeEach( () => {
	mockedFetch.mockReset();
} );

describe( 'Form rendering', () => {
	it( 'uses the spec DOM ids and wires labels and descriptions', () => {
		const { container } = setup();
		const name = screen.getByLabelText( /Name/ );
		expect( name.id ).toBe( 'input_5_1' );
		expect( name.getAttribute( 'aria-required' ) ).toBe( 'true' );
		expect( name.getAttribute( 'aria-describedby' ) ).toBe(
			'description_5_1'
		);
		expect( container.querySelector( '#field_5_1' ) ).not.toBeNull();
		expect( screen.getByLabelText( 'Events' ).id ).toBe( 'input_5_3_2' );
		expect(
			( container.querySelector( '#input_5_4' ) as HTMLInputElement )
				.value
		).toBe( 'campaign' );
		expect( screen.getByRole( 'button', { name: 'Send' } ).id ).toBe(
			'form_submit_button_5'
		);
	} );
} );

describe( 'Form submission', () => {
	it( 'blocks an invalid submit, shows errors inline and in a focused summary, and keeps input', async () => {
		jest.useFakeTimers();
		setup();
		fireEvent.change( screen.getByLabelText( 'Email' ), {
			target: { value: 'not-an-email' },
		} );
		fireEvent.click( screen.getByRole( 'button', { name: 'Send' } ) );

		expect( mockedFetch ).not.toHaveBeenCalled();
		expect( screen.getByText( 'This field is required.' ).id ).toBe(
			'validation_message_5_1'
		);
		expect(
			screen.getByLabelText( /Name/ ).getAttribute( 'aria-invalid' )
		).toBe( 'true' );
		expect( screen.getByLabelText( 'Email' ) ).toHaveProperty(
			'value',
			'not-an-email'
		);
		act( () => {
			jest.advanceTimersByTime( 20 ); // requestAnimationFrame
		} );
		const summary = screen
			.getByText( /There was a problem/ )
			.closest( 'div' );
		expect( summary?.ownerDocument.activeElement ).toBe( summary );

		const status = screen.getByRole( 'status' );
		act( () => {
			jest.advanceTimersByTime( 900 );
		} );
		expect( status.textContent ).toBe( '' );
		act( () => {
			jest.advanceTimersByTime( 200 );
		} );
		expect( status.textContent ).toContain(
			'Please enter a valid email address.'
		);
		jest.useRealTimers();
	} );

	it( 'sends one request for a double click and shows the confirmation', async () => {
		let resolve: ( value: unknown ) => void = () => {};
		mockedFetch.mockReturnValue( new Promise( ( r ) => ( resolve = r ) ) );
		const { hooks } = setup();
		const after = jest.fn();
		hooks.addAction( 'kestrel_forms.submission.after', 'test', after );
		hooks.addFilter(
			'kestrel_forms.submission.before',
			'test',
			( values: Record< string, unknown > ) => ( {
				...values,
				2: 'filtered@example.org',
			} )
		);

		fireEvent.change( screen.getByLabelText( /Name/ ), {
			target: { value: 'Ada' },
		} );
		fireEvent.click( screen.getByLabelText( 'Events' ) );
		const button = screen.getByRole( 'button', { name: 'Send' } );
		fireEvent.click( button );
		fireEvent.click( button );

		expect( mockedFetch ).toHaveBeenCalledTimes( 1 );
		expect( button ).toHaveProperty( 'disabled', true );
		const request = mockedFetch.mock.calls[ 0 ][ 0 ];
		expect( request.path ).toBe( '/kestrel-forms/v1/forms/5/submissions' );
		expect( request.method ).toBe( 'POST' );
		expect( request.data.values ).toEqual( {
			1: 'Ada',
			2: 'filtered@example.org',
			3: [ 'events' ],
			4: 'campaign',
		} );
		expect( request.data.submission_key ).toMatch( /^[0-9a-f]{32}$/ );

		await act( async () => {
			resolve( {
				reference: '0123456789abcdef0123456789abcdef',
				confirmation: {
					type: 'message',
					message: '<p>Thanks <b>Ada</b></p>',
				},
			} );
		} );
		// The confirmation replaces the form (the live region may already repeat its text).
		await waitFor( () =>
			expect(
				document.querySelector( '.kestrel-form__confirmation' )
					?.innerHTML
			).toBe( '<p>Thanks <b>Ada</b></p>' )
		);
		expect( screen.queryByRole( 'button', { name: 'Send' } ) ).toBeNull();
		expect( after ).toHaveBeenCalledTimes( 1 );
		await waitFor( () =>
			expect( screen.getByRole( 'status' ).textContent ).toBe(
				'Thanks Ada'
			)
		);
	} );

	it( 'shows server validation errors next to their fields and keeps the values', async () => {
		mockedFetch.mockRejectedValue( {
			code: 'kestrel_forms_validation_failed',
			message:
				'There was a problem with your submission. Please review the fields below.',
			data: { errors: { 2: 'Please enter a valid email address.' } },
		} );
		setup();
		fireEvent.change( screen.getByLabelText( /Name/ ), {
			target: { value: 'Ada' },
		} );
		fireEvent.change( screen.getByLabelText( 'Email' ), {
			target: { value: 'ada@example.org' },
		} );
		fireEvent.click( screen.getByRole( 'button', { name: 'Send' } ) );

		await waitFor( () =>
			expect(
				document.getElementById( 'validation_message_5_2' )?.textContent
			).toBe( 'Please enter a valid email address.' )
		);
		expect( screen.getByLabelText( /Name/ ) ).toHaveProperty(
			'value',
			'Ada'
		);
		expect( screen.getByRole( 'button', { name: 'Send' } ) ).toHaveProperty(
			'disabled',
			false
		);
	} );

	it( 'shows a general error when the server cannot be reached', async () => {
		mockedFetch.mockRejectedValue( {
			code: 'fetch_error',
			message: 'You are probably offline.',
		} );
		setup();
		fireEvent.change( screen.getByLabelText( /Name/ ), {
			target: { value: 'Ada' },
		} );
		fireEvent.click( screen.getByRole( 'button', { name: 'Send' } ) );
		await waitFor( () =>
			expect(
				screen.getByText( 'You are probably offline.' )
			).toBeTruthy()
		);
		expect( screen.getByLabelText( /Name/ ) ).toHaveProperty(
			'value',
			'Ada'
		);
	} );

	it( 'retries without the nonce when a cached page carries a stale one', async () => {
		mockedFetch.mockRejectedValue( {
			code: 'rest_cookie_invalid_nonce',
			message: 'Cookie check failed',
		} );
		const fetchMock = jest.fn().mockResolvedValue( {
			ok: true,
			json: () =>
				Promise.resolve( {
					reference: 'fedcba9876543210fedcba9876543210',
					confirmation: { type: 'message', message: 'Got it' },
				} ),
		} );
		Object.defineProperty( window, 'fetch', {
			value: fetchMock,
			configurable: true,
		} );
		render(
			<Form
				form={ form }
				submitPath="/kestrel-forms/v1/forms/5/submissions"
				submitUrl="https://example.org/wp-json/kestrel-forms/v1/forms/5/submissions"
				hooks={ createHooks() }
			/>
		);
		fireEvent.change( screen.getByLabelText( /Name/ ), {
			target: { value: 'Ada' },
		} );
		fireEvent.click( screen.getByRole( 'button', { name: 'Send' } ) );
		await waitFor( () =>
			expect(
				document.querySelector( '.kestrel-form__confirmation' )
					?.textContent
			).toBe( 'Got it' )
		);
		expect( fetchMock ).toHaveBeenCalledTimes( 1 );
		const [ url, init ] = fetchMock.mock.calls[ 0 ];
		expect( url ).toBe(
			'https://example.org/wp-json/kestrel-forms/v1/forms/5/submissions'
		);
		expect( init.credentials ).toBe( 'same-origin' );
		expect( init.headers ).not.toHaveProperty( 'X-WP-Nonce' );
		expect( JSON.parse( init.body ).submission_key ).toBe(
			mockedFetch.mock.calls[ 0 ][ 0 ].data.submission_key
		);
	} );

	it( 'tells a rate-limited visitor how long to wait, announces it and keeps the values', async () => {
		mockedFetch.mockRejectedValue( {
			code: 'kestrel_forms_rate_limited',
			message: 'Too many requests. Please try again in 42 seconds.',
			data: { status: 429, retry_after: 42 },
		} );
		setup();
		fireEvent.change( screen.getByLabelText( /Name/ ), {
			target: { value: 'Ada' },
		} );
		fireEvent.change( screen.getByLabelText( 'Email' ), {
			target: { value: 'ada@example.org' },
		} );
		fireEvent.click( screen.getByRole( 'button', { name: 'Send' } ) );
		const expected =
			'Too many submissions were sent from your connection. Please try again in 42 seconds.';
		await waitFor( () =>
			expect(
				document.getElementById( 'kestrel_form_errors_5' )?.textContent
			).toContain( expected )
		);
		// Announced to screen readers too (the summary's text, after the usual delay).
		await waitFor(
			() =>
				expect( screen.getByRole( 'status' ).textContent ).toContain(
					'Please try again in 42 seconds.'
				),
			{ timeout: 3000 }
		);
		expect( screen.getByLabelText( /Name/ ) ).toHaveProperty(
			'value',
			'Ada'
		);
		expect( screen.getByLabelText( 'Email' ) ).toHaveProperty(
			'value',
			'ada@example.org'
		);
		expect( screen.getByRole( 'button', { name: 'Send' } ) ).toHaveProperty(
			'disabled',
			false
		);
	} );

	it( "reads Retry-After when a 429 comes without the plugin's JSON", async () => {
		const fetchMock = jest.fn().mockResolvedValue( {
			ok: false,
			status: 429,
			headers: {
				get: ( name: string ) =>
					name === 'Retry-After' ? '30' : null,
			},
			json: () => Promise.reject( new Error( 'not JSON' ) ),
		} );
		Object.defineProperty( window, 'fetch', {
			value: fetchMock,
			configurable: true,
		} );
		render(
			<Form
				form={ form }
				submitPath="/kestrel-forms/v1/forms/5/submissions"
				submitUrl="https://example.org/wp-json/kestrel-forms/v1/forms/5/submissions"
				anonymous
				hooks={ createHooks() }
			/>
		);
		fireEvent.change( screen.getByLabelText( /Name/ ), {
			target: { value: 'Ada' },
		} );
		fireEvent.click( screen.getByRole( 'button', { name: 'Send' } ) );
		await waitFor( () =>
			expect(
				screen.getByText( /Please try again in 30 seconds\./ )
			).toBeTruthy()
		);
		expect( screen.getByLabelText( /Name/ ) ).toHaveProperty(
			'value',
			'Ada'
		);
	} );

	it( "fetches a fresh render token when the cached page's one is old, and sends it", async () => {
		const signature = 'a'.repeat( 64 );
		const old = `${ Math.floor( Date.now() / 1000 ) - 2 * 86400 }.${ signature }`;
		const fresh = `${ Math.floor( Date.now() / 1000 ) }.${ 'b'.repeat( 64 ) }`;
		const fetchMock = jest.fn().mockResolvedValue( {
			ok: true,
			json: () => Promise.resolve( { token: fresh, max_age: 86400 } ),
		} );
		Object.defineProperty( window, 'fetch', {
			value: fetchMock,
			configurable: true,
		} );
		mockedFetch.mockResolvedValue( {
			reference: '0123456789abcdef0123456789abcdef',
			confirmation: { type: 'message', message: 'Thanks' },
		} );
		render(
			<Form
				form={ form }
				submitPath="/kestrel-forms/v1/forms/5/submissions"
				renderToken={ old }
				renderTokenUrl="https://example.org/wp-json/kestrel-forms/v1/forms/5/render-token"
				renderTokenMaxAge={ 86400 }
				hooks={ createHooks() }
			/>
		);
		await waitFor( () => expect( fetchMock ).toHaveBeenCalledTimes( 1 ) );
		expect( fetchMock.mock.calls[ 0 ][ 0 ] ).toBe(
			'https://example.org/wp-json/kestrel-forms/v1/forms/5/render-token'
		);
		fireEvent.change( screen.getByLabelText( /Name/ ), {
			target: { value: 'Ada' },
		} );
		fireEvent.click( screen.getByRole( 'button', { name: 'Send' } ) );
		await waitFor( () => expect( mockedFetch ).toHaveBeenCalledTimes( 1 ) );
		expect( mockedFetch.mock.calls[ 0 ][ 0 ].data.render_token ).toBe(
			fresh
		);
	} );

	it( "keeps the page's render token while it is good", async () => {
		const fetchMock = jest.fn();
		Object.defineProperty( window, 'fetch', {
			value: fetchMock,
			configurable: true,
		} );
		const page = `${ Math.floor( Date.now() / 1000 ) - 3600 }.${ 'c'.repeat( 64 ) }`;
		mockedFetch.mockResolvedValue( {
			reference: '0123456789abcdef0123456789abcdef',
			confirmation: { type: 'message', message: 'Thanks' },
		} );
		render(
			<Form
				form={ form }
				submitPath="/kestrel-forms/v1/forms/5/submissions"
				renderToken={ page }
				renderTokenUrl="https://example.org/wp-json/kestrel-forms/v1/forms/5/render-token"
				renderTokenMaxAge={ 86400 }
				hooks={ createHooks() }
			/>
		);
		fireEvent.change( screen.getByLabelText( /Name/ ), {
			target: { value: 'Ada' },
		} );
		fireEvent.click( screen.getByRole( 'button', { name: 'Send' } ) );
		await waitFor( () => expect( mockedFetch ).toHaveBeenCalledTimes( 1 ) );
		expect( mockedFetch.mock.calls[ 0 ][ 0 ].data.render_token ).toBe(
			page
		);
		expect( fetchMock ).not.toHaveBeenCalled();
	} );
} );
