/**
 * ACH in the main frame (spec §7 "Bank-link session creation", "ACH bank nonce request"): the
 * provider calls that carry credentials. REQUEST_BANK_LINK_SESSION asks
 * /digital-wallets/plaid/oauth-link-session for Plaid's link token and the provider's session
 * token; REQUEST_BANK_NONCE exchanges Plaid's public token and the selected account for a
 * `bnon:` bank nonce at /v2/bank-nonce. A refusal reaches the host with the provider's code
 * (EXPIRED_PLAID_SESSION, INVALID_SELECTED_PLAID_BANK_ACCOUNT_ID, UNKNOWN) as its sub-error.
 */
import { MESSAGE, SDK_VERSION, providerErrors } from '../../protocol';
import { tokenizationError } from '../link';
import type { MainFrameState } from './types';

/**
 * A provider refusal with its code, or UNKNOWN.
 *
 * @param error What the transport threw.
 */
function refusal( error: unknown ): Error {
	const first = providerErrors( error )?.[ 0 ];
	return tokenizationError( [
		{
			type: first?.code ?? 'UNKNOWN',
			message: first?.detail ?? ( error as Error ).message,
		},
	] );
}

/**
 * Registers the ACH handlers on the main frame's channel.
 *
 * @param state Main frame state.
 */
export function registerAch( state: MainFrameState ): void {
	const { channel, provider } = state;
	const common = () => ( {
		client_id: state.init().applicationId,
		location_id: state.init().locationId,
		session_id: state.sessionId() || undefined,
	} );
	channel.handle( MESSAGE.REQUEST_BANK_LINK_SESSION, async ( p ) => {
		const q = p as { redirectUri?: string; languageCode?: string };
		try {
			const r = await provider.post< {
				link_token: string;
				session_token: string;
			} >( '/digital-wallets/plaid/oauth-link-session', {
				...common(),
				redirect_uri: q.redirectUri,
				language_code: q.languageCode,
			} );
			return { linkToken: r.link_token, sessionToken: r.session_token };
		} catch ( error ) {
			throw refusal( error );
		}
	} );
	channel.handle( MESSAGE.REQUEST_BANK_NONCE, async ( p ) => {
		const q = p as {
			accountHolderName: string;
			sessionToken: string;
			publicToken: string;
			bankAccountId: string;
			paymentMethodTrackingId?: string;
		};
		try {
			const r = await provider.post< {
				bank_nonce: string;
				account_details: Record< string, string >;
				session_id?: string;
				payment_method_tracking_id?: string;
			} >(
				'/v2/bank-nonce',
				{
					...common(),
					account_holder_name: q.accountHolderName,
					session_token: q.sessionToken,
					public_token: q.publicToken,
					bank_account_id: q.bankAccountId,
					payment_method_tracking_id: q.paymentMethodTrackingId,
					websdk_version: SDK_VERSION,
					website_url: state.init().sourceUrl,
				},
				{ attempts: 1 }
			);
			return {
				bankNonce: r.bank_nonce,
				accountDetails: r.account_details,
				sessionId: r.session_id,
				paymentMethodTrackingId: r.payment_method_tracking_id,
			};
		} catch ( error ) {
			throw refusal( error );
		}
	} );
}
