/**
 * Google Pay (spec §3–§9; wave 2 design A.3). Scaffold: the eligibility checks of spec §5 run,
 * then the method is refused as not in this version. The method itself is being built here.
 */
import type { SdkContext } from '../../context';
import { assertMethodAvailable } from '../../eligibility';
import { PaymentMethodUnsupportedError } from '../../errors';
import type { GooglePay, PaymentRequest } from '../../types';

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
	void request;
	await assertMethodAvailable( ctx, 'Google Pay', 'googlePay' );
	throw new PaymentMethodUnsupportedError( {
		type: 'METHOD_UNSUPPORTED',
		message: 'Google Pay is not supported in this version of the SDK.',
	} );
}
