/**
 * An HTML block: its content; no value, so no Required box or default value.
 */
import { __ } from '@wordpress/i18n';
import { KeyTextControl } from '../common/controls';
import type { FieldTypeUnit, TypeSettingsProps } from '../types';

/**
 * The HTML content box.
 *
 * @param props Props (the type's settings props).
 */
function HtmlSettings( props: TypeSettingsProps ) {
	return (
		<KeyTextControl
			{ ...props }
			name="content"
			multiline
			label={ __( 'HTML content', 'kestrel-forms' ) }
		/>
	);
}

export const htmlUnit: FieldTypeUnit = {
	group: 'standard',
	Settings: HtmlSettings,
	common: { required: false, defaultValue: false },
};
