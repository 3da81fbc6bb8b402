/**
 * A field whose control ships in a script of its own (script-controls.ts). The server prints
 * that script before form-view on pages that need it, so the control is normally there at the
 * first render; until it is (a slow or blocked script), the field shows its label and says it
 * is loading, and renders the control as soon as the script provides it.
 *
 * On the server and while React hydrates the server's markup (useHydrated() false), the field
 * renders its basic control instead (basic/basic-controls.ts): plain inputs a visitor without
 * JavaScript can use, the same markup PHP prints (docs/server-rendering.md §3), so hydration
 * matches; the enhanced control takes over right after (for a control the visitor is using,
 * once they are done with it: basic/basic-in-use.ts).
 */
import { useSyncExternalStore } from '@wordpress/element';
import { __ } from '@wordpress/i18n';
import { FieldShell, LabelText } from '../components/field-parts';
import { ids } from '../ids';
import { useHydrated } from '../use-hydrated';
import { basicControl } from './basic/basic-controls';
import { useBasicInUse } from './basic/basic-in-use';
import { fromSubmission } from '../../forms-engine';
import { typedInForm } from '../typed-values';
import { scriptControl, subscribeControls } from './script-controls';
import type { FieldProps } from './types';

/**
 * The field: its basic control before hydration, then its script's control, or the
 * placeholder.
 *
 * @param props Field props.
 */
export function ScriptControl( props: FieldProps ) {
	const type = props.field.type;
	const hydrated = useHydrated();
	const current = () => scriptControl( type );
	// The server snapshot too: react-dom/server and hydration ask for one.
	const Control = useSyncExternalStore( subscribeControls, current, current );
	// A basic control in use stays until the visitor is done with it (basic/basic-in-use.ts).
	const inUse = useBasicInUse(
		hydrated
			? {
					rootId: ids.field( props.formId, props.field.id ),
					fileInputId:
						type === 'fileupload'
							? ids.input( props.formId, props.field.id )
							: null,
				}
			: null,
		() => handOver( props )
	);
	if ( ! hydrated || inUse ) {
		const Basic = basicControl( type );
		return <Basic { ...props } />;
	}
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

/**
 * Puts what the visitor typed into a field's basic control after the form was hydrated into the
 * form's state (the basic inputs are not bound to it).
 *
 * @param props Field props.
 */
function handOver( props: FieldProps ) {
	const form = document
		.getElementById( ids.field( props.formId, props.field.id ) )
		?.closest( 'form' );
	const wire = form ? typedInForm( form, [ props.field ] ) : undefined;
	if ( ! wire ) {
		return;
	}
	// A password is never read back from wire values (fromSubmission: a secret is not printed
	// again); typed in this page it is the visitor's own, and its control reads it.
	const fromBasic = scriptControl( props.field.type )?.fromBasic;
	const value = fromBasic
		? fromBasic( props.field, wire )
		: fromSubmission( props.field, wire );
	if ( value !== undefined ) {
		props.onChange( props.field.id, value );
	}
}
