/**
 * The payment routes of an entry (plugin/src/Rest/PaymentsController.php).
 */
import apiFetch from '@wordpress/api-fetch';
import type { EntryPayment, PaymentAction } from './types';

const path = ( entryId: number ) =>
	`/kestrel-forms/v1/entries/${ entryId }/payment`;

/**
 * The answer as a payment: missing lists and actions become empty and off; an answer that is no
 * payment at all (no status or amount) is null, so that the screen never draws a wrong one.
 *
 * @param answer What the route answered.
 */
export function paymentOf( answer: unknown ): EntryPayment | null {
	const found = answer as Partial< EntryPayment > | null;
	if (
		! found ||
		typeof found.status !== 'string' ||
		! Number.isSafeInteger( found.amount ) ||
		typeof found.currency !== 'string'
	) {
		return null;
	}
	return {
		...( found as EntryPayment ),
		refunded_amount: Number.isSafeInteger( found.refunded_amount )
			? ( found.refunded_amount as number )
			: 0,
		actions: {
			capture: found.actions?.capture === true,
			void: found.actions?.void === true,
			refund: found.actions?.refund === true,
			sync: found.actions?.sync === true,
		},
		refundable_amount: Number.isSafeInteger( found.refundable_amount )
			? found.refundable_amount
			: undefined,
		refunds: Array.isArray( found.refunds ) ? found.refunds : [],
	};
}

/**
 * @param entryId Entry id.
 * @return The entry's payment, or null when it has none (404 kestrel_forms_payment_not_found).
 */
export async function fetchPayment(
	entryId: number
): Promise< EntryPayment | null > {
	try {
		return paymentOf( await apiFetch( { path: path( entryId ) } ) );
	} catch ( error ) {
		if (
			( error as { code?: string } | null )?.code ===
			'kestrel_forms_payment_not_found'
		) {
			return null;
		}
		throw error;
	}
}

/**
 * Runs a lifecycle action; every answer is the payment as it is now.
 *
 * @param entryId       Entry id.
 * @param action        capture, void, sync or refund.
 * @param refund        For a refund: amount in minor units and the reason.
 * @param refund.amount Amount in minor units.
 * @param refund.reason Reason ('' for none).
 */
export async function runPaymentAction(
	entryId: number,
	action: PaymentAction,
	refund?: { amount: number; reason: string }
): Promise< EntryPayment | null > {
	return paymentOf(
		await apiFetch( {
			path: `${ path( entryId ) }/${
				action === 'refund' ? 'refunds' : action
			}`,
			method: 'POST',
			data: action === 'refund' ? refund : {},
		} )
	);
}
