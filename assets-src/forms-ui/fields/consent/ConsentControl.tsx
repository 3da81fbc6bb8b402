/**
 * Consent fields (docs/field-types.md): one checkbox (input N.1, value "1") labelled by the
 * agreement text (`checkboxLabel`), in a fieldset whose legend is the field label; the
 * `description` is the full agreement, in a box that scrolls, which the checkbox is described
 * by. The server records the texts agreed to from the stored definition.
 */
import { __, sprintf } from '@wordpress/i18n';
import { ids } from '../../ids';
import {
	describedBy,
	FieldShell,
	FieldLabel,
} from '../../components/field-parts';
import type { FieldProps } from '../types';

/**
 * The consent field.
 *
 * @param props Field props.
 */
export function ConsentControl( props: FieldProps ) {
	const { formId, field, error, concealed } = props;
	const id = ids.input( formId, field.id, 1 );
	const textId = ids.description( formId, field.id );
	return (
		<FieldShell { ...{ formId, field, error, concealed } } ownText>
			<fieldset disabled={ concealed } className="kestrel-form__fieldset">
				<FieldLabel formId={ formId } field={ field } as="legend" />
				<div className="kestrel-form__choice kestrel-form__consent">
					<input
						type="checkbox"
						id={ id }
						name={ `input_${ field.id }.1` }
						value="1"
						checked={ props.value === '1' }
						aria-required={ field.isRequired ? true : undefined }
						aria-invalid={ error ? true : undefined }
						aria-describedby={ describedBy(
							!! field.description && textId,
							!! error && ids.validation( formId, field.id )
						) }
						tabIndex={ concealed ? -1 : undefined }
						onChange={ ( e ) =>
							props.onChange(
								field.id,
								e.target.checked ? '1' : ''
							)
						}
					/>
					<label htmlFor={ id }>
						{ field.checkboxLabel ||
							__(
								'I agree to the privacy policy.',
								'kestrel-forms'
							) }
					</label>
				</div>
				{ field.description && (
					// Focusable so keyboard users can scroll a long agreement.
					<div
						className="kestrel-form__consent-text"
						id={ textId }
						role="region"
						aria-label={ sprintf(
							/* translators: %s: the consent field's label. */
							__( '%s: full text', 'kestrel-forms' ),
							field.label || field.adminLabel || ''
						) }
						tabIndex={ concealed ? -1 : 0 }
						// The agreement's markup (a link to the policy), sanitised by the server
						// with wp_kses_post before printing; the entry records its text.
						dangerouslySetInnerHTML={ {
							__html: field.description,
						} }
					/>
				) }
			</fieldset>
		</FieldShell>
	);
}
