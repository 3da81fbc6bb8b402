/**
 * The frame's side of the channel: the host origin comes from the URL (set by the host's
 * FrameLink); messages are accepted only from the parent window and that exact origin, and
 * posted only to it (API §15).
 */
import {
	Channel,
	MESSAGE,
	providerErrors,
	requestJson,
	type FetchLike,
	type TransportDeps,
} from '../protocol';

/**
 * Channel to the host page.
 * @param win
 */
export function connectToHost( win: Window ): {
	channel: Channel;
	hostOrigin: string;
} {
	const params = new URLSearchParams( win.location.hash.slice( 1 ) );
	const hostOrigin = params.get( 'origin' ) ?? '';
	const id = params.get( 'channel' ) ?? '';
	if ( ! /^https?:\/\/[^/]+$/.test( hostOrigin ) || ! id ) {
		throw new Error( 'The frame was opened without a valid channel.' );
	}
	const channel = new Channel( {
		channel: id,
		post: ( envelope ) => win.parent.postMessage( envelope, hostOrigin ),
	} );
	win.addEventListener( 'message', ( e: MessageEvent ) => {
		if ( e.source === win.parent && e.origin === hostOrigin ) {
			channel.receive( e.data );
		}
	} );
	return { channel, hostOrigin };
}

/**
 * Announces that the frame listens.
 * @param channel
 */
export function announceReady( channel: Channel ): void {
	channel.emit( MESSAGE.FRAME_READY );
}

/**
 * Transport towards the provider (this frame's own origin) only.
 *
 * @param win Frame window.
 */
export function providerTransport( win: Window ): {
	post: < T >(
		path: string,
		body: unknown,
		options?: { attempts?: number }
	) => Promise< T >;
} {
	const deps: TransportDeps = {
		fetch: ( ( url, init ) =>
			win.fetch( url, init as RequestInit ) ) as FetchLike,
		abortController: () => new AbortController(),
	};
	return {
		post: ( path, body, options ) =>
			requestJson(
				deps,
				`${ win.location.origin }${ path }`,
				body,
				options
			),
	};
}

/**
 * An error that reaches the host as TokenizationError with sub-errors.
 *
 * @param errors Sub-errors.
 */
export function tokenizationError(
	errors: Array< { type: string; message: string; field?: string } >
): Error {
	const e = new Error(
		errors.map( ( x ) => x.message ).join( ' ' )
	) as Error & {
		errors: unknown[];
	};
	e.name = 'TokenizationError';
	e.errors = errors;
	return e;
}

/**
 * Why a provider request failed, as the buyer or the host sees it: the detail of the provider's
 * first error, else the transport's own message (network, time-out).
 *
 * @param error What the transport threw.
 */
export function refusalDetail( error: unknown ): string {
	return providerErrors( error )?.[ 0 ]?.detail ?? ( error as Error ).message;
}

/**
 * A provider refusal as an Error the host shows (its detail).
 *
 * @param error What the transport threw.
 */
export function providerRefusal( error: unknown ): Error {
	return new Error( refusalDetail( error ) );
}
