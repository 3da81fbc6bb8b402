/**
 * Messages between the Afterpay/Clearpay stand-in (Afterpay.js on the merchant page) and its
 * popup checkout page on the vendor origin.
 */
import type {
	AfterpayAddress,
	AfterpayExpressOption,
} from '../../../assets-src/payments-sdk/host/methods/afterpay/vendor';

/** Popup -> Afterpay.js (`loading`: the popup shows its loading page, no checkout in it yet). */
export type FromPopup = { source: 'kf-afterpay' } & (
	| { type: 'loading' }
	| { type: 'shippingAddressChange'; address: AfterpayAddress }
	| { type: 'shippingOptionChange'; option: AfterpayExpressOption }
	| {
			type: 'complete';
			status: 'SUCCESS' | 'CANCELLED';
			orderToken?: string;
			shippingAddress?: AfterpayAddress;
			shippingOptionIdentifier?: string;
			email?: string;
	  }
);

/** Afterpay.js -> popup. */
export type ToPopup = { source: 'kf-afterpay' } & (
	| { type: 'shippingOptions'; options: AfterpayExpressOption[] }
	| { type: 'shippingRejected'; reason: string }
);
