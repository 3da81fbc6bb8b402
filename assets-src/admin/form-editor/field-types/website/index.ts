/**
 * A website (URL): the common settings and a placeholder (in Appearance). Rules read the text.
 */
import { websiteLogic } from './logic';
import type { FieldTypeUnit } from '../types';

export const websiteUnit: FieldTypeUnit = {
	group: 'advanced',
	common: { placeholder: true },
	logic: websiteLogic,
};
