/**
 * A field whose control ships in a script of its own (script-controls.ts). The server prints
 * that script before form-view on pages that need it, so the control is normally there at the
 * first render; until it is (a slow or blocked script), the field shows its label and says it
 * is loading, and renders the control as soon as the script provides it.
 */
import { useSyncExternalStore } from '@wordpress/element';
import { __ } from '@wordpress/i18n';
import { FieldShell, LabelText } from '../components/field-parts';
import { scriptControl, subscribeControls } from './script-controls';
import type { FieldProps } from './types';

/**
 * The field: its script's control, or the placeholder.
 *
 * @param props Field props.
 */
export function ScriptControl( props: FieldProps ) {
	const type = props.field.type;
	const Control = useSyncExternalStore( subscribeControls, () =>
		scriptControl( type )
	);
	if ( Control ) {
		return <Control { ...props } />;
	}
	return (
		<FieldShell { ...props }>
			<p className="kestrel-form__label">
				<LabelText field={ props.field } />
			</p>
			<p className="kestrel-form__loading" role="status">
				{ __( 'Loading…', 'kestrel-forms' ) }
			</p>
		</FieldShell>
	);
}
