/**
 * The order and hint of a date format, for the date field's inputs (the basic control in
 * form-view and the date picker's script share them).
 */
import type { DateFormat } from '../../../shared';
import { datePattern } from '../../../forms-engine';

/**
 * The parts in the order the format shows them: ['m', 'd', 'y'] for mdy.
 *
 * @param format The field's format (mdy when absent).
 */
export const partOrder = ( format?: DateFormat ) =>
	datePattern( format )
		.split( /[^a-z]+/ )
		.map( ( part ) => part[ 0 ] as 'm' | 'd' | 'y' );

/**
 * The format as a hint: "MM/DD/YYYY".
 *
 * @param format The field's format.
 */
export const formatHint = ( format?: DateFormat ) =>
	datePattern( format ).toUpperCase();
