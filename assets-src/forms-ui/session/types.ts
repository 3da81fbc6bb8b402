/**
 * Types of the visitor form's session store (ARCHITECTURE §6 "Visitor form state"): what it
 * holds, what it publishes, and what it is given. No React, no DOM.
 */
import type {
	Confirmation,
	FieldDefinition,
	FieldValue,
	FormValues,
	SubmissionValues,
} from '../../shared';
import type { Evaluation } from '../../forms-engine';
import type { FieldError } from '../fields/types';

/** A pending timer as the scheduler knows it (a number in browsers, an object in Node). */
export type TimerHandle = unknown;

/**
 * Where the session's delays come from (spec §9: 300 ms logic, 345 ms formulas, the 50 ms
 * pricing debounce, the validation announcement): the window's timers in the browser, a fake
 * clock in tests.
 */
export interface Scheduler {
	setTimeout: ( callback: () => void, delay: number ) => TimerHandle;
	clearTimeout: ( handle: TimerHandle ) => void;
}

/** The REST submission's `values` object (keys "5", "5.3", "5_quantity"…), docs/server-rendering.md §1. */
export type WireValues = Record< string, unknown >;

/** The state a form starts in: after a plain post, what the server printed (`data.state`). */
export interface SessionInitial {
	/** The values the visitor posted. */
	values?: WireValues;
	/** Errors by field id. */
	errors?: Record< string, FieldError >;
	/** The error summary's heading (null: none). */
	summary?: string | null;
	/** The page shown (0-based index into the form's pages). */
	page?: number;
}

/**
 * Turns a field's wire values back into the value the browser holds (the engine's
 * `fromSubmission( field, wire )`); undefined when the wire has nothing for the field.
 */
export type FromSubmission = (
	field: FieldDefinition,
	wire: WireValues
) => FieldValue | undefined;

export interface FormSessionOptions {
	/** Timers (required: the store never reaches for globals). */
	scheduler: Scheduler;
	/** Where the form starts (a re-rendered plain post). */
	initial?: SessionInitial;
	/**
	 * Wire values → browser value for `initial.values` and `restore()`. Default: the value under
	 * the field's id when it is text or a list of text (what single-input fields send).
	 */
	fromSubmission?: FromSubmission;
}

export type SessionStatus = 'idle' | 'submitting' | 'done';

/** Where the binding should move focus (a new object each time it is asked). */
export interface FocusRequest {
	target: 'page' | 'summary';
}

/** A page of the form: the fields after a page break (the first page has none). */
export interface FormPage {
	breakField: FieldDefinition | null;
	fields: FieldDefinition[];
}

/** The whole state, published as a frozen snapshot (a new object on every change). */
export interface SessionSnapshot {
	/** What the visitor entered, by field id (and a product's quantity by "5.3"). */
	entered: FormValues;
	/** The engine's evaluation (null for a form whose rules form a cycle: every field shows). */
	evaluation: Evaluation | null;
	/** Index of the page shown. */
	page: number;
	errors: Record< number, FieldError >;
	summary: string | null;
	status: SessionStatus;
	confirmation: Confirmation | null;
	/** What the live region says now. */
	announcement: string;
	focus: FocusRequest | null;
	/** How many restores happened (a binding resolves a restore once it rendered it). */
	restores: number;
}

/** What one field renders: referentially stable while none of these change. */
export interface FieldSlice {
	value: FieldValue | undefined;
	error: FieldError | undefined;
	/** Hidden by conditional logic. */
	concealed: boolean;
	/** A calculated field's number (null: no result). */
	calculated: number | null | undefined;
	/** A product's own quantity input, when it has one. */
	quantity: string | undefined;
}

/** Where the visitor can go from the current page. */
export interface Navigation {
	/** The pages a visitor can reach (the current one always). */
	shownPages: number[];
	nextPage: number | null;
	previousPage: number | null;
	/** The break whose Next button this page shows (null on the last page). */
	nextBreak: FieldDefinition | null;
	nextShown: boolean;
	submitShown: boolean;
}

/**
 * What the form's frame renders (pages, buttons, summary, confirmation): referentially stable
 * while none of these change, so typing re-renders the fields concerned and not the form.
 */
export interface FormView extends Navigation {
	pages: FormPage[];
	page: number;
	status: SessionStatus;
	summary: string | null;
	errors: Record< number, FieldError >;
	confirmation: Confirmation | null;
	focus: FocusRequest | null;
}

/** The visible fields and the fresh evaluation a submit checked, or why it stopped. */
export type SubmitCheck =
	| { ok: true; evaluation: Evaluation | null; visible: FieldDefinition[] }
	| { ok: false };

/**
 * A step a page's fields run before the visitor leaves it (a payment tokenizes), or null when
 * there is none: true to move on, false to stay (the step showed its own message).
 */
export type LeaveStep = (
	fields: FieldDefinition[],
	evaluation: Evaluation | null,
	values: FormValues
) => Promise< boolean > | null;

export type { SubmissionValues };
