import type { FieldDefinition } from '../../shared';
import { validateRows } from '../validation/rows';
import type { ValidationIssue } from '../validation/types';
import { emptyRow } from '../values/rows';
import { checkedValues } from './checkbox';
import { multiselectUnit } from './multiselect';
import type { FieldTypeUnit } from './types';

/**
 * List and repeater fields: flat cells, row after row (values/rows.ts); they start with one
 * empty row. A repeater's cells are checked by `validateCell` (the registry passes its own
 * lookup, so this module needs no import of the registry). Formulas read a column's sum
 * through the evaluator, not `ruleValue`. The twin of PHP `RowsType`.
 *
 * @param validateCell The issue of one cell, checked as its repeated field.
 */
export function rowsUnit(
	validateCell: (
		cellField: FieldDefinition,
		cell: string
	) => ValidationIssue | null
): FieldTypeUnit {
	return {
		...multiselectUnit,
		initialValue: emptyRow,
		validate: ( field, value ) =>
			validateRows( field, value, validateCell ),
		ruleValue: ( field, value, inputId ) => ( {
			values: Array.isArray( value )
				? checkedValues( field, value, inputId )
				: [ value ?? '' ],
		} ),
	};
}
