/**
 * Afterpay/Clearpay in the main frame (spec §7): REQUEST_AFTERPAY_CHECKOUT_HANDLER asks the
 * provider for a checkout token for the payment request (/v2/afterpay/checkouts → token,
 * expires); REQUEST_AFTERPAY_INSTANT_WALLET_TOKEN exchanges the completed order for a wallet
 * nonce (/v2/instant-wallet-nonce with afterpay_data).
 */
import { MESSAGE } from '../../protocol';
import { providerRefusal } from '../link';
import type { MainFrameState } from './types';

/**
 * Registers the Afterpay/Clearpay handlers on the main frame's channel.
 *
 * @param state Main frame state.
 */
export function registerAfterpay( state: MainFrameState ): void {
	const { channel, provider } = state;
	/**
	 * A provider call with the session's ids; a refusal becomes its detail.
	 *
	 * @param path Provider path.
	 * @param body The call's own fields.
	 */
	const post = async < T >(
		path: string,
		body: Record< string, unknown >
	): Promise< T > => {
		try {
			return await provider.post< T >( path, {
				client_id: state.init().applicationId,
				location_id: state.init().locationId,
				session_id: state.sessionId() || undefined,
				...body,
			} );
		} catch ( error ) {
			throw providerRefusal( error );
		}
	};
	channel.handle( MESSAGE.REQUEST_AFTERPAY_CHECKOUT_HANDLER, async ( p ) => {
		const q = p as Record< string, unknown >;
		const r = await post< { token: string; expires: string } >(
			'/v2/afterpay/checkouts',
			{
				items: q.items,
				discounts: q.discounts,
				shipping: q.shipping,
				amount: q.amount,
			}
		);
		return { token: r.token, expires: r.expires };
	} );
	channel.handle(
		MESSAGE.REQUEST_AFTERPAY_INSTANT_WALLET_TOKEN,
		async ( p ) => {
			const q = p as Record< string, unknown >;
			const r = await post< {
				token: string;
				session_id?: string;
				afterpay_data?: { email?: string };
				billing_contact?: Record< string, unknown >;
				shipping_contact?: Record< string, unknown >;
			} >( '/v2/instant-wallet-nonce', {
				payment_method_tracking_id: q.paymentMethodTrackingID,
				analytics_token: q.analyticsToken,
				websdk_version: q.websdkVersion,
				website_url: q.websiteURL,
				request_billing_contact: q.requestBillingContact,
				request_shipping_contact: q.requestShippingContact,
				afterpay_data: q.afterpayData,
			} );
			return {
				token: r.token,
				sessionID: r.session_id,
				afterpayData: { email: r.afterpay_data?.email },
				billingContact: r.billing_contact,
				shippingContact: r.shipping_contact,
			};
		}
	);
}
