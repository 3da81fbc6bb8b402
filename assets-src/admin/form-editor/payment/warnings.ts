/**
 * The configuration warnings the editor sees in the definition itself (P1-CONTRACTS "Editor
 * check": `no_total`, `below_minimum`, `second_payment_field`); the server adds the ones that
 * need credentials or the provider. Pure: recomputed on every edit, so the panel is live.
 */
import { __, sprintf } from '@wordpress/i18n';
import {
	currency as currencyOf,
	formatMoney,
	fromMinorUnits,
	readDecimal,
	toMinorUnits,
	type FieldDefinition,
	type FormDefinition,
} from '../../../shared';
import type { PaymentCheck, PaymentWarning } from './types';

/**
 * What the minimum check needs from the server's answer.
 */
export interface MinimumContext {
	/** The currency the form charges in. */
	currency: string;
	/** The provider's smallest payment in minor units. */
	minimum: number;
}

/**
 * A price as the definition holds it ("12.50") in minor units; null when it is not a number.
 *
 * @param price    Decimal text.
 * @param decimals The currency's decimals.
 */
function minorOf( price: string | undefined, decimals: number ): number | null {
	const decimal = readDecimal( price ?? '' );
	return decimal === null ? null : toMinorUnits( decimal, decimals );
}

/**
 * The smallest non-zero price a product can be bought at, in minor units; null when it is not
 * known in advance (a price the visitor types, a calculation) or every price is 0.
 *
 * @param product  A product field.
 * @param decimals The currency's decimals.
 */
export function cheapestPrice(
	product: FieldDefinition,
	decimals: number
): number | null {
	let prices: ( number | null )[] = [];
	if ( [ 'select', 'radio' ].includes( product.inputType ?? '' ) ) {
		prices = ( product.choices ?? [] ).map( ( c ) =>
			minorOf( c.price, decimals )
		);
	} else if (
		[ 'singleproduct', 'hiddenproduct' ].includes( product.inputType ?? '' )
	) {
		prices = [ minorOf( product.basePrice, decimals ) ];
	}
	const positive = prices.filter( ( p ): p is number => p !== null && p > 0 );
	return positive.length ? Math.min( ...positive ) : null;
}

/**
 * The warnings of a payment field that the definition alone shows.
 *
 * @param form    The edited definition.
 * @param field   The payment field.
 * @param minimum Currency and provider minimum, once the server answered.
 */
export function definitionWarnings(
	form: FormDefinition,
	field: FieldDefinition,
	minimum?: MinimumContext
): PaymentWarning[] {
	const warnings: PaymentWarning[] = [];
	const payments = form.fields.filter( ( f ) => f.type === 'payment' );
	if ( payments.length > 1 ) {
		warnings.push( {
			code: 'second_payment_field',
			message: __(
				'A form takes one payment field. The form cannot be saved while it has two: delete one of them.',
				'kestrel-forms'
			),
		} );
	}

	const products = form.fields.filter( ( f ) => f.type === 'product' );
	const source = field.amountSource ?? 'total';
	const charged =
		source === 'total'
			? products
			: products.filter( ( p ) => p.id === source );
	if ( source === 'total' && products.length === 0 ) {
		warnings.push( {
			code: 'no_total',
			message: __(
				'This form has no product field, so its total is always 0 and nothing is charged. Add product fields (and a Total field to show the amount).',
				'kestrel-forms'
			),
		} );
	} else if ( source !== 'total' && charged.length === 0 ) {
		warnings.push( {
			code: 'no_total',
			message: __(
				'The product field chosen as the amount is no longer in this form, so nothing is charged. Choose another amount.',
				'kestrel-forms'
			),
		} );
	}

	if ( minimum && minimum.minimum > 0 ) {
		const { decimals } = currencyOf( minimum.currency );
		const cheapest = charged
			.map( ( p ) => cheapestPrice( p, decimals ) )
			.filter( ( p ): p is number => p !== null );
		const lowest = cheapest.length ? Math.min( ...cheapest ) : null;
		if ( lowest !== null && lowest < minimum.minimum ) {
			warnings.push( {
				code: 'below_minimum',
				message: sprintf(
					/* translators: 1: a price, 2: the provider's minimum amount. */
					__(
						'An order can cost as little as %1$s, below the smallest payment the provider takes (%2$s): such a payment is refused with an error at the field. Raise the price.',
						'kestrel-forms'
					),
					formatMoney(
						fromMinorUnits( lowest, decimals ),
						minimum.currency
					),
					formatMoney(
						fromMinorUnits( minimum.minimum, decimals ),
						minimum.currency
					)
				),
			} );
		}
	}
	return warnings;
}

/**
 * A warning for each wallet the field offers that cannot show on this site, with the server's
 * reason (`wallet_applePay`, `wallet_googlePay`).
 *
 * @param field   The payment field.
 * @param reasons The server's reasons per wallet ('' when none).
 */
export function walletWarnings(
	field: FieldDefinition,
	reasons: { applePay: string; googlePay: string } | undefined
): PaymentWarning[] {
	if ( ! reasons ) {
		return [];
	}
	const names = {
		applePay: __( 'Apple Pay', 'kestrel-forms' ),
		googlePay: __( 'Google Pay', 'kestrel-forms' ),
	};
	return ( [ 'applePay', 'googlePay' ] as const )
		.filter(
			( wallet ) =>
				( field.methods ?? [] ).includes( wallet ) && reasons[ wallet ]
		)
		.map( ( wallet ) => ( {
			code: `wallet_${ wallet }`,
			message: sprintf(
				/* translators: 1: wallet name (Apple Pay), 2: the reason. */
				__(
					'The %1$s button will not show: %2$s The other methods still work.',
					'kestrel-forms'
				),
				names[ wallet ],
				reasons[ wallet ]
			),
		} ) );
}

/**
 * A warning for ACH, Cash App Pay or Afterpay/Clearpay when the field offers it and the server says it cannot be
 * offered here (`method_ach_US_MERCHANT_ONLY`, `method_cashAppPay_USD_ONLY`…), with its reason.
 *
 * @param field   The payment field.
 * @param reasons The server's reason per method.
 */
export function methodWarnings(
	field: FieldDefinition,
	reasons: PaymentCheck[ 'methods' ]
): PaymentWarning[] {
	if ( ! reasons ) {
		return [];
	}
	return ( [ 'ach', 'cashAppPay', 'afterpayClearpay' ] as const ).flatMap(
		( method ) => {
			const reason = reasons[ method ];
			return ( field.methods ?? [] ).includes( method ) && reason?.code
				? [
						{
							code: `method_${ method }_${ reason.code }`,
							message: reason.message,
						},
					]
				: [];
		}
	);
}
