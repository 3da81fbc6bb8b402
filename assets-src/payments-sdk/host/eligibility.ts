/**
 * Whether the merchant may use a payment method (spec §5, §6): checked in the spec's order, the
 * hydration's paymentMethodSupportDetail first (PaymentMethodUnsupportedError with its
 * UnsupportedReasonType), then the method's feature flag (FeatureDisabledError).
 */
import type { SdkContext } from './context';
import { FeatureDisabledError, PaymentMethodUnsupportedError } from './errors';
import type { Features } from './features';

export interface MethodFlag {
	/** Flag name for the error. */
	name: string;
	/** Whether the flag is on. */
	on: ( f: Readonly< Features > ) => boolean;
}

/**
 * Throws PaymentMethodUnsupportedError MISSING_LOCATION_ID when payments() was given no
 * location id, which the method needs ("Cash App Pay needs a location id: …"); afterwards
 * `ctx.locationId` is typed as a string.
 *
 * @param ctx    SDK context.
 * @param method Name for the message ("Cash App Pay").
 */
export function assertLocationId(
	ctx: Pick< SdkContext, 'locationId' >,
	method: string
): asserts ctx is { locationId: string } {
	if ( ! ctx.locationId ) {
		throw new PaymentMethodUnsupportedError( {
			type: 'MISSING_LOCATION_ID',
			message: `${ method } needs a location id: pass it to Square.payments().`,
		} );
	}
}

/**
 * Rejects when the hydration or a feature flag rules the method out.
 *
 * @param ctx        SDK context.
 * @param method     Name for messages ("Apple Pay").
 * @param supportKey Key in paymentMethodSupportDetail ("applePay").
 * @param flag       Flag that must be on, if any.
 */
export async function assertMethodAvailable(
	ctx: Pick< SdkContext, 'session' | 'features' >,
	method: string,
	supportKey: string,
	flag?: MethodFlag
): Promise< void > {
	const hydration = await ctx.session();
	const f = await ctx.features();
	const support = hydration?.paymentMethodSupportDetail?.[ supportKey ];
	if ( support && ! support.IsSupported ) {
		const reason = support.UnsupportedReasonType ?? 'METHOD_UNSUPPORTED';
		throw new PaymentMethodUnsupportedError( {
			type: reason,
			message: `${ method } is not available for this application (${
				support.UnsupportedReasonType ?? 'unsupported'
			}).`,
		} );
	}
	if ( flag && ! flag.on( f ) ) {
		throw new FeatureDisabledError( flag.name );
	}
}
