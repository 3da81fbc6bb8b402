/**
 * A section heading: no value, so no Required box or default value.
 */
import type { FieldTypeUnit } from '../types';

export const sectionUnit: FieldTypeUnit = {
	group: 'standard',
	common: { required: false, defaultValue: false },
};
