/**
 * A single line text: a placeholder and, in Advanced, the most characters it takes.
 */
import { __ } from '@wordpress/i18n';
import { KeyNumberControl } from '../common/controls';
import type { FieldTypeUnit, TypeSettingsProps } from '../types';

/**
 * The Maximum characters box (single line and paragraph text).
 *
 * @param props Props (the type's settings props).
 */
export function MaxLengthSettings( props: TypeSettingsProps ) {
	return (
		<KeyNumberControl
			{ ...props }
			name="maxLength"
			label={ __( 'Maximum characters', 'kestrel-forms' ) }
		/>
	);
}

export const textUnit: FieldTypeUnit = {
	group: 'standard',
	common: { placeholder: true },
	Advanced: MaxLengthSettings,
};
