/**
 * A new date: one input with a date picker, mm/dd/yyyy.
 */
import type { FieldDefinition } from '../../../../shared';

/** The keys a new date field starts with. */
export const dateDefaults = (): Partial< FieldDefinition > => ( {
	dateType: 'datepicker',
	dateFormat: 'mdy',
} );
