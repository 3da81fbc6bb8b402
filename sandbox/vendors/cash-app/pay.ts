/**
 * Stand-in for Cash App's Pay Kit (`https://kit.cash.app/v1/pay.js`; wave 2 design A.5), our own
 * code from Cash App's public Pay Kit docs, typed by the same Pay Kit types the SDK uses. It
 * defines `window.CashApp.pay({clientId})` → {render, customerRequest, addEventListener,
 * restart}. Customer requests live on the vendor origin (the sandbox's cash-app area).
 *
 * - Desktop: `begin()` (needs user activation) opens a modal (role dialog "Cash App Pay") with
 *   "Scan the QR Code to check out", the QR picture and a `cap-qr-link` link to the approval
 *   page (a second page stands in for the phone); it polls the request and reports the outcome.
 *   Closing the modal reports CUSTOMER_DISMISSED.
 * - Mobile (user agent or userAgentData.mobile): `begin()` navigates the page to the approval
 *   page, which returns to `redirectURL?cash_request_id=…`; there `CashApp.pay()` reports the
 *   outcome to listeners added right after it — once: the vendor hands an outcome out only
 *   once, so reloading the return URL reports nothing again.
 */
import type {
	PayKit,
	PayKitButtonOptions,
	PayKitCustomerRequest,
	PayKitEventName,
	PayKitEvents,
	PayKitGlobal,
	PayKitRequestHandle,
} from '../../../assets-src/payments-sdk/host/methods/cash-app-pay/pay-kit';

interface StandInWindow extends Window {
	__kfVendorOrigin?: string;
	CashApp?: PayKitGlobal;
}

interface Outcome {
	id: string;
	status: 'PENDING' | 'APPROVED' | 'DECLINED' | 'FAILED' | 'EXPIRED';
	referenceId?: string | null;
	customerProfile?: { id: string; cashtag: string };
	grants?: { payment?: { grantId: string; expiresAt?: string } };
	first?: boolean;
}

interface CreatedRequest {
	id: string;
	approvalUrl: string;
	qrUrl: string;
	expiresAt: string;
}

const win = self as unknown as StandInWindow;
const VENDOR = win.__kfVendorOrigin ?? '';
const POLL_MS = 500;

/** Whether this is a phone or tablet (Pay Kit's redirect branch). */
function isMobile(): boolean {
	const nav = navigator as Navigator & {
		userAgentData?: { mobile?: boolean };
	};
	return (
		Boolean( nav.userAgentData?.mobile ) ||
		/iPhone|iPad|iPod|Android/i.test( nav.userAgent )
	);
}

/**
 * JSON from the vendor origin.
 *
 * @param path   Path.
 * @param method Method.
 * @param body   Body.
 */
async function vendor< T >(
	path: string,
	method = 'GET',
	body?: unknown
): Promise< T > {
	const r = await fetch( `${ VENDOR }${ path }`, {
		method,
		headers: body ? { 'Content-Type': 'application/json' } : undefined,
		body: body ? JSON.stringify( body ) : undefined,
	} );
	const data = ( await r.json() ) as T & { message?: string };
	if ( ! r.ok ) {
		throw new Error( data.message ?? `Pay Kit: ${ r.status }` );
	}
	return data;
}

/** Pay Kit's logo mark (a plain square with a dollar sign). */
const LOGO =
	'<svg aria-hidden="true" width="20" height="20" viewBox="0 0 20 20"><rect width="20" height="20" rx="5" fill="#00d64f"/><text x="10" y="15" font-size="14" font-family="Arial" font-weight="700" fill="#fff" text-anchor="middle">$</text></svg>';

class StandInPay implements PayKit {
	private readonly listeners = new Map<
		PayKitEventName,
		Set< ( data: never ) => void >
	>();
	private current: {
		created: CreatedRequest;
		request: PayKitCustomerRequest;
	} | null = null;
	private interacted = false;
	private modal: HTMLElement | null = null;
	private opener: HTMLElement | null = null;
	private polling = 0;

	constructor( private readonly clientId: string ) {}

	addEventListener< K extends PayKitEventName >(
		type: K,
		listener: ( data: PayKitEvents[ K ] ) => void
	): void {
		const set = this.listeners.get( type ) ?? new Set();
		set.add( listener as ( data: never ) => void );
		this.listeners.set( type, set );
	}

	private emit< K extends PayKitEventName >(
		type: K,
		data: PayKitEvents[ K ]
	): void {
		for ( const l of [ ...( this.listeners.get( type ) ?? [] ) ] ) {
			( l as ( d: PayKitEvents[ K ] ) => void )( data );
		}
	}

	async customerRequest(
		request: PayKitCustomerRequest
	): Promise< PayKitRequestHandle > {
		const created = await vendor< CreatedRequest >(
			'/cash-app/requests',
			'POST',
			{ clientId: this.clientId, request }
		);
		this.current = { created, request };
		this.interacted = false;
		return {
			expiresAt: created.expiresAt,
			update: async ( changes ) => {
				// Only before the customer interacts (Pay Kit docs).
				if ( this.interacted || ! this.current ) {
					return false;
				}
				await this.customerRequest( {
					...this.current.request,
					...changes,
				} as PayKitCustomerRequest );
				return true;
			},
		};
	}

	async render(
		target: string | HTMLElement,
		options: { button?: PayKitButtonOptions | false; manage?: boolean }
	): Promise< { begin: () => void } > {
		const el =
			typeof target === 'string'
				? document.querySelector< HTMLElement >( target )
				: target;
		if ( ! el ) {
			throw new Error( 'Pay Kit: render target not found.' );
		}
		const begin = () => this.begin();
		if ( options.button !== false ) {
			const b = options.button ?? {};
			const button = document.createElement( 'button' );
			button.type = 'button';
			button.dataset.testid = 'cap-btn';
			const shape = b.shape ?? 'round';
			const theme = b.theme ?? 'dark';
			const size = b.size ?? 'medium';
			const width = b.width ?? 'static';
			button.className = [
				'cap-btn',
				shape === 'round' ? 'rounded-3xl' : 'rounded-md',
				theme === 'dark' ? 'bg-black' : 'bg-white',
				theme === 'dark' ? 'text-white' : 'text-black',
				size === 'small' ? 'h-8' : 'h-12',
				width === 'full' ? 'w-full' : 'w-auto',
			].join( ' ' );
			button.setAttribute( 'aria-label', 'Cash App Pay' );
			button.innerHTML = `${ LOGO }<span>Cash App Pay</span>`;
			Object.assign( button.style, {
				display: 'inline-flex',
				alignItems: 'center',
				justifyContent: 'center',
				gap: '8px',
				border: theme === 'dark' ? '0' : '1px solid #ccc',
				borderRadius: shape === 'round' ? '24px' : '6px',
				background: theme === 'dark' ? '#000' : '#fff',
				color: theme === 'dark' ? '#fff' : '#000',
				height: size === 'small' ? '32px' : '48px',
				width: width === 'full' ? '100%' : 'auto',
				padding: '0 16px',
				font: '600 15px system-ui, sans-serif',
				cursor: 'pointer',
			} );
			if ( options.manage ) {
				button.addEventListener( 'click', begin );
			}
			el.appendChild( button );
		}
		return { begin };
	}

	/** Starts the buyer's approval (needs the buyer's click). */
	begin(): void {
		const activation = (
			navigator as Navigator & {
				userActivation?: { isActive: boolean };
			}
		 ).userActivation;
		if ( activation && ! activation.isActive ) {
			throw new DOMException(
				'Pay Kit begin() needs a user gesture.',
				'NotAllowedError'
			);
		}
		if ( ! this.current ) {
			throw new Error( 'Pay Kit: no customer request.' );
		}
		this.interacted = true;
		const mobile = isMobile();
		this.emit( 'CUSTOMER_INTERACTION', { isMobile: mobile } );
		const { created } = this.current;
		if ( mobile ) {
			window.location.assign( `${ created.approvalUrl }?return=1` );
			return;
		}
		this.openModal( created );
	}

	private openModal( created: CreatedRequest ): void {
		this.closeModal();
		const overlay = document.createElement( 'div' );
		Object.assign( overlay.style, {
			position: 'fixed',
			inset: '0',
			background: 'rgba(0,0,0,.5)',
			display: 'flex',
			alignItems: 'center',
			justifyContent: 'center',
			zIndex: '2147483000',
		} );
		const dialog = document.createElement( 'div' );
		dialog.setAttribute( 'role', 'dialog' );
		dialog.setAttribute( 'aria-modal', 'true' );
		dialog.setAttribute( 'aria-label', 'Cash App Pay' );
		Object.assign( dialog.style, {
			background: '#fff',
			borderRadius: '16px',
			padding: '24px',
			width: '320px',
			textAlign: 'center',
			font: '15px system-ui, sans-serif',
		} );
		const title = document.createElement( 'h2' );
		title.textContent = 'Cash App Pay';
		const text = document.createElement( 'p' );
		text.textContent = 'Scan the QR Code to check out';
		const img = document.createElement( 'img' );
		img.src = created.qrUrl;
		img.alt = 'QR code';
		img.width = 200;
		img.height = 200;
		const link = document.createElement( 'a' );
		link.href = created.approvalUrl;
		link.target = '_blank';
		link.rel = 'noopener';
		link.dataset.testid = 'cap-qr-link';
		link.textContent = 'Open on this device';
		link.style.display = 'block';
		const close = document.createElement( 'button' );
		close.type = 'button';
		close.textContent = 'Close';
		close.setAttribute( 'aria-label', 'Close' );
		const dismiss = () => {
			this.closeModal();
			this.emit( 'CUSTOMER_DISMISSED', {} );
		};
		close.addEventListener( 'click', dismiss );
		// A modal: Escape dismisses as Close does; Tab and Shift+Tab go round its link and
		// Close, never to the page behind.
		overlay.addEventListener( 'keydown', ( e ) => {
			if ( e.key === 'Escape' ) {
				e.preventDefault();
				dismiss();
				return;
			}
			if ( e.key !== 'Tab' ) {
				return;
			}
			const stops: HTMLElement[] = [ link, close ];
			const at = stops.indexOf(
				overlay.ownerDocument.activeElement as HTMLElement
			);
			e.preventDefault();
			const next = e.shiftKey
				? stops[ at <= 0 ? stops.length - 1 : at - 1 ]
				: stops[ at < 0 || at === stops.length - 1 ? 0 : at + 1 ];
			next.focus();
		} );
		dialog.append( title, text, img, link, close );
		overlay.appendChild( dialog );
		const active = document.body.ownerDocument.activeElement;
		this.opener = active instanceof HTMLElement ? active : null;
		document.body.appendChild( overlay );
		this.modal = overlay;
		close.focus();
		const run = ++this.polling;
		const poll = async (): Promise< void > => {
			if ( run !== this.polling ) {
				return;
			}
			try {
				const o = await vendor< Outcome >(
					`/cash-app/requests/${ created.id }`
				);
				if ( o.status !== 'PENDING' ) {
					this.closeModal();
					await this.deliver( created.id );
					return;
				}
			} catch {
				// Try again.
			}
			window.setTimeout( poll, POLL_MS );
		};
		window.setTimeout( poll, POLL_MS );
	}

	private closeModal(): void {
		this.polling++;
		const wasOpen = this.modal !== null;
		this.modal?.remove();
		this.modal = null;
		// Focus goes back to what opened the modal (the Cash App Pay button).
		if ( wasOpen && this.opener?.isConnected ) {
			this.opener.focus( { preventScroll: true } );
		}
		this.opener = null;
	}

	/**
	 * Reports a request's outcome, if this is the first time it is handed out.
	 *
	 * @param requestId Request id.
	 */
	async deliver( requestId: string ): Promise< void > {
		const o = await vendor< Outcome >(
			`/cash-app/requests/${ encodeURIComponent( requestId ) }/deliver`,
			'POST'
		);
		if ( ! o.first ) {
			return;
		}
		if ( o.status === 'APPROVED' ) {
			this.emit( 'CUSTOMER_REQUEST_APPROVED', {
				customerProfile: o.customerProfile,
				grants: o.grants,
				referenceId: o.referenceId ?? null,
			} );
		} else if ( o.status === 'DECLINED' ) {
			this.emit( 'CUSTOMER_REQUEST_DECLINED', {} );
		} else {
			this.emit( 'CUSTOMER_REQUEST_FAILED', { error: o.status } );
		}
	}

	async restart(): Promise< void > {
		this.closeModal();
		this.current = null;
		this.interacted = false;
	}
}

win.CashApp = {
	async pay( { clientId } ) {
		if ( typeof clientId !== 'string' || ! /^CAS-CI_/.test( clientId ) ) {
			throw new Error(
				'Pay Kit: a sandbox client id (CAS-CI_…) is required.'
			);
		}
		const pay = new StandInPay( clientId );
		const back = new URLSearchParams( window.location.search ).get(
			'cash_request_id'
		);
		if ( back ) {
			// After the caller's listeners (added right after pay() resolves).
			window.setTimeout( () => {
				pay.deliver( back ).catch( () => {} );
			} );
		}
		return pay;
	},
};
