/**
 * A paragraph text: as a single line text (placeholder, most characters).
 */
import { MaxLengthSettings } from '../text';
import type { FieldTypeUnit } from '../types';

export const textareaUnit: FieldTypeUnit = {
	group: 'standard',
	common: { placeholder: true },
	Advanced: MaxLengthSettings,
};
