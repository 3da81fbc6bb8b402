import type { FieldTypeUnit } from './types';
import { pricedUnit } from './priced';

/**
 * Shipping fields: a choice of a drop-down or radio buttons; a single shipping has no input
 * (its basePrice counts). The pricing code adds it when a product counts. The twin of PHP
 * `ShippingType`.
 */
const priced = pricedUnit();

export const shippingUnit: FieldTypeUnit = {
	...priced,
	hasInput: ( field ) => field.inputType !== 'singleshipping',
	validate: ( field, value, context ) =>
		field.inputType === 'singleshipping'
			? null // Its basePrice counts: nothing typed to check.
			: priced.validate( field, value, context ),
};
