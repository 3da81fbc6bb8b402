/**
 * A hidden field: its value travels with the form, nothing shows.
 */
import { ids } from '../../ids';
import type { FieldProps } from '../types';

/**
 * The hidden input (disabled while logic hides the field, so it is not posted).
 *
 * @param props Field props.
 */
export function HiddenControl( props: FieldProps ) {
	const { formId, field } = props;
	return (
		<input
			type="hidden"
			disabled={ props.concealed }
			id={ ids.input( formId, field.id ) }
			name={ `input_${ field.id }` }
			value={ typeof props.value === 'string' ? props.value : '' }
		/>
	);
}
