/**
 * A file upload: one or several files, how many, how large and of which extensions.
 */
import { CheckboxControl } from '@wordpress/components';
import { __ } from '@wordpress/i18n';
import { KeyNumberControl, KeyTextControl } from '../common/controls';
import type { FieldTypeUnit, TypeSettingsProps } from '../types';

/**
 * The upload's limits.
 *
 * @param props Props (the type's settings props).
 */
function FileUploadSettings( props: TypeSettingsProps ) {
	const { field, set } = props;
	return (
		<>
			<CheckboxControl
				__nextHasNoMarginBottom
				label={ __( 'Allow several files', 'kestrel-forms' ) }
				checked={ Boolean( field.multipleFiles ) }
				onChange={ ( on ) => set( { multipleFiles: on || undefined } ) }
			/>
			{ field.multipleFiles && (
				<KeyNumberControl
					{ ...props }
					name="maxFiles"
					min={ 1 }
					label={ __( 'Most files', 'kestrel-forms' ) }
				/>
			) }
			<KeyNumberControl
				{ ...props }
				name="maxFileSize"
				label={ __( 'Largest file (MB)', 'kestrel-forms' ) }
			/>
			<KeyTextControl
				{ ...props }
				name="allowedExtensions"
				label={ __(
					'Allowed extensions (comma-separated)',
					'kestrel-forms'
				) }
			/>
		</>
	);
}

export const fileuploadUnit: FieldTypeUnit = {
	group: 'advanced',
	Settings: FileUploadSettings,
};
