/**
 * The payment field script (build/payment-field.js, handle kestrel-forms-payment-field): printed
 * only on pages whose form has a payment field, after the SDK and before form-view (the server
 * makes it a dependency of form-view there). It registers the SDK adapter and provides the
 * payment field as a field unit (its elements and its submit hooks) in form-view's generic
 * `window.kestrelForms.fields`, so all payments code weighs nothing on pages without a payment
 * field. React comes from WordPress (wp-element), the
 * same copy form-view renders with.
 */
import '../shared/money/all-currencies';
import { createSquareAdapter } from '../forms-ui/fields/payment/adapter';
import { createPaymentRegistry } from '../forms-ui/fields/payment/registry';
import { createPaymentUnit } from '../forms-ui/fields/payment/unit';
import type { PaymentRegistry } from '../forms-ui/fields/payment/types';
import type { FieldUnits } from '../forms-ui/fields/units';
import '../forms-ui/fields/payment/payment.scss';

const w = window as unknown as {
	kestrelForms?: { fields?: FieldUnits; payments?: PaymentRegistry };
};
const kestrelForms = ( w.kestrelForms ??= {} );
const payments = ( kestrelForms.payments ??= createPaymentRegistry() );
payments.register( createSquareAdapter() );
( kestrelForms.fields ??= {} ).payment ??= createPaymentUnit( payments );
