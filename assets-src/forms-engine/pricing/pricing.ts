import type { FieldDefinition, FormDefinition, FormValues } from '../../shared';
import {
	currency as currencyOf,
	decimalFromNumber,
	formatMoney,
	fromMinorUnits,
	isDecimal,
	roundDecimal,
	toMinorUnits,
	toNumber,
} from '../../shared/money';

/** One product on the order: everything in integer minor units of the form's currency. */
export interface ProductLine {
	fieldId: number;
	name: string;
	/** Quantity as a canonical decimal ("1", "1.5"). */
	quantity: string;
	/** Price of one, options included. */
	unitMinor: number;
	options: Array< { fieldId: number; name: string; priceMinor: number } >;
	/** unit × quantity, rounded half away from zero. */
	lineMinor: number;
}

/** Products, shipping and total of a form for some values (issue 3, "Pricing fields"). */
export interface Pricing {
	currency: string;
	products: ProductLine[];
	shippingMinor: number;
	totalMinor: number;
}

/**
 * Where a product's own quantity input lives in FormValues.
 * @param productId
 */
export const quantityKey = ( productId: number ) => `${ productId }.3`;

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
	const minor = ( decimal: string ) => toMinorUnits( decimal, decimals );
	const shown = ( f: FieldDefinition ) => visible[ f.id ] !== false;
	const text = ( key: string | number ) => {
		const v = values[ key ];
		return typeof v === 'string' ? v : '';
	};

	const products: ProductLine[] = [];
	for ( const product of form.fields.filter(
		( f ) => f.type === 'product' && shown( f )
	) ) {
		const unit = unitPrice(
			product,
			text( product.id ),
			code,
			calculated[ product.id ]
		);
		if ( unit === null ) {
			continue;
		}
		const quantity = quantityOf( form, product, values, visible );
		if ( quantity === null || Number( quantity ) <= 0 ) {
			continue;
		}
		const options = form.fields
			.filter(
				( f ) =>
					f.type === 'option' &&
					f.productField === product.id &&
					shown( f )
			)
			.flatMap( ( option ) =>
				chosenChoices( option, values[ option.id ] ).map(
					( choice ) => ( {
						fieldId: option.id,
						name: choice.text,
						priceMinor: minor( choice.price ?? '0' ),
					} )
				)
			);
		const unitMinor =
			minor( unit ) + options.reduce( ( t, o ) => t + o.priceMinor, 0 );
		const lineMinor = toMinorUnits(
			roundDecimal(
				decimalFromNumber( unitMinor * Number( quantity ) ),
				0
			),
			0
		);
		products.push( {
			fieldId: product.id,
			name: product.label ?? '',
			quantity,
			unitMinor,
			options,
			lineMinor,
		} );
	}

	let shippingMinor = 0;
	if ( products.length ) {
		for ( const shipping of form.fields.filter(
			( f ) => f.type === 'shipping' && shown( f )
		) ) {
			if ( shipping.inputType === 'singleshipping' ) {
				shippingMinor += minor( shipping.basePrice ?? '0' );
			} else {
				shippingMinor += chosenChoices(
					shipping,
					values[ shipping.id ]
				).reduce( ( t, c ) => t + minor( c.price ?? '0' ), 0 );
			}
		}
	}
	const totalMinor =
		products.reduce( ( t, p ) => t + p.lineMinor, 0 ) + shippingMinor;
	return { currency: code, products, shippingMinor, totalMinor };
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
 * A product's unit price (before options) as a canonical decimal, or null when not chosen.
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
		case 'price': {
			const n =
				value.trim() === ''
					? null
					: toNumber( value, 'currency', code );
			return n === null ? null : decimalFromNumber( n );
		}
		case 'calculation':
			return calculated === null || calculated === undefined
				? '0'
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
 * The quantity of a product as a canonical decimal; null when it is not a number.
 *
 * @param form    Form definition.
 * @param product Product field.
 * @param values  Values.
 * @param visible Visibility.
 */
function quantityOf(
	form: FormDefinition,
	product: FieldDefinition,
	values: FormValues,
	visible: Record< number, boolean >
): string | null {
	const field = quantityFieldOf( form, product );
	let raw: unknown;
	if ( field ) {
		// A quantity field hidden by its rules counts 0 (the reference product still counts it).
		raw = visible[ field.id ] === false ? '0' : values[ field.id ];
	} else if ( ! hasOwnQuantity( form, product ) ) {
		return '1';
	} else {
		raw = values[ quantityKey( product.id ) ];
	}
	const text = typeof raw === 'string' ? raw.trim() : '';
	if ( text === '' ) {
		return '0';
	}
	const n = toNumber( text, field?.numberFormat ?? 'decimal_dot' );
	return n === null ? null : decimalFromNumber( n );
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
