/**
 * A hidden field: no Required box (the visitor never sees it).
 */
import type { FieldTypeUnit } from '../types';

export const hiddenUnit: FieldTypeUnit = {
	group: 'standard',
	common: { required: false },
};
