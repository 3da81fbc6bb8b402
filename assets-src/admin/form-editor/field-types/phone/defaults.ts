/**
 * A new phone: the US format.
 */
import type { FieldDefinition } from '../../../../shared';

/** The keys a new phone field starts with. */
export const phoneDefaults = (): Partial< FieldDefinition > => ( {
	phoneFormat: 'standard',
} );
