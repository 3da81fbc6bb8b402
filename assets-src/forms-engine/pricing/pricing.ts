import type { FieldDefinition, FormDefinition, FormValues } from '../../shared';
import {
	currency as currencyOf,
	decimalFromNumber,
	formatMoney,
	fromMinorUnits,
	isDecimal,
	limitsOf,
	maxMinorUnits,
	readDecimal,
	toMinorUnitsWithin,
} from '../../shared/money';
import { readQuantity } from '../validation/quantity';
import type { ValidationIssue } from '../validation/types';

/** One product on the order: everything in integer minor units of the form's currency. */
export interface ProductLine {
	fieldId: number;
	name: string;
	/** Quantity as a canonical whole number ("1", "12"). */
	quantity: string;
	/** Price of one, options included. */
	unitMinor: number;
	options: Array< { fieldId: number; name: string; priceMinor: number } >;
	/** unit × quantity. */
	lineMinor: number;
}

/** Products, shipping and total of a form for some values (issue 3, "Pricing fields"). */
export interface Pricing {
	currency: string;
	products: ProductLine[];
	shippingMinor: number;
	totalMinor: number;
	/**
	 * Money out of bounds, by field id (issue 12): a quantity that is not a whole number in
	 * range, a typed or calculated price below 0 or above the bound (or a calculated one that
	 * could not be worked out: never 0), a line or shipping above
	 * it, a total above it or below 0 (on the total field, else the last product). What is
	 * reported here is left off the order; a total out of bounds counts 0.
	 */
	issues: Record< number, ValidationIssue >;
}

/**
 * Where a product's own quantity input lives in FormValues.
 * @param productId
 */
export const quantityKey = ( productId: number ) => `${ productId }.3`;

/**
 * A sum when its size stays within `max`, else null (exact: BigInt).
 *
 * @param a   Addend.
 * @param b   Addend.
 * @param max Largest size.
 */
function add( a: number, b: number, max: number ): number | null {
	const sum = BigInt( a ) + BigInt( b );
	return sum > BigInt( max ) || sum < -BigInt( max ) ? null : Number( sum );
}

/**
 * Computes prices and the total from the definition and the values: the browser shows it live,
 * the server computes it again and stores it (prices sent by a browser are never read).
 *
 * Rules: a product counts when it is visible and chosen (a choice for drop-down and radio
 * products, a price for user-defined ones, always for single, hidden and calculated ones) with
 * a quantity above 0; its quantity comes from a visible quantity field for it, else its own
 * quantity input, else 1 when quantity is disabled; visible options of a counted product add
 * their prices; shipping counts when at least one product does.
 *
 * Money is integer minor units within the form's bounds (`form.limits`): text becomes minor
 * units only after its digits are compared with the bound, and products and sums are made in
 * BigInt and checked before they become numbers again, so no amount is ever an inexact float.
 * The twin of PHP `PriceCalculator::compute()`.
 *
 * @param form       Form definition.
 * @param values     Effective values (hidden fields at defaults), by field or input id.
 * @param visible    Visibility by field id.
 * @param calculated Results of calculated products, by field id.
 */
export function computePricing(
	form: FormDefinition,
	values: FormValues,
	visible: Record< number, boolean >,
	calculated: Record< number, number | null > = {}
): Pricing {
	const code = currencyOf( form.currency ).code;
	const decimals = currencyOf( code ).decimals;
	const limits = limitsOf( form.limits );
	const max = maxMinorUnits( limits, decimals );
	const amount = ( price: string ) =>
		isDecimal( price ) ? toMinorUnitsWithin( price, decimals, max ) : null;
	const money = ( minor: number ) =>
		formatMoney( fromMinorUnits( minor, decimals ), code );
	const shown = ( f: FieldDefinition ) => visible[ f.id ] !== false;
	const text = ( key: string | number ) => {
		const v = values[ key ];
		return typeof v === 'string' ? v : '';
	};
	const issues: Record< number, ValidationIssue > = {};
	const report = ( id: number, issue: ValidationIssue ) => {
		if ( ! ( id in issues ) ) {
			issues[ id ] = issue;
		}
	};
	const over = ( id: number ) =>
		report( id, { code: 'amount_over', max: money( max ) } );

	const products: ProductLine[] = [];
	for ( const product of form.fields.filter(
		( f ) => f.type === 'product' && shown( f )
	) ) {
		const [ quantity, quantityField ] = quantityOf(
			form,
			product,
			values,
			visible,
			limits.maxQuantity
		);
		if ( typeof quantity !== 'number' ) {
			report( quantityField, quantity );
			continue;
		}
		const unit = unitPrice(
			product,
			text( product.id ),
			code,
			calculated[ product.id ]
		);
		if ( unit === null || quantity <= 0 ) {
			continue;
		}
		const typed = [ 'price', 'calculation' ].includes(
			product.inputType ?? ''
		);
		const base = amount( unit );
		if ( typed && ( base === null || base < 0 ) ) {
			// Visitors type these (or a formula reads what they type): never below 0.
			report( product.id, {
				code: 'amount_range',
				min: money( 0 ),
				max: money( max ),
			} );
			continue;
		}
		if ( base === null ) {
			over( product.id );
			continue;
		}
		let unitMinor: number = base;
		const options: ProductLine[ 'options' ] = [];
		let valid = true;
		for ( const option of form.fields ) {
			if (
				! valid ||
				option.type !== 'option' ||
				option.productField !== product.id ||
				! shown( option )
			) {
				continue;
			}
			for ( const choice of chosenChoices(
				option,
				values[ option.id ]
			) ) {
				const price = amount( choice.price ?? '0' );
				const sum: number | null =
					price === null ? null : add( unitMinor, price, max );
				if ( price === null || sum === null ) {
					over( price === null ? option.id : product.id );
					valid = false;
					break;
				}
				unitMinor = sum;
				options.push( {
					fieldId: option.id,
					name: choice.text,
					priceMinor: price,
				} );
			}
		}
		if ( ! valid ) {
			continue;
		}
		const line = BigInt( unitMinor ) * BigInt( quantity );
		if ( line > BigInt( max ) || line < -BigInt( max ) ) {
			over( product.id );
			continue;
		}
		products.push( {
			fieldId: product.id,
			name: product.label ?? '',
			quantity: String( quantity ),
			unitMinor,
			options,
			lineMinor: Number( line ),
		} );
	}

	let shippingMinor = 0;
	if ( products.length ) {
		for ( const shipping of form.fields.filter(
			( f ) => f.type === 'shipping' && shown( f )
		) ) {
			const prices =
				shipping.inputType === 'singleshipping'
					? [ shipping.basePrice ?? '0' ]
					: chosenChoices( shipping, values[ shipping.id ] ).map(
							( c ) => c.price ?? '0'
						);
			for ( const price of prices ) {
				const minor = amount( price );
				const sum =
					minor === null ? null : add( shippingMinor, minor, max );
				if ( sum === null ) {
					over( shipping.id );
					break;
				}
				shippingMinor = sum;
			}
		}
	}

	let total = BigInt( shippingMinor );
	for ( const line of products ) {
		total += BigInt( line.lineMinor );
	}
	const target =
		form.fields.find( ( f ) => f.type === 'total' && shown( f ) )?.id ??
		products[ products.length - 1 ]?.fieldId;
	if ( target !== undefined && total > BigInt( max ) ) {
		over( target );
		total = BigInt( 0 );
	} else if ( target !== undefined && total < BigInt( 0 ) ) {
		report( target, { code: 'amount_under', min: money( 0 ) } );
		total = BigInt( 0 );
	}
	return {
		currency: code,
		products,
		shippingMinor,
		totalMinor: Number( total ),
		issues,
	};
}

/**
 * The total as money text in the form's currency.
 *
 * @param pricing Pricing.
 */
export function formatTotal( pricing: Pricing ): string {
	return formatMoney(
		fromMinorUnits(
			pricing.totalMinor,
			currencyOf( pricing.currency ).decimals
		),
		pricing.currency
	);
}

/**
 * A product's unit price (before options) as a canonical decimal, or null when not chosen; ''
 * (refused as out of range) for a calculation that could not be worked out.
 *
 * @param product    Product field.
 * @param value      Its value (choice value or typed price).
 * @param code       Currency code.
 * @param calculated Result of its formula, for calculated products.
 */
function unitPrice(
	product: FieldDefinition,
	value: string,
	code: string,
	calculated: number | null | undefined
): string | null {
	switch ( product.inputType ) {
		case 'select':
		case 'radio': {
			const choice = ( product.choices ?? [] ).find(
				( c ) => c.value === value
			);
			return choice ? ( choice.price ?? '0' ) : null;
		}
		case 'price':
			return value.trim() === ''
				? null
				: readDecimal( value, 'currency', code );
		case 'calculation':
			// No result or a non-finite one is not a price (refused, never 0).
			return calculated === null ||
				calculated === undefined ||
				! Number.isFinite( calculated )
				? ''
				: decimalFromNumber( calculated );
		default:
			return product.basePrice && isDecimal( product.basePrice )
				? product.basePrice
				: '0';
	}
}

/**
 * The quantity field that sets a product's quantity, if the form has one.
 *
 * @param form    Form definition.
 * @param product Product field.
 */
function quantityFieldOf(
	form: FormDefinition,
	product: FieldDefinition
): FieldDefinition | undefined {
	return form.fields.find(
		( f ) => f.type === 'quantity' && f.productField === product.id
	);
}

/**
 * Whether a product has a quantity input of its own ("{id}.3"): not when its quantity is
 * switched off, hidden, or set by a separate quantity field.
 *
 * @param form  Form definition.
 * @param field Field.
 */
export function hasOwnQuantity(
	form: FormDefinition,
	field: FieldDefinition
): boolean {
	return (
		field.type === 'product' &&
		! field.disableQuantity &&
		field.inputType !== 'hiddenproduct' &&
		! quantityFieldOf( form, field )
	);
}

/**
 * A product's quantity (or why it is not one) and the field that holds it: its quantity field
 * (0 when that is hidden), else its own input ("{id}.3"), else 1.
 *
 * @param form    Form definition.
 * @param product Product field.
 * @param values  Values.
 * @param visible Visibility.
 * @param max     Largest quantity.
 */
function quantityOf(
	form: FormDefinition,
	product: FieldDefinition,
	values: FormValues,
	visible: Record< number, boolean >,
	max: number
): [ number | ValidationIssue, number ] {
	const field = quantityFieldOf( form, product );
	if ( field ) {
		// A quantity field hidden by its rules counts 0 (the reference product still counts it).
		const raw = visible[ field.id ] === false ? '0' : values[ field.id ];
		return [
			readQuantity(
				typeof raw === 'string' ? raw : '',
				field.numberFormat,
				max
			),
			field.id,
		];
	}
	if ( ! hasOwnQuantity( form, product ) ) {
		return [ 1, product.id ];
	}
	const raw = values[ quantityKey( product.id ) ];
	return [
		readQuantity( typeof raw === 'string' ? raw : '', 'decimal_dot', max ),
		product.id,
	];
}

/**
 * The chosen choices of an option or shipping field (checkbox: every checked one).
 *
 * @param field Field with choices.
 * @param value Its value.
 */
function chosenChoices( field: FieldDefinition, value: unknown ) {
	const chosen = Array.isArray( value ) ? value : [ value ];
	return ( field.choices ?? [] ).filter( ( c ) =>
		chosen.includes( c.value )
	);
}
