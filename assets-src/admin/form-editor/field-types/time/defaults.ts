/**
 * A new time: 12-hour with AM/PM.
 */
import type { FieldDefinition } from '../../../../shared';

/** The keys a new time field starts with. */
export const timeDefaults = (): Partial< FieldDefinition > => ( {
	timeFormat: '12',
} );
