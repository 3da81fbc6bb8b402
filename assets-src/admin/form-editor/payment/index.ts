/**
 * The payment field's editor part: its settings panel, live warnings and defaults.
 */
export { PaymentFieldSettings } from './PaymentFieldSettings';
export { definitionWarnings } from './warnings';
export type * from './types';
