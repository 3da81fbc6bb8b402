/**
 * Multi-select fields (docs/field-types.md): a native `<select multiple>`; with
 * `enableEnhancedUI`, a token list (TokenList.tsx) once scripts have taken over the server's
 * markup (the first render is the plain select, as PHP prints it: docs/server-rendering.md §3).
 * The value is the list of chosen values, in the order of the choices.
 */
import { ids } from '../../ids';
import {
	cx,
	Description,
	FieldShell,
	fieldDescribedBy,
	FieldLabel,
} from '../../components/field-parts';
import { useHydrated } from '../../use-hydrated';
import type { FieldProps } from '../types';
import { TokenList } from './TokenList';

/**
 * The chosen values of a field's value.
 *
 * @param value The value.
 */
export const chosenOf = ( value: FieldProps[ 'value' ] ) =>
	Array.isArray( value ) ? value : [];

/**
 * The multi-select field.
 *
 * @param props Field props.
 */
export function MultiSelectControl( props: FieldProps ) {
	const { formId, field, error, concealed } = props;
	const inputId = ids.input( formId, field.id );
	const chosen = chosenOf( props.value );
	const choices = field.choices ?? [];
	const enhanced = useHydrated() && !! field.enableEnhancedUI;
	const common = {
		'aria-describedby': fieldDescribedBy( formId, field, error ),
		'aria-invalid': error ? ( true as const ) : undefined,
		'aria-required': field.isRequired ? ( true as const ) : undefined,
	};
	return (
		<FieldShell { ...{ formId, field, error, concealed } }>
			<FieldLabel
				formId={ formId }
				field={ field }
				as="label"
				htmlFor={ inputId }
			/>
			<Description formId={ formId } field={ field } />
			{ enhanced ? (
				<TokenList { ...props } inputId={ inputId } aria={ common } />
			) : (
				<select
					{ ...common }
					multiple
					id={ inputId }
					name={ `input_${ field.id }[]` }
					className={ cx(
						'kestrel-form__control',
						field.size && `is-${ field.size }`
					) }
					value={ chosen }
					disabled={ concealed }
					tabIndex={ concealed ? -1 : undefined }
					onChange={ ( e ) =>
						props.onChange(
							field.id,
							Array.from( e.target.selectedOptions ).map(
								( o ) => o.value
							)
						)
					}
				>
					{ choices.map( ( choice, index ) => (
						<option key={ index } value={ choice.value }>
							{ choice.text }
						</option>
					) ) }
				</select>
			) }
		</FieldShell>
	);
}
