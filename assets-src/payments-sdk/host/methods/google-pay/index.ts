/**
 * Google Pay (spec §3–§9; wave 2 design A.3): `payments.googlePay(paymentRequest)` checks the
 * page and the merchant, loads Google's pay.js on demand, and gives a method whose button is
 * Google's own, rendered in a shadow root inside the merchant's target, and whose tokenize()
 * opens Google's sheet and exchanges its token for a card nonce in the main frame.
 */
import { MESSAGE } from '../../../protocol';
import type { SdkContext } from '../../context';
import { assertLocationId, assertMethodAvailable } from '../../eligibility';
import {
	InvalidElementPresentError,
	PaymentMethodUnsupportedError,
	UnexpectedError,
} from '../../errors';
import { requirePaymentRequestModel } from '../../payment-request';
import { loadScript, thirdPartyScriptUrl } from '../../script-loader';
import type { GooglePay, PaymentRequest } from '../../types';
import { GooglePayMethod } from './method';
import { paymentsClientOf } from './vendor';

export const GOOGLE_PAY = 'Google Pay';

/**
 * The page checks of spec §5: no element with id `google` (it would shadow `window.google`,
 * where pay.js lives) and shadow DOM (the button's root).
 *
 * @param win Merchant window.
 */
export function checkPage( win: Window ): void {
	if ( win.document.getElementById( 'google' ) ) {
		throw new InvalidElementPresentError( GOOGLE_PAY, 'google' );
	}
	const proto = ( win as unknown as { Element?: { prototype: object } } )
		.Element?.prototype;
	if ( ! proto || ! ( 'attachShadow' in proto ) ) {
		throw new PaymentMethodUnsupportedError( {
			type: 'BROWSER_NOT_SUPPORTED',
			message: 'Google Pay is not supported by this browser.',
		} );
	}
}

/**
 * `payments.googlePay(paymentRequest)`.
 *
 * @param ctx     SDK context.
 * @param request The payment request.
 */
export async function createGooglePay(
	ctx: SdkContext,
	request: PaymentRequest
): Promise< GooglePay > {
	const model = requirePaymentRequestModel( request );
	checkPage( ctx.win );
	await assertMethodAvailable( ctx, GOOGLE_PAY, 'googlePay' );
	assertLocationId( ctx, 'Google Pay' );
	const features = await ctx.features();
	const hydration = await ctx.session();
	await loadScript( ctx.win, thirdPartyScriptUrl( ctx, 'googlePay' ) );
	const PaymentsClient = paymentsClientOf( ctx.win );
	if ( ! PaymentsClient ) {
		throw new UnexpectedError( 'loading Google Pay' );
	}
	let auth: { token?: string };
	try {
		auth = await ctx.mainRequest< { token?: string } >(
			MESSAGE.GENERATE_GOOGLE_PAY_AUTH_TOKEN,
			{ session: hydration.sessionId }
		);
	} catch {
		throw new UnexpectedError( 'creating Google Pay' );
	}
	const rc = {
		locationId: ctx.locationId,
		merchantName: hydration.merchantName || undefined,
		authJwt: auth.token,
		interac: features.interac,
	};
	const method = new GooglePayMethod(
		ctx,
		model,
		rc,
		( callbacks ) =>
			new PaymentsClient( {
				environment:
					features.walletEnvironment === 'production'
						? 'PRODUCTION'
						: 'TEST',
				paymentDataCallbacks: callbacks,
			} )
	);
	return method.publicApi();
}
