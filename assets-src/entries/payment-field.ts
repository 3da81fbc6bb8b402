/**
 * The payment field script (build/payment-field.js, handle kestrel-forms-payment-field): printed
 * only on pages whose form has a payment field, after the SDK and form-view. It registers the
 * SDK adapter and the field's UI module (the elements and the payment controller) with
 * form-view's registry, so that code weighs nothing on pages without a payment field. React
 * comes from WordPress (wp-element), the same copy form-view renders with.
 */
import { createSquareAdapter } from '../forms-ui/fields/payment/adapter';
import { PaymentElements } from '../forms-ui/fields/payment/PaymentField';
import { createPaymentController } from '../forms-ui/fields/payment/use-payment';
import type { PaymentRegistry } from '../forms-ui/fields/payment/types';

const registry = (
	window as Window & { kestrelForms?: { payments?: PaymentRegistry } }
 ).kestrelForms?.payments;

if ( registry ) {
	registry.register( createSquareAdapter() );
	registry.provide( {
		Elements: PaymentElements,
		controller: createPaymentController,
	} );
} else {
	// eslint-disable-next-line no-console -- a broken page setup the site owner must see.
	console.error(
		'Kestrel Forms: the payment field script loaded before the form script.'
	);
}
