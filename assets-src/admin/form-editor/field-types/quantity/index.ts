/**
 * A quantity: the product it counts.
 */
import { ProductControl } from '../common/pricing';
import type { FieldTypeUnit } from '../types';

export const quantityUnit: FieldTypeUnit = {
	group: 'pricing',
	Settings: ProductControl,
};
