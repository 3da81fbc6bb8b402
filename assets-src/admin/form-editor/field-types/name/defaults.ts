/**
 * A new name field: the five inputs with Gravity Forms' ids (N.2 prefix … N.8 suffix), their
 * autocomplete tokens, the prefix's choices; prefix, middle and suffix hidden, as GF starts one.
 */
import { __ } from '@wordpress/i18n';
import type { FieldDefinition } from '../../../../shared';

/**
 * The keys a new name field starts with.
 *
 * @param id The field's id.
 */
export function nameDefaults( id: number ): Partial< FieldDefinition > {
	const prefixes = [ 'Dr.', 'Miss', 'Mr.', 'Mrs.', 'Ms.', 'Prof.', 'Rev.' ];
	return {
		nameFormat: 'advanced',
		inputs: [
			{
				id: `${ id }.2`,
				label: __( 'Prefix', 'kestrel-forms' ),
				autocompleteAttribute: 'honorific-prefix',
				isHidden: true,
				choices: prefixes.map( ( p ) => ( { text: p, value: p } ) ),
			},
			{
				id: `${ id }.3`,
				label: __( 'First', 'kestrel-forms' ),
				autocompleteAttribute: 'given-name',
			},
			{
				id: `${ id }.4`,
				label: __( 'Middle', 'kestrel-forms' ),
				autocompleteAttribute: 'additional-name',
				isHidden: true,
			},
			{
				id: `${ id }.6`,
				label: __( 'Last', 'kestrel-forms' ),
				autocompleteAttribute: 'family-name',
			},
			{
				id: `${ id }.8`,
				label: __( 'Suffix', 'kestrel-forms' ),
				autocompleteAttribute: 'honorific-suffix',
				isHidden: true,
			},
		],
	};
}
