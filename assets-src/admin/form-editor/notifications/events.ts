/**
 * Names of the notification events (light: the entry screen's resend control uses it too).
 */
import { __ } from '@wordpress/i18n';
import type { NotificationEvent } from '../../../shared';

/**
 * The name of an event.
 *
 * @param event Event.
 */
export function eventLabel( event: NotificationEvent ): string {
	const labels: Record< NotificationEvent, string > = {
		form_submission: __( 'Form is submitted', 'kestrel-forms' ),
		payment_completed: __( 'Payment is completed', 'kestrel-forms' ),
		payment_pending: __( 'Payment is pending', 'kestrel-forms' ),
		payment_failed: __( 'Payment failed', 'kestrel-forms' ),
		payment_refunded: __( 'Payment is refunded', 'kestrel-forms' ),
	};
	return labels[ event ];
}
