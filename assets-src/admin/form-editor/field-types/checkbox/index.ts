/**
 * Checkboxes: their choices and the "Select all" box.
 */
import { ChoicesSettings } from '../common/choices';
import type { FieldTypeUnit } from '../types';

export const checkboxUnit: FieldTypeUnit = {
	group: 'standard',
	Settings: ChoicesSettings,
};
