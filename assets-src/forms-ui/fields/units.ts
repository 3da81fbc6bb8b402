/**
 * Field types as units (ARCHITECTURE §6): a field type whose code ships in its own script (only on
 * pages whose form has such a field) provides its component and its submit-flow hooks through
 * `window.kestrelForms.fields.provide( type, unit )`. form-view only knows this generic
 * mechanism: until a unit arrives its fields render a placeholder (UnitSlot.tsx), and Next or
 * submit wait for it (use-field-units.ts).
 */
import type { ComponentType } from 'react';
import type { FieldDefinition, FormDefinition, FormValues } from '../../shared';
import type { Evaluation } from '../../forms-engine';
import type { SubmissionFailure } from '../submit/submit';

/** Field types whose UI and submit hooks a separate script provides. */
export const UNIT_TYPES = [ 'payment' ];

/**
 * Whether a field's type is provided by a unit.
 *
 * @param field Field.
 */
export const isUnitField = ( field: FieldDefinition ) =>
	UNIT_TYPES.includes( field.type );

/** A unit's answer to a step: a value to send with the submission (or none), or a message. */
export type UnitStep =
	{ ok: true; value?: unknown } | { ok: false; message: string };

/** What a unit reads when it acts: the form, the page's data and the field's shared slot. */
export interface UnitContext {
	form: FormDefinition;
	field: FieldDefinition;
	/** The page's data for this form (what the server printed next to it). */
	page: Record< string, unknown >;
	/** One object per field and form, shared by the unit's component and its hooks. */
	slot: Record< string, unknown >;
}

/** The optional hooks of a unit's field in the submit flow (one set per field and form). */
export interface UnitHooks {
	/** Leaving a page that holds the field (Next). */
	leavePage?: (
		pageFields: FieldDefinition[],
		evaluation: Evaluation | null,
		values: FormValues
	) => Promise< UnitStep >;
	/** Before the final submit: the field's value to send, or a message at the field. */
	beforeSubmit?: (
		pageFields: FieldDefinition[],
		evaluation: Evaluation | null,
		values: FormValues
	) => Promise< UnitStep >;
	/** Wraps the send (e.g. to send again while the server is busy). */
	send?: < T >( send: () => Promise< T > ) => Promise< T >;
	/** The message at the field for a failed answer, or null when the form shows it as usual. */
	failureMessage?: ( failure: SubmissionFailure ) => string | null;
	/** Presents a message shown at the field (focus, live region). */
	present?: ( message: string ) => void;
	/** Whether a retry must send the same submission key until one is stored. */
	keepSubmissionKey?: boolean;
}

/** Props of a unit's component, rendered inside the field's group, under its label. */
export interface UnitFieldProps {
	formId: number;
	field: FieldDefinition;
	error?: string;
	concealed?: boolean;
	page: Record< string, unknown >;
	slot: Record< string, unknown >;
}

/** What a field script provides for its type. */
export interface FieldUnit {
	Component: ComponentType< UnitFieldProps >;
	hooks?: ( context: () => UnitContext ) => UnitHooks;
}

/** `window.kestrelForms.fields`: where field scripts provide their units. */
export interface FieldUnitRegistry {
	/** The first unit for a type wins. */
	provide: ( type: string, unit: FieldUnit ) => void;
	get: ( type: string ) => FieldUnit | undefined;
	/** Resolves with the type's unit as soon as it is provided. */
	ready: ( type: string ) => Promise< FieldUnit >;
}

/** A new, empty registry. */
export function createFieldRegistry(): FieldUnitRegistry {
	const units: Record< string, FieldUnit > = {};
	const waiting: Record< string, Array< ( unit: FieldUnit ) => void > > = {};
	return {
		provide( type, unit ) {
			if ( ! units[ type ] ) {
				units[ type ] = unit;
				( waiting[ type ] ?? [] )
					.splice( 0 )
					.forEach( ( r ) => r( unit ) );
			}
		},
		get: ( type ) => units[ type ],
		ready: ( type ) =>
			new Promise( ( resolve ) =>
				units[ type ]
					? resolve( units[ type ] )
					: ( waiting[ type ] ??= [] ).push( resolve )
			),
	};
}

/** What Form hands a unit field: where units come from, the page data and the field's slot. */
export interface UnitBinding {
	registry: FieldUnitRegistry | null;
	page: Record< string, unknown >;
	slot: Record< string, unknown >;
	/** The field's hooks, once its unit came. */
	hooks?: UnitHooks;
}
