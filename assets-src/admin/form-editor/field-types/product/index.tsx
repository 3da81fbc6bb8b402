/**
 * A product: how it is priced (Input type), its fixed price or priced choices, whether it has a
 * quantity input, and the formula of a calculated price.
 */
import { CheckboxControl } from '@wordpress/components';
import { __ } from '@wordpress/i18n';
import { CalculationSettings } from '../common/calculation';
import { ChoicesSettings } from '../common/choices';
import { BasePriceControl, PricingInputControl } from '../common/pricing';
import type { FieldTypeUnit, TypeSettingsProps } from '../types';

/**
 * The product's settings.
 *
 * @param props Props (the type's settings props).
 */
function ProductSettings( props: TypeSettingsProps ) {
	const { field, set } = props;
	return (
		<>
			<PricingInputControl
				field={ field }
				set={ set }
				inputs={ [
					'singleproduct',
					'select',
					'radio',
					'price',
					'calculation',
					'hiddenproduct',
				] }
			/>
			<BasePriceControl { ...props } />
			<CheckboxControl
				__nextHasNoMarginBottom
				label={ __( 'No quantity input', 'kestrel-forms' ) }
				checked={ Boolean( field.disableQuantity ) }
				onChange={ ( on ) =>
					set( { disableQuantity: on || undefined } )
				}
			/>
			<ChoicesSettings { ...props } />
			{ field.inputType === 'calculation' && (
				<CalculationSettings { ...props } />
			) }
		</>
	);
}

export const productUnit: FieldTypeUnit = {
	group: 'pricing',
	Settings: ProductSettings,
};
