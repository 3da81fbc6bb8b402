import { act, fireEvent, render, screen } from '@testing-library/react';
import apiFetch from '../submit/rest-fetch';
import { createHooks } from '@wordpress/hooks';
import type { FormDefinition } from '../../shared';
import { Form } from '../components/Form';
import type { CaptchaConfig } from '../fields/types';

jest.mock( '../submit/rest-fetch', () => ( {
	__esModule: true,
	default: jest.fn(),
} ) );
const mockedFetch = apiFetch as unknown as jest.Mock;

const form: FormDefinition & { id: number } = {
	id: 8,
	title: 'Captcha',
	fields: [
		{ id: 1, type: 'text', label: 'Name' },
		{ id: 2, type: 'captcha', label: 'Human?' },
	],
};

function config( size: CaptchaConfig[ 'size' ] ): CaptchaConfig {
	return {
		siteKey: 'site-key',
		theme: 'dark',
		size,
		badge: 'inline',
		scriptUrl: 'https://provider.test/api.js',
	};
}

/** A fake provider: records render params, answers execute with a token. */
function fakeProvider() {
	const params: Array< Record< string, unknown > > = [];
	let answer = '';
	const api = {
		render: jest.fn( ( _el: HTMLElement, p: Record< string, unknown > ) => {
			params.push( p );
			return 0;
		} ),
		execute: jest.fn( () => {
			answer = 'token-123';
			( params[ 0 ].callback as ( t: string ) => void )( answer );
		} ),
		getResponse: jest.fn( () => answer ),
		reset: jest.fn(),
	};
	return { api, params };
}

/**
 * Renders the form with an invisible captcha over a fake provider, ready to submit.
 *
 * @param api Fake provider.
 * @return Spy on the field's requestSubmit calls.
 */
function renderInvisible( api: ReturnType< typeof fakeProvider >[ 'api' ] ) {
	mockedFetch.mockResolvedValue( {
		reference: '0123456789abcdef0123456789abcdef',
		confirmation: { type: 'message', message: 'Thanks' },
	} );
	window.grecaptcha = api;
	render(
		<Form
			form={ form }
			submitPath="/x"
			hooks={ createHooks() }
			captcha={ config( 'invisible' ) }
		/>
	);
	act( () => {
		jest.advanceTimersByTime( 100 );
	} );
	// jsdom has no requestSubmit; the field calls it to carry on after the challenge.
	const submit = jest.fn();
	HTMLFormElement.prototype.requestSubmit = function () {
		submit();
		fireEvent.submit( this );
	};
	return submit;
}

beforeEach( () => {
	jest.useFakeTimers();
	mockedFetch.mockReset();
	delete window.grecaptcha;
	document
		.querySelectorAll( 'script[data-kestrel-captcha]' )
		.forEach( ( s ) => s.remove() );
} );
afterEach( () => jest.useRealTimers() );

describe( 'the captcha field', () => {
	it( 'loads the provider script once and renders the widget when it appears (100 ms polling)', () => {
		const { container } = render(
			<Form
				form={ form }
				submitPath="/x"
				hooks={ createHooks() }
				captcha={ config( 'normal' ) }
			/>
		);
		const element = container.querySelector( '#input_8_2' ) as HTMLElement;
		expect( element.dataset ).toMatchObject( {
			sitekey: 'site-key',
			theme: 'dark',
			size: 'normal',
			tabindex: '0',
		} );
		expect(
			document.querySelectorAll( 'script[data-kestrel-captcha]' )
		).toHaveLength( 1 );
		const { api, params } = fakeProvider();
		act( () => {
			jest.advanceTimersByTime( 250 );
		} );
		expect( params ).toHaveLength( 0 );
		window.grecaptcha = api;
		act( () => {
			jest.advanceTimersByTime( 100 );
		} );
		expect( params ).toHaveLength( 1 );
		expect( params[ 0 ] ).toMatchObject( {
			sitekey: 'site-key',
			theme: 'dark',
			size: 'normal',
			tabindex: 0,
		} );
		act( () => {
			jest.advanceTimersByTime( 500 );
		} );
		expect( api.render ).toHaveBeenCalledTimes( 1 );
	} );

	it( 'invisible: the final submit runs the challenge first and sends its answer', async () => {
		const { api } = fakeProvider();
		const submit = renderInvisible( api );
		await act( async () => {
			fireEvent.click( screen.getByRole( 'button', { name: 'Submit' } ) );
		} );
		expect( api.execute ).toHaveBeenCalledTimes( 1 );
		expect( mockedFetch ).not.toHaveBeenCalled();
		await act( async () => {
			jest.advanceTimersByTime( 1 );
		} );
		expect( submit ).toHaveBeenCalledTimes( 1 );
		expect( mockedFetch ).toHaveBeenCalledTimes( 1 );
		expect( mockedFetch.mock.calls[ 0 ][ 0 ].data.values[ '2' ] ).toBe(
			'token-123'
		);
	} );
	it( 'invisible: an answer that takes longer than 4 s (a picture challenge, a slow network) still submits', async () => {
		const { api, params } = fakeProvider();
		let answer = '';
		// The challenge opens; the visitor answers it 20 s later.
		api.execute.mockImplementation( () => {} );
		api.getResponse.mockImplementation( () => answer );
		renderInvisible( api );
		await act( async () => {
			fireEvent.click( screen.getByRole( 'button', { name: 'Submit' } ) );
		} );
		expect( api.execute ).toHaveBeenCalledTimes( 1 );
		await act( async () => {
			jest.advanceTimersByTime( 20000 );
		} );
		expect( mockedFetch ).not.toHaveBeenCalled();
		await act( async () => {
			answer = 'token-late';
			( params[ 0 ].callback as ( t: string ) => void )( answer );
			jest.advanceTimersByTime( 1 );
		} );
		expect( mockedFetch ).toHaveBeenCalledTimes( 1 );
		expect( mockedFetch.mock.calls[ 0 ][ 0 ].data.values[ '2' ] ).toBe(
			'token-late'
		);
	} );
} );
