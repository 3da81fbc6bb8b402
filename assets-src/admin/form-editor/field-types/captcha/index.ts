/**
 * A captcha: the provider fills it, so no default value.
 */
import type { FieldTypeUnit } from '../types';

export const captchaUnit: FieldTypeUnit = {
	group: 'advanced',
	common: { defaultValue: false },
};
