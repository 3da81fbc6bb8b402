/**
 * Types of the `kestrel-forms/forms` store.
 */
import type { FormDefinition } from '../../../shared';

/** A form as the REST API returns it: the definition plus read-only metadata. */
export interface StoredForm extends FormDefinition {
	id: number;
	status: 'active' | 'trash';
	createdAt: string;
	updatedAt: string;
	entryCount: number;
}

/** A query of the forms list (GET /kestrel-forms/v1/forms). */
export interface FormsQuery {
	status?: 'active' | 'trash';
	search?: string;
	page?: number;
	perPage?: number;
}

/** One violation the server reported for a saved definition (ErrorMapper::invalid_form). */
export interface DefinitionError {
	/** JSON path as the server names it: `fields[2].label`, `title`, `fields`. */
	path: string;
	keyword: string;
	message: string;
	/** Id of the field the path names, null for form-level errors. */
	fieldId: number | null;
	/** The field key the path names (`label`, `choices`), '' for the whole field or form. */
	key: string;
}

/** The form being edited, with its history. */
export interface EditorState {
	formId: number | null;
	/** What the server has: the changes are unsaved while `present` is another object. */
	saved: FormDefinition | null;
	present: FormDefinition | null;
	past: FormDefinition[];
	future: FormDefinition[];
	/** Consecutive edits with the same key (typing in one input) make one undo step. */
	lastEditKey: string | null;
	selectedFieldId: number | null;
	isSaving: boolean;
	errors: DefinitionError[];
	/** A failure that names no field (network, permissions). */
	saveError: string | null;
}

export interface ListState {
	ids: number[];
	total: number;
}

export interface State {
	forms: Record< number, StoredForm >;
	lists: Record< string, ListState >;
	editor: EditorState;
}
