/**
 * Apple Pay (spec §3–§9; wave 2 design A.2): `payments.applePay(paymentRequest)` checks what
 * Safari and the hydration allow and prepares everything, so that `tokenize()`, called from the
 * merchant's click handler, builds and begins the ApplePaySession before its first await
 * (Safari's user-gesture rule). No attach: the merchant supplies the button.
 */
import { MESSAGE } from '../../../protocol';
import type { SdkContext } from '../../context';
import { assertMethodAvailable } from '../../eligibility';
import {
	PaymentMethodUnsupportedError,
	TokenizationError,
	UnexpectedError,
	tokenizationInProgress,
} from '../../errors';
import { MethodEvents, type Listener } from '../../events';
import { Lifecycle } from '../../lifecycle';
import {
	requirePaymentRequestModel,
	type PaymentRequestModel,
} from '../../payment-request';
import type { ApplePay, PaymentRequest, TokenResult } from '../../types';
import type {
	AppleError,
	AppleErrorClass,
	ApplePayment,
	AppleSessionClass,
} from './apple-types';
import { appleRequest, appleVersion } from './request';
import type { AppleNonceReply } from './result';
import { beginAppleSession, type AppleFlow } from './session';

/** Events of the Apple Pay object: the PaymentMethod base has none of its own (API §6.2). */
const APPLE_PAY_EVENTS: readonly string[] = [];

/** What applePay() prepared for tokenize(). */
interface Prepared {
	model: PaymentRequestModel;
	version: number;
	interac: boolean;
	merchantName: string;
}

/**
 * Safari's ApplePaySession and ApplePayError, if the page has them (feature detection, not the
 * user agent: the sandbox's stand-in works in any browser).
 *
 * @param win Window.
 */
function appleGlobals( win: Window ): {
	Session?: AppleSessionClass;
	ErrorClass: AppleErrorClass;
} {
	const w = win as unknown as Record< string, unknown >;
	const Session =
		typeof w.ApplePaySession === 'function'
			? ( w.ApplePaySession as AppleSessionClass )
			: undefined;
	const ErrorClass =
		typeof w.ApplePayError === 'function'
			? ( w.ApplePayError as AppleErrorClass )
			: ( class implements AppleError {
					constructor(
						readonly code: string,
						readonly contactField?: string,
						readonly message = ''
					) {}
				} as AppleErrorClass );
	return { Session, ErrorClass };
}

const unsupported = ( type: string, message: string ) =>
	new PaymentMethodUnsupportedError( { type, message } );

/**
 * `payments.applePay(paymentRequest)`: the checks of spec §5 (the request is ours; Apple Pay
 * session object, a version of 3 or lower, canMakePayments, location id; the hydration's
 * eligibility and merchant identifier), then the method object.
 *
 * @param ctx     SDK context.
 * @param request The payment request.
 */
export async function createApplePay(
	ctx: SdkContext,
	request: PaymentRequest
): Promise< ApplePay > {
	const model = requirePaymentRequestModel( request );
	const { Session } = appleGlobals( ctx.win );
	const version = Session ? appleVersion( Session ) : null;
	if ( ! Session || version === null ) {
		throw unsupported(
			'BROWSER_NOT_SUPPORTED',
			'Apple Pay is only supported on Safari.'
		);
	}
	if ( ! Session.canMakePayments() ) {
		throw unsupported(
			'DEVICE_NOT_SUPPORTED',
			'This device does not support Apple Pay.'
		);
	}
	if ( ! ctx.locationId ) {
		throw unsupported(
			'MISSING_LOCATION_ID',
			'Apple Pay needs a location id: payments(applicationId, locationId).'
		);
	}
	await assertMethodAvailable( ctx, 'Apple Pay', 'applePay' );
	const hydration = await ctx.session();
	if ( ! hydration.applePayMerchantIdentifier ) {
		throw unsupported(
			'INTERNAL_ERROR',
			'The application has no Apple Pay merchant identifier.'
		);
	}
	const features = await ctx.features();
	return new ApplePayMethod( ctx, {
		model,
		version,
		interac: features.interac,
		merchantName: hydration.merchantName,
	} ).api;
}

/** The Apple Pay method object behind the public one. */
class ApplePayMethod {
	readonly api: ApplePay;
	private readonly lifecycle = new Lifecycle( 'ApplePay' );
	private readonly events: MethodEvents;
	private flow: AppleFlow | null = null;

	/**
	 * @param ctx      SDK context.
	 * @param prepared What applePay() checked and prepared.
	 */
	constructor(
		private readonly ctx: SdkContext,
		private readonly prepared: Prepared
	) {
		this.events = new MethodEvents( APPLE_PAY_EVENTS, ctx.report );
		this.api = Object.freeze( {
			tokenize: () => this.tokenize(),
			destroy: () => this.destroy(),
			addEventListener: ( type: string, listener: Listener ) =>
				this.events.add( type, listener ),
			removeEventListener: ( type: string, listener: Listener ) =>
				this.events.remove( type, listener ),
		} );
	}

	/**
	 * Opens the sheet. Everything up to begin() runs synchronously in the caller's click;
	 * the result is OK, Error (merchant validation or the nonce failed) or Cancel.
	 */
	tokenize(): Promise< TokenResult > {
		try {
			this.lifecycle.assertNotDestroyed();
		} catch ( error ) {
			return Promise.reject( error );
		}
		if ( this.flow ) {
			return Promise.reject( tokenizationInProgress() );
		}
		const { Session, ErrorClass } = appleGlobals( this.ctx.win );
		if ( ! Session ) {
			// The page removed it after applePay() (spec §8: an internal error).
			return Promise.reject(
				new UnexpectedError( 'starting the Apple Pay session' )
			);
		}
		const { model, version, interac } = this.prepared;
		const lock = model.openSheet( 'Apple Pay' );
		if ( ! lock ) {
			return Promise.reject(
				new TokenizationError( [
					{
						type: 'WALLET_SHEET_OPEN',
						message: 'Another wallet sheet is open.',
					},
				] )
			);
		}
		let flow: AppleFlow;
		try {
			flow = beginAppleSession( {
				Session,
				ErrorClass,
				version,
				request: appleRequest( model.current, interac ),
				shippingOptions: model.current.shippingOptions ?? [],
				lock,
				validateMerchant: ( validationUrl ) =>
					this.ctx.mainRequest< string >(
						MESSAGE.REQUEST_APPLE_PAY_MERCHANT_VALIDITY,
						{
							clientId: this.ctx.applicationId,
							locationId: this.ctx.locationId,
							merchantName: this.prepared.merchantName,
							sourceUrl: this.ctx.win.location.href,
							validationUrl,
						}
					),
				cardNonce: ( payment: ApplePayment ) =>
					this.ctx.mainRequest< AppleNonceReply >(
						MESSAGE.REQUEST_APPLE_PAY_CARD_NONCE,
						{ applepayData: payment }
					),
			} );
		} catch ( error ) {
			lock.end();
			// Safari's InvalidAccessError outside a user gesture, a TypeError for a request
			// it refuses, or a second session: the sheet never opened.
			const name = ( error as Error )?.name ?? 'Error';
			return Promise.reject(
				new TokenizationError( [
					{
						type:
							name === 'InvalidAccessError'
								? 'USER_GESTURE_REQUIRED'
								: 'APPLE_PAY_SESSION_ERROR',
						message:
							name === 'InvalidAccessError'
								? 'Apple Pay must start from a user gesture: call tokenize() in the click handler, before any await.'
								: `Apple Pay could not start: ${
										( error as Error )?.message ?? error
									}`,
					},
				] )
			);
		}
		this.flow = flow;
		const started = this.ctx.now();
		return flow.result.then( ( result ) => {
			this.flow = null;
			if ( result.status === 'OK' ) {
				this.ctx.metric( 'tokenize', {
					eventSource: 'apple-pay',
					duration: this.ctx.now() - started,
					method: 'ApplePay',
				} );
				this.ctx.flushMetrics();
			}
			return result;
		} );
	}

	/** Final; an open sheet is aborted (its tokenize resolves Abort). False when already destroyed. */
	async destroy(): Promise< boolean > {
		if ( this.lifecycle.destroyed ) {
			return false;
		}
		this.lifecycle.state = 'destroyed';
		this.flow?.abort();
		return true;
	}
}
