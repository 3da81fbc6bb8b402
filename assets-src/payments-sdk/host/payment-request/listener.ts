/**
 * Calling a payment request listener (spec §8 "Events", §9): it may answer at once or with a
 * promise; it has 30 s to settle; a throw or a rejection is wrapped in
 * InvalidEventListenerCallbackError, a time-out gives the spec's time-out text.
 */
import { EVENT_LISTENER_TIMEOUT_MS } from '../../protocol';
import type { SdkContext } from '../context';
import {
	type InvalidEventListenerCallbackError,
	listenerTimedOut,
} from '../errors';
import { listenerError } from '../events';

/** Timers, injectable for tests (SdkContext.timers). */
export type Timers = NonNullable< SdkContext[ 'timers' ] >;

/** The page's own timers. */
const DEFAULT_TIMERS: Timers = {
	setTimer: ( fn, ms ) => setTimeout( fn, ms ),
	clearTimer: ( handle ) => clearTimeout( handle as number ),
};

/** The listener's answer, or why there is none. */
type ListenerOutcome =
	| { ok: true; value: unknown }
	| { ok: false; error: InvalidEventListenerCallbackError };

/**
 * Calls a listener and waits at most 30 s for its answer.
 *
 * @param event    Event name (for the error texts).
 * @param listener The merchant's callback.
 * @param arg      Its argument.
 * @param timers   Timers (the page's own unless a test gives others).
 */
export async function callListener(
	event: string,
	listener: ( arg: unknown ) => unknown,
	arg: unknown,
	timers: Timers = DEFAULT_TIMERS
): Promise< ListenerOutcome > {
	const wrap = ( error: unknown ): ListenerOutcome => ( {
		ok: false,
		error: listenerError( event, error ),
	} );
	let answer: unknown;
	try {
		answer = listener( arg );
	} catch ( error ) {
		return wrap( error );
	}
	let timer: unknown;
	const timeout = new Promise< ListenerOutcome >( ( resolve ) => {
		timer = timers.setTimer(
			() => resolve( { ok: false, error: listenerTimedOut( event ) } ),
			EVENT_LISTENER_TIMEOUT_MS
		);
	} );
	const settled = Promise.resolve( answer ).then(
		( value ): ListenerOutcome => ( { ok: true, value } ),
		wrap
	);
	try {
		return await Promise.race( [ settled, timeout ] );
	} finally {
		timers.clearTimer( timer );
	}
}
