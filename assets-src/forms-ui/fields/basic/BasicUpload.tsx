/**
 * The upload field without its script (docs/server-rendering.md §3): a plain file input that a
 * plain post uploads (`input_{id}[]`, several files when the field takes several), accepting the
 * allowed extensions, with the field's rules under it. The chunked uploader replaces it once the
 * form is hydrated (fileupload/FileUploadField.tsx).
 */
import { ids } from '../../ids';
import {
	describedBy,
	Description,
	FieldLabel,
	FieldShell,
	fieldDescribedBy,
} from '../../components/field-parts';
import { acceptOf, rulesText, uploadRules } from '../../uploads/checks';
import type { FieldProps } from '../types';

/**
 * The field.
 *
 * @param props Field props.
 */
export function BasicUpload( props: FieldProps ) {
	const { formId, field, error, concealed } = props;
	const inputId = ids.input( formId, field.id );
	const rules = uploadRules( field );
	const rulesLine = rulesText( rules );
	const rulesId = `${ inputId }_rules`;
	return (
		<FieldShell { ...{ formId, field, error, concealed } }>
			<FieldLabel
				formId={ formId }
				field={ field }
				as="label"
				htmlFor={ inputId }
			/>
			<Description formId={ formId } field={ field } />
			<input
				id={ inputId }
				name={ `input_${ field.id }[]` }
				type="file"
				className="kestrel-form__file-basic"
				multiple={ !! field.multipleFiles }
				accept={ acceptOf( rules ) }
				aria-required={ field.isRequired ? true : undefined }
				aria-invalid={ error ? true : undefined }
				aria-describedby={ describedBy(
					fieldDescribedBy( formId, field, error ),
					!! rulesLine && rulesId
				) }
				disabled={ concealed }
				tabIndex={ concealed ? -1 : undefined }
			/>
			{ rulesLine && (
				<p className="kestrel-form__upload-rules" id={ rulesId }>
					{ rulesLine }
				</p>
			) }
		</FieldShell>
	);
}
