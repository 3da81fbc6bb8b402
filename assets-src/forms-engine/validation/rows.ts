import type { FieldDefinition, FieldValue } from '../../shared';
import { filledRows } from '../values/rows';
import { isBlankOrListOf } from '../field-types/parts';
import type { ValidationIssue } from './types';

/** Most rows a list or repeater takes when the field sets no maxRows (as on the server). */
export const MAX_ROWS = 1000;

/** Longest text of one cell (as on the server). */
const MAX_CELL_LENGTH = 65535;

/**
 * Validates a list or repeater value: empty rows are ignored, at most maxRows rows, and each
 * cell of a repeater checked as its field (the first problem is reported with its row).
 *
 * @param field        List or repeater field.
 * @param value        Flat cells.
 * @param validateCell Validation of one cell as its repeated field (the registry's units).
 */
export function validateRows(
	field: FieldDefinition,
	value: FieldValue | undefined,
	validateCell: (
		cellField: FieldDefinition,
		cell: string
	) => ValidationIssue | null
): ValidationIssue | null {
	// Nothing sent counts as no rows; anything but a list of texts is refused.
	const isCell = ( cell: unknown ) =>
		typeof cell === 'string' || typeof cell === 'number';
	if ( ! isBlankOrListOf( value, isCell ) ) {
		return { code: 'invalid' };
	}
	const rows = filledRows( field, value );
	if ( rows.length === 0 ) {
		return field.isRequired ? { code: 'required' } : null;
	}
	const limit = field.maxRows ?? MAX_ROWS;
	if ( rows.length > limit ) {
		return { code: 'max_rows', limit };
	}
	for ( const [ r, row ] of rows.entries() ) {
		for ( const [ c, cell ] of row.entries() ) {
			if ( [ ...cell ].length > MAX_CELL_LENGTH ) {
				return {
					code: 'row',
					row: r + 1,
					column:
						field.type === 'repeater'
							? ( field.fields?.[ c ]?.label ?? '' )
							: ( field.columns?.[ c ] ?? '' ),
					issue: { code: 'max_length', limit: MAX_CELL_LENGTH },
				};
			}
			const cellField = field.fields?.[ c ];
			if ( field.type !== 'repeater' || ! cellField ) {
				continue;
			}
			const issue = validateCell(
				cellField as unknown as FieldDefinition,
				cell
			);
			if ( issue ) {
				return {
					code: 'row',
					row: r + 1,
					column: cellField.label,
					issue,
				};
			}
		}
	}
	return null;
}
