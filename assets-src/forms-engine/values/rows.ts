import type { FieldDefinition, FieldValue } from '../../shared';

/**
 * List and repeater fields hold rows of cells. Their value is one flat list of cells, row after
 * row (as the reference's list inputs submit them), `columnCount` cells a row.
 * @param field
 */
export function isRepeated( field: FieldDefinition ): boolean {
	return field.type === 'list' || field.type === 'repeater';
}

/**
 * Cells in a row: a list's columns (one when it names none), a repeater's fields.
 *
 * @param field List or repeater field.
 */
export function columnCount( field: FieldDefinition ): number {
	if ( field.type === 'repeater' ) {
		return Math.max( 1, field.fields?.length ?? 0 );
	}
	return Math.max( 1, field.columns?.length ?? 0 );
}

/**
 * One empty row.
 * @param field
 */
export function emptyRow( field: FieldDefinition ): string[] {
	return Array.from( { length: columnCount( field ) }, () => '' );
}

/**
 * The rows of a value (a short last row is padded with empty cells).
 *
 * @param field List or repeater field.
 * @param value Flat cells.
 */
export function rowsOf(
	field: FieldDefinition,
	value: FieldValue | undefined
): string[][] {
	const cells = Array.isArray( value ) ? value : [];
	const width = columnCount( field );
	const rows: string[][] = [];
	for ( let i = 0; i < cells.length; i += width ) {
		const row = cells.slice( i, i + width ).map( String );
		while ( row.length < width ) {
			row.push( '' );
		}
		rows.push( row );
	}
	return rows;
}

/**
 * The rows with at least one cell filled in: what is validated and stored.
 *
 * @param field List or repeater field.
 * @param value Flat cells.
 */
export function filledRows(
	field: FieldDefinition,
	value: FieldValue | undefined
): string[][] {
	return rowsOf( field, value ).filter( ( row ) =>
		row.some( ( cell ) => cell.trim() !== '' )
	);
}

/**
 * The cells of one column, 1-based (a formula's `{:5.2}` reads column 2 of field 5); every
 * cell when `column` is null.
 *
 * @param field  List or repeater field.
 * @param value  Flat cells.
 * @param column Column number from 1, or null.
 */
export function columnCells(
	field: FieldDefinition,
	value: FieldValue | undefined,
	column: number | null
): string[] {
	return rowsOf( field, value ).flatMap( ( row ) =>
		column === null ? row : [ row[ column - 1 ] ?? '' ]
	);
}
