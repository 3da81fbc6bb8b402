/**
 * The payment field's live region (always present, so what it later says is spoken): used by
 * form-view's stand-in and by the field script's elements.
 *
 * @param props          Props.
 * @param props.children What to say.
 */
export function PaymentLiveRegion( { children }: { children?: string } ) {
	return (
		<div
			className="screen-reader-text"
			role="status"
			aria-live="polite"
			aria-atomic="true"
			data-payment-live-region=""
		>
			{ children }
		</div>
	);
}
