/**
 * Request/reply channel over envelopes (spec §7: a reply is expected within 10 s; §8 messenger
 * errors). Pure: the caller supplies `post` and feeds received envelopes to `receive` after its
 * own origin and source checks; timers are injectable for tests.
 */
import { ACK_TIMEOUT_MS } from './constants';
import {
	ENVELOPE_MARK,
	MESSAGE_TYPES,
	isEnvelope,
	serializeError,
	type Envelope,
	type SerializedError,
} from './messages';

/** What went wrong in the channel itself. */
export class ChannelError extends Error {
	/**
	 * @param code    TIMEOUT, MISSING_LISTENER, UNKNOWN_MESSAGE_TYPE or CLOSED.
	 * @param message Text.
	 */
	constructor(
		readonly code:
			'TIMEOUT' | 'MISSING_LISTENER' | 'UNKNOWN_MESSAGE_TYPE' | 'CLOSED',
		message: string
	) {
		super( message );
		this.name = 'ChannelError';
	}
}

/** An error received from the other side. */
export class RemoteError extends Error {
	readonly errors: Array< Record< string, unknown > >;

	/** @param serialized Serialized error. */
	constructor( readonly serialized: SerializedError ) {
		super( serialized.message );
		this.name = serialized.name;
		this.errors = serialized.errors ?? [];
	}

	/** Whether monitoring may hear of it (spec §8: network errors are not reported). */
	get reportable(): boolean {
		return this.serialized.reportable !== false;
	}
}

/**
 * Whether a failure may go to error reporting (spec §8 "Transport": network errors are not
 * reported), also when it crossed from a frame.
 *
 * @param error Anything thrown.
 */
export function isReportable( error: unknown ): boolean {
	return ( error as { reportable?: unknown } )?.reportable !== false;
}

type Handler = ( payload: unknown ) => unknown;

/** Options of a channel. */
export interface ChannelOptions {
	channel: string;
	post: ( envelope: Envelope ) => void;
	/** Problems to report (missing listener, unknown message type). */
	report?: ( problem: string ) => void;
	setTimer?: ( fn: () => void, ms: number ) => unknown;
	clearTimer?: ( handle: unknown ) => void;
	ackTimeoutMs?: number;
	/** Random id source (tests). */
	randomId?: () => string;
}

interface Pending {
	resolve: ( v: unknown ) => void;
	reject: ( e: Error ) => void;
	timer: unknown;
	replyTimeoutMs: number;
	type: string;
}

let counter = 0;

/** One channel per element instance. */
export class Channel {
	private readonly handlers = new Map< string, Handler >();
	private readonly pending = new Map< string, Pending >();
	private closed = false;
	private readonly o: Required< ChannelOptions >;

	/** @param options Options. */
	constructor( options: ChannelOptions ) {
		this.o = {
			report: () => {},
			setTimer: ( fn, ms ) => setTimeout( fn, ms ),
			clearTimer: ( h ) => clearTimeout( h as number ),
			ackTimeoutMs: ACK_TIMEOUT_MS,
			randomId: () =>
				`${ Date.now().toString( 36 ) }-${ ( ++counter ).toString(
					36
				) }-${ Math.random().toString( 36 ).slice( 2, 8 ) }`,
			...options,
		};
	}

	/**
	 * Registers the handler of a request type or one-way event type.
	 *
	 * @param type    Message type.
	 * @param handler Returns the reply payload (or a promise of it).
	 */
	handle( type: string, handler: Handler ): void {
		this.handlers.set( type, handler );
	}

	/**
	 * Sends a request; resolves with the reply payload. Rejects with ChannelError TIMEOUT when
	 * no ack arrives within the ack time-out, or no reply within `replyTimeoutMs` after the ack.
	 *
	 * @param type           Message type.
	 * @param payload        Payload.
	 * @param replyTimeoutMs Time allowed for the reply after the ack.
	 */
	request< T = unknown >(
		type: string,
		payload?: unknown,
		replyTimeoutMs = 60_000
	): Promise< T > {
		if ( this.closed ) {
			return Promise.reject(
				new ChannelError( 'CLOSED', 'The channel is closed.' )
			);
		}
		const id = this.o.randomId();
		return new Promise< T >( ( resolve, reject ) => {
			const timer = this.o.setTimer(
				() => this.timeout( id, 'acknowledgement' ),
				this.o.ackTimeoutMs
			);
			this.pending.set( id, {
				resolve: resolve as ( v: unknown ) => void,
				reject,
				timer,
				replyTimeoutMs,
				type,
			} );
			this.send( { id, kind: 'request', type, payload } );
		} );
	}

	/**
	 * Sends a one-way event.
	 *
	 * @param type    Message type.
	 * @param payload Payload.
	 */
	emit( type: string, payload?: unknown ): void {
		if ( ! this.closed ) {
			this.send( {
				id: this.o.randomId(),
				kind: 'event',
				type,
				payload,
			} );
		}
	}

	/**
	 * Feeds a received message (already checked for origin and source by the caller).
	 *
	 * @param data postMessage data.
	 * @return Whether it was an envelope of this channel.
	 */
	receive( data: unknown ): boolean {
		if ( ! isEnvelope( data ) || data.channel !== this.o.channel ) {
			return false;
		}
		if ( this.closed ) {
			return true;
		}
		if ( data.kind === 'ack' || data.kind === 'reply' ) {
			this.settle( data );
			return true;
		}
		if ( ! MESSAGE_TYPES.has( data.type ) ) {
			this.o.report( `undefined message type: ${ data.type }` );
			if ( data.kind === 'request' ) {
				this.replyError(
					data,
					new ChannelError(
						'UNKNOWN_MESSAGE_TYPE',
						`Undefined message type: ${ data.type }`
					)
				);
			}
			return true;
		}
		const handler = this.handlers.get( data.type );
		if ( ! handler ) {
			this.o.report( `missing listener: ${ data.type }` );
			if ( data.kind === 'request' ) {
				this.replyError(
					data,
					new ChannelError(
						'MISSING_LISTENER',
						`No listener for ${ data.type }`
					)
				);
			}
			return true;
		}
		if ( data.kind === 'event' ) {
			handler( data.payload );
			return true;
		}
		this.send( { id: data.id, kind: 'ack', type: data.type } );
		Promise.resolve()
			.then( () => handler( data.payload ) )
			.then(
				( payload ) =>
					this.send( {
						id: data.id,
						kind: 'reply',
						type: data.type,
						payload,
					} ),
				( error ) => this.replyError( data, error )
			);
		return true;
	}

	/** Rejects everything pending and ignores further traffic. */
	close(): void {
		this.closed = true;
		for ( const [ id, p ] of this.pending ) {
			this.o.clearTimer( p.timer );
			this.pending.delete( id );
			p.reject( new ChannelError( 'CLOSED', 'The channel is closed.' ) );
		}
	}

	private replyError( data: Envelope, error: unknown ): void {
		this.send( {
			id: data.id,
			kind: 'reply',
			type: data.type,
			error: serializeError( error ),
		} );
	}

	private settle( data: Envelope ): void {
		const p = this.pending.get( data.id );
		if ( ! p ) {
			return;
		}
		this.o.clearTimer( p.timer );
		if ( data.kind === 'ack' ) {
			p.timer = this.o.setTimer(
				() => this.timeout( data.id, 'reply' ),
				p.replyTimeoutMs
			);
			return;
		}
		this.pending.delete( data.id );
		if ( data.error ) {
			p.reject( new RemoteError( data.error ) );
		} else {
			p.resolve( data.payload );
		}
	}

	private timeout( id: string, what: string ): void {
		const p = this.pending.get( id );
		if ( ! p ) {
			return;
		}
		this.pending.delete( id );
		p.reject(
			new ChannelError(
				'TIMEOUT',
				`No ${ what } for ${ p.type } within the time-out.`
			)
		);
	}

	private send( e: Omit< Envelope, 'mark' | 'channel' > ): void {
		this.o.post( { mark: ENVELOPE_MARK, channel: this.o.channel, ...e } );
	}
}
