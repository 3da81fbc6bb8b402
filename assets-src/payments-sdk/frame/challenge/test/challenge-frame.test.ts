/**
 * The challenge frame's form and outcomes (issue 15): what the buyer finds in the frame, what
 * an empty code, a code, a failure and Escape do, and how the provider's error codes map to
 * outcomes.
 */
import { TransportError, type ChallengeOutcome } from '../../../protocol';
import { outcomeOfError } from '../challenge-frame';
import { CHALLENGE_TEXTS, mountChallengeForm } from '../challenge-form';
import { challengeTexts } from '../texts';

const settle = async () => {
	for ( let i = 0; i < 10; i++ ) {
		await Promise.resolve();
	}
};

/**
 * Mounts the form with spies.
 *
 * @param submit Answer to a code.
 */
function mount(
	submit: ( code: string ) => Promise< ChallengeOutcome > = async () => ( {
		outcome: 'verified',
		token: 'verf:1',
		userChallenged: true,
	} )
) {
	const deps = {
		submit: jest.fn( submit ),
		cancel: jest.fn( async (): Promise< ChallengeOutcome > => ( {
			outcome: 'canceled',
			message: 'canceled',
		} ) ),
		report: jest.fn(),
	};
	const form = mountChallengeForm( document, deps );
	const byText = ( text: string ) =>
		Array.from( document.querySelectorAll( 'button' ) ).find(
			( b ) => b.textContent === text
		)!;
	return {
		deps,
		form,
		verify: byText( CHALLENGE_TEXTS.verify ),
		cancel: byText( CHALLENGE_TEXTS.cancel ),
		status: document.querySelector( '[role=status]' )!,
	};
}

beforeEach( () => {
	document.body.innerHTML = '';
} );

describe( 'the challenge form', () => {
	it( 'has a heading, a labelled code input and two buttons, and focuses the input', () => {
		const { form, verify, cancel } = mount();
		expect( document.querySelector( 'h1' )!.textContent ).toBe(
			CHALLENGE_TEXTS.heading
		);
		const label = document.querySelector( 'label' )!;
		expect( label.textContent ).toBe( CHALLENGE_TEXTS.label );
		expect( label.htmlFor ).toBe( form.input.id );
		expect( form.input.getAttribute( 'autocomplete' ) ).toBe(
			'one-time-code'
		);
		expect( verify.type ).toBe( 'submit' );
		expect( cancel.type ).toBe( 'button' );
		form.focus();
		expect( form.input.ownerDocument.activeElement ).toBe( form.input );
	} );

	it( 'asks for a code when none is typed, without sending anything', async () => {
		const { verify, deps, form, status } = mount();
		verify.click();
		await settle();
		expect( status.textContent ).toBe( CHALLENGE_TEXTS.empty );
		expect( form.input.getAttribute( 'aria-invalid' ) ).toBe( 'true' );
		expect( deps.submit ).not.toHaveBeenCalled();
		expect( deps.report ).not.toHaveBeenCalled();
	} );

	it( 'sends the typed code once and reports the outcome; the form is then closed', async () => {
		const { verify, deps, form } = mount();
		form.input.value = ' 123456 ';
		verify.click();
		verify.click();
		await settle();
		expect( deps.submit ).toHaveBeenCalledTimes( 1 );
		expect( deps.submit ).toHaveBeenCalledWith( '123456' );
		expect( deps.report ).toHaveBeenCalledWith( {
			outcome: 'verified',
			token: 'verf:1',
			userChallenged: true,
		} );
		expect( form.input.disabled ).toBe( true );
		expect( verify.disabled ).toBe( true );
		verify.click();
		await settle();
		expect( deps.submit ).toHaveBeenCalledTimes( 1 );
		expect( deps.report ).toHaveBeenCalledTimes( 1 );
	} );

	it( 'reports a wrong code as the provider answers it', async () => {
		const { verify, deps, form } = mount( async () => ( {
			outcome: 'failed',
			message: 'The verification code is not correct.',
		} ) );
		form.input.value = '000000';
		verify.click();
		await settle();
		expect( deps.report ).toHaveBeenCalledWith( {
			outcome: 'failed',
			message: 'The verification code is not correct.',
		} );
	} );

	it( 'reports an error when sending fails', async () => {
		const { verify, deps, form } = mount( async () => {
			throw new Error( 'offline' );
		} );
		form.input.value = '123456';
		verify.click();
		await settle();
		expect( deps.report ).toHaveBeenCalledWith( {
			outcome: 'error',
			message: 'offline',
		} );
	} );

	it( 'cancels on Escape and on Cancel, once', async () => {
		const { cancel, deps } = mount();
		document.dispatchEvent(
			new KeyboardEvent( 'keydown', { key: 'Escape', bubbles: true } )
		);
		await settle();
		cancel.click();
		await settle();
		expect( deps.cancel ).toHaveBeenCalledTimes( 1 );
		expect( deps.report ).toHaveBeenCalledWith( {
			outcome: 'canceled',
			message: 'canceled',
		} );
		expect( deps.submit ).not.toHaveBeenCalled();
	} );
} );

describe( 'outcomeOfError', () => {
	const providerError = ( code: string, detail: string ) =>
		new TransportError( 'http', 'Bad request', 400, {
			errors: [ { category: 'X', code, detail } ],
		} );

	it( 'maps the provider codes to outcomes', () => {
		expect(
			outcomeOfError(
				providerError( 'VERIFICATION_CODE_INVALID', 'wrong' )
			)
		).toEqual( { outcome: 'failed', message: 'wrong' } );
		expect(
			outcomeOfError( providerError( 'VERIFICATION_TIMED_OUT', 'late' ) )
		).toEqual( { outcome: 'timeout', message: 'late' } );
		expect(
			outcomeOfError( providerError( 'CHALLENGE_ALREADY_ENDED', 'over' ) )
		).toEqual( { outcome: 'error', message: 'over' } );
		expect( outcomeOfError( new Error( 'network' ) ) ).toEqual( {
			outcome: 'error',
			message: 'network',
		} );
	} );
} );

describe( 'the challenge form in the page’s language', () => {
	it( 'shows French, Spanish and Japanese texts for those locales, English otherwise', () => {
		for ( const [ locale, verify ] of [
			[ 'fr-CA', 'Vérifier' ],
			[ 'es-ES', 'Verificar' ],
			[ 'ja-JP', '確認' ],
			[ 'de-DE', 'Verify' ],
			[ undefined, 'Verify' ],
		] as const ) {
			document.body.innerHTML = '';
			const texts = challengeTexts( locale );
			mountChallengeForm( document, {
				submit: jest.fn(),
				cancel: jest.fn(),
				report: jest.fn(),
				texts,
			} );
			const buttons = Array.from(
				document.querySelectorAll( 'button' )
			).map( ( b ) => b.textContent );
			expect( buttons[ 0 ] ).toBe( verify );
			expect( document.querySelector( 'label' )!.textContent ).toBe(
				texts.label
			);
		}
	} );
} );
