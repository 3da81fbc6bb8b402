/**
 * Time fields (docs/field-types.md): Hours (N.1), Minutes (N.2) and, for the 12-hour format,
 * an AM/PM drop-down (N.3), in a fieldset. The value is the tuple `[hour, minute, ampm]`.
 */
import { __ } from '@wordpress/i18n';
import type { FieldProps } from '../types';
import {
	InputGroup,
	inputOf,
	partLabel,
	type GroupPart,
} from '../group/InputGroup';

/**
 * The time field.
 *
 * @param props Field props.
 */
export function TimeControl( props: FieldProps ) {
	const { field } = props;
	const twelve = field.timeFormat !== '24';
	const required = !! field.isRequired;
	const number = ( n: number, index: number, label: string ): GroupPart => ( {
		n,
		index,
		label: partLabel( field, n, label ),
		required,
		inputMode: 'numeric',
		maxLength: 2,
		placeholder: inputOf( field, n )?.placeholder,
		className: 'is-short',
	} );
	const parts = [
		number( 1, 0, __( 'Hours', 'kestrel-forms' ) ),
		number( 2, 1, __( 'Minutes', 'kestrel-forms' ) ),
	];
	if ( twelve ) {
		parts.push( {
			n: 3,
			index: 2,
			label: partLabel( field, 3, __( 'AM/PM', 'kestrel-forms' ) ),
			required,
			options: [
				{ value: 'am', label: __( 'AM', 'kestrel-forms' ) },
				{ value: 'pm', label: __( 'PM', 'kestrel-forms' ) },
			],
			empty: '',
			className: 'is-short',
		} );
	}
	return <InputGroup { ...props } parts={ parts } length={ 3 } />;
}
