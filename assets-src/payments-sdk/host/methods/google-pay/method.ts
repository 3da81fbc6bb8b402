/**
 * The Google Pay method object (API §6; spec §4 lifecycle, wallet flow and lock): attach
 * renders Google's button after isReadyToPay, tokenize opens Google's sheet while holding the
 * payment request's lock, answers its shipping changes and exchanges the sheet's token for a
 * card nonce in the main frame. Every end of the sheet (paid, cancelled, failed) frees the lock.
 */
import { MESSAGE } from '../../../protocol';
import type { SdkContext } from '../../context';
import { findAttachTarget } from '../../attach-target';
import {
	PaymentMethodAlreadyAttachedError,
	PaymentMethodAlreadyDestroyedError,
	PaymentMethodUnsupportedError,
	tokenizationInProgress,
} from '../../errors';
import { MethodEvents } from '../../events';
import { Lifecycle } from '../../lifecycle';
import type { PaymentRequestModel } from '../../payment-request';
import type { GooglePay, TokenResult } from '../../types';
import { buttonOptions, renderButton, type RenderedButton } from './button';
import { cardMethod, paymentDataRequest, type RequestContext } from './request';
import {
	sheetFailure,
	tokenResultOf,
	type GooglePayNonceReply,
} from './result';
import { GooglePaySheet } from './sheet';
import type {
	GoogleIntermediatePaymentData,
	GooglePaymentDataRequestUpdate,
	GooglePaymentsClient,
} from './vendor';

const NAME = 'Google Pay';

/** Google's paymentDataCallbacks, given to the client when it is made. */
export interface GoogleCallbacks {
	onPaymentDataChanged: (
		data: GoogleIntermediatePaymentData
	) => Promise< GooglePaymentDataRequestUpdate >;
}

/** One `payments.googlePay()` object. */
export class GooglePayMethod {
	private readonly lifecycle = new Lifecycle( NAME );
	private readonly events: MethodEvents;
	private readonly client: GooglePaymentsClient;
	private attaching = false;
	private tokenizing = false;
	private button: RenderedButton | null = null;
	private sheet: GooglePaySheet | null = null;

	/**
	 * @param ctx        SDK context.
	 * @param model      The payment request.
	 * @param rc         Location, merchant name, auth token, flags.
	 * @param makeClient Makes Google's PaymentsClient with these callbacks.
	 */
	constructor(
		private readonly ctx: SdkContext,
		private readonly model: PaymentRequestModel,
		private readonly rc: RequestContext,
		makeClient: ( callbacks: GoogleCallbacks ) => GooglePaymentsClient
	) {
		// Google Pay has no public events in 1.51.4: addEventListener refuses every name.
		this.events = new MethodEvents( [], ( m ) => ctx.report( m ) );
		this.client = makeClient( {
			onPaymentDataChanged: async ( data ) =>
				this.sheet ? this.sheet.changed( data ) : {},
		} );
	}

	/** The frozen public object (API §6). */
	publicApi(): GooglePay {
		return Object.freeze( {
			attach: ( target: string | HTMLElement, options?: unknown ) =>
				this.attach( target, options ),
			detach: () => this.detach(),
			destroy: () => this.destroy(),
			tokenize: () => this.tokenize(),
			addEventListener: ( type: string, listener: never ) =>
				this.events.add( type, listener ),
			removeEventListener: ( type: string, listener: never ) =>
				this.events.remove( type, listener ),
		} ) as GooglePay;
	}

	/**
	 * Renders the button into the target once Google says the buyer can pay.
	 *
	 * @param selectorOrElement Target (DIV or SPAN).
	 * @param options           Button options.
	 */
	async attach(
		selectorOrElement: string | HTMLElement,
		options?: unknown
	): Promise< void > {
		this.lifecycle.assertNotDestroyed();
		if ( this.lifecycle.attached || this.attaching ) {
			throw new PaymentMethodAlreadyAttachedError( NAME );
		}
		const checked = buttonOptions( options );
		const target = findAttachTarget(
			this.ctx.win.document,
			selectorOrElement
		);
		this.attaching = true;
		try {
			let ready = false;
			try {
				ready = (
					await this.client.isReadyToPay( {
						apiVersion: 2,
						apiVersionMinor: 0,
						allowedPaymentMethods: [
							cardMethod( this.model.current, this.rc, false ),
						],
					} )
				).result;
			} catch {
				ready = false;
			}
			if ( this.lifecycle.destroyed ) {
				throw new PaymentMethodAlreadyDestroyedError( NAME );
			}
			if ( ! ready ) {
				throw new PaymentMethodUnsupportedError( {
					type: 'METHOD_UNSUPPORTED',
					message:
						'Google Pay is not supported or not ready to pay in this browser.',
				} );
			}
			this.button = renderButton( target, this.client, checked );
			this.lifecycle.state = 'attached';
		} finally {
			this.attaching = false;
		}
	}

	/** Removes the button; attach may follow. */
	async detach(): Promise< boolean > {
		this.lifecycle.assertAttached();
		this.button?.remove();
		this.button = null;
		this.lifecycle.toDetached();
		return true;
	}

	/** Final; false when already destroyed. An open sheet's shipping changes then fail. */
	async destroy(): Promise< boolean > {
		if ( this.lifecycle.destroyed ) {
			return false;
		}
		this.button?.remove();
		this.button = null;
		this.sheet?.session.methodDestroyed();
		this.lifecycle.state = 'destroyed';
		return true;
	}

	/** Opens Google's sheet (call it from the buyer's click) and returns the token result. */
	async tokenize(): Promise< TokenResult > {
		this.lifecycle.assertNotDestroyed();
		if ( this.tokenizing ) {
			throw tokenizationInProgress();
		}
		const session = this.model.openSheet( NAME );
		if ( ! session ) {
			return {
				status: 'Error',
				errors: [
					{
						type: 'WALLET_SHEET_OPEN',
						message: 'Another wallet sheet is already open.',
					},
				],
			};
		}
		this.tokenizing = true;
		const sheet = new GooglePaySheet( session, this.model.current );
		this.sheet = sheet;
		try {
			let paymentData;
			try {
				// No await before this call: Google needs the buyer's click (user activation).
				paymentData = await this.client.loadPaymentData(
					paymentDataRequest( this.model.current, this.rc )
				);
			} catch ( error ) {
				return sheetFailure( error );
			} finally {
				this.sheet = null;
				session.end();
			}
			const shown = sheet.current;
			let reply: GooglePayNonceReply;
			try {
				reply = await this.ctx.mainRequest< GooglePayNonceReply >(
					MESSAGE.REQUEST_GOOGLE_PAY_CARD_NONCE,
					{
						paymentData,
						transaction: {
							amount: shown.total.amount,
							currencyCode: shown.currencyCode,
						},
					}
				);
			} catch ( error ) {
				return {
					status: 'Error',
					errors: [
						{
							type: 'TOKENIZATION_ERROR',
							message: ( error as Error ).message,
						},
					],
				};
			}
			const option = shown.shippingOptions?.find(
				( o ) => o.id === paymentData.shippingOptionData?.id
			);
			return tokenResultOf( reply, paymentData, option );
		} finally {
			this.tokenizing = false;
		}
	}
}
