/**
 * Field types whose control ships in a script of its own (issue 19, "load only what the form
 * uses"): the upload field with resumable.js, the password field, the captcha, the card, the
 * address with its country list, the date picker. plugin/data/field-scripts.json names each
 * type's script (build/{name}.js); the server reads the same file and prints a script only on
 * pages whose forms have such a field (Assets::enqueue_field_scripts()).
 *
 * Those scripts are webpack entries that depend on form-view (`dependOn`), so they share its
 * module instances: this registry, React contexts such as the description placement, the
 * engine. A script calls provideControls() with its control; the field registry (registry.ts)
 * renders it through ScriptControl, which waits for it with a "Loading…" placeholder.
 *
 * Unlike field units (units.ts: their own script brings its own copies and only adds a
 * component under the label), a script control is a whole field control, exactly as a built-in
 * one: FieldProps in, the field's markup out.
 */
import type { FieldType } from '../../shared';
import scripts from '../../../plugin/data/field-scripts.json';
import type { FieldControl } from './types';

/** Script name (build/{name}.js) by field type, for the types whose control ships apart. */
export const FIELD_SCRIPTS: Readonly< Partial< Record< FieldType, string > > > =
	scripts;

const provided: Partial< Record< FieldType, FieldControl > > = {};
const listeners = new Set< () => void >();

/**
 * Whether a type's control ships in a script of its own.
 *
 * @param type Field type.
 */
export function isScriptControlType( type: FieldType ): boolean {
	return Object.prototype.hasOwnProperty.call( FIELD_SCRIPTS, type );
}

/**
 * Called by a field script when it runs: its controls by type. The first control given for a
 * type wins (a script enqueued twice changes nothing); fields waiting for it render it now.
 *
 * @param controls Controls by type.
 */
export function provideControls(
	controls: Partial< Record< FieldType, FieldControl > >
): void {
	let changed = false;
	for ( const [ type, control ] of Object.entries( controls ) as Array<
		[ FieldType, FieldControl ]
	> ) {
		if ( ! provided[ type ] ) {
			provided[ type ] = control;
			changed = true;
		}
	}
	if ( changed ) {
		listeners.forEach( ( listener ) => listener() );
	}
}

/**
 * The control a script provided for a type, if it ran.
 *
 * @param type Field type.
 */
export function scriptControl( type: FieldType ): FieldControl | undefined {
	return provided[ type ];
}

/**
 * Calls `listener` whenever a script provides controls; returns the unsubscribe
 * (useSyncExternalStore's subscribe).
 *
 * @param listener Listener.
 */
export function subscribeControls( listener: () => void ): () => void {
	listeners.add( listener );
	return () => {
		listeners.delete( listener );
	};
}
