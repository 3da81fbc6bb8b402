/**
 * The bank-account (ACH) and Cash App Pay methods as merchant code over the provider SDK's public
 * API (`@square/web-payments-sdk-types` 1.51.4):
 *
 * - `payments.ach()`, then per payment `ach.tokenize({accountHolderName, intent: 'CHARGE',
 *   total: {amount: <minor units>, currencyCode}})`; the result arrives in `ontokenization` (and
 *   the promise), whichever comes first; Plaid's `EXIT` event marks a cancelled link.
 * - `payments.paymentRequest({countryCode, currencyCode, total})`, `payments.cashAppPay(request,
 *   {redirectURL, referenceId})` with its listeners added at once (after a phone's redirect the
 *   result fires almost immediately), `attach(container, buttonOptions, shouldTokenize)`; the
 *   result only through `ontokenization`. A new total is a new instance: the provider forbids
 *   `update()` for Cash App Pay.
 *
 * No React here: part of the payment field script (build/payment-field.js).
 */
import { __ } from '@wordpress/i18n';
import type {
	PaymentRequestOptions,
	SqEvent,
	TokenResult,
} from '@square/web-payments-sdk-types/dist/types/payment-method';
import type { PlaidEventName } from '@square/web-payments-sdk-types/dist/types/payment-method/ach/types';
import type { Payments } from '@square/web-payments-sdk-types/dist/types/payments';
import type {
	AchHandle,
	CashAppHandle,
	CashAppSetup,
	WalletOutcome,
} from './types';

// PlaidEventName is a string enum in the published types; its values as this module uses them.
const EXIT = 'EXIT' as PlaidEventName;
const ON_TOKENIZATION = 'ontokenization' as PlaidEventName;

/**
 * The readable part of what the SDK reported (an error's message), or ''.
 * @param error
 */
function detailOf( error: unknown ): string {
	if ( typeof error === 'string' ) {
		return error;
	}
	if ( error && typeof error === 'object' && 'message' in error ) {
		return String( ( error as { message: unknown } ).message ?? '' );
	}
	return '';
}

/**
 * A failure the visitor reads: nothing was charged; the SDK's own words in brackets.
 *
 * @param error What the SDK reported.
 */
export function failed( error?: unknown ): WalletOutcome {
	const generic = __(
		'The payment could not be completed, and nothing was charged. Please try again.',
		'kestrel-forms'
	);
	const detail = detailOf( error ).trim();
	return {
		status: 'Error',
		message: detail ? `${ generic } (${ detail })` : generic,
	};
}

/**
 * A token result as an outcome.
 *
 * @param result The SDK's token result.
 * @param value  Builds the submission value from the token.
 */
function outcomeOf(
	result: TokenResult,
	value: (
		token: string
	) => Extract< WalletOutcome, { status: 'OK' } >[ 'value' ]
): WalletOutcome {
	const status = String( result.status );
	if ( status === 'OK' && result.token ) {
		return { status: 'OK', value: value( result.token ) };
	}
	if ( status === 'Cancel' || status === 'Abort' ) {
		return { status: 'Cancel' };
	}
	return failed( result.errors?.[ 0 ] );
}

/**
 * The field's bank-account method.
 *
 * @param payments The page's payments object.
 */
export async function createAch( payments: Payments ): Promise< AchHandle > {
	const ach = await payments.ach();
	let destroyed = false;
	// Plaid's EXIT: the visitor closed the bank link (the result that follows is a cancel).
	let exited = false;
	ach.addEventListener( EXIT, () => {
		exited = true;
	} );
	return {
		tokenize( request ) {
			if ( destroyed ) {
				return Promise.resolve( failed() );
			}
			exited = false;
			return new Promise( ( resolve ) => {
				let settled = false;
				const value = ( token: string ) => ( {
					method: 'ach' as const,
					token,
					accountHolderName: request.accountHolderName,
				} );
				const settle = ( outcome: WalletOutcome ) => {
					if ( settled ) {
						return;
					}
					settled = true;
					ach.removeEventListener( ON_TOKENIZATION, onEvent );
					resolve(
						outcome.status === 'Error' && exited
							? { status: 'Cancel' }
							: outcome
					);
				};
				const onEvent = ( event: SqEvent ) => {
					const detail = ( event.detail ?? {} ) as {
						tokenResult?: TokenResult;
						error?: unknown;
					};
					// A result wins over its error (a Cancel or Error result carries both).
					settle(
						detail.tokenResult
							? outcomeOf( detail.tokenResult, value )
							: failed( detail.error )
					);
				};
				ach.addEventListener( ON_TOKENIZATION, onEvent );
				// The bank link opens here, in the click's task (nothing awaited before it).
				let started: Promise< TokenResult >;
				try {
					started = ach.tokenize( {
						accountHolderName: request.accountHolderName,
						intent: 'CHARGE',
						total: {
							amount: request.amount,
							currencyCode: request.currencyCode,
						},
					} );
				} catch ( error ) {
					settle( failed( error ) );
					return;
				}
				started.then(
					( result ) => {
						// Some versions resolve without a result: the event carries it then.
						if ( result && typeof result === 'object' ) {
							settle( outcomeOf( result, value ) );
						}
					},
					( error ) => settle( failed( error ) )
				);
			} );
		},
		async destroy() {
			if ( ! destroyed ) {
				destroyed = true;
				await ach.destroy().catch( () => false );
			}
		},
	};
}

/**
 * One Cash App Pay instance with its button in the container.
 *
 * @param payments The page's payments object.
 * @param setup    Total, redirect, reference, button and listeners.
 */
export async function createCashAppPay(
	payments: Payments,
	setup: CashAppSetup
): Promise< CashAppHandle > {
	const request = payments.paymentRequest( {
		countryCode: setup.countryCode,
		currencyCode: setup.currencyCode,
		total: setup.total,
	} as PaymentRequestOptions );
	const cashAppPay = await payments.cashAppPay( request, {
		redirectURL: setup.redirectURL,
		referenceId: setup.referenceId,
	} );
	let destroyed = false;
	// At once: back from a phone's redirect, the result fires almost immediately.
	cashAppPay.addEventListener( 'ontokenization', ( event ) => {
		const detail = ( event.detail ?? {} ) as {
			tokenResult?: TokenResult;
			error?: unknown;
		};
		// A result wins over its error (a Cancel or Error result carries both).
		setup.onResult(
			detail.tokenResult
				? outcomeOf( detail.tokenResult, ( token ) => ( {
						method: 'cashAppPay',
						token,
					} ) )
				: failed( detail.error )
		);
	} );
	cashAppPay.addEventListener( 'customerInteraction', ( event ) =>
		setup.onInteraction?.(
			!! ( event.detail as { isMobile?: boolean } | undefined )?.isMobile
		)
	);
	cashAppPay.addEventListener( 'customerDismissed', () =>
		setup.onDismissed?.()
	);
	try {
		await cashAppPay.attach(
			setup.container,
			setup.button,
			setup.shouldTokenize
		);
	} catch ( error ) {
		destroyed = true;
		await cashAppPay.destroy().catch( () => false );
		throw error;
	}
	return {
		async destroy() {
			if ( ! destroyed ) {
				destroyed = true;
				await cashAppPay.destroy().catch( () => false );
			}
		},
	};
}
