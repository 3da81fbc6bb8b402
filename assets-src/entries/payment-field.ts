/**
 * The payment field script (build/payment-field.js, handle kestrel-forms-payment-field): printed
 * only on pages whose form has a payment field, after the SDK and form-view. It registers the
 * SDK adapter with form-view's registry; no React, nothing else.
 */
import { createSquareAdapter } from '../forms-ui/fields/payment/adapter';
import type { PaymentRegistry } from '../forms-ui/fields/payment/types';

const registry = (
	window as Window & { kestrelForms?: { payments?: PaymentRegistry } }
 ).kestrelForms?.payments;

if ( registry ) {
	registry.register( createSquareAdapter() );
} else {
	// eslint-disable-next-line no-console -- a broken page setup the site owner must see.
	console.error(
		'Kestrel Forms: the payment field script loaded before the form script.'
	);
}
