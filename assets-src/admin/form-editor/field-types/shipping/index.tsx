/**
 * Shipping: one method at a fixed price, or priced methods to choose from.
 */
import { ChoicesSettings } from '../common/choices';
import { BasePriceControl, PricingInputControl } from '../common/pricing';
import type { FieldTypeUnit, TypeSettingsProps } from '../types';

/**
 * The shipping field's settings.
 *
 * @param props Props (the type's settings props).
 */
function ShippingSettings( props: TypeSettingsProps ) {
	return (
		<>
			<PricingInputControl
				field={ props.field }
				set={ props.set }
				inputs={ [ 'singleshipping', 'select', 'radio' ] }
			/>
			<BasePriceControl { ...props } />
			<ChoicesSettings { ...props } />
		</>
	);
}

export const shippingUnit: FieldTypeUnit = {
	group: 'pricing',
	Settings: ShippingSettings,
};
