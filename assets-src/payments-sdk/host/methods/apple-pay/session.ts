/**
 * One Apple Pay sheet (spec §4 "Apple Pay"; wave 2 design A.2): the session is built and begun
 * synchronously (Safari's user-gesture rule), then merchant validation through the main frame,
 * the shipping listeners of the payment request, authorisation for a wallet card nonce, and
 * completion. Each end (paid, failed, cancelled, aborted) settles the result once and frees the
 * payment request's lock.
 */
import type { WalletSession } from '../../payment-request';
import type {
	ShippingOption,
	TokenErrorDetails,
	TokenResult,
} from '../../types';
import type {
	AppleErrorClass,
	ApplePayment,
	ApplePaymentRequest,
	AppleSession,
	AppleSessionClass,
} from './apple-types';
import {
	appleShippingErrors,
	appleTotals,
	appleTokenResult,
	contactFromApple,
	type AppleNonceReply,
} from './result';

/** What one sheet needs. */
export interface AppleFlowDeps {
	Session: AppleSessionClass;
	ErrorClass: AppleErrorClass;
	version: number;
	/** The converted request (built in the click, from the request as it is then). */
	request: ApplePaymentRequest;
	/** Shipping options of the request when the sheet opens. */
	shippingOptions: readonly ShippingOption[];
	/** The payment request's lock and shipping dispatch. */
	lock: WalletSession;
	/** REQUEST_APPLE_PAY_MERCHANT_VALIDITY: the merchant session as a JSON string. */
	validateMerchant: ( validationURL: string ) => Promise< string >;
	/** REQUEST_APPLE_PAY_CARD_NONCE. */
	cardNonce: ( payment: ApplePayment ) => Promise< AppleNonceReply >;
}

/** An open sheet. */
export interface AppleFlow {
	/** Settles once: OK, Error, Cancel or Abort. */
	result: Promise< TokenResult >;
	/** Closes the sheet (destroy()): the result is Abort. */
	abort: () => void;
}

/**
 * The sub-errors of a failure that crossed from the main frame (the provider's codes), or one
 * of ours.
 *
 * @param error Anything thrown.
 * @param type  Type when the failure carries none.
 */
function errorsOf( error: unknown, type: string ): TokenErrorDetails[] {
	const given = ( error as { errors?: unknown } )?.errors;
	const list = Array.isArray( given )
		? ( given as Array< Record< string, unknown > > )
		: [];
	const mapped = list
		.filter( ( e ) => typeof e?.message === 'string' )
		.map( ( e ) => ( {
			type: String( e.type ?? type ),
			message: String( e.message ),
			...( e.field ? { field: String( e.field ) } : {} ),
		} ) );
	return mapped.length
		? mapped
		: [
				{
					type,
					message: ( error as Error )?.message ?? String( error ),
				},
			];
}

/**
 * Builds the session and begins it, synchronously: throws what the constructor or begin()
 * throw (InvalidAccessError outside a user gesture); the caller frees the lock then.
 *
 * @param deps What the sheet needs.
 */
export function beginAppleSession( deps: AppleFlowDeps ): AppleFlow {
	const { Session, lock } = deps;
	const session: AppleSession = new Session( deps.version, deps.request );
	let settle: ( result: TokenResult ) => void = () => {};
	const result = new Promise< TokenResult >( ( r ) => ( settle = r ) );
	let done = false;
	let option: ShippingOption | undefined = deps.shippingOptions[ 0 ];
	let options = deps.shippingOptions;
	const finish = ( outcome: TokenResult ): void => {
		if ( ! done ) {
			done = true;
			lock.end();
			settle( outcome );
		}
	};
	const fail = ( error: unknown, type: string ): void => {
		try {
			session.abort();
		} catch {
			// Already closed.
		}
		finish( { status: 'Error', errors: errorsOf( error, type ) } );
	};

	session.onvalidatemerchant = ( event ) => {
		deps.validateMerchant( event.validationURL ).then(
			( text ) => {
				if ( done ) {
					return;
				}
				let merchantSession: unknown;
				try {
					merchantSession = JSON.parse( text );
				} catch ( error ) {
					fail( error, 'MERCHANT_VALIDATION_FAILED' );
					return;
				}
				session.completeMerchantValidation( merchantSession );
			},
			( error ) => ! done && fail( error, 'MERCHANT_VALIDATION_FAILED' )
		);
	};

	session.onshippingcontactselected = ( event ) => {
		lock.shippingContactChanged(
			contactFromApple( event.shippingContact )
		).then( ( outcome ) => {
			if ( done ) {
				return;
			}
			const errors = appleShippingErrors( outcome, deps.ErrorClass );
			options = outcome.request.shippingOptions ?? [];
			if ( ! options.some( ( o ) => o.id === option?.id ) ) {
				option = options[ 0 ];
			}
			session.completeShippingContactSelection( {
				...appleTotals( outcome.request ),
				...( errors.length ? { errors } : {} ),
			} );
		} );
	};

	session.onshippingmethodselected = ( event ) => {
		const picked = event.shippingMethod;
		const chosen: ShippingOption = options.find(
			( o ) => o.id === picked.identifier
		) ?? {
			id: picked.identifier,
			label: picked.label,
			amount: picked.amount,
		};
		lock.shippingOptionChanged( chosen ).then( ( outcome ) => {
			if ( done ) {
				return;
			}
			if ( ! outcome.error ) {
				option = chosen;
			}
			const { newTotal, newLineItems } = appleTotals( outcome.request );
			session.completeShippingMethodSelection( {
				newTotal,
				newLineItems,
			} );
		} );
	};

	session.onpaymentauthorized = ( event ) => {
		deps.cardNonce( event.payment ).then(
			( reply ) => {
				if ( done ) {
					return;
				}
				session.completePayment( { status: Session.STATUS_SUCCESS } );
				finish( appleTokenResult( reply, option ) );
			},
			( error ) => {
				if ( done ) {
					return;
				}
				session.completePayment( { status: Session.STATUS_FAILURE } );
				finish( {
					status: 'Error',
					errors: errorsOf( error, 'TOKENIZATION_FAILED' ),
				} );
			}
		);
	};

	session.oncancel = () => finish( { status: 'Cancel' } );

	session.begin();
	return {
		result,
		abort: () => {
			if ( done ) {
				return;
			}
			lock.methodDestroyed();
			try {
				session.abort();
			} catch {
				// Already closed.
			}
			finish( { status: 'Abort' } );
		},
	};
}
