/**
 * The payment field's live region: the generic one (../LiveRegion.tsx), marked for the payment
 * field's checks (`data-payment-live-region`).
 */
import { FieldLiveRegion } from '../LiveRegion';

/**
 * The live region.
 *
 * @param props          Props.
 * @param props.children What to say.
 */
export function PaymentLiveRegion( { children }: { children?: string } ) {
	return (
		<FieldLiveRegion data-payment-live-region="">
			{ children }
		</FieldLiveRegion>
	);
}
