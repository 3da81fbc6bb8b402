/**
 * The order total.
 */
import { ids } from '../../ids';
import { FieldShell, FieldLabel } from '../../components/field-parts';
import type { FieldProps } from '../types';

/**
 * The order total, announced politely as it changes.
 *
 * @param props Field props.
 */
export function TotalField( props: FieldProps ) {
	const { formId, field, value, concealed } = props;
	const id = ids.input( formId, field.id );
	return (
		<FieldShell { ...{ formId, field, concealed, error: props.error } }>
			<FieldLabel
				formId={ formId }
				field={ field }
				as="label"
				htmlFor={ id }
			/>
			<output
				id={ id }
				className="kestrel-form__total"
				aria-live="polite"
			>
				{ typeof value === 'string' ? value : '' }
			</output>
			{ /* What a field unit shows under the total (a payment field's instalment messaging). */ }
			<div
				className="kestrel-form__total-after"
				data-total-after={ formId }
			/>
		</FieldShell>
	);
}
