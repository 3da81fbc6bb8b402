/**
 * The password field without its script (docs/server-rendering.md §3): the password input and
 * its confirmation, in the enhanced field's layout, without the show/hide toggles and the
 * strength meter (they come with JavaScript: password/PasswordField.tsx). The inputs are
 * printed empty: a password the server received is never written back into the page.
 */
import { __ } from '@wordpress/i18n';
import { hasConfirmation } from '../../../forms-engine';
import { ids } from '../../ids';
import {
	describedBy,
	Description,
	FieldLabel,
	FieldShell,
} from '../../components/field-parts';
import type { FieldProps } from '../types';

/**
 * The field.
 *
 * @param props Field props.
 */
export function BasicPassword( props: FieldProps ) {
	const { formId, field, error, concealed } = props;
	const confirm = hasConfirmation( field );
	const inputId = ids.input( formId, field.id );
	const errorId = error ? ids.validation( formId, field.id ) : undefined;
	const descriptionId = field.description
		? ids.description( formId, field.id )
		: undefined;
	const input = ( first: boolean ) => {
		const id = first ? inputId : ids.input( formId, field.id, 2 );
		return (
			<div className="kestrel-form__password-input">
				{ confirm && (
					<label className="kestrel-form__sublabel" htmlFor={ id }>
						{ first
							? __( 'Enter password', 'kestrel-forms' )
							: __( 'Confirm password', 'kestrel-forms' ) }
					</label>
				) }
				<div className="kestrel-form__password-row">
					<input
						id={ id }
						name={
							first
								? `input_${ field.id }`
								: `input_${ field.id }.2`
						}
						type="password"
						className="kestrel-form__control"
						autoComplete="new-password"
						spellCheck={ false }
						autoCapitalize="off"
						placeholder={ first ? field.placeholder : undefined }
						aria-required={
							first && field.isRequired ? true : undefined
						}
						aria-invalid={ error ? true : undefined }
						aria-describedby={ describedBy(
							! confirm && descriptionId,
							errorId
						) }
						disabled={ concealed }
						tabIndex={ concealed ? -1 : undefined }
					/>
				</div>
			</div>
		);
	};
	return (
		<FieldShell { ...{ formId, field, error, concealed } }>
			{ confirm ? (
				<fieldset
					className="kestrel-form__fieldset kestrel-form__password"
					disabled={ concealed }
					aria-describedby={ describedBy( descriptionId, errorId ) }
				>
					<FieldLabel formId={ formId } field={ field } as="legend" />
					<Description formId={ formId } field={ field } />
					<div className="kestrel-form__password-inputs">
						{ input( true ) }
						{ input( false ) }
					</div>
				</fieldset>
			) : (
				<div className="kestrel-form__password">
					<FieldLabel
						formId={ formId }
						field={ field }
						as="label"
						htmlFor={ inputId }
					/>
					<Description formId={ formId } field={ field } />
					{ input( true ) }
				</div>
			) }
		</FieldShell>
	);
}
