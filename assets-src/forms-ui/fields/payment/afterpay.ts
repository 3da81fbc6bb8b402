/**
 * Afterpay/Clearpay as merchant code over the provider SDK's public API
 * (`@square/web-payments-sdk-types` 1.51.4), the way the provider's quickstart uses it:
 *
 * - `payments.paymentRequest(request)` from the server's request (`method: 'afterpayClearpay'`),
 *   with an `afterpay_shippingaddresschanged` listener whenever the popup asks for an address:
 *   the server answers the options, each with the order total it makes (the popup shows it, and
 *   the charge is the server's price of that option);
 * - `payments.afterpayClearpay(request)`; `attach('#button', options)` (no `ontokenization`
 *   listener: the field's click calls `tokenize()`, which opens the popup in the click's task);
 *   `attachMessaging('#placement', options)` and `attachCheckoutWidget(element, options)`, both
 *   following the request's `update()`.
 *
 * No React here: part of the payment field script (build/payment-field.js).
 */
import { __ } from '@wordpress/i18n';
import type {
	PaymentRequestOptions,
	PaymentRequestUpdate,
	TokenResult,
} from '@square/web-payments-sdk-types/dist/types/payment-method';
import type {
	AfterpayButtonOptions,
	AfterpayMessagingOptions,
	AfterpayPaymentRequestShippingUpdate,
} from '@square/web-payments-sdk-types/dist/types/payment-method/afterpay-clearpay/types';
import type { PaymentRequest } from '@square/web-payments-sdk-types/dist/types/payment-request';
import type { Payments } from '@square/web-payments-sdk-types/dist/types/payments';
import { walletDetailsOf } from './wallets';
import { failed } from './bank-and-cash-app';
import type {
	AfterpayHandle,
	AfterpayRequest,
	AfterpaySetup,
	PaymentConfig,
	WalletOutcome,
} from './types';

/** The messaging options the provider's types require, with Afterpay's own defaults. */
const MESSAGING_DEFAULTS: AfterpayMessagingOptions = {
	badgeTheme: 'black-on-mint',
	modalLinkStyle: 'circled-info-icon',
	modalTheme: 'mint',
	size: 'md',
};

/**
 * The provider's request options of a server request.
 *
 * @param request The server's request.
 */
function optionsOf( request: AfterpayRequest ): PaymentRequestOptions {
	const { shippingOptions: _options, ...rest } = request;
	return rest as unknown as PaymentRequestOptions;
}

/**
 * The popup's options as the listener answers them (the provider's AfterpayShippingOption).
 *
 * @param request The server's request for the popup's address.
 */
export function shippingUpdateOf(
	request: AfterpayRequest
): AfterpayPaymentRequestShippingUpdate {
	if ( ! request.shippingOptions?.length ) {
		return {
			error: __( 'We cannot ship to this address.', 'kestrel-forms' ),
		};
	}
	return {
		shippingOptions: request.shippingOptions.map( ( option ) => ( {
			id: option.id,
			label: option.label,
			amount: option.amount,
			total: option.total,
			taxLineItems: option.taxLineItems,
		} ) ),
	};
}

/**
 * The field's Afterpay/Clearpay method, attached.
 *
 * @param payments The page's payments object.
 * @param config   The field's public configuration.
 * @param setup    The server's request, the elements, the address listener.
 */
export async function createAfterpay(
	payments: Payments,
	config: PaymentConfig,
	setup: AfterpaySetup
): Promise< AfterpayHandle > {
	const paymentRequest: PaymentRequest = payments.paymentRequest(
		optionsOf( setup.request )
	);
	if ( setup.request.requestShippingContact ) {
		// The popup's address is priced by the server: its options are what the popup shows.
		paymentRequest.addEventListener(
			'afterpay_shippingaddresschanged',
			( contact: unknown ) =>
				setup.address( contact ).then( shippingUpdateOf, () => ( {
					error: __(
						'Shipping could not be priced for this address. Please try again.',
						'kestrel-forms'
					),
				} ) ) as unknown as Promise< PaymentRequestUpdate >
		);
		// Informational only (the provider's own words): the confirmed option comes back with
		// the token.
		paymentRequest.addEventListener(
			'afterpay_shippingoptionchanged',
			() => undefined as unknown as PaymentRequestUpdate
		);
	}
	const afterpay = await payments.afterpayClearpay( paymentRequest );
	let destroyed = false;
	try {
		await afterpay.attach(
			`#${ setup.buttonId }`,
			( config.afterpayButton ?? {} ) as AfterpayButtonOptions
		);
		if ( setup.messagingId && config.afterpayMessaging?.enabled ) {
			const { enabled: _on, ...chosen } = config.afterpayMessaging;
			await afterpay.attachMessaging( `#${ setup.messagingId }`, {
				...MESSAGING_DEFAULTS,
				...chosen,
			} );
		}
		if ( setup.widget && config.afterpayCheckoutWidget?.enabled ) {
			await afterpay.attachCheckoutWidget( setup.widget, {
				includeBranding:
					config.afterpayCheckoutWidget.includeBranding ?? true,
			} );
		}
	} catch ( error ) {
		destroyed = true;
		await afterpay.destroy().catch( () => false );
		throw error;
	}
	return {
		update( next ) {
			return (
				! destroyed &&
				paymentRequest.update( {
					total: next.total,
					lineItems: next.lineItems,
				} as Partial< PaymentRequestOptions > )
			);
		},
		tokenize() {
			if ( destroyed ) {
				return Promise.resolve( failed() );
			}
			// The provider's tokenize opens the popup here, in the click's task.
			let started: Promise< TokenResult >;
			try {
				started = afterpay.tokenize();
			} catch ( error ) {
				return Promise.resolve( failed( error ) );
			}
			return started.then( outcomeOf, failed );
		},
		async destroy() {
			if ( ! destroyed ) {
				destroyed = true;
				await afterpay.destroy().catch( () => false );
			}
		},
	};
}

/**
 * A token result as the field's outcome: the token with the popup's contacts and the shipping
 * option the buyer confirmed (the server prices that option; the popup's amounts are not used).
 *
 * @param result The SDK's result.
 */
export function outcomeOf( result: TokenResult ): WalletOutcome {
	const status = String( result.status );
	// Abort: the method went while its popup was open (the field made a new one).
	if ( status === 'Cancel' || status === 'Abort' ) {
		return { status: 'Cancel' };
	}
	if ( status !== 'OK' || ! result.token ) {
		return failed( result.errors?.[ 0 ] );
	}
	return {
		status: 'OK',
		value: {
			method: 'afterpayClearpay',
			token: result.token,
			wallet: walletDetailsOf( result ),
		},
	};
}
