/**
 * Cash App in the main frame (spec §7): the provider calls that carry credentials.
 * REQUEST_CASH_APP_PAY_INSTANT_WALLET_TOKEN exchanges Pay Kit's payment grant for a wallet
 * nonce at /v2/instant-wallet-nonce; the legacy Cash App's REQUEST_CASH_APP_AUTH asks
 * /v2/cash-app/auth for the authorisation URLs and REQUEST_CASH_APP_WALLET_TOKEN asks
 * /v2/cash-app/wallet-token whether the buyer approved (with the access token after a redirect).
 */
import { MESSAGE, SDK_VERSION } from '../../protocol';
import { providerRefusal } from '../link';
import type { MainFrameState } from './types';

/**
 * Registers the Cash App handlers on the main frame's channel.
 *
 * @param state Main frame state.
 */
export function registerCashApp( state: MainFrameState ): void {
	const { channel, provider } = state;
	const common = () => ( {
		client_id: state.init().applicationId,
		location_id: state.init().locationId,
		session_id: state.sessionId() || undefined,
		websdk_version: SDK_VERSION,
		website_url: state.init().sourceUrl,
	} );
	channel.handle(
		MESSAGE.REQUEST_CASH_APP_PAY_INSTANT_WALLET_TOKEN,
		async ( p ) => {
			const q = p as {
				cashAppPayData: {
					referenceId?: string;
					grantId: string;
					cashtag: string;
					totalAmount: { amount: number; currencyCode: string };
					isMobile: boolean;
				};
			};
			const d = q.cashAppPayData;
			try {
				const r = await provider.post< {
					token: string;
					session_id?: string;
				} >( '/v2/instant-wallet-nonce', {
					...common(),
					cash_app_pay_data: {
						reference_id: d.referenceId,
						grant_id: d.grantId,
						cashtag: d.cashtag,
						total_amount: {
							amount: d.totalAmount.amount,
							currency_code: d.totalAmount.currencyCode,
						},
						is_mobile: d.isMobile,
					},
				} );
				return { token: r.token, sessionID: r.session_id };
			} catch ( error ) {
				throw providerRefusal( error );
			}
		}
	);
	channel.handle( MESSAGE.REQUEST_CASH_APP_AUTH, async ( p ) => {
		const q = p as {
			redirectUri: string;
			transactionId: string;
			totalTransactionAmount?: { amount: number; currencyCode: string };
		};
		try {
			return await provider.post( '/v2/cash-app/auth', {
				client_id: state.init().applicationId,
				location_id: state.init().locationId,
				redirect_uri: q.redirectUri,
				transaction_id: q.transactionId,
				...( q.totalTransactionAmount
					? {
							total_transaction_amount: {
								amount: q.totalTransactionAmount.amount,
								currency_code:
									q.totalTransactionAmount.currencyCode,
							},
						}
					: {} ),
			} );
		} catch ( error ) {
			throw providerRefusal( error );
		}
	} );
	channel.handle( MESSAGE.REQUEST_CASH_APP_WALLET_TOKEN, async ( p ) => {
		const q = p as {
			transactionId: string;
			paymentMethodTrackingId: string;
			expiresAt: number;
			accessToken?: string;
			code?: string;
		};
		try {
			return await provider.post( '/v2/cash-app/wallet-token', {
				...common(),
				expiresAt: q.expiresAt,
				transaction_id: q.transactionId,
				payment_method_tracking_id: q.paymentMethodTrackingId,
				...( q.accessToken ? { access_token: q.accessToken } : {} ),
				...( q.code ? { code: q.code } : {} ),
			} );
		} catch ( error ) {
			throw providerRefusal( error );
		}
	} );
}
