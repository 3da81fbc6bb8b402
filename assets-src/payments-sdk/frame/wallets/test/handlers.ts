/**
 * The main frame's wallet handlers under test: registers them on a fake channel with a mocked
 * provider transport and gives a way to call one by message type.
 */
import type { MainFrameState } from '../types';

/**
 * @param register What registers the handlers (registerGooglePay, registerAch, …).
 * @param post     The provider transport's post (a jest mock).
 * @param init     What INITIALIZE said.
 */
export function mainFrameHandlers(
	register: ( state: MainFrameState ) => void,
	post: jest.Mock,
	init: Record< string, unknown >
) {
	const handlers = new Map< string, ( p: unknown ) => unknown >();
	const state = {
		channel: {
			handle: ( type: string, fn: ( p: unknown ) => unknown ) =>
				handlers.set( type, fn ),
		},
		provider: { post },
		hostOrigin: 'https://merchant.test',
		sessionId: () => 'sess-1',
		init: () => init,
	} as unknown as MainFrameState;
	register( state );
	return ( type: string, payload?: unknown ) =>
		handlers.get( type )!( payload );
}
