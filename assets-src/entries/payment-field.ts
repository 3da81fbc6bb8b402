/**
 * The payment field script (build/payment-field.js, handle kestrel-forms-payment-field): printed
 * only on pages whose form has a payment field, after the SDK and form-view. It registers the
 * SDK adapter and provides the payment field as a field unit (its elements and its submit
 * hooks) through form-view's generic registry `window.kestrelForms.fields`, so all payments code
 * weighs nothing on pages without a payment field. React comes from WordPress (wp-element), the
 * same copy form-view renders with.
 */
import { createSquareAdapter } from '../forms-ui/fields/payment/adapter';
import { createPaymentRegistry } from '../forms-ui/fields/payment/registry';
import { createPaymentUnit } from '../forms-ui/fields/payment/unit';
import type { PaymentRegistry } from '../forms-ui/fields/payment/types';
import type { FieldUnitRegistry } from '../forms-ui/fields/units';

const kestrelForms = (
	window as unknown as {
		kestrelForms?: {
			fields?: FieldUnitRegistry;
			payments?: PaymentRegistry;
		};
	}
 ).kestrelForms;

if ( kestrelForms?.fields ) {
	const payments = ( kestrelForms.payments ??= createPaymentRegistry() );
	payments.register( createSquareAdapter() );
	kestrelForms.fields.provide( 'payment', createPaymentUnit( payments ) );
} else {
	// eslint-disable-next-line no-console -- a broken page setup the site owner must see.
	console.error(
		'Kestrel Forms: the payment field script loaded before the form script.'
	);
}
