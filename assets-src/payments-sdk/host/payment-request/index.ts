/**
 * `payments.paymentRequest()` (spec §3–§5; API §7): the public object merchants hold, and the
 * model behind it that the wallet methods (host/methods/<wallet>) look up.
 */
import { InvalidPaymentRequestError } from '../errors';
import type { PaymentRequest, PaymentRequestOptions } from '../types';
import { PaymentRequestModel, type PaymentRequestDeps } from './model';

export {
	PaymentRequestModel,
	WalletSession,
	type ShippingChangeOutcome,
	type ShippingErrorCode,
} from './model';

/** The model behind each public object; only our own objects have one. */
const MODELS = new WeakMap< object, PaymentRequestModel >();

/**
 * A new payment request; throws InvalidPaymentRequestError or InvalidCurrencyFormatError when
 * the options are not a valid request (spec §5). Synchronous (API §2).
 *
 * @param options The merchant's options.
 * @param deps    Locale, reporting, timers of the payments instance.
 */
export function createPaymentRequest(
	options: PaymentRequestOptions,
	deps: PaymentRequestDeps
): PaymentRequest {
	const model = new PaymentRequestModel( options, deps );
	// Only the public methods: the lock, the shipping dispatch and the Afterpay token stay
	// internal (API §7 has no removeEventListener either).
	const request: PaymentRequest = {
		addEventListener: ( event, callback ) =>
			model.addEventListener( event, callback ),
		update: ( update ) => model.update( update ),
	};
	Object.freeze( request );
	MODELS.set( request, model );
	return request;
}

/**
 * The model of a payment request this SDK created, else null (a wallet given something else
 * refuses it with InvalidPaymentRequestError).
 *
 * @param request What the merchant passed to a wallet.
 */
export function paymentRequestModel(
	request: unknown
): PaymentRequestModel | null {
	return typeof request === 'object' && request !== null
		? ( MODELS.get( request ) ?? null )
		: null;
}

/**
 * The model of a payment request this SDK created; for anything else, the
 * InvalidPaymentRequestError every wallet method (Apple Pay, Google Pay, Cash App Pay,
 * Afterpay/Clearpay) throws first.
 *
 * @param request What the merchant passed to a wallet.
 */
export function requirePaymentRequestModel(
	request: unknown
): PaymentRequestModel {
	const model = paymentRequestModel( request );
	if ( ! model ) {
		throw new InvalidPaymentRequestError( [
			[
				'paymentRequest',
				'a PaymentRequest from payments.paymentRequest()',
			],
		] );
	}
	return model;
}
