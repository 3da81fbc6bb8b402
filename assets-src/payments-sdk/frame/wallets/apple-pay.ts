/**
 * Apple Pay in the main frame (spec §7; wave 2 design A.2 "Endpoints"): merchant validation and
 * the wallet card nonce, the provider calls that carry the application's credentials. The host
 * passes Apple's objects through untouched; failures reach it as TokenizationError with the
 * provider's codes.
 */
import { MESSAGE, providerErrors } from '../../protocol';
import { tokenizationError } from '../link';
import type { MainFrameState } from './types';

/**
 * A provider failure as the host sees it: the provider's code and detail per error.
 *
 * @param error    What the transport threw.
 * @param fallback Type when the provider gave no error body.
 */
function failure( error: unknown, fallback: string ): Error {
	const errors = providerErrors( error );
	return tokenizationError(
		errors?.length
			? errors.map( ( e ) => ( {
					type: e.code,
					message: e.detail ?? e.code,
					...( e.field ? { field: e.field } : {} ),
				} ) )
			: [ { type: fallback, message: ( error as Error ).message } ]
	);
}

/**
 * The host name of a page address ('' when it is not one).
 *
 * @param url Address.
 */
function hostOf( url: unknown ): string {
	try {
		return new URL( String( url ) ).hostname;
	} catch {
		return '';
	}
}

/**
 * Registers the Apple Pay handlers on the main frame's channel.
 *
 * @param state Main frame state.
 */
export function registerApplePay( state: MainFrameState ): void {
	const { channel, provider } = state;
	// REQUEST_APPLE_PAY_MERCHANT_VALIDITY {clientId, locationId, merchantName, sourceUrl,
	// validationUrl}: the merchant session, as a JSON string (spec §7).
	channel.handle(
		MESSAGE.REQUEST_APPLE_PAY_MERCHANT_VALIDITY,
		async ( p ) => {
			const q = p as Record< string, unknown >;
			try {
				const session = await provider.post< unknown >(
					'/v2/apple-pay/validate-merchant',
					{
						client_id: q.clientId,
						location_id: q.locationId,
						merchant_name: q.merchantName,
						source_url: q.sourceUrl,
						domain_name: hostOf( q.sourceUrl ),
						validation_url: q.validationUrl,
						session_id: state.sessionId() || undefined,
					},
					{ attempts: 1 }
				);
				return JSON.stringify( session );
			} catch ( error ) {
				throw failure( error, 'MERCHANT_VALIDATION_FAILED' );
			}
		}
	);
	// REQUEST_APPLE_PAY_CARD_NONCE {applepayData}: card, cardNonce, contacts, sessionId,
	// paymentMethodTrackingId (spec §7).
	channel.handle( MESSAGE.REQUEST_APPLE_PAY_CARD_NONCE, async ( p ) => {
		const payment = ( p as { applepayData?: Record< string, any > } )
			.applepayData;
		const token = payment?.token ?? {};
		const init = state.init();
		try {
			const r = await provider.post< Record< string, any > >(
				'/v2/card-nonce',
				{
					client_id: init.applicationId,
					location_id: init.locationId,
					session_id: state.sessionId() || undefined,
					apple_pay: {
						payment_data: token.paymentData,
						payment_method: token.paymentMethod,
						transaction_identifier: token.transactionIdentifier,
					},
					billing_contact: payment?.billingContact,
					shipping_contact: payment?.shippingContact,
				},
				{ attempts: 1 }
			);
			return {
				cardNonce: r.card_nonce,
				card: r.card,
				billingContact: payment?.billingContact,
				shippingContact: payment?.shippingContact,
				sessionId: r.session_id,
				paymentMethodTrackingId: r.payment_method_tracking_id,
			};
		} catch ( error ) {
			throw failure( error, 'TOKENIZATION_FAILED' );
		}
	} );
}
