/**
 * The surface of Afterpay.js (classic and express popup entry points) and of the messaging
 * library that the SDK uses (wave 2 A.6; no published types, written from Afterpay's public
 * docs). The sandbox stand-ins (sandbox/vendors/afterpay/) implement these same types.
 */
import type {
	AfterpayAddress,
	AfterpayExpressOption,
	AfterpayMoney,
} from './rules';

export type { AfterpayAddress, AfterpayExpressOption, AfterpayMoney };

/** onComplete's event (classic and express). */
export interface AfterpayCompleteEvent {
	data: {
		status: 'SUCCESS' | 'CANCELLED';
		orderToken?: string;
		/** Express checkout: the address and option the buyer confirmed. */
		shippingAddress?: AfterpayAddress;
		shippingOptionIdentifier?: string;
		/** Our stand-in and Afterpay's express checkout: the buyer's email. */
		email?: string;
	};
}

/** Rejection constants of the express checkout. */
export interface AfterpayConstants {
	SHIPPING_ADDRESS_UNRECOGNIZED: string;
	SHIPPING_ADDRESS_UNSUPPORTED: string;
	SERVICE_UNAVAILABLE: string;
	BAD_RESPONSE: string;
}

/** What onCommenceCheckout gets. */
export interface AfterpayCommenceActions {
	resolve: ( token: string ) => void;
	reject: ( constant: string ) => void;
}

/** What onShippingAddressChange gets. */
export interface AfterpayShippingActions {
	resolve: ( options: AfterpayExpressOption[] ) => void;
	reject: ( constant: string ) => void;
}

/** initializeForPopup's configuration. */
export interface AfterpayPopupConfig {
	countryCode: string;
	target?: string | HTMLElement;
	buyNow?: boolean;
	pickup?: boolean;
	shippingOptionRequired?: boolean;
	addressMode?: string;
	onCommenceCheckout: ( actions: AfterpayCommenceActions ) => void;
	onShippingAddressChange?: (
		data: AfterpayAddress,
		actions: AfterpayShippingActions
	) => void;
	onShippingOptionChange?: ( option: AfterpayExpressOption ) => void;
	onComplete: ( event: AfterpayCompleteEvent ) => void;
}

/** `window.AfterPay` (Afterpay.js; the messaging library is `window.Afterpay`). */
export interface AfterpayGlobal {
	initialize: ( config: { countryCode: string } ) => void;
	open: () => void;
	transfer: ( config: { token: string } ) => void;
	redirect: ( config: { token: string } ) => void;
	close: () => void;
	onComplete?: ( event: AfterpayCompleteEvent ) => void;
	initializeForPopup: ( config: AfterpayPopupConfig ) => void;
	CONSTANTS: AfterpayConstants;
	ADDRESS_MODES: Readonly< Record< string, string > >;
	onMessage?: ( message: { severity: string; message: string } ) => void;
}

/** The messaging library: `window.Afterpay` once afterpay-1.x.js ran. */
export interface AfterpayMessagingGlobal {
	createPlacements: ( config: {
		targetSelector: string;
		attributes: Record< string, string >;
	} ) => void;
	launchModal: ( locale: string, options?: { modalTheme?: string } ) => void;
}

/**
 * Afterpay.js in a window, if loaded.
 *
 * @param win Window.
 */
export function afterpayOf( win: Window ): AfterpayGlobal | undefined {
	const w = win as unknown as { AfterPay?: AfterpayGlobal };
	return w.AfterPay;
}

/**
 * The messaging library in a window, if loaded.
 *
 * @param win Window.
 */
export function messagingOf(
	win: Window
): AfterpayMessagingGlobal | undefined {
	const w = win as unknown as { Afterpay?: AfterpayMessagingGlobal };
	return w.Afterpay;
}
