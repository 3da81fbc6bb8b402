/**
 * An email field: the common settings and a placeholder.
 */
import type { FieldTypeUnit } from '../types';

export const emailUnit: FieldTypeUnit = {
	group: 'standard',
	common: { placeholder: true },
};
