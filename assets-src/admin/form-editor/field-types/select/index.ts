/**
 * A drop-down: its choices and a placeholder (the empty first option).
 */
import { ChoicesSettings } from '../common/choices';
import type { FieldTypeUnit } from '../types';

export const selectUnit: FieldTypeUnit = {
	group: 'standard',
	Settings: ChoicesSettings,
	common: { placeholder: true },
};
