/**
 * The captcha field with Cloudflare Turnstile and hCaptcha: each provider's global, its
 * documented render parameters, the answer sent with the submission, and a refused answer shown
 * at the field (announced) with what the visitor typed kept.
 */
import { act, fireEvent, render, screen } from '@testing-library/react';
import apiFetch from '../submit/rest-fetch';
import { createHooks } from '@wordpress/hooks';
import type { FormDefinition } from '../../shared';
import { Form } from '../components/Form';
import type { CaptchaConfig, CaptchaProvider } from '../fields/types';

jest.mock( '../submit/rest-fetch', () => ( {
	__esModule: true,
	default: jest.fn(),
} ) );
const mockedFetch = apiFetch as unknown as jest.Mock;

const form: FormDefinition & { id: number } = {
	id: 9,
	title: 'Contact',
	fields: [
		{ id: 1, type: 'text', label: 'Name' },
		{ id: 2, type: 'captcha', label: 'Human?' },
	],
};

/**
 * The page's captcha settings for a provider, with the vendor's published test site key
 * (Turnstile 1x00000000000000000000AA, hCaptcha 10000000-ffff-ffff-ffff-000000000001).
 *
 * @param provider Provider.
 * @param size     Widget size.
 */
function config(
	provider: CaptchaProvider,
	size: CaptchaConfig[ 'size' ] = 'normal'
): CaptchaConfig {
	return {
		provider,
		siteKey:
			provider === 'turnstile'
				? '1x00000000000000000000AA'
				: '10000000-ffff-ffff-ffff-000000000001',
		theme: 'dark',
		size,
		badge: 'bottomright',
		scriptUrl: `https://${ provider }.test/api.js?render=explicit`,
		hl: 'de',
	};
}

/** The vendors' dummy tokens (what their test site keys hand the browser). */
const TOKENS: Record< 'turnstile' | 'hcaptcha', string > = {
	turnstile: 'XXXX.DUMMY.TOKEN.XXXX',
	hcaptcha: '10000000-aaaa-bbbb-cccc-000000000001',
};

/**
 * A fake provider global: records render parameters; "solving" calls the callback.
 *
 * @param id The widget id render returns (Turnstile: a string).
 */
function fakeProvider( id: string | number ) {
	const params: Array< Record< string, unknown > > = [];
	let answer = '';
	const api = {
		render: jest.fn( ( _el: HTMLElement, p: Record< string, unknown > ) => {
			params.push( p );
			return id;
		} ),
		execute: jest.fn(),
		getResponse: jest.fn( () => answer ),
		reset: jest.fn( () => {
			answer = '';
		} ),
	};
	const solve = ( token: string ) => {
		answer = token;
		( params[ 0 ].callback as ( t: string ) => void )( token );
	};
	return { api, params, solve };
}

beforeEach( () => {
	jest.useFakeTimers();
	mockedFetch.mockReset();
	delete window.grecaptcha;
	delete window.turnstile;
	delete window.hcaptcha;
	document
		.querySelectorAll( 'script[data-kestrel-captcha]' )
		.forEach( ( s ) => s.remove() );
} );
afterEach( () => jest.useRealTimers() );

/**
 * Renders the form and lets the field find the provider's global.
 *
 * @param captcha The page's captcha settings.
 */
function renderForm( captcha: CaptchaConfig ) {
	const result = render(
		<Form
			form={ form }
			submitPath="/x"
			hooks={ createHooks() }
			captcha={ captcha }
		/>
	);
	act( () => {
		jest.advanceTimersByTime( 100 );
	} );
	return result;
}

describe.each( [
	[ 'turnstile' as const, 'turnstile' as const, 'cf-widget-1' ],
	[ 'hcaptcha' as const, 'hcaptcha' as const, 0 ],
] )( 'the captcha field with %s', ( provider, global, widgetId ) => {
	it( 'loads the provider script once and renders through its own global with the documented parameters', () => {
		const { api, params } = fakeProvider( widgetId );
		// Another provider's global is not used.
		const other = fakeProvider( 7 );
		window.grecaptcha = other.api;
		window[ global ] = api;
		const { container } = renderForm( config( provider ) );

		expect(
			document.querySelector( 'script[data-kestrel-captcha]' )
		).toHaveProperty(
			'src',
			`https://${ provider }.test/api.js?render=explicit`
		);
		expect( other.api.render ).not.toHaveBeenCalled();
		expect( api.render ).toHaveBeenCalledTimes( 1 );
		expect( api.render.mock.calls[ 0 ][ 0 ] ).toBe(
			container.querySelector( '#input_9_2' )
		);
		expect( params[ 0 ] ).toMatchObject( {
			sitekey: config( provider ).siteKey,
			theme: 'dark',
			size: 'normal',
			tabindex: 0,
		} );
		expect( typeof params[ 0 ].callback ).toBe( 'function' );
		expect( typeof params[ 0 ][ 'expired-callback' ] ).toBe( 'function' );
		expect( typeof params[ 0 ][ 'error-callback' ] ).toBe( 'function' );
		expect( params[ 0 ] ).not.toHaveProperty( 'badge' );
		expect( params[ 0 ].language ).toBe(
			provider === 'turnstile' ? 'de' : undefined
		);
		const element = container.querySelector( '#input_9_2' ) as HTMLElement;
		expect( element.dataset.provider ).toBe( provider );
		expect( element.classList ).toContain( `kestrel-form__${ provider }` );
	} );

	it( 'sends the solved token as the field value', async () => {
		mockedFetch.mockResolvedValue( {
			reference: '0123456789abcdef0123456789abcdef',
			confirmation: { type: 'message', message: 'Thanks' },
		} );
		const { api, solve } = fakeProvider( widgetId );
		window[ global ] = api;
		renderForm( config( provider ) );
		fireEvent.change( screen.getByLabelText( 'Name' ), {
			target: { value: 'Ada' },
		} );
		act( () => solve( TOKENS[ provider ] ) );
		await act( async () => {
			fireEvent.click( screen.getByRole( 'button', { name: 'Submit' } ) );
		} );
		expect( mockedFetch ).toHaveBeenCalledTimes( 1 );
		expect( mockedFetch.mock.calls[ 0 ][ 0 ].data.values ).toMatchObject( {
			1: 'Ada',
			2: TOKENS[ provider ],
		} );
		expect( api.getResponse ).toHaveBeenCalledWith( widgetId );
	} );

	it( 'a refused answer shows at the field, is announced, resets the widget and keeps what was typed', async () => {
		mockedFetch.mockRejectedValue( {
			code: 'kestrel_forms_validation_failed',
			message:
				'There was a problem with your submission. Please review the fields below.',
			data: {
				errors: {
					2: 'The captcha check failed. Please confirm again that you are not a robot.',
				},
			},
		} );
		const { api, solve } = fakeProvider( widgetId );
		window[ global ] = api;
		const { container } = renderForm( config( provider ) );
		fireEvent.change( screen.getByLabelText( 'Name' ), {
			target: { value: 'Ada' },
		} );
		act( () => solve( TOKENS[ provider ] ) );
		await act( async () => {
			fireEvent.click( screen.getByRole( 'button', { name: 'Submit' } ) );
		} );
		const message = document.getElementById( 'validation_message_9_2' );
		expect( message?.textContent ).toBe(
			'The captcha check failed. Please confirm again that you are not a robot.'
		);
		expect(
			container
				.querySelector( '#input_9_2' )
				?.getAttribute( 'aria-describedby' )
		).toBe( 'validation_message_9_2' );
		expect( api.reset ).toHaveBeenCalledWith( widgetId );
		expect( screen.getByLabelText( 'Name' ) ).toHaveProperty(
			'value',
			'Ada'
		);
		act( () => {
			jest.advanceTimersByTime( 1500 );
		} );
		expect( document.body.textContent ).toContain(
			'Please confirm again that you are not a robot.'
		);
		expect(
			Array.from(
				document.querySelectorAll( '[aria-live]' ),
				( region ) => region.textContent
			).join( ' ' )
		).toContain( 'The captcha check failed.' );
	} );

	it( 'an expired or failed widget clears the answer', async () => {
		const { api, params, solve } = fakeProvider( widgetId );
		window[ global ] = api;
		renderForm( config( provider ) );
		act( () => solve( TOKENS[ provider ] ) );
		act( () => ( params[ 0 ][ 'error-callback' ] as () => void )() );
		api.getResponse.mockReturnValue( '' );
		await act( async () => {
			fireEvent.click( screen.getByRole( 'button', { name: 'Submit' } ) );
		} );
		// Required by the server, not by the browser: what is sent carries no stale token.
		expect( mockedFetch ).toHaveBeenCalledTimes( 1 );
		const sent = mockedFetch.mock.calls[ 0 ][ 0 ].data.values;
		expect( sent[ '2' ] ?? '' ).toBe( '' );
	} );
} );

describe( 'hCaptcha invisible', () => {
	it( 'the final submit executes the challenge first and sends its answer', async () => {
		mockedFetch.mockResolvedValue( {
			reference: '0123456789abcdef0123456789abcdef',
			confirmation: { type: 'message', message: 'Thanks' },
		} );
		const { api, solve } = fakeProvider( 0 );
		api.execute.mockImplementation( () => solve( TOKENS.hcaptcha ) );
		window.hcaptcha = api;
		renderForm( config( 'hcaptcha', 'invisible' ) );
		HTMLFormElement.prototype.requestSubmit = function () {
			fireEvent.submit( this );
		};
		await act( async () => {
			fireEvent.click( screen.getByRole( 'button', { name: 'Submit' } ) );
		} );
		expect( api.execute ).toHaveBeenCalledWith( 0 );
		await act( async () => {
			jest.advanceTimersByTime( 1 );
		} );
		expect( mockedFetch ).toHaveBeenCalledTimes( 1 );
		expect( mockedFetch.mock.calls[ 0 ][ 0 ].data.values[ '2' ] ).toBe(
			TOKENS.hcaptcha
		);
	} );
} );
