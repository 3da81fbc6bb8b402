/**
 * A payment field: its own settings panel (methods, amount, capture; `../../payment/`).
 */
import { PaymentFieldSettings } from '../../payment';
import type { FieldTypeUnit } from '../types';

export const paymentUnit: FieldTypeUnit = {
	group: 'pricing',
	Screen: PaymentFieldSettings,
};
