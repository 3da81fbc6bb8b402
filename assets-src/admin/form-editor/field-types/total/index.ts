/**
 * The order total: worked out, so no Required box or default value.
 */
import type { FieldTypeUnit } from '../types';

export const totalUnit: FieldTypeUnit = {
	group: 'pricing',
	common: { required: false, defaultValue: false },
};
