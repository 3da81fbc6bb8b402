/**
 * The payment field script's adapter: merchant code for the provider's web payments SDK. It uses
 * only the SDK's public API as the provider publishes its types (`@square/web-payments-sdk-types`):
 * `Square.payments(appId, locationId)`, `payments.card()` / `payments.giftCard()`, `attach`,
 * `tokenize`, `payments.verifyBuyer` and `destroy` (and for wallets `payments.paymentRequest()`,
 * `applePay()`, `googlePay()`: wallets.ts; `ach()`, `cashAppPay()`: bank-and-cash-app.ts;
 * `afterpayClearpay()`: afterpay.ts), so it works unchanged on our SDK (the compat suite
 * proves the shapes) and on the provider's own.
 *
 * No React here: this module and its entry (bundles/payment-field.ts) are the whole field script.
 */
import { __ } from '@wordpress/i18n';
// The published types, read from their modules rather than the package index: the index also
// declares `window.Square`, which our own SDK declares too (compat §a), and one program cannot
// hold both declarations.
import type {
	Card,
	GiftCard,
	TokenResult,
} from '@square/web-payments-sdk-types/dist/types/payment-method';
import type { Payments } from '@square/web-payments-sdk-types/dist/types/payments';
import type { Square } from '@square/web-payments-sdk-types/dist/types/square';
import type {
	AttachConfig,
	PaymentAdapter,
	PaymentConfig,
	PaymentHandle,
	TokenizeOutcome,
	TokenizeRequest,
} from './types';
import { createWalletSession } from './wallets';
import { createAch, createCashAppPay } from './bank-and-cash-app';
import { createAfterpay } from './afterpay';

/**
 * An adapter over an SDK global. One payments object per application and location, shared by
 * every element of the page (the SDK's own advice).
 *
 * @param sdk Returns the SDK global (`window.Square`) when it is there.
 */
export function createSquareAdapter(
	sdk: () => Square | undefined = () =>
		( window as unknown as { Square?: Square } ).Square
): PaymentAdapter {
	const instances = new Map< string, Payments >();
	const paymentsFor = ( config: PaymentConfig ): Payments => {
		const key = `${ config.applicationId }|${ config.locationId }`;
		let payments = instances.get( key );
		if ( ! payments ) {
			const square = sdk();
			if ( ! square ) {
				throw new Error( 'The payments SDK is not loaded.' );
			}
			payments = square.payments(
				config.applicationId,
				config.locationId
			);
			instances.set( key, payments );
		}
		return payments;
	};
	return {
		ach: ( config ) => createAch( paymentsFor( config ) ),
		cashAppPay: ( config, setup ) =>
			createCashAppPay( paymentsFor( config ), setup ),
		afterpay: ( config, setup ) =>
			createAfterpay( paymentsFor( config ), config, setup ),
		walletSession: ( config, request, shipping ) =>
			createWalletSession(
				paymentsFor( config ),
				config,
				request,
				shipping
			),
		async attach( container, config ) {
			const payments = paymentsFor( config );
			const options = config.includeInputLabels
				? { includeInputLabels: true }
				: undefined;
			const element: Card | GiftCard =
				config.method === 'giftCard'
					? await payments.giftCard( options )
					: await payments.card( options );
			try {
				await element.attach( container );
			} catch ( error ) {
				await element.destroy().catch( () => false );
				throw error;
			}
			return handleFor( payments, element, config );
		},
	};
}

/**
 * The handle of one attached element.
 *
 * @param payments The payments object that made it.
 * @param element  The attached card or gift card.
 * @param config   Page configuration and method.
 */
function handleFor(
	payments: Payments,
	element: Card | GiftCard,
	config: AttachConfig
): PaymentHandle {
	let destroyed = false;
	let busy = false;
	return {
		async tokenize( request ) {
			if ( destroyed ) {
				return failure( 'unavailable', unavailableMessage() );
			}
			if ( busy ) {
				return failure(
					'busy',
					__(
						'Your payment details are already being checked.',
						'kestrel-forms'
					)
				);
			}
			busy = true;
			try {
				return await tokenizeAndVerify(
					payments,
					element,
					config,
					request
				);
			} finally {
				busy = false;
			}
		},
		remeasure() {
			if ( destroyed ) {
				return;
			}
			if ( 'recalculateSize' in element ) {
				element.recalculateSize();
			} else {
				// Elements without recalculateSize measure themselves on window resize.
				window.dispatchEvent( new window.Event( 'resize' ) );
			}
		},
		async destroy() {
			if ( destroyed ) {
				return;
			}
			destroyed = true;
			await element.destroy().catch( () => false );
		},
	};
}

/**
 * Tokenizes, then verifies the buyer for cards when the field asks for it.
 *
 * @param payments Payments object.
 * @param element  Attached element.
 * @param config   Configuration.
 * @param request  Amount, currency and contact.
 */
async function tokenizeAndVerify(
	payments: Payments,
	element: Card | GiftCard,
	config: AttachConfig,
	request: TokenizeRequest
): Promise< TokenizeOutcome > {
	let result: TokenResult;
	try {
		result = await element.tokenize();
	} catch ( error ) {
		return failure( 'tokenize_failed', tokenizeFailedMessage( error ) );
	}
	// TokenStatus is a string enum in the published types; compare its value.
	const status = String( result.status );
	if ( status !== 'OK' || ! result.token ) {
		if ( status === 'Invalid' ) {
			// One sentence per problem, as the SDK names them ("Credit card number is not valid").
			const messages = ( result.errors ?? [] )
				.map( ( e ) => ( e.message ?? '' ).trim() )
				.filter( Boolean )
				.map( ( m ) => ( /[.!?]$/.test( m ) ? m : `${ m }.` ) );
			return failure(
				'invalid',
				messages.length
					? messages.join( ' ' )
					: __(
							'Please check your payment details.',
							'kestrel-forms'
						)
			);
		}
		return failure(
			'tokenize_failed',
			tokenizeFailedMessage( result.errors?.[ 0 ] )
		);
	}
	const token = result.token;
	if ( ! config.verifyBuyer || config.method !== 'card' ) {
		return { ok: true, value: { method: config.method, token } };
	}
	try {
		const verification = await payments.verifyBuyer( token, {
			amount: request.amount,
			currencyCode: request.currencyCode,
			intent: 'CHARGE',
			billingContact: request.billingContact,
		} );
		return {
			ok: true,
			value: verification?.token
				? {
						method: config.method,
						token,
						verificationToken: verification.token,
					}
				: { method: config.method, token },
		};
	} catch {
		return failure(
			'verify_failed',
			__(
				'Your card could not be verified. Please try again or use another card.',
				'kestrel-forms'
			)
		);
	}
}

function failure( code: string, message: string ): TokenizeOutcome {
	return { ok: false, code, message };
}

function unavailableMessage(): string {
	return __(
		'Payments are not available right now. Please reload the page.',
		'kestrel-forms'
	);
}

/**
 * The visitor's message when tokenizing failed: the SDK's own message when it gave one.
 *
 * @param error What the SDK threw or reported.
 */
function tokenizeFailedMessage( error: unknown ): string {
	const detail =
		error && typeof error === 'object' && 'message' in error
			? String( ( error as { message: unknown } ).message )
			: '';
	const generic = __(
		'Your payment details could not be processed. Please try again.',
		'kestrel-forms'
	);
	return detail ? `${ generic } (${ detail })` : generic;
}
