/**
 * One iframe from the provider host and its channel (API §15): exact target origin on every
 * post, origin and source checked on receipt, a random channel id per element instance.
 */
import {
	Channel,
	ChannelError,
	FRAME_LOAD_TIMEOUT_MS,
	MESSAGE,
	type ChannelOptions,
} from '../protocol';

/** Random id from crypto. */
export function randomId(): string {
	const bytes = new Uint8Array( 12 );
	crypto.getRandomValues( bytes );
	return Array.from( bytes, ( b ) =>
		b.toString( 16 ).padStart( 2, '0' )
	).join( '' );
}

/** A frame and its channel. */
export class FrameLink {
	readonly iframe: HTMLIFrameElement;
	readonly channel: Channel;
	readonly ready: Promise< void >;
	private readonly onMessage: ( e: MessageEvent ) => void;
	private readonly setTimer: ( fn: () => void, ms: number ) => unknown;
	private readonly clearTimer: ( h: unknown ) => void;

	/**
	 * @param win         Host window.
	 * @param assetOrigin Provider origin, e.g. "http://127.0.0.1:8890".
	 * @param url         Frame URL (without hash).
	 * @param report      Problems to report.
	 * @param options     Channel options for tests.
	 */
	constructor(
		private readonly win: Window,
		private readonly assetOrigin: string,
		url: string,
		report: ( problem: string ) => void,
		options: Partial< ChannelOptions > = {}
	) {
		const id = randomId();
		this.setTimer =
			options.setTimer ??
			( ( fn: () => void, ms: number ) => setTimeout( fn, ms ) );
		this.clearTimer =
			options.clearTimer ??
			( ( h: unknown ) => clearTimeout( h as number ) );
		this.iframe = win.document.createElement( 'iframe' );
		this.iframe.src = `${ url }#channel=${ id }&origin=${ encodeURIComponent(
			win.location.origin
		) }`;
		this.iframe.setAttribute( 'allowtransparency', 'true' );
		this.iframe.setAttribute( 'scrolling', 'no' );
		this.iframe.style.border = '0';
		this.iframe.style.width = '100%';
		this.iframe.style.display = 'block';
		this.channel = new Channel( {
			channel: id,
			post: ( envelope ) =>
				this.iframe.contentWindow?.postMessage( envelope, assetOrigin ),
			report,
			...options,
		} );
		this.ready = new Promise< void >( ( resolve ) =>
			this.channel.handle( MESSAGE.FRAME_READY, () => resolve() )
		);
		this.onMessage = ( e: MessageEvent ) => {
			if (
				e.origin === this.assetOrigin &&
				e.source === this.iframe.contentWindow
			) {
				this.channel.receive( e.data );
			}
		};
		win.addEventListener( 'message', this.onMessage );
	}

	/**
	 * Resolves once the frame announces itself; rejects with a TIMEOUT ChannelError
	 * "<label> did not load." when it has not within `ms` (element and main frames alike).
	 *
	 * @param label Subject of the message, e.g. "The frame".
	 * @param ms    Time allowed (default FRAME_LOAD_TIMEOUT_MS, 10 s).
	 */
	readyWithin( label: string, ms = FRAME_LOAD_TIMEOUT_MS ): Promise< void > {
		let timer: unknown;
		return Promise.race( [
			this.ready,
			new Promise< never >( ( _, reject ) => {
				timer = this.setTimer(
					() =>
						reject(
							new ChannelError(
								'TIMEOUT',
								`${ label } did not load.`
							)
						),
					ms
				);
			} ),
		] ).finally( () => this.clearTimer( timer ) );
	}

	/** Stops listening; the iframe is removed by its owner. */
	close(): void {
		this.win.removeEventListener( 'message', this.onMessage );
		this.channel.close();
	}
}
