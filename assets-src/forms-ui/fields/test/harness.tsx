/**
 * Renders one field through the field shell and the registry, holding its value as the form
 * would, and records every change.
 */
import { render } from '@testing-library/react';
import { useState } from '@wordpress/element';
import type { FieldDefinition, FieldValue } from '../../../shared';
import { Field } from '../../components/Field';

export const FORM_ID = 1;
export const FIELD_ID = 5;

/**
 * The field, rendered.
 *
 * @param field               The field's definition (id 5 unless given).
 * @param options             What the form would pass.
 * @param options.value       Its first value.
 * @param options.error       Its message.
 * @param options.errorInputs The inputs the message is about.
 * @param options.announce    The form's announcer.
 */
export function renderField(
	field: Partial< FieldDefinition > & Pick< FieldDefinition, 'type' >,
	options: {
		value?: FieldValue;
		error?: string;
		errorInputs?: string[];
		announce?: ( text: string ) => void;
	} = {}
) {
	const changes: Array< { value: FieldValue; typing?: boolean } > = [];
	const definition = { id: FIELD_ID, label: 'Field', ...field };
	function Harness() {
		const [ value, setValue ] = useState( options.value );
		return (
			<Field
				formId={ FORM_ID }
				field={ definition }
				value={ value }
				error={ options.error }
				errorInputs={ options.errorInputs }
				announce={ options.announce }
				onChange={ ( _key, next, typing ) => {
					changes.push( { value: next, typing } );
					setValue( next );
				} }
			/>
		);
	}
	const utils = render( <Harness /> );
	return {
		...utils,
		changes,
		last: () => changes[ changes.length - 1 ]?.value,
	};
}

/** The element that has the focus. */
export const focused = () => document.body.ownerDocument.activeElement;
