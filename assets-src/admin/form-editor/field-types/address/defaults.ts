/**
 * A new address field: international, the six inputs N.1–N.6 with their autocomplete tokens.
 */
import type { FieldDefinition } from '../../../../shared';
import { addressInputLabel } from '../inputs';

const AUTOCOMPLETE = [
	'address-line1',
	'address-line2',
	'address-level2',
	'address-level1',
	'postal-code',
	'country-name',
];

/**
 * The keys a new address field starts with.
 *
 * @param id The field's id.
 */
export function addressDefaults( id: number ): Partial< FieldDefinition > {
	const field: FieldDefinition = {
		id,
		type: 'address',
		addressType: 'international',
	};
	return {
		addressType: 'international',
		inputs: AUTOCOMPLETE.map( ( autocompleteAttribute, i ) => ( {
			id: `${ id }.${ i + 1 }`,
			label: addressInputLabel( field, i + 1 ),
			autocompleteAttribute,
		} ) ),
	};
}
