/**
 * Wallets (Apple Pay, Google Pay) as merchant code over the provider SDK's public API:
 * `payments.paymentRequest(options)` (one per field, its `update()` and shipping listeners),
 * `payments.applePay(request)` (no attach: the field renders its own button) and
 * `payments.googlePay(request)` (`attach(element, buttonOptions)`), `tokenize()` and, after Google
 * Pay only, `payments.verifyBuyer` as the card path does (Apple Pay authenticates the buyer
 * itself).
 *
 * No React here: part of the payment field script (build/payment-field.js).
 */
import { __ } from '@wordpress/i18n';
import type {
	PaymentRequestOptions,
	PaymentRequestUpdate,
	ShippingOption,
	TokenResult,
} from '@square/web-payments-sdk-types/dist/types/payment-method';
import type { PaymentRequest } from '@square/web-payments-sdk-types/dist/types/payment-request';
import type { Payments } from '@square/web-payments-sdk-types/dist/types/payments';
import type {
	PaymentValue,
	WalletContact,
	WalletMethod,
} from '../../../shared';
import type {
	PaymentConfig,
	WalletHandle,
	WalletOutcome,
	WalletRequest,
	WalletSession,
	WalletShipping,
} from './types';

/** The SDK's wallet objects as this module uses them (the published ApplePay / GooglePay). */
interface SdkWallet {
	attach?: ( target: HTMLElement, options?: object ) => Promise< void >;
	tokenize: () => Promise< TokenResult >;
	destroy: () => Promise< boolean >;
}

/**
 * The field's payment request and its wallets.
 *
 * @param payments The page's payments object.
 * @param config   The field's public configuration.
 * @param request  The first request, from the server.
 * @param shipping Asks the server for the sheet's shipping changes.
 */
export function createWalletSession(
	payments: Payments,
	config: PaymentConfig,
	request: WalletRequest,
	shipping: WalletShipping
): WalletSession {
	let current = request;
	const paymentRequest: PaymentRequest = payments.paymentRequest(
		request as PaymentRequestOptions
	);
	// The sheet's changes are priced by the server: its answer is what the sheet shows.
	paymentRequest.addEventListener(
		'shippingcontactchanged',
		( contact: unknown ) =>
			shipping.contact( contact ) as Promise< PaymentRequestUpdate >
	);
	paymentRequest.addEventListener(
		'shippingoptionchanged',
		( option: unknown ) =>
			shipping
				.option( ( option as ShippingOption ).id )
				.then( ( update ) => {
					if ( update.total ) {
						current = { ...current, total: update.total };
					}
					return update as PaymentRequestUpdate;
				} )
	);
	return {
		update( next ) {
			const accepted = paymentRequest.update(
				next as Partial< PaymentRequestOptions >
			);
			if ( accepted ) {
				current = next;
			}
			return accepted;
		},
		async wallet( method ) {
			const sdk = ( await ( method === 'applePay'
				? payments.applePay( paymentRequest )
				: payments.googlePay(
						paymentRequest
					) ) ) as unknown as SdkWallet;
			return walletHandle( payments, config, method, sdk, () => current );
		},
	};
}

/**
 * One wallet's handle.
 *
 * @param payments Payments object (buyer verification).
 * @param config   Configuration.
 * @param method   The wallet.
 * @param sdk      The SDK's wallet object.
 * @param request  The request as the sheet shows it now.
 */
function walletHandle(
	payments: Payments,
	config: PaymentConfig,
	method: WalletMethod,
	sdk: SdkWallet,
	request: () => WalletRequest
): WalletHandle {
	let destroyed = false;
	return {
		method,
		async attach( container ) {
			if ( method === 'googlePay' && sdk.attach ) {
				await sdk.attach( container, config.googlePayButton ?? {} );
			}
		},
		tokenize() {
			if ( destroyed ) {
				return Promise.resolve( failed() );
			}
			// The provider's tokenize starts here, in the click's task (nothing awaited before).
			let started: Promise< TokenResult >;
			try {
				started = sdk.tokenize();
			} catch {
				return Promise.resolve( failed() );
			}
			return started.then(
				( result ) =>
					outcomeOf( payments, config, method, result, request() ),
				() => failed()
			);
		},
		async destroy() {
			if ( ! destroyed ) {
				destroyed = true;
				await sdk.destroy().catch( () => false );
			}
		},
	};
}

/**
 * A token result as the field's outcome; a Google Pay token is verified first when the field
 * asks for buyer verification (SCA regions), an Apple Pay one never.
 *
 * @param payments Payments object.
 * @param config   Configuration.
 * @param method   The wallet.
 * @param result   The SDK's result.
 * @param request  The request the sheet showed (its total is verified).
 */
async function outcomeOf(
	payments: Payments,
	config: PaymentConfig,
	method: WalletMethod,
	result: TokenResult,
	request: WalletRequest
): Promise< WalletOutcome > {
	const status = String( result.status );
	if ( status === 'Cancel' ) {
		return { status: 'Cancel' };
	}
	if ( status !== 'OK' || ! result.token ) {
		return failed();
	}
	const token = result.token;
	const wallet = walletDetailsOf( result );
	const value = { method, token, wallet };
	if ( method !== 'googlePay' || ! config.verifyBuyer ) {
		return { status: 'OK', value };
	}
	try {
		const verification = await payments.verifyBuyer( token, {
			amount: request.total.amount,
			currencyCode: request.currencyCode,
			intent: 'CHARGE',
			billingContact: wallet.billing ?? {},
		} );
		return {
			status: 'OK',
			value: verification?.token
				? { ...value, verificationToken: verification.token }
				: value,
		};
	} catch {
		return {
			status: 'Error',
			message: __(
				'Your card could not be verified. Please try again or use another card.',
				'kestrel-forms'
			),
		};
	}
}

/**
 * What a sheet or popup returned with its token, as the server reads it: the billing and
 * shipping contacts and the shipping option picked (each only when there is one).
 *
 * @param result The SDK's OK result.
 */
export function walletDetailsOf(
	result: TokenResult
): NonNullable< PaymentValue[ 'wallet' ] > {
	const wallet: NonNullable< PaymentValue[ 'wallet' ] > = {};
	const billing = contactOf( result.details?.billing );
	const shipping = contactOf( result.details?.shipping?.contact );
	if ( billing ) {
		wallet.billing = billing;
	}
	if ( shipping ) {
		wallet.shipping = shipping;
	}
	const option = result.details?.shipping?.option?.id;
	if ( typeof option === 'string' && option ) {
		wallet.shippingOption = option;
	}
	return wallet;
}

/**
 * The contact keys the server reads, as strings (undefined when there is none).
 *
 * @param raw The SDK's contact.
 */
function contactOf( raw: unknown ): WalletContact | undefined {
	if ( ! raw || typeof raw !== 'object' ) {
		return undefined;
	}
	const source = raw as Record< string, unknown >;
	const contact: WalletContact = {};
	for ( const key of [
		'givenName',
		'familyName',
		'email',
		'phone',
		'city',
		'state',
		'postalCode',
		'countryCode',
	] as const ) {
		if ( typeof source[ key ] === 'string' && source[ key ] ) {
			contact[ key ] = source[ key ] as string;
		}
	}
	if ( Array.isArray( source.addressLines ) ) {
		contact.addressLines = source.addressLines.filter(
			( line ): line is string => typeof line === 'string'
		);
	}
	return Object.keys( contact ).length ? contact : undefined;
}

function failed(): WalletOutcome {
	return {
		status: 'Error',
		message: __(
			'The payment could not be completed, and nothing was charged. Please try again.',
			'kestrel-forms'
		),
	};
}
