/**
 * Actions of the `kestrel-forms/forms` store. Plain actions change local state; thunks talk to
 * /kestrel-forms/v1/forms through api-fetch.
 */
import apiFetch from '@wordpress/api-fetch';
import type {
	FieldDefinition,
	FieldType,
	FormDefinition,
} from '../../../shared';
import { FORMS_PATH } from './constants';
import * as ops from './definition';
import { definitionErrorsOf, messageOf } from './errors';
import type { Action } from './reducer';
import type { StoredForm } from './types';

/** What a thunk of this store receives (the parts used here). */
interface ThunkArgs {
	select: {
		getEditedDefinition: () => FormDefinition | null;
		getEditedFormId: () => number | null;
		getSelectedFieldId: () => number | null;
	};
	dispatch: ( ( action: Action ) => void ) & {
		invalidateResolutionForStoreSelector: ( name: string ) => void;
	};
}

type Thunk< T = void > = ( args: ThunkArgs ) => T;

/**
 * Puts a form from the server into the store.
 *
 * @param form Stored form.
 */
export function receiveForm( form: StoredForm ): Action {
	return { type: 'RECEIVE_FORM', form };
}

/**
 * Opens a form in the editor: history cleared, nothing unsaved.
 *
 * @param form Stored form.
 */
export function openEditor( form: StoredForm ): Action {
	return { type: 'OPEN_EDITOR', form };
}

/**
 * Replaces the edited definition (one undo step; consecutive edits with the same `key` make one).
 *
 * @param definition New definition.
 * @param key        Coalescing key (an input's identity), optional.
 */
export function editDefinition(
	definition: FormDefinition,
	key?: string
): Action {
	return { type: 'EDIT_DEFINITION', definition, key };
}

/**
 * Opens a field's settings (null: the form's).
 *
 * @param id Field id.
 */
export function selectField( id: number | null ): Action {
	return { type: 'SELECT_FIELD', id };
}

/** Steps back one edit. */
export function undo(): Action {
	return { type: 'UNDO' };
}

/** Steps forward one undone edit. */
export function redo(): Action {
	return { type: 'REDO' };
}

/**
 * Applies a pure operation to the edited definition.
 *
 * @param change Operation.
 * @param key    Coalescing key.
 */
function edit(
	change: ( form: FormDefinition ) => FormDefinition,
	key?: string
): Thunk {
	return ( { select, dispatch } ) => {
		const form = select.getEditedDefinition();
		if ( form ) {
			dispatch( editDefinition( change( form ), key ) );
		}
	};
}

/**
 * Changes form-level keys.
 *
 * @param patch Keys to set (undefined removes).
 * @param key   Coalescing key.
 */
export function updateForm(
	patch: Partial< FormDefinition >,
	key?: string
): Thunk {
	return edit( ( form ) => ops.updateForm( form, patch ), key );
}

/**
 * Changes keys of a field.
 *
 * @param id    Field id.
 * @param patch Keys to set (undefined removes).
 * @param key   Coalescing key.
 */
export function updateField(
	id: number,
	patch: Partial< FieldDefinition >,
	key?: string
): Thunk {
	return edit( ( form ) => ops.updateField( form, id, patch ), key );
}

/**
 * Adds a field of a type and selects it.
 *
 * @param type  Field type.
 * @param index Position (the end when absent).
 */
export function addField( type: FieldType, index?: number ): Thunk {
	return ( { select, dispatch } ) => {
		const form = select.getEditedDefinition();
		if ( ! form ) {
			return;
		}
		const result = ops.addField( form, type, index );
		dispatch( editDefinition( result.form ) );
		dispatch( selectField( result.id ) );
	};
}

/**
 * Removes a field (and closes its settings).
 *
 * @param id Field id.
 */
export function removeField( id: number ): Thunk {
	return ( { select, dispatch } ) => {
		const form = select.getEditedDefinition();
		if ( ! form ) {
			return;
		}
		dispatch( editDefinition( ops.removeField( form, id ) ) );
		if ( select.getSelectedFieldId() === id ) {
			dispatch( selectField( null ) );
		}
	};
}

/**
 * Copies a field after itself and selects the copy.
 *
 * @param id Field id.
 */
export function duplicateField( id: number ): Thunk {
	return ( { select, dispatch } ) => {
		const form = select.getEditedDefinition();
		if ( ! form ) {
			return;
		}
		const result = ops.duplicateField( form, id );
		if ( result.id !== null ) {
			dispatch( editDefinition( result.form ) );
			dispatch( selectField( result.id ) );
		}
	};
}

/**
 * Moves a field to an index.
 *
 * @param id      Field id.
 * @param toIndex New index.
 */
export function moveField( id: number, toIndex: number ): Thunk {
	return edit( ( form ) => ops.moveField( form, id, toIndex ) );
}

/**
 * PUTs the edited definition. A 400 puts each error next to the field it names.
 *
 * @return Whether it was saved.
 */
export function saveForm(): Thunk< Promise< boolean > > {
	return async ( { select, dispatch } ) => {
		const id = select.getEditedFormId();
		const sent = select.getEditedDefinition();
		if ( ! id || ! sent ) {
			return false;
		}
		dispatch( { type: 'SAVE_START' } );
		try {
			const form = await apiFetch< StoredForm >( {
				path: `${ FORMS_PATH }/${ id }`,
				method: 'PUT',
				data: sent,
			} );
			dispatch( receiveForm( form ) );
			dispatch( { type: 'SAVE_FINISH', saved: sent } );
			dispatch.invalidateResolutionForStoreSelector( 'getForms' );
			return true;
		} catch ( error ) {
			const errors = definitionErrorsOf( error, sent );
			dispatch( {
				type: 'SAVE_FINISH',
				errors,
				error: errors.length ? null : messageOf( error ),
			} );
			return false;
		}
	};
}

/**
 * Runs a request that changes the list, then reloads the lists.
 *
 * @param request The request.
 */
function changeList< T >( request: () => Promise< T > ): Thunk< Promise< T > > {
	return async ( { dispatch } ) => {
		try {
			return await request();
		} finally {
			dispatch.invalidateResolutionForStoreSelector( 'getForms' );
		}
	};
}

/**
 * Creates a form.
 *
 * @param definition Definition.
 * @return The stored form.
 */
export function createForm(
	definition: FormDefinition
): Thunk< Promise< StoredForm > > {
	return changeList( () =>
		apiFetch< StoredForm >( {
			path: FORMS_PATH,
			method: 'POST',
			data: ops.definitionOf( definition ),
		} )
	);
}

/**
 * Copies a form (not its entries).
 *
 * @param id Form id.
 * @return The copy.
 */
export function duplicateForm( id: number ): Thunk< Promise< StoredForm > > {
	return changeList( () =>
		apiFetch< StoredForm >( {
			path: `${ FORMS_PATH }/${ id }/duplicate`,
			method: 'POST',
		} )
	);
}

/**
 * Moves a form to the trash.
 *
 * @param id Form id.
 */
export function trashForm( id: number ): Thunk< Promise< StoredForm > > {
	return changeList( () =>
		apiFetch< StoredForm >( {
			path: `${ FORMS_PATH }/${ id }`,
			method: 'DELETE',
		} )
	);
}

/**
 * Takes a form out of the trash.
 *
 * @param id Form id.
 */
export function restoreForm( id: number ): Thunk< Promise< StoredForm > > {
	return changeList( () =>
		apiFetch< StoredForm >( {
			path: `${ FORMS_PATH }/${ id }/restore`,
			method: 'POST',
		} )
	);
}

/**
 * Deletes a form and its entries for good.
 *
 * @param id Form id.
 */
export function deleteForm( id: number ): Thunk< Promise< void > > {
	return async ( args ) => {
		await changeList( () =>
			apiFetch( {
				path: `${ FORMS_PATH }/${ id }?force=true`,
				method: 'DELETE',
			} )
		)( args );
		args.dispatch( { type: 'FORGET_FORM', id } );
	};
}
