/**
 * What pricing fields share: the Input type list (product, option, shipping), the fixed price
 * of single products and shipping, and the product an option or quantity belongs to.
 */
import { SelectControl } from '@wordpress/components';
import { __ } from '@wordpress/i18n';
import type { FieldDefinition, PricingInputType } from '../../../../shared';
import { fieldOptionLabel } from '../../../store/forms/definition';
import type { TypeSettingsProps } from '../types';
import { ErrorText, KeyTextControl } from './controls';

/** Input types with one fixed price (`basePrice`) instead of priced choices. */
const FIXED_PRICE_INPUTS: string[] = [
	'singleproduct',
	'hiddenproduct',
	'singleshipping',
];

/**
 * The name of a pricing field's input type, as the Input type list shows it.
 *
 * @param type Input type.
 */
function inputTypeLabel( type: PricingInputType ): string {
	const labels: Record< PricingInputType, string > = {
		singleproduct: __( 'Single product', 'kestrel-forms' ),
		select: __( 'Drop down', 'kestrel-forms' ),
		radio: __( 'Radio buttons', 'kestrel-forms' ),
		price: __( 'User defined price', 'kestrel-forms' ),
		calculation: __( 'Calculation', 'kestrel-forms' ),
		hiddenproduct: __( 'Hidden product', 'kestrel-forms' ),
		checkbox: __( 'Checkboxes', 'kestrel-forms' ),
		number: __( 'Number', 'kestrel-forms' ),
		singleshipping: __( 'Single method', 'kestrel-forms' ),
	};
	return labels[ type ];
}

/**
 * The Input type list of a pricing field; choosing a list type gives it a first choice, a fixed
 * price type a price, so that the field stays valid.
 *
 * @param props        Props.
 * @param props.field  The field.
 * @param props.set    Writes a patch.
 * @param props.inputs The input types the field's type offers.
 */
export function PricingInputControl( {
	field,
	set,
	inputs,
}: Pick< TypeSettingsProps, 'field' | 'set' > & {
	inputs: PricingInputType[];
} ) {
	return (
		<SelectControl
			__nextHasNoMarginBottom
			__next40pxDefaultSize
			label={ __( 'Input type', 'kestrel-forms' ) }
			value={ field.inputType }
			options={ inputs.map( ( t ) => ( {
				value: t,
				label: inputTypeLabel( t ),
			} ) ) }
			onChange={ ( inputType ) => {
				const type = inputType as PricingInputType;
				const patch: Partial< FieldDefinition > = { inputType: type };
				if (
					[ 'select', 'radio', 'checkbox' ].includes( type ) &&
					! field.choices?.length
				) {
					const first = __( 'First choice', 'kestrel-forms' );
					patch.choices = [
						{ text: first, value: first, price: '0.00' },
					];
				}
				if (
					FIXED_PRICE_INPUTS.includes( type ) &&
					! field.basePrice
				) {
					patch.basePrice = '0.00';
				}
				set( patch );
			} }
		/>
	);
}

/**
 * The Price box of a field with one fixed price (nothing for other input types).
 *
 * @param props Props (the type's settings props).
 */
export function BasePriceControl( props: TypeSettingsProps ) {
	return FIXED_PRICE_INPUTS.includes( props.field.inputType ?? '' ) ? (
		<KeyTextControl
			{ ...props }
			name="basePrice"
			label={ __( 'Price', 'kestrel-forms' ) }
		/>
	) : null;
}

/**
 * The product an option or a quantity belongs to.
 *
 * @param props         Props.
 * @param props.field   The option or quantity field.
 * @param props.form    The edited definition.
 * @param props.set     Writes a patch.
 * @param props.errorOf The server's message for a key.
 */
export function ProductControl( {
	field,
	form,
	set,
	errorOf,
}: TypeSettingsProps ) {
	const products = form.fields.filter( ( f ) => f.type === 'product' );
	return (
		<>
			<SelectControl
				__nextHasNoMarginBottom
				__next40pxDefaultSize
				label={ __( 'Product', 'kestrel-forms' ) }
				value={ String( field.productField ?? '' ) }
				options={ [
					{
						value: '',
						label: __( 'Choose a product…', 'kestrel-forms' ),
					},
					...products.map( ( p ) => ( {
						value: String( p.id ),
						label: fieldOptionLabel( p ),
					} ) ),
				] }
				onChange={ ( id ) =>
					set( { productField: id ? Number( id ) : undefined } )
				}
			/>
			<ErrorText message={ errorOf( 'productField' ) } />
		</>
	);
}
