/**
 * Radio buttons: their choices and the "Other" choice.
 */
import { ChoicesSettings } from '../common/choices';
import type { FieldTypeUnit } from '../types';

export const radioUnit: FieldTypeUnit = {
	group: 'standard',
	Settings: ChoicesSettings,
};
