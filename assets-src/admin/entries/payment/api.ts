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
 * A new refund request key (36 characters of [a-z0-9-], as the route's request_key expects): the
 * server makes one refund per key, so a double click or a retry of one submission is one refund.
 */
export function newRequestKey(): string {
	const bytes = new Uint8Array( 16 );
	const random = globalThis.crypto?.getRandomValues;
	if ( random ) {
		random.call( globalThis.crypto, bytes );
	} else {
		for ( let i = 0; i < bytes.length; i++ ) {
			bytes[ i ] = Math.floor( Math.random() * 256 );
		}
	}
	return (
		'kfr-' +
		Array.from( bytes, ( byte ) =>
			byte.toString( 16 ).padStart( 2, '0' )
		).join( '' )
	);
}

/** What a refund sends: amount in minor units, reason, and the submission's request key. */
export type RefundRequest = {
	amount: number;
	reason: string;
	request_key: string;
};

/**
 * Runs a lifecycle action; every answer is the payment as it is now.
 *
 * @param entryId Entry id.
 * @param action  capture, void, sync or refund.
 * @param refund  For a refund: amount in minor units, reason, request key.
 */
export async function runPaymentAction(
	entryId: number,
	action: PaymentAction,
	refund?: RefundRequest
): Promise< EntryPayment | null > {
	return paymentOf(
		await apiFetch( {
			path: `${ path( entryId ) }/${ action === 'refund' ? 'refunds' : action }`,
			method: 'POST',
			data: action === 'refund' ? refund : {},
		} )
	);
}
