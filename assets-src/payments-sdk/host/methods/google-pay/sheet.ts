/**
 * The open Google Pay sheet's shipping changes (spec §4 wallet flows, §8 "Wallets"; wave 2
 * design A.1 mapping): Google's onPaymentDataChanged (INITIALIZE, SHIPPING_ADDRESS,
 * SHIPPING_OPTION) goes to the payment request's shipping listeners through the WalletSession,
 * and their answer comes back as newTransactionInfo / newShippingOptionParameters, or as an
 * error the sheet shows.
 */
import type {
	ShippingChangeOutcome,
	WalletSession,
} from '../../payment-request';
import type { Contact, PaymentRequestOptions } from '../../types';
import { shippingOptionParameters, transactionInfo } from './request';
import type {
	GoogleIntermediatePaymentData,
	GooglePaymentDataRequestUpdate,
} from './vendor';

/** Google's reason for a failed shipping change of each payment request code. */
const ADDRESS_REASONS = {
	SHIPPING_ADDRESS_INVALID: 'SHIPPING_ADDRESS_INVALID',
	SHIPPING_ADDRESS_UNSERVICEABLE: 'SHIPPING_ADDRESS_UNSERVICEABLE',
	// Not a reason of Google's: the sheet shows the text as a general error.
	PAYMENT_METHOD_DESTROYED: 'OTHER_ERROR',
} as const;

/**
 * The redacted address of onPaymentDataChanged as a contact (Google gives only these four).
 *
 * @param data Google's intermediate data.
 */
function redactedContact( data: GoogleIntermediatePaymentData ): Contact {
	const a = data.shippingAddress ?? {};
	return {
		...( a.locality ? { city: a.locality } : {} ),
		...( a.administrativeArea ? { state: a.administrativeArea } : {} ),
		...( a.postalCode ? { postalCode: a.postalCode } : {} ),
		...( a.countryCode ? { countryCode: a.countryCode } : {} ),
	};
}

/** One open sheet. */
export class GooglePaySheet {
	/** The shipping option the buyer has picked (Google's selection). */
	selectedOption: string | undefined;

	/**
	 * @param session The payment request's lock and shipping dispatch.
	 * @param request The payment request when the sheet opened.
	 */
	constructor(
		readonly session: WalletSession,
		private request: Readonly< PaymentRequestOptions >
	) {
		this.selectedOption = request.shippingOptions?.[ 0 ]?.id;
	}

	/** The request as the sheet now shows it. */
	get current(): Readonly< PaymentRequestOptions > {
		return this.request;
	}

	/**
	 * Google's onPaymentDataChanged.
	 *
	 * @param data Google's intermediate data.
	 */
	async changed(
		data: GoogleIntermediatePaymentData
	): Promise< GooglePaymentDataRequestUpdate > {
		if ( data.shippingOptionData?.id ) {
			this.selectedOption = data.shippingOptionData.id;
		}
		if ( data.callbackTrigger === 'SHIPPING_ADDRESS' ) {
			const outcome = await this.session.shippingContactChanged(
				redactedContact( data )
			);
			return this.answer( outcome, 'SHIPPING_ADDRESS' );
		}
		if ( data.callbackTrigger === 'SHIPPING_OPTION' ) {
			const option = this.request.shippingOptions?.find(
				( o ) => o.id === data.shippingOptionData?.id
			);
			if ( ! option ) {
				return this.answer(
					{ request: this.request },
					'SHIPPING_OPTION'
				);
			}
			const outcome = await this.session.shippingOptionChanged( option );
			return this.answer( outcome, 'SHIPPING_OPTION' );
		}
		// INITIALIZE (and anything newer): the sheet shows the request as it is.
		return this.answer( { request: this.request }, 'SHIPPING_ADDRESS' );
	}

	/**
	 * The payment request's outcome as Google's update.
	 *
	 * @param outcome What the shipping dispatch gave.
	 * @param intent  Which change it answers.
	 */
	private answer(
		outcome: ShippingChangeOutcome,
		intent: 'SHIPPING_ADDRESS' | 'SHIPPING_OPTION'
	): GooglePaymentDataRequestUpdate {
		if ( outcome.error ) {
			const reason =
				intent === 'SHIPPING_OPTION' &&
				outcome.error.code !== 'PAYMENT_METHOD_DESTROYED'
					? 'SHIPPING_OPTION_INVALID'
					: ADDRESS_REASONS[ outcome.error.code ];
			return {
				error: { reason, message: outcome.error.message, intent },
			};
		}
		this.request = outcome.request;
		const options = this.request.requestShippingContact
			? shippingOptionParameters( this.request, this.selectedOption )
			: undefined;
		if ( options ) {
			this.selectedOption = options.defaultSelectedOptionId;
		}
		return {
			newTransactionInfo: transactionInfo( this.request ),
			...( options ? { newShippingOptionParameters: options } : {} ),
		};
	}
}
