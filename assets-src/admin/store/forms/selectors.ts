/**
 * Selectors of the `kestrel-forms/forms` store.
 */
import { createSelector } from '@wordpress/data';
import type { FieldDefinition, FormDefinition } from '../../../shared';
import type { DefinitionError, FormsQuery, State, StoredForm } from './types';

/**
 * The key a list query is stored under (defaults filled in, so equal queries share it).
 *
 * @param query Query.
 */
export function queryKey( query: FormsQuery = {} ): string {
	return JSON.stringify( [
		query.status ?? 'active',
		query.search ?? '',
		query.page ?? 1,
		query.perPage ?? 20,
	] );
}

/**
 * The forms of a list query, undefined until loaded (the resolver fetches them).
 *
 * @param state Store state.
 * @param query Query.
 */
export const getForms = createSelector(
	( state: State, query: FormsQuery = {} ): StoredForm[] | undefined => {
		const list = state.lists[ queryKey( query ) ];
		return list
			? list.ids
					.map( ( id ) => state.forms[ id ] )
					.filter( ( f ): f is StoredForm => Boolean( f ) )
			: undefined;
	},
	( state: State, query: FormsQuery = {} ) => [
		state.lists[ queryKey( query ) ],
		state.forms,
	]
);

/**
 * How many forms match a list query (all pages), 0 until loaded.
 *
 * @param state Store state.
 * @param query Query.
 */
export function getFormsTotal( state: State, query: FormsQuery = {} ): number {
	return state.lists[ queryKey( query ) ]?.total ?? 0;
}

/**
 * One form as the server has it, undefined until loaded (the resolver fetches it).
 *
 * @param state Store state.
 * @param id    Form id.
 */
export function getForm( state: State, id: number ): StoredForm | undefined {
	return state.forms[ id ];
}

/**
 * Id of the form open in the editor.
 *
 * @param state Store state.
 */
export function getEditedFormId( state: State ): number | null {
	return state.editor.formId;
}

/**
 * The definition in the editor, with unsaved changes.
 *
 * @param state Store state.
 */
export function getEditedDefinition( state: State ): FormDefinition | null {
	return state.editor.present;
}

/**
 * Whether the editor holds changes the server does not have.
 *
 * @param state Store state.
 */
export function isDirty( state: State ): boolean {
	return state.editor.present !== state.editor.saved;
}

/**
 * @param state Store state.
 */
export function hasUndo( state: State ): boolean {
	return state.editor.past.length > 0;
}

/**
 * @param state Store state.
 */
export function hasRedo( state: State ): boolean {
	return state.editor.future.length > 0;
}

/**
 * @param state Store state.
 */
export function isSaving( state: State ): boolean {
	return state.editor.isSaving;
}

/**
 * Id of the field whose settings are open.
 *
 * @param state Store state.
 */
export function getSelectedFieldId( state: State ): number | null {
	return state.editor.selectedFieldId;
}

/**
 * The field whose settings are open.
 *
 * @param state Store state.
 */
export function getSelectedField( state: State ): FieldDefinition | null {
	const id = state.editor.selectedFieldId;
	return state.editor.present?.fields.find( ( f ) => f.id === id ) ?? null;
}

/**
 * Every error of the last save.
 *
 * @param state Store state.
 */
export function getSaveErrors( state: State ): DefinitionError[] {
	return state.editor.errors;
}

const NONE: DefinitionError[] = [];

/**
 * Errors of the last save that name a field.
 *
 * @param state   Store state.
 * @param fieldId Field id.
 */
export const getFieldErrors = createSelector(
	( state: State, fieldId: number ): DefinitionError[] => {
		const found = state.editor.errors.filter(
			( e ) => e.fieldId === fieldId
		);
		return found.length ? found : NONE;
	},
	( state: State ) => [ state.editor.errors ]
);

/**
 * Errors of the last save that name no field (form settings, cycles).
 *
 * @param state Store state.
 */
export const getFormErrors = createSelector(
	( state: State ): DefinitionError[] =>
		state.editor.errors.filter( ( e ) => e.fieldId === null ),
	( state: State ) => [ state.editor.errors ]
);

/**
 * A failure of the last save that is not a validation error.
 *
 * @param state Store state.
 */
export function getSaveError( state: State ): string | null {
	return state.editor.saveError;
}
