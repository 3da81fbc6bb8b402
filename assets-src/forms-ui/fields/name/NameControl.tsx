/**
 * Name fields (docs/field-types.md): Prefix (a drop-down), First, Middle, Last and Suffix as
 * inputs N.2, N.3, N.4, N.6, N.8 in a fieldset; inputs the owner hid are not rendered. The
 * simple format is one text input with the `name` token.
 */
import { __ } from '@wordpress/i18n';
import { SingleInput } from '../text/TextControl';
import type { FieldProps } from '../types';
import {
	InputGroup,
	inputOf,
	partLabel,
	type GroupPart,
} from '../group/InputGroup';

/** The advanced format's inputs: number, default label, token, required, shown by default. */
const NAME_PARTS = () =>
	[
		[
			2,
			__( 'Prefix', 'kestrel-forms' ),
			'honorific-prefix',
			false,
			false,
		],
		[ 3, __( 'First', 'kestrel-forms' ), 'given-name', true, true ],
		[ 4, __( 'Middle', 'kestrel-forms' ), 'additional-name', false, false ],
		[ 6, __( 'Last', 'kestrel-forms' ), 'family-name', true, true ],
		[
			8,
			__( 'Suffix', 'kestrel-forms' ),
			'honorific-suffix',
			false,
			false,
		],
	] as const;

/**
 * The name field.
 *
 * @param props Field props.
 */
export function NameControl( props: FieldProps ) {
	const { field } = props;
	if ( field.nameFormat === 'simple' ) {
		return <SingleInput { ...props } input={ { autoComplete: 'name' } } />;
	}
	const parts: GroupPart[] = [];
	NAME_PARTS().forEach(
		( [ n, label, token, required, shownByDefault ], index ) => {
			const input = inputOf( field, n );
			// An input the definition does not list keeps its default (as the engine reads it).
			const shown = input ? ! input.isHidden : shownByDefault;
			if ( ! shown ) {
				return;
			}
			parts.push( {
				n,
				index,
				label: partLabel( field, n, label ),
				autoComplete: input?.autocompleteAttribute || token,
				required: required && !! field.isRequired,
				placeholder: input?.placeholder,
				className: n === 2 || n === 8 ? 'is-short' : undefined,
				...( n === 2 && {
					options: ( input?.choices ?? [] ).map( ( c ) => ( {
						value: c.value,
						label: c.text,
					} ) ),
					empty: '',
				} ),
			} );
		}
	);
	return <InputGroup { ...props } parts={ parts } length={ 5 } />;
}
