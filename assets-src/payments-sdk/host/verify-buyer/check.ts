/**
 * verifyBuyer's own checks and the details sent to the provider (spec §3 verification details,
 * §5 verifyBuyer). Moved from payments.ts unchanged.
 */
import { VerifyBuyerError } from '../errors';
import { decimalsOf } from '../payment-request/validate';
import type {
	ChargeVerifyBuyerDetails,
	StoreVerifyBuyerDetails,
} from '../types';

/**
 * verifyBuyer checks (spec §5): location id, a non-empty source, billing contact, intent, and
 * amount + currency for charges; lenient about float noise and missing country (API §12.9).
 *
 * @param source     Token or card-on-file id.
 * @param details    Details.
 * @param locationId Location id of the payments instance.
 */
export function checkVerifyBuyer(
	source: unknown,
	details: unknown,
	locationId?: string
): void {
	const fail = ( message: string ) => {
		throw new VerifyBuyerError( {
			type: 'INVALID_REQUEST_ERROR',
			message,
		} );
	};
	if ( ! locationId ) {
		fail( 'verifyBuyer needs a locationId: pass it to Square.payments().' );
	}
	if ( typeof source !== 'string' || source.trim() === '' ) {
		fail( 'The source must be a non-empty string.' );
	}
	if ( ! details || typeof details !== 'object' ) {
		fail( 'The verification details must be an object.' );
	}
	const d = details as Record< string, unknown >;
	if ( ! d.billingContact || typeof d.billingContact !== 'object' ) {
		fail( 'billingContact must be an object.' );
	}
	if (
		! [ 'CHARGE', 'STORE', 'CHARGE_AND_STORE' ].includes(
			d.intent as string
		)
	) {
		fail( 'intent must be one of CHARGE, STORE, CHARGE_AND_STORE.' );
	}
	if ( d.intent !== 'STORE' ) {
		const amount = String( d.amount ?? '' ).trim();
		if (
			! /^\d+(\.\d+)?$/.test( amount ) ||
			! isFinite( Number( amount ) )
		) {
			fail(
				'amount must be a non-negative decimal string for a charge.'
			);
		}
		if (
			typeof d.currencyCode !== 'string' ||
			! /^[A-Z]{3}$/i.test( d.currencyCode )
		) {
			fail(
				'currencyCode must be a three-letter currency code for a charge.'
			);
		}
	}
}

/**
 * The details as the provider receives them: upper-case currency, the amount in the currency's
 * digits.
 *
 * @param details Checked details.
 */
export function normalizeDetails(
	details: ChargeVerifyBuyerDetails | StoreVerifyBuyerDetails
): Record< string, unknown > {
	if ( details.intent === 'STORE' ) {
		return { ...details };
	}
	const digits = decimalsOf( details.currencyCode );
	return {
		...details,
		currencyCode: details.currencyCode.toUpperCase(),
		amount: Number( details.amount ).toFixed( digits ),
	};
}
