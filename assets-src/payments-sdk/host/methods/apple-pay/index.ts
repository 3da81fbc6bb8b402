/**
 * Apple Pay (spec §3–§9; wave 2 design A.2). Scaffold: the eligibility checks of spec §5 run,
 * then the method is refused as not in this version. The method itself is being built here.
 */
import type { SdkContext } from '../../context';
import { assertMethodAvailable } from '../../eligibility';
import { PaymentMethodUnsupportedError } from '../../errors';
import type { ApplePay, PaymentRequest } from '../../types';

/**
 * `payments.applePay(paymentRequest)`.
 *
 * @param ctx     SDK context.
 * @param request The payment request.
 */
export async function createApplePay(
	ctx: SdkContext,
	request: PaymentRequest
): Promise< ApplePay > {
	void request;
	await assertMethodAvailable( ctx, 'Apple Pay', 'applePay' );
	throw new PaymentMethodUnsupportedError( {
		type: 'METHOD_UNSUPPORTED',
		message: 'Apple Pay is not supported in this version of the SDK.',
	} );
}
