/**
 * A website (URL): the common settings and a placeholder (in Appearance). Rules read the text.
 */
import { FIELD_LOGIC } from '../logic';
import type { FieldTypeUnit } from '../types';

export const websiteUnit: FieldTypeUnit = {
	group: 'advanced',
	common: { placeholder: true },
	logic: FIELD_LOGIC.website,
};
