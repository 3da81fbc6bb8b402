/**
 * Cash App Pay (spec §3–§9; wave 2 design A.5): `payments.cashAppPay(paymentRequest, options)`
 * checks the merchant, the request and the options in the spec's order, loads Cash App's Pay
 * Kit by environment, starts Pay Kit with the provider's client id, creates the customer
 * request for the total and gives a method whose results arrive as `ontokenization` events.
 */
import type { SdkContext } from '../../context';
import { assertLocationId, assertMethodAvailable } from '../../eligibility';
import { MethodNotAvailableError, UnexpectedError } from '../../errors';
import { requirePaymentRequestModel } from '../../payment-request';
import { loadScript, thirdPartyScriptUrl } from '../../script-loader';
import type { CashAppPay, PaymentRequest } from '../../types';
import { CASH_APP_PAY, CashAppPayMethod, type CashAppPayClock } from './method';
import { payKitOf } from './pay-kit';
import { checkCashAppPayRequest } from './validate';

/**
 * The provider's Pay Kit client id per environment (Pay Kit: sandbox ids start `CAS-CI_`,
 * production ids `CA-CI_`).
 */
export const PAY_KIT_CLIENT_IDS = {
	production: 'CA-CI_SQUARE',
	sandbox: 'CAS-CI_SQUARE',
} as const;

/**
 * `payments.cashAppPay(paymentRequest, options)`.
 *
 * @param ctx     SDK context.
 * @param request The payment request.
 * @param options {redirectURL, referenceId?}.
 * @param clock   Timers of the expiry warning (tests); the window's by default.
 */
export async function createCashAppPay(
	ctx: SdkContext,
	request: PaymentRequest,
	options: unknown,
	clock?: CashAppPayClock
): Promise< CashAppPay > {
	const model = requirePaymentRequestModel( request );
	assertLocationId( ctx, 'Cash App Pay' );
	await assertMethodAvailable( ctx, CASH_APP_PAY, 'cashAppPay' );
	const hydration = await ctx.session();
	const scopeId = hydration.cashAppPayMerchantIdentifier;
	if ( ! scopeId ) {
		throw new MethodNotAvailableError();
	}
	const checked = checkCashAppPayRequest( model.current, options );
	await loadScript( ctx.win, thirdPartyScriptUrl( ctx, 'cashAppPay' ) );
	const kit = payKitOf( ctx.win );
	if ( ! kit ) {
		throw new UnexpectedError( 'loading Cash App Pay' );
	}
	let pay;
	try {
		pay = await kit.pay( {
			clientId: PAY_KIT_CLIENT_IDS[ ctx.environment ],
		} );
	} catch {
		throw new UnexpectedError( 'starting Cash App Pay' );
	}
	const win = ctx.win;
	const method = new CashAppPayMethod( ctx, model, pay, {
		scopeId,
		checked,
		clock: clock ?? {
			now: () => Date.now(),
			setTimer: ( fn, ms ) => win.setTimeout( fn, ms ),
			clearTimer: ( h ) => win.clearTimeout( h as number ),
		},
	} );
	try {
		await method.request();
	} catch {
		throw new UnexpectedError( 'creating the Cash App Pay request' );
	}
	// Cash App Pay's amount is fixed in its customer request: update() is refused (types).
	model.pin( CASH_APP_PAY );
	return method.publicApi();
}
