/**
 * Afterpay/Clearpay (spec §5, §9; wave 2 A.6): `payments.afterpayClearpay(paymentRequest)`
 * checks the request and the merchant in the spec's order (location id, currency, merchant
 * enabled, the bnplA flag, the merchant's limits), loads Afterpay.js or Clearpay's script for
 * the request's region, and gives the method object (method.ts).
 */
import type { SdkContext } from '../../context';
import { assertLocationId } from '../../eligibility';
import {
	AfterpayAmountOutsideLimitsError,
	AfterpayInvalidPaymentRequestError,
	AfterpayMerchantError,
	AfterpayUnsupportedCurrencyError,
	FeatureDisabledError,
	UnexpectedError,
} from '../../errors';
import { requirePaymentRequestModel } from '../../payment-request';
import { loadScript, thirdPartyScriptUrl } from '../../script-loader';
import type { AfterpayClearpay, PaymentRequest } from '../../types';
import { AfterpayMethod } from './method';
import {
	AFTERPAY_CURRENCIES,
	brandOf,
	limitProblem,
	missingContactFields,
} from './rules';
import { afterpayOf } from './vendor';

/**
 * `payments.afterpayClearpay(paymentRequest)`.
 *
 * @param ctx     SDK context.
 * @param request The payment request.
 */
export async function createAfterpayClearpay(
	ctx: SdkContext,
	request: PaymentRequest
): Promise< AfterpayClearpay > {
	const model = requirePaymentRequestModel( request );
	assertLocationId( ctx, 'Afterpay/Clearpay' );
	const current = model.current;
	const currency = String( current.currencyCode ).toUpperCase();
	if ( ! ( AFTERPAY_CURRENCIES as readonly string[] ).includes( currency ) ) {
		throw new AfterpayUnsupportedCurrencyError(
			currency,
			AFTERPAY_CURRENCIES
		);
	}
	const hydration = await ctx.session();
	const support = hydration.paymentMethodSupportDetail?.afterpayClearpay;
	if ( ! support?.IsSupported ) {
		throw new AfterpayMerchantError(
			support?.UnsupportedReasonType ?? 'NOT_ONBOARDED'
		);
	}
	if ( ! ( await ctx.features() ).afterpay ) {
		throw new FeatureDisabledError( 'bnplA' );
	}
	const limits = hydration.afterpayConfiguration;
	if ( ! limits ) {
		throw new AfterpayMerchantError( 'NOT_ONBOARDED' );
	}
	const problem = limitProblem( current, limits );
	if ( problem === 'currency' ) {
		throw new AfterpayUnsupportedCurrencyError( currency, [
			limits.currency,
		] );
	}
	if ( problem === 'limits' ) {
		throw new AfterpayAmountOutsideLimitsError(
			current.total.amount,
			limits.minimumAmount,
			limits.maximumAmount,
			limits.currency
		);
	}
	if ( current.shippingContact ) {
		const missing = missingContactFields( current.shippingContact );
		if ( missing.length ) {
			throw new AfterpayInvalidPaymentRequestError(
				missing.map( ( f ) => `shippingContact.${ f } is required` )
			);
		}
	}
	const brand = brandOf( current.countryCode );
	await loadScript(
		ctx.win,
		thirdPartyScriptUrl(
			ctx,
			brand === 'Afterpay' ? 'afterpay' : 'clearpay'
		)
	);
	const vendor = afterpayOf( ctx.win );
	if ( ! vendor ) {
		throw new UnexpectedError( 'loading Afterpay/Clearpay' );
	}
	vendor.initialize( { countryCode: current.countryCode } );
	return new AfterpayMethod( ctx, model, {
		limits,
		brand,
		vendor,
	} ).publicApi();
}
