/**
 * Field types as units (ARCHITECTURE §6): a field type whose code ships in its own script (only on
 * pages whose form has such a field) provides its component and its submit-flow hooks through
 * `window.kestrelForms.fields[ type ]`. form-view only knows this generic mechanism: Field
 * renders the unit's component, Form calls its hooks on Next and submit (use-field-units.ts).
 */
import type { ComponentType } from 'react';
import type {
	Confirmation,
	FieldDefinition,
	FormDefinition,
	FormValues,
} from '../../shared';
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

/**
 * What Form lets a unit's component do outside the submit flow (a wallet button starts a
 * payment itself): read the values, check the form synchronously, submit it.
 */
export interface UnitFormPort {
	/** The values and evaluation as they are now. */
	current: () => { values: FormValues; evaluation: Evaluation | null };
	/** The values a submission would send now (visible fields with inputs). */
	submissionValues: () => Record< string, unknown >;
	/**
	 * Checks what the visitor sees now (pending delayed updates applied) and shows the errors,
	 * synchronously: true when the form may be sent. Never awaits anything, so a wallet's
	 * tokenize can follow in the same click (Apple's user-gesture rule).
	 */
	check: () => boolean;
	/** Submits the form as its submit button does (Next on a page before the last). */
	submit: () => void;
	/** Calls `listener` after the values changed; returns the unsubscribe. */
	subscribe: ( listener: () => void ) => () => void;
	/**
	 * Posts to a public sub-resource of this form ("payment-request") as submissions are posted
	 * (the nonce-free retry on a cached page included); rejects with a SubmissionFailure.
	 */
	post: < T >( resource: string, body: object ) => Promise< T >;
	/** Reads a public sub-resource of this form ("payment-drafts/…") the same way. */
	get: < T >( resource: string ) => Promise< T >;
	/**
	 * Puts saved submission values back into the form (a payment draft after the visitor came
	 * back from another site); resolves once the form shows them.
	 */
	restore: ( values: Record< string, unknown > ) => Promise< void >;
	/**
	 * The submission key the next submission sends (made now when there is none, kept until an
	 * entry is stored), or, with an argument, the key to send from now on (a draft's key).
	 */
	submissionKey: ( key?: string ) => string;
	/** Shows a confirmation as a successful submission does (an entry made earlier). */
	confirm: ( confirmation: Confirmation ) => void;
	/** Shows a refused request as a refused submission is shown (errors at their fields). */
	fail: ( failure: SubmissionFailure ) => void;
}

/**
 * Props of a unit's component, rendered inside the field's group, under its label (UnitSlot):
 * Field's props, plus the page's data, the field's slot and the form's port.
 */
export interface UnitFieldProps {
	formId: number;
	field: FieldDefinition;
	error?: string;
	concealed?: boolean;
	page: Record< string, unknown >;
	slot: Record< string, unknown >;
	form?: UnitFormPort;
}

/** What a field script provides for its type. */
export interface FieldUnit {
	Component: ComponentType< UnitFieldProps >;
	hooks?: ( context: () => UnitContext ) => UnitHooks;
}

/**
 * `window.kestrelForms.fields`: units by field type. A field script fills it before form-view
 * runs (the server prints it as a dependency of form-view on pages whose form needs it), so a
 * unit field renders complete at the first paint; the first unit for a type wins.
 */
export type FieldUnits = Record< string, FieldUnit | undefined >;

/** What Form hands a unit field: its unit (absent if its script never ran), page data, slot. */
export interface UnitBinding {
	unit?: FieldUnit;
	page: Record< string, unknown >;
	slot: Record< string, unknown >;
	/** The field's hooks (from its unit). */
	hooks?: UnitHooks;
	/** The form's port (Form sets it). */
	form?: UnitFormPort;
}
