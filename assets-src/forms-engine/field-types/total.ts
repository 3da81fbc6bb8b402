import type { FieldTypeUnit } from './types';
import { pricedUnit } from './priced';

/**
 * The total field: computed by the pricing code (products plus shipping) and written by the
 * evaluator, never typed, so it has no input and nothing to validate. The twin of PHP
 * `TotalType`, which stores the server's own total.
 */
export const totalUnit: FieldTypeUnit = {
	...pricedUnit(),
	hasInput: () => false,
	pricing: 'total',
	validate: () => null,
};
