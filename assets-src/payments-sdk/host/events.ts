/**
 * Public events of a payment method object (API §12.7; spec §8 "Events"): the listener checks
 * (invalid event, listener not a function) and the dispatch that wraps a throwing listener.
 */
import { InvalidEventListenerCallbackError } from './errors';
import type { SqEvent } from './types';

/** A public event listener (API §12.7). */
export type Listener = ( event: SqEvent< unknown > ) => void;

/**
 * Refuses an event name the object does not have or a listener that is not a function
 * (spec §8 "invalid listener callback; missing listener; invalid event").
 *
 * @param events   Event names of the object.
 * @param type     Event name given.
 * @param listener Listener given.
 */
export function checkListener(
	events: readonly string[],
	type: string,
	listener: unknown
): void {
	if ( ! events.includes( type ) ) {
		throw new InvalidEventListenerCallbackError(
			type,
			`'${ type }' is not a valid event. Valid events: ${ events.join( ', ' ) }.`
		);
	}
	if ( typeof listener !== 'function' ) {
		throw new InvalidEventListenerCallbackError(
			type,
			'the listener is not a function.'
		);
	}
}

/**
 * A merchant listener's throw or rejection as the SDK reports it (spec §8 "listener exceptions
 * wrapped"): InvalidEventListenerCallbackError with the original message.
 *
 * @param type  Event name.
 * @param error What the listener threw or rejected with.
 */
export function listenerError(
	type: string,
	error: unknown
): InvalidEventListenerCallbackError {
	return new InvalidEventListenerCallbackError(
		type,
		( error as Error )?.message ?? String( error )
	);
}

/**
 * A listener's failure is reported and thrown again outside the SDK's stack, so the page's
 * console shows it while the SDK carries on (spec §8 "listener exceptions wrapped").
 *
 * @param error  The wrapped failure.
 * @param report Error reporting of the payments instance.
 */
export function surfaceListenerError(
	error: Error,
	report: ( message: string ) => void
): void {
	report( error.message );
	setTimeout( () => {
		throw error;
	} );
}

/** Listeners by event name; a duplicate (type, function) pair is kept once (API §12.7). */
export class MethodEvents {
	private readonly listeners = new Map< string, Set< Listener > >();

	/**
	 * @param events Event names of the object.
	 * @param report Error reporting of the payments instance.
	 */
	constructor(
		private readonly events: readonly string[],
		private readonly report: ( message: string ) => void
	) {}

	/**
	 * @param type     Event name.
	 * @param listener Callback.
	 */
	add( type: string, listener: Listener ): void {
		checkListener( this.events, type, listener );
		const set = this.listeners.get( type ) ?? new Set();
		set.add( listener );
		this.listeners.set( type, set );
	}

	/**
	 * @param type     Event name.
	 * @param listener Callback.
	 */
	remove( type: string, listener: Listener ): void {
		checkListener( this.events, type, listener );
		this.listeners.get( type )?.delete( listener );
	}

	/**
	 * Calls every listener with a frozen event. A listener that throws does not stop the
	 * others: its error is wrapped, reported and rethrown outside the SDK's stack.
	 *
	 * @param type   Event name.
	 * @param detail Event detail.
	 */
	dispatch( type: string, detail: unknown ): void {
		const event: SqEvent< unknown > = Object.freeze( { type, detail } );
		for ( const listener of [ ...( this.listeners.get( type ) ?? [] ) ] ) {
			try {
				listener( event );
			} catch ( error ) {
				surfaceListenerError(
					listenerError( type, error ),
					this.report
				);
			}
		}
	}
}
