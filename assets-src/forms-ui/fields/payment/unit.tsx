/**
 * The payment field as a field unit (../units.ts): what the payment field script provides for
 * the type `payment`. Its component renders the elements (PaymentField.tsx) inside form-view's
 * generic shell; its hooks are the payment controller (use-payment.ts): tokenize on leaving the
 * page and before submit, send again while the server is busy, its failures at the field, one
 * submission key until stored.
 */
import { __ } from '@wordpress/i18n';
import type { FieldUnit, UnitFieldProps } from '../units';
import { PaymentLiveRegion } from './LiveRegion';
import { PaymentElements } from './PaymentField';
import { createPaymentController } from './use-payment';
import type { PaymentBinding, PaymentConfig, PaymentRegistry } from './types';

/**
 * The unit, bound to the adapter registry.
 *
 * @param registry Where the SDK adapter is registered.
 */
export function createPaymentUnit( registry: PaymentRegistry ): FieldUnit {
	/**
	 * The field's binding (configuration, adapter registry, gate), kept in its slot.
	 *
	 * @param at      Where the field is.
	 * @param at.page The page's data (its `payment` key: the public payment configuration).
	 * @param at.slot The field's slot.
	 */
	const bindingOf = ( at: Pick< UnitFieldProps, 'page' | 'slot' > ) =>
		( at.slot.binding ??= {
			config: ( at.page.payment as PaymentConfig | undefined ) ?? null,
			registry,
			gate: null,
		} ) as PaymentBinding;

	return {
		Component: ( props ) => {
			const binding = bindingOf( props );
			return binding.config ? (
				<PaymentElements
					{ ...props }
					binding={ binding }
					form={ props.form }
				/>
			) : (
				<>
					<p className="kestrel-form__payment-unavailable">
						{ __(
							'The payment details are entered on the published form.',
							'kestrel-forms'
						) }
					</p>
					<PaymentLiveRegion />
				</>
			);
		},
		hooks: ( context ) => {
			const controller = createPaymentController( () => ( {
				form: context().form,
				binding: bindingOf( context() ),
			} ) );
			return {
				leavePage: controller.leavePage,
				beforeSubmit: controller.forSubmit,
				send: controller.retry,
				failureMessage: controller.failureMessage,
				present: controller.present,
				keepSubmissionKey: true,
			};
		},
	};
}
