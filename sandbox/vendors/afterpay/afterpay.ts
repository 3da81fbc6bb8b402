/**
 * Stand-in for Afterpay.js (wave 2 design A.6), our own code from Afterpay's public docs,
 * typed by the SDK's own declaration of its surface (host/methods/afterpay/vendor.ts), served
 * by the sandbox under the asset origin (`/vendors/afterpay/afterpay.js`; Clearpay's script is
 * the same code, `/vendors/clearpay/afterpay.js`). It defines `window.AfterPay` with the
 * classic entry points (initialize, open, transfer, redirect, close, onComplete) and the
 * express popup (initializeForPopup with onCommenceCheckout, onShippingAddressChange,
 * onShippingOptionChange, onComplete). Strict where Afterpay is: the popup opens only from a
 * user gesture (Chromium's own blocker judges window.open), transfer needs an open popup, the
 * checkout page refuses unknown, expired or used tokens; closing the popup is CANCELLED.
 */
import type {
	AfterpayCompleteEvent,
	AfterpayExpressOption,
	AfterpayGlobal,
	AfterpayPopupConfig,
} from '../../../assets-src/payments-sdk/host/methods/afterpay/vendor';
import type { FromPopup, ToPopup } from './messages';

interface StandInWindow extends Window {
	__kfVendorOrigin?: string;
	AfterPay?: AfterpayGlobal;
}

const win = self as unknown as StandInWindow;
const VENDOR = win.__kfVendorOrigin ?? '';
const AFTERPAY_COUNTRIES = [ 'US', 'CA', 'AU', 'NZ' ];

const CONSTANTS = Object.freeze( {
	SHIPPING_ADDRESS_UNRECOGNIZED: 'SHIPPING_ADDRESS_UNRECOGNIZED',
	SHIPPING_ADDRESS_UNSUPPORTED: 'SHIPPING_ADDRESS_UNSUPPORTED',
	SERVICE_UNAVAILABLE: 'SERVICE_UNAVAILABLE',
	BAD_RESPONSE: 'BAD_RESPONSE',
} );
const ADDRESS_MODES = Object.freeze( {
	ADDRESS_WITH_SHIPPING_OPTIONS: 'ADDRESS_WITH_SHIPPING_OPTIONS',
	ADDRESS_WITHOUT_SHIPPING_OPTIONS: 'ADDRESS_WITHOUT_SHIPPING_OPTIONS',
	PICKUP_FROM_ORDER_AMOUNT: 'PICKUP_FROM_ORDER_AMOUNT',
	NO_ADDRESS: 'NO_ADDRESS',
} );

let countryCode = 'US';
let popup: Window | null = null;
/** The checkout transfer() sent the popup to (sent again if the popup's first page wins). */
let transferred: string | null = null;
let watch: number | undefined;
let express: AfterpayPopupConfig | null = null;
let finished = true;

const brand = () =>
	AFTERPAY_COUNTRIES.includes( countryCode ) ? 'Afterpay' : 'Clearpay';

/**
 * Ends the checkout once: closes the popup, calls onComplete.
 *
 * @param data The event's data.
 */
function complete( data: AfterpayCompleteEvent[ 'data' ] ): void {
	if ( finished ) {
		return;
	}
	finished = true;
	transferred = null;
	if ( watch !== undefined ) {
		win.clearInterval( watch );
		watch = undefined;
	}
	if ( popup && ! popup.closed ) {
		popup.close();
	}
	popup = null;
	const handler = express?.onComplete ?? api.onComplete;
	handler?.( { data } );
}

/**
 * Tells the page (onMessage) something went wrong.
 *
 * @param message Text.
 */
function error( message: string ): void {
	api.onMessage?.( { severity: 'error', message } );
}

/**
 * The page's origin for the popup (in the fragment, as Plaid's Link gets it): the popup
 * posts only to it and takes messages only from it.
 */
function originHash(): string {
	return `#${ new URLSearchParams( { origin: win.location.origin } ) }`;
}

/**
 * Sends a message to the popup.
 *
 * @param message Message.
 */
function toPopup( message: ToPopup ): void {
	popup?.postMessage( message, VENDOR || '*' );
}

/**
 * The popup's address: the express callback gives the options (or a rejection).
 *
 * @param m The popup's message.
 */
function addressChanged(
	m: Extract< FromPopup, { type: 'shippingAddressChange' } >
): void {
	const handler = express?.onShippingAddressChange;
	if ( ! handler ) {
		toPopup( {
			source: 'kf-afterpay',
			type: 'shippingOptions',
			options: [],
		} );
		return;
	}
	let answered = false;
	handler( m.address, {
		resolve: ( options: AfterpayExpressOption[] ) => {
			if ( ! answered ) {
				answered = true;
				toPopup( {
					source: 'kf-afterpay',
					type: 'shippingOptions',
					options,
				} );
			}
		},
		reject: ( reason: string ) => {
			if ( ! answered ) {
				answered = true;
				toPopup( {
					source: 'kf-afterpay',
					type: 'shippingRejected',
					reason: ( Object.values( CONSTANTS ) as string[] ).includes(
						reason
					)
						? reason
						: CONSTANTS.BAD_RESPONSE,
				} );
			}
		},
	} );
}

win.addEventListener( 'message', ( event: MessageEvent ) => {
	const m = event.data as FromPopup;
	if (
		! popup ||
		event.source !== popup ||
		( VENDOR && event.origin !== VENDOR ) ||
		m?.source !== 'kf-afterpay'
	) {
		return;
	}
	if ( m.type === 'loading' ) {
		// The popup's first page loaded after transfer() navigated it: navigate it again.
		if ( transferred ) {
			popup.location.href = transferred;
		}
	} else if ( m.type === 'complete' ) {
		complete( {
			status: m.status,
			...( m.orderToken ? { orderToken: m.orderToken } : {} ),
			...( m.shippingAddress
				? { shippingAddress: m.shippingAddress }
				: {} ),
			...( m.shippingOptionIdentifier
				? { shippingOptionIdentifier: m.shippingOptionIdentifier }
				: {} ),
			...( m.email ? { email: m.email } : {} ),
		} );
	} else if ( m.type === 'shippingAddressChange' ) {
		addressChanged( m );
	} else if ( m.type === 'shippingOptionChange' ) {
		express?.onShippingOptionChange?.( m.option );
	}
} );

/**
 * Opens the popup (needs the buyer's click: Chromium's blocker refuses it otherwise).
 *
 * @return Whether it opened.
 */
function openPopup(): boolean {
	if ( popup && ! popup.closed ) {
		popup.focus();
		return true;
	}
	const url = `${ VENDOR }/afterpay/checkout?brand=${ brand() }${ originHash() }`;
	popup = win.open( url, 'afterpay-checkout', 'popup,width=480,height=720' );
	finished = false;
	transferred = null;
	if ( ! popup ) {
		error( `The ${ brand() } popup was blocked: open it from a click.` );
		complete( { status: 'CANCELLED' } );
		return false;
	}
	watch = win.setInterval( () => {
		if ( popup?.closed ) {
			complete( { status: 'CANCELLED' } );
		}
	}, 200 );
	return true;
}

/**
 * Loads a checkout into the open popup.
 *
 * @param token Checkout token.
 */
function transfer( token: string ): void {
	if ( ! popup || popup.closed ) {
		error( 'transfer() needs an open popup: call open() first.' );
		return;
	}
	const q = new URLSearchParams( {
		token: String( token ),
		brand: brand(),
		shipping: express?.shippingOptionRequired ? '1' : '0',
		buyNow: express?.buyNow ? '1' : '0',
	} );
	transferred = `${ VENDOR }/afterpay/checkout?${ q }${ originHash() }`;
	popup.location.href = transferred;
}

const api: AfterpayGlobal = {
	CONSTANTS,
	ADDRESS_MODES,
	initialize( config ) {
		countryCode = String( config?.countryCode ?? 'US' ).toUpperCase();
		express = null;
	},
	initializeForPopup( config ) {
		countryCode = String( config?.countryCode ?? 'US' ).toUpperCase();
		express = config;
		if ( config.target ) {
			const target =
				typeof config.target === 'string'
					? document.querySelector( config.target )
					: config.target;
			target?.addEventListener( 'click', () => api.open() );
		}
	},
	open() {
		if ( ! openPopup() || ! express ) {
			return;
		}
		let answered = false;
		express.onCommenceCheckout( {
			resolve: ( token: string ) => {
				if ( ! answered ) {
					answered = true;
					transfer( token );
				}
			},
			reject: ( reason: string ) => {
				if ( ! answered ) {
					answered = true;
					error( `The checkout could not start: ${ reason }` );
					complete( { status: 'CANCELLED' } );
				}
			},
		} );
	},
	transfer( config ) {
		transfer( config?.token );
	},
	redirect( config ) {
		win.location.href = `${ VENDOR }/afterpay/checkout?${ new URLSearchParams(
			{ token: String( config?.token ), brand: brand() }
		) }`;
	},
	close() {
		complete( { status: 'CANCELLED' } );
	},
};

win.AfterPay = api;
