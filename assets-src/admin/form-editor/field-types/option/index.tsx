/**
 * An option of a product: how it is chosen (Input type), its product and its priced choices.
 */
import { ChoicesSettings } from '../common/choices';
import { PricingInputControl, ProductControl } from '../common/pricing';
import type { FieldTypeUnit, TypeSettingsProps } from '../types';

/**
 * The option's settings.
 *
 * @param props Props (the type's settings props).
 */
function OptionSettings( props: TypeSettingsProps ) {
	return (
		<>
			<PricingInputControl
				field={ props.field }
				set={ props.set }
				inputs={ [ 'select', 'radio', 'checkbox' ] }
			/>
			<ProductControl { ...props } />
			<ChoicesSettings { ...props } />
		</>
	);
}

export const optionUnit: FieldTypeUnit = {
	group: 'pricing',
	Settings: OptionSettings,
};
