/**
 * Stand-in for Plaid's `link-initialize.js` (wave 2 design A.4), our own code from Plaid's
 * public docs, typed against the published Link surface (`@types/plaid-link`), served by the sandbox
 * under the asset origin. `Plaid.create(config)` gives a handler whose `open()` shows Link, a
 * page of the vendor origin in a full-screen iframe titled "Plaid Link"; that page drives the
 * flow and reports Plaid's events, success and exit, which this script hands to the config's
 * callbacks. Only a link token the sandbox issued opens Link (else INVALID_LINK_TOKEN on exit).
 */
import type { Plaid } from 'plaid-link';
import type { ExitMetadata, FromLink } from './messages';

/** What `window.Plaid` is (the published typings' global). */
type PlaidStatic = Window[ 'Plaid' ];

interface StandInWindow extends Window {
	__kfVendorOrigin?: string;
}

const win = self as unknown as StandInWindow;
const VENDOR = win.__kfVendorOrigin ?? '';

const FRAME_STYLE = [
	'position:fixed',
	'inset:0',
	'width:100%',
	'height:100%',
	'border:0',
	'z-index:2147483647',
	'background:transparent',
].join( ';' );

/**
 * Plaid.create(config).
 *
 * @param config Link configuration.
 */
function create( config: Plaid.CreateConfig ): Plaid.LinkHandler {
	if ( ! config || typeof config.onSuccess !== 'function' ) {
		throw new TypeError( 'Plaid.create: onSuccess is required.' );
	}
	let frame: HTMLIFrameElement | null = null;
	let destroyed = false;
	// What had focus when Link opened gets it back when Link goes (as Plaid's modal does).
	let opener: HTMLElement | null = null;
	const close = () => {
		win.removeEventListener( 'message', onMessage );
		const wasOpen = frame !== null;
		frame?.remove();
		frame = null;
		if ( wasOpen && opener?.isConnected ) {
			opener.focus( { preventScroll: true } );
		}
		opener = null;
	};
	const onMessage = ( e: MessageEvent ) => {
		const m = e.data as FromLink | undefined;
		if (
			! frame ||
			e.origin !== VENDOR ||
			e.source !== frame.contentWindow ||
			! m ||
			m.kfPlaid !== true
		) {
			return;
		}
		if ( m.type === 'event' ) {
			// Plaid's own typings are stricter than what Link sends (messages.d.ts).
			config.onEvent?.( m.name, m.metadata as Plaid.OnEventMetaData );
		} else if ( m.type === 'success' ) {
			close();
			config.onSuccess( m.publicToken, m.metadata );
		} else if ( m.type === 'exit' ) {
			close();
			config.onExit?.( m.error, m.metadata as Plaid.OnExitMetaData );
		}
	};
	// Link's script is ready at once here; Plaid calls onLoad when Link can open.
	setTimeout( () => {
		if ( ! destroyed ) {
			config.onLoad?.();
		}
	} );
	return {
		open( institutionId?: string ) {
			if ( destroyed || frame ) {
				return;
			}
			frame = document.createElement( 'iframe' );
			frame.title = 'Plaid Link';
			frame.setAttribute( 'style', FRAME_STYLE );
			const params = new URLSearchParams( {
				token: config.token ?? '',
				origin: win.location.origin,
				...( institutionId ? { institution: institutionId } : {} ),
			} );
			frame.src = `${ VENDOR }/plaid/link#${ params }`;
			const active = frame.ownerDocument.activeElement;
			opener = active instanceof HTMLElement ? active : null;
			win.addEventListener( 'message', onMessage );
			document.body.appendChild( frame );
			// Keyboard and screen-reader users land in Link at once.
			frame.focus();
			frame.addEventListener( 'load', () => frame?.focus(), {
				once: true,
			} );
		},
		exit( options?: { force: boolean } ) {
			if ( ! frame ) {
				return;
			}
			void options;
			close();
			const metadata: ExitMetadata = {
				institution: null,
				status: null,
				link_session_id: '',
				request_id: '',
			};
			config.onExit?.( null, metadata as Plaid.OnExitMetaData );
		},
		destroy() {
			destroyed = true;
			close();
		},
	};
}

const plaid: PlaidStatic = { create, version: '2.0.0-kestrel-sandbox' };
win.Plaid = plaid;
