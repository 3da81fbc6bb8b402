/**
 * verifyBuyer (issue 15): a frictionless answer, and the challenge dialog with the challenge
 * frame played by the test (fake-frame.ts): its role, name and focus, and every way it ends
 * (right code, wrong code, Escape, cancel without an answer, time-out, a frame that never loads).
 */
import { MESSAGE, type Channel } from '../../../protocol';
import { BASE, ORIGIN, fakeFrame } from '../../test/fake-frame';
import { CHALLENGE_LABEL, CHALLENGE_MESSAGES, verifyBuyer } from '..';
import { CANCEL_GRACE_MS } from '../challenge';

const DETAILS = {
	intent: 'CHARGE' as const,
	amount: '1',
	currencyCode: 'gbp',
	billingContact: { givenName: 'Ada' },
};

/** The focused element (of the test's document). */
const focused = () => document.body.ownerDocument.activeElement;

const settle = async () => {
	for ( let i = 0; i < 20; i++ ) {
		await Promise.resolve();
	}
};

/**
 * verifyBuyer's dependencies, with a main frame that answers `answer`.
 *
 * @param answer What REQUEST_VERIFICATION answers.
 */
function deps( answer: unknown ) {
	const request = jest.fn( async () => answer );
	return {
		request,
		deps: {
			win: window,
			assetOrigin: ORIGIN,
			assetBase: BASE,
			applicationId: 'sandbox-sq0idb-abcdefghijklmnop',
			locationId: 'L1',
			locale: () => 'en-GB' as const,
			report: jest.fn(),
			session: async () => ( {} ),
			mainChannel: () => ( { request } ) as unknown as Channel,
		},
	};
}

const CHALLENGE = { challenge: { id: 'chal_1', timeout_ms: 60_000 } };

/**
 * Starts a challenged verifyBuyer from a focused "Pay" button and plays its frame.
 *
 * @param handlers Frame handlers.
 * @param ready    Whether the frame loads.
 */
async function challenged(
	handlers: Record< string, ( p: unknown ) => unknown > = {},
	ready = true
) {
	const pay = document.createElement( 'button' );
	pay.textContent = 'Pay';
	document.body.appendChild( pay );
	pay.focus();
	const d = deps( CHALLENGE );
	const result = verifyBuyer( d.deps, 'cnon:sca', DETAILS );
	result.catch( () => {} );
	await settle();
	const frame = await fakeFrame( handlers, ready );
	await settle();
	const end = ( payload: unknown ) =>
		frame.deliver( {
			kind: 'event',
			type: MESSAGE.CHALLENGE_RESULT,
			payload,
		} );
	return { result, frame, end, pay, request: d.request };
}

beforeEach( () => {
	document.body.innerHTML = '<main id="shop">Shop</main>';
} );
afterEach( () => {
	jest.useRealTimers();
	jest.restoreAllMocks();
} );

describe( 'verifyBuyer', () => {
	it( 'resolves a frictionless verification at once, without a dialog', async () => {
		const d = deps( { token: 'verf:1', userChallenged: false } );
		await expect(
			verifyBuyer( d.deps, 'cnon:ok', DETAILS )
		).resolves.toEqual( { token: 'verf:1', userChallenged: false } );
		expect( d.request ).toHaveBeenCalledWith(
			MESSAGE.REQUEST_VERIFICATION,
			{
				source: 'cnon:ok',
				details: { ...DETAILS, amount: '1.00', currencyCode: 'GBP' },
				locationId: 'L1',
				applicationId: 'sandbox-sq0idb-abcdefghijklmnop',
			}
		);
		expect( document.querySelector( '[role=dialog]' ) ).toBeNull();
	} );

	it( 'checks before asking and rejects with VerifyBuyerError', async () => {
		const d = deps( {} );
		await expect(
			verifyBuyer( d.deps, '', DETAILS )
		).rejects.toMatchObject( { name: 'VerifyBuyerError' } );
		expect( d.request ).not.toHaveBeenCalled();
	} );

	it( 'shows the challenge in a labelled modal dialog from the provider, and resolves with userChallenged on the right code', async () => {
		const starts: unknown[] = [];
		const { result, end, pay, frame } = await challenged( {
			[ MESSAGE.START_CHALLENGE ]: ( p ) => starts.push( p ),
		} );
		const dialog = document.querySelector( '[role=dialog]' )!;
		expect( dialog.getAttribute( 'aria-modal' ) ).toBe( 'true' );
		expect( dialog.getAttribute( 'aria-label' ) ).toBe( CHALLENGE_LABEL );
		expect( frame.iframe.src ).toMatch(
			new RegExp( `^${ BASE }frames/challenge\\.html#channel=` )
		);
		expect( frame.iframe.title ).toBe( CHALLENGE_LABEL );
		expect( dialog.contains( frame.iframe ) ).toBe( true );
		// Focus is in the dialog (the frame), the page behind is hidden from assistive tech.
		expect( focused() ).toBe( frame.iframe );
		expect(
			document.getElementById( 'shop' )!.getAttribute( 'aria-hidden' )
		).toBe( 'true' );
		expect( starts ).toEqual( [
			{ challengeId: 'chal_1', locale: 'en-GB' },
		] );
		end( { outcome: 'verified', token: 'verf:2', userChallenged: true } );
		await expect( result ).resolves.toEqual( {
			token: 'verf:2',
			userChallenged: true,
		} );
		expect( document.querySelector( '[role=dialog]' ) ).toBeNull();
		expect( focused() ).toBe( pay );
		expect(
			document.getElementById( 'shop' )!.hasAttribute( 'aria-hidden' )
		).toBe( false );
	} );

	it( 'keeps Tab in the dialog: the sentinels around the frame send focus back into it', async () => {
		const { frame, end, result } = await challenged();
		const sentinels = document.querySelectorAll< HTMLElement >(
			'[role=dialog] [tabindex="0"]'
		);
		expect( sentinels ).toHaveLength( 2 );
		for ( const sentinel of Array.from( sentinels ) ) {
			document.body.focus();
			sentinel.focus();
			expect( focused() ).toBe( frame.iframe );
		}
		end( { outcome: 'canceled', message: 'x' } );
		await expect( result ).rejects.toThrow();
	} );

	it( 'rejects a wrong code with VerifyBuyerError and closes the dialog', async () => {
		const { result, end, pay } = await challenged();
		end( {
			outcome: 'failed',
			message: 'The verification code is not correct.',
		} );
		await expect( result ).rejects.toMatchObject( {
			name: 'VerifyBuyerError',
			message: CHALLENGE_MESSAGES.failed,
			errors: [
				{
					type: 'VERIFICATION_ERROR',
					message: CHALLENGE_MESSAGES.failed,
				},
			],
		} );
		expect( document.querySelector( '[role=dialog]' ) ).toBeNull();
		expect( focused() ).toBe( pay );
	} );

	it( 'cancels on Escape: asks the frame to tell the provider, then rejects', async () => {
		const { result, end, frame } = await challenged();
		document.dispatchEvent(
			new KeyboardEvent( 'keydown', { key: 'Escape', bubbles: true } )
		);
		expect(
			frame.posted.filter( ( e ) => e.type === MESSAGE.CANCEL_CHALLENGE )
		).toHaveLength( 1 );
		// Still open until the frame answers.
		expect( document.querySelector( '[role=dialog]' ) ).not.toBeNull();
		end( { outcome: 'canceled', message: 'x' } );
		await expect( result ).rejects.toMatchObject( {
			name: 'VerifyBuyerError',
			message: CHALLENGE_MESSAGES.canceled,
		} );
		expect( document.querySelector( '[role=dialog]' ) ).toBeNull();
	} );

	it( 'closes a canceled challenge whose frame does not answer', async () => {
		const { result } = await challenged();
		jest.useFakeTimers();
		document.dispatchEvent(
			new KeyboardEvent( 'keydown', { key: 'Escape', bubbles: true } )
		);
		jest.advanceTimersByTime( CANCEL_GRACE_MS );
		await expect( result ).rejects.toMatchObject( {
			message: CHALLENGE_MESSAGES.canceled,
		} );
		expect( document.querySelector( '[role=dialog]' ) ).toBeNull();
	} );

	it( 'times out after the time the provider gives', async () => {
		jest.useFakeTimers();
		const { result } = await challenged();
		jest.advanceTimersByTime( 59_999 );
		await settle();
		expect( document.querySelector( '[role=dialog]' ) ).not.toBeNull();
		jest.advanceTimersByTime( 1 );
		await expect( result ).rejects.toMatchObject( {
			name: 'VerifyBuyerError',
			message: CHALLENGE_MESSAGES.timeout,
		} );
		expect( document.querySelector( '[role=dialog]' ) ).toBeNull();
	} );

	it( 'rejects when the challenge frame never loads', async () => {
		jest.useFakeTimers();
		const { result } = await challenged( {}, false );
		jest.advanceTimersByTime( 10_000 );
		await expect( result ).rejects.toMatchObject( {
			name: 'VerifyBuyerError',
			message: 'The verification frame did not load.',
		} );
		expect( document.querySelector( '[role=dialog]' ) ).toBeNull();
	} );
} );
