import type { FieldTypeUnit } from './types';
import { oneTextUnit } from './text';

/**
 * CAPTCHA fields: the provider's answer as one text value under the field id. The WordPress
 * layer verifies it with the provider before anything is stored, and it is never stored (PHP
 * `CaptchaType`); in the browser it is only required when the field is.
 */
export const captchaUnit: FieldTypeUnit = {
	...oneTextUnit(),
	// An answer is spent once the server checked it: a form printed after a plain post asks again.
	fromSubmission: () => undefined,
};
