/**
 * Google Pay in the main frame (spec §7): the provider calls that carry credentials.
 * GENERATE_GOOGLE_PAY_AUTH_TOKEN asks /digital-wallets/google-pay/token for the token the
 * PaymentDataRequest carries as merchantInfo.authJwt; REQUEST_GOOGLE_PAY_CARD_NONCE exchanges
 * the sheet's payment data (Google's token from the provider's gateway) for a card nonce at
 * /v2/card-nonce. The host passes Google's payload through untouched.
 */
import { MESSAGE } from '../../protocol';
import { providerRefusal } from '../link';
import type { MainFrameState } from './types';

/**
 * Registers the Google Pay handlers on the main frame's channel.
 *
 * @param state Main frame state.
 */
export function registerGooglePay( state: MainFrameState ): void {
	const { channel, provider } = state;
	channel.handle( MESSAGE.GENERATE_GOOGLE_PAY_AUTH_TOKEN, async () => {
		try {
			const r = await provider.post< { token: string } >(
				'/digital-wallets/google-pay/token',
				{
					session: state.sessionId(),
					application_id: state.init().applicationId,
					location_id: state.init().locationId,
				}
			);
			return { token: r.token };
		} catch ( error ) {
			throw providerRefusal( error );
		}
	} );
	channel.handle( MESSAGE.REQUEST_GOOGLE_PAY_CARD_NONCE, async ( p ) => {
		const q = p as {
			paymentData: unknown;
			transaction?: { amount?: string; currencyCode?: string };
		};
		try {
			const r = await provider.post< {
				card_nonce: string;
				card: Record< string, unknown >;
				session_id?: string;
				payment_method_tracking_id?: string;
			} >( '/v2/card-nonce', {
				client_id: state.init().applicationId,
				location_id: state.init().locationId,
				session_id: state.sessionId() || undefined,
				google_pay: {
					payment_data: q.paymentData,
					transaction: q.transaction,
				},
			} );
			return {
				cardNonce: r.card_nonce,
				card: r.card,
				sessionId: r.session_id,
				paymentMethodTrackingId: r.payment_method_tracking_id,
			};
		} catch ( error ) {
			throw providerRefusal( error );
		}
	} );
}
