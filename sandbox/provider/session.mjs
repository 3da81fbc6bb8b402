/**
 * What the SDK's session calls: hydration (spec §7), metrics and error reports.
 */
import { hydrationFor } from '../applications.mjs';
import { afterpayConfigurationFor } from './afterpay.mjs';
import {
	apiError,
	id,
	isSandboxApplicationId,
	NOT_SANDBOX_APPLICATION,
} from './shared.mjs';

/**
 * Session routes.
 *
 * @param {{ledger: Object}} ctx Provider context.
 * @return {(r: Object) => Object|undefined} Handler: an answer, or undefined when not its route.
 */
export function sessionRoutes( { ledger } ) {
	function hydrate( body ) {
		if ( ! body.applicationId ) {
			return apiError(
				400,
				'INVALID_REQUEST_ERROR',
				'MISSING_APPLICATION_ID',
				'The application id is missing.'
			);
		}
		if ( ! isSandboxApplicationId( body.applicationId ) ) {
			return NOT_SANDBOX_APPLICATION;
		}
		const hydration = hydrationFor( body.applicationId );
		// Apple Pay needs the page's host registered (POST /v2/apple-pay/domains; spec §6).
		const applePay = hydration.paymentMethodSupportDetail.applePay;
		if (
			applePay?.IsSupported &&
			! ledger.apple_pay_domains.includes(
				String( body.hostname ?? '' ).toLowerCase()
			)
		) {
			hydration.paymentMethodSupportDetail = {
				...hydration.paymentMethodSupportDetail,
				applePay: {
					IsSupported: false,
					UnsupportedReasonType: 'DOMAIN_NOT_REGISTERED',
				},
			};
		}
		// Afterpay/Clearpay: the merchant's limits in the location's currency (wave 2 A.6).
		if (
			hydration.paymentMethodSupportDetail.afterpayClearpay?.IsSupported
		) {
			const afterpay = afterpayConfigurationFor( body.locationId );
			if ( afterpay ) {
				hydration.afterpayConfiguration = afterpay;
			}
		}
		const sessionId = id( 'sess-' );
		ledger.sessions.push( {
			sessionId,
			applicationId: body.applicationId,
			locationId: body.locationId,
			hostname: body.hostname,
		} );
		return {
			status: 200,
			body: {
				avt: id( 'avt-' ),
				sessionId,
				instanceId: id( 'inst-' ),
				...hydration,
			},
		};
	}

	return ( { method, path: p, body } ) => {
		if ( method !== 'POST' ) {
			return undefined;
		}
		if ( p === '/payments/hydrate' ) {
			return hydrate( body );
		}
		if ( p === '/payments/mtx' || p === '/payments/mtx/v2' ) {
			ledger.metrics.push( ...( body.metrics ?? [ body ] ) );
			return { status: 204 };
		}
		if ( p === '/payments/mtx/error' ) {
			ledger.errorReports.push( body );
			return { status: 204 };
		}
		return undefined;
	};
}
