/**
 * Reducer of the `kestrel-forms/forms` store.
 */
import { combineReducers } from '@wordpress/data';
import type { FormDefinition } from '../../../shared';
import { HISTORY_LIMIT } from './constants';
import type {
	DefinitionError,
	EditorState,
	ListState,
	StoredForm,
} from './types';

export type Action =
	| { type: 'RECEIVE_FORMS'; key: string; forms: StoredForm[]; total: number }
	| { type: 'RECEIVE_FORM'; form: StoredForm }
	| { type: 'FORGET_FORM'; id: number }
	| { type: 'OPEN_EDITOR'; form: StoredForm }
	| { type: 'EDIT_DEFINITION'; definition: FormDefinition; key?: string }
	| { type: 'SELECT_FIELD'; id: number | null }
	| { type: 'UNDO' }
	| { type: 'REDO' }
	| { type: 'SAVE_START' }
	| {
			type: 'SAVE_FINISH';
			saved?: FormDefinition;
			errors?: DefinitionError[];
			error?: string | null;
	  };

/**
 * Forms by id.
 *
 * @param state  Forms by id.
 * @param action Action.
 */
export function forms(
	state: Record< number, StoredForm > = {},
	action: Action
): Record< number, StoredForm > {
	switch ( action.type ) {
		case 'RECEIVE_FORMS': {
			const next = { ...state };
			for ( const form of action.forms ) {
				next[ form.id ] = form;
			}
			return next;
		}
		case 'RECEIVE_FORM':
		case 'OPEN_EDITOR':
			return { ...state, [ action.form.id ]: action.form };
		case 'FORGET_FORM': {
			const next = { ...state };
			delete next[ action.id ];
			return next;
		}
	}
	return state;
}

/**
 * Form ids and totals by list query.
 *
 * @param state  Lists by query key.
 * @param action Action.
 */
export function lists(
	state: Record< string, ListState > = {},
	action: Action
): Record< string, ListState > {
	switch ( action.type ) {
		case 'RECEIVE_FORMS':
			return {
				...state,
				[ action.key ]: {
					ids: action.forms.map( ( f ) => f.id ),
					total: action.total,
				},
			};
		case 'FORGET_FORM': {
			const next: Record< string, ListState > = {};
			for ( const [ key, list ] of Object.entries( state ) ) {
				next[ key ] = list.ids.includes( action.id )
					? {
							ids: list.ids.filter( ( id ) => id !== action.id ),
							total: Math.max( 0, list.total - 1 ),
						}
					: list;
			}
			return next;
		}
	}
	return state;
}

export const EMPTY_EDITOR: EditorState = {
	formId: null,
	saved: null,
	present: null,
	past: [],
	future: [],
	lastEditKey: null,
	selectedFieldId: null,
	isSaving: false,
	errors: [],
	saveError: null,
};

/**
 * Strips the read-only keys from a stored form.
 *
 * @param form Stored form.
 */
function definitionOf( form: StoredForm ): FormDefinition {
	const {
		id: _id,
		status: _status,
		createdAt: _createdAt,
		updatedAt: _updatedAt,
		entryCount: _entryCount,
		...definition
	} = form;
	return definition;
}

/**
 * The edited form and its undo history.
 *
 * @param state  Editor state.
 * @param action Action.
 */
export function editor(
	state: EditorState = EMPTY_EDITOR,
	action: Action
): EditorState {
	switch ( action.type ) {
		case 'OPEN_EDITOR': {
			const definition = definitionOf( action.form );
			return {
				...EMPTY_EDITOR,
				formId: action.form.id,
				saved: definition,
				present: definition,
			};
		}
		case 'EDIT_DEFINITION': {
			if ( ! state.present || action.definition === state.present ) {
				return state;
			}
			const coalesce =
				action.key !== undefined &&
				action.key === state.lastEditKey &&
				state.past.length > 0;
			return {
				...state,
				past: coalesce
					? state.past
					: [ ...state.past, state.present ].slice( -HISTORY_LIMIT ),
				present: action.definition,
				future: [],
				lastEditKey: action.key ?? null,
			};
		}
		case 'UNDO': {
			if ( ! state.present || ! state.past.length ) {
				return state;
			}
			return {
				...state,
				past: state.past.slice( 0, -1 ),
				present: state.past[ state.past.length - 1 ],
				future: [ state.present, ...state.future ],
				lastEditKey: null,
			};
		}
		case 'REDO': {
			if ( ! state.present || ! state.future.length ) {
				return state;
			}
			return {
				...state,
				past: [ ...state.past, state.present ],
				present: state.future[ 0 ],
				future: state.future.slice( 1 ),
				lastEditKey: null,
			};
		}
		case 'SELECT_FIELD':
			return { ...state, selectedFieldId: action.id };
		case 'SAVE_START':
			return { ...state, isSaving: true, saveError: null };
		case 'SAVE_FINISH':
			return {
				...state,
				isSaving: false,
				saved: action.saved ?? state.saved,
				errors: action.errors ?? [],
				saveError: action.error ?? null,
				lastEditKey: null,
			};
	}
	return state;
}

export default combineReducers( { forms, lists, editor } );
