/**
 * The payment of an entry as `GET /kestrel-forms/v1/entries/{id}/payment` answers it
 * (plugin/src/Rest/PaymentsController.php; agent contract "Lifecycle REST"). Amounts are integer
 * minor units.
 */
import type { PaymentStatus } from '../../store/entries';

export interface PaymentRefund {
	id: number;
	amount: number;
	status: 'pending' | 'completed' | 'rejected' | 'failed' | string;
	reason: string;
	created_at: string;
	/** Who asked for it: a name, or null/'' for the provider's dashboard or the system. */
	user: string | { id: number; name: string } | null;
}

export interface EntryPayment {
	status: PaymentStatus;
	amount: number;
	currency: string;
	method: string;
	mode: 'sandbox' | 'production' | string;
	provider_payment_id: string | null;
	brand: string | null;
	last4: string | null;
	receipt_url: string | null;
	refunded_amount: number;
	/** What can still be refunded: the amount less completed and pending refunds (server's count). */
	refundable_amount?: number;
	capture_mode: 'charge' | 'authorize' | string;
	created_at: string;
	updated_at: string;
	actions: {
		capture: boolean;
		void: boolean;
		refund: boolean;
		sync: boolean;
	};
	refunds: PaymentRefund[];
}

/** The lifecycle actions of the panel. */
export type PaymentAction = 'capture' | 'void' | 'refund' | 'sync';
