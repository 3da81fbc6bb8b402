/**
 * The payment field script (build/payment-field.js, handle kestrel-forms-payment-field): printed
 * only on pages whose form has a payment field, before form-view (the server makes it a
 * dependency of form-view there); the SDK loads async beside them. It registers the SDK adapter and provides the
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
( kestrelForms.fields ??= {} ).payment ??= createPaymentUnit( payments );

/**
 * Settles once the SDK script (loaded async, so a slow provider never holds the form back) ran
 * or failed: at once if `window.Square` is there or the page finished loading.
 */
const sdkSettled = () =>
	new Promise< void >( ( resolve ) => {
		if (
			( window as unknown as { Square?: unknown } ).Square ||
			document.readyState === 'complete'
		) {
			resolve();
			return;
		}
		const done = () => resolve();
		const sdk = document.getElementById( 'kestrel-forms-payments-sdk-js' );
		sdk?.addEventListener( 'load', done );
		sdk?.addEventListener( 'error', done );
		window.addEventListener( 'load', done );
	} );

// The field waits for the adapter (its elements attach, a tokenize waits); without the SDK the
// adapter's attach fails and the field says payments are unavailable.
void sdkSettled().then( () => payments.register( createSquareAdapter() ) );
