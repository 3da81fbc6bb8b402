/**
 * Actions of the entries store: plain action creators and thunks that talk to the REST API.
 */
import apiFetch from '@wordpress/api-fetch';
import { __, _n, sprintf } from '@wordpress/i18n';
import { messageOf } from '../errors';
import { toRestParams, withParams } from './query';
import { statusAfter, undoSteps } from './undo';
import type {
	BulkAction,
	EntriesAction,
	EntriesQuery,
	EntriesState,
	EntryDetail,
	EntryNote,
	ListedEntry,
	UndoStep,
	ViewCounts,
} from './types';

const BASE = '/kestrel-forms/v1/entries';

/** The per-field messages of a refused save (the message itself: messageOf). */
interface RestError {
	data?: { errors?: Record< string, string > };
}

/** What a thunk receives from @wordpress/data (the parts used here). */
export interface ThunkArgs {
	dispatch: ( action: EntriesAction ) => unknown;
	select: {
		getQuery: () => EntriesQuery;
		/** The listed entries (their statuses before a change, for Undo). */
		getEntries?: () => ListedEntry[];
		/** The entry on the detail screen, if any. */
		getEntry?: () => EntryDetail | null;
	};
}

/**
 * @param query Query keys to change.
 */
export const setQuery = ( query: Partial< EntriesQuery > ): EntriesAction => ( {
	type: 'SET_QUERY',
	query,
} );

/**
 * @param ids Entry ids.
 */
export const setSelection = ( ids: number[] ): EntriesAction => ( {
	type: 'SET_SELECTION',
	ids,
} );

/**
 * @param notice Notice, or null to clear it.
 */
export const setNotice = (
	notice: EntriesState[ 'notice' ]
): EntriesAction => ( { type: 'SET_NOTICE', notice } );

/** The latest list request; an answer to an older one (the admin typed on) is dropped. */
let latestList = 0;

/**
 * Loads the page of entries the query describes.
 */
export const fetchEntries =
	() =>
	async ( { dispatch, select }: ThunkArgs ): Promise< void > => {
		const ticket = ++latestList;
		dispatch( { type: 'LIST_REQUEST' } );
		try {
			const response = ( await apiFetch( {
				path: withParams( BASE, toRestParams( select.getQuery() ) ),
				parse: false,
			} ) ) as Response;
			const items = ( await response.json() ) as ListedEntry[];
			if ( ticket !== latestList ) {
				return;
			}
			dispatch( {
				type: 'LIST_SUCCESS',
				items,
				total: Number( response.headers.get( 'X-WP-Total' ) ?? 0 ),
				totalPages: Number(
					response.headers.get( 'X-WP-TotalPages' ) ?? 1
				),
			} );
		} catch ( error ) {
			if ( ticket === latestList ) {
				dispatch( {
					type: 'LIST_FAILURE',
					error: messageOf( error ),
				} );
			}
		}
	};

/**
 * @param action  A bulk action.
 * @param changed Entries it changed.
 * @return What the notice says after it.
 */
function doneMessage( action: BulkAction, changed: number ): string {
	switch ( action ) {
		case 'trash':
			return sprintf(
				/* translators: %d: number of entries. */
				_n(
					'%d entry moved to the Trash.',
					'%d entries moved to the Trash.',
					changed,
					'kestrel-forms'
				),
				changed
			);
		case 'spam':
			return sprintf(
				/* translators: %d: number of entries. */
				_n(
					'%d entry marked as spam.',
					'%d entries marked as spam.',
					changed,
					'kestrel-forms'
				),
				changed
			);
		case 'restore':
		case 'not_spam':
			return sprintf(
				/* translators: %d: number of entries. */
				_n(
					'%d entry restored.',
					'%d entries restored.',
					changed,
					'kestrel-forms'
				),
				changed
			);
		case 'delete':
			return sprintf(
				/* translators: %d: number of entries. */
				_n(
					'%d entry permanently deleted.',
					'%d entries permanently deleted.',
					changed,
					'kestrel-forms'
				),
				changed
			);
	}
	return sprintf(
		/* translators: %d: number of entries. */
		_n(
			'%d entry updated.',
			'%d entries updated.',
			changed,
			'kestrel-forms'
		),
		changed
	);
}

/**
 * POSTs a bulk action.
 *
 * @param action Bulk action.
 * @param ids    Entry ids.
 * @return Entries changed.
 */
async function postBulk(
	action: BulkAction,
	ids: number[]
): Promise< number > {
	const result = ( await apiFetch( {
		path: `${ BASE }/bulk`,
		method: 'POST',
		data: { action, ids },
	} ) ) as { changed: number };
	return result.changed;
}

/**
 * Loads the counts of the list's views (All, Unread, Starred, Spam, Trash) of the query's form.
 * A failure keeps the counts shown before.
 */
export const fetchCounts =
	() =>
	async ( { dispatch, select }: ThunkArgs ): Promise< void > => {
		try {
			const counts = ( await apiFetch( {
				path: withParams( `${ BASE }/counts`, {
					form_id: String( select.getQuery().formId ),
				} ),
			} ) ) as ViewCounts | undefined;
			if ( counts && typeof counts.all === 'number' ) {
				dispatch( { type: 'COUNTS_SUCCESS', counts } );
			}
		} catch {
			// The views keep their last counts; the list says what failed.
		}
	};

/**
 * Runs a change; a failure becomes the error notice.
 *
 * @param args Thunk arguments.
 * @param work The change.
 * @return Whether it went through.
 */
async function guarded(
	args: ThunkArgs,
	work: () => Promise< void >
): Promise< boolean > {
	try {
		await work();
		return true;
	} catch ( error ) {
		args.dispatch(
			setNotice( { status: 'error', message: messageOf( error ) } )
		);
		return false;
	}
}

/**
 * @param action  The status change done.
 * @param changed Entries it changed.
 * @param steps   What undoes it (Undo is offered when there are steps and changes).
 */
const doneNotice = (
	action: BulkAction,
	changed: number,
	steps: UndoStep[]
): EntriesAction =>
	setNotice( {
		status: 'success',
		message: doneMessage( action, changed ),
		...( steps.length > 0 && changed > 0 ? { undo: steps } : {} ),
	} );

/**
 * Reloads the list and the views' counts.
 *
 * @param args Thunk arguments.
 */
const reloadList = async ( args: ThunkArgs ): Promise< void > => {
	await Promise.all( [ fetchEntries()( args ), fetchCounts()( args ) ] );
};

/**
 * Applies a bulk action to entries, then reloads the list and the views' counts. Moving to
 * the Trash or to spam says so with an Undo (WordPress's posts list does the same).
 *
 * @param action Bulk action.
 * @param ids    Entry ids.
 */
export const applyBulkAction =
	( action: BulkAction, ids: number[] ) =>
	( args: ThunkArgs ): Promise< boolean > => {
		const before = ( args.select.getEntries?.() ?? [] ).filter( ( e ) =>
			ids.includes( e.id )
		);
		return guarded( args, async () => {
			const changed = await postBulk( action, ids );
			args.dispatch(
				doneNotice( action, changed, undoSteps( action, before ) )
			);
			args.dispatch( setSelection( [] ) );
			await reloadList( args );
		} );
	};

/**
 * Undoes a status change (the notice's Undo): each step is a bulk action. Then the screen
 * reloads what it shows: the entry on the detail screen, else the list and its counts.
 *
 * @param steps Steps from the notice.
 */
export const undo =
	( steps: UndoStep[] ) =>
	( args: ThunkArgs ): Promise< boolean > =>
		guarded( args, async () => {
			let changed = 0;
			for ( const step of steps ) {
				changed += await postBulk( step.action, step.ids );
			}
			args.dispatch(
				setNotice( {
					status: 'success',
					message: sprintf(
						/* translators: %d: number of entries. */
						_n(
							'%d entry put back.',
							'%d entries put back.',
							changed,
							'kestrel-forms'
						),
						changed
					),
				} )
			);
			const entry = args.select.getEntry?.() ?? null;
			await ( entry
				? fetchEntry( entry.id )( args )
				: reloadList( args ) );
		} );

/**
 * The entry screen's Trash, Spam, Not spam and Restore: one entry's status, with Undo.
 *
 * @param id     Entry id.
 * @param action trash, spam, not_spam or restore.
 * @return Whether it changed.
 */
export const changeStatus =
	( id: number, action: BulkAction ) =>
	( args: ThunkArgs ): Promise< boolean > => {
		const entry = args.select.getEntry?.() ?? null;
		return guarded( args, async () => {
			const changed = await postBulk( action, [ id ] );
			const next = statusAfter( action );
			if ( next ) {
				args.dispatch( { type: 'ENTRY_STATUS', id, status: next } );
			}
			const steps =
				entry?.id === id
					? undoSteps( action, [ { id, status: entry.status } ] )
					: [];
			args.dispatch( doneNotice( action, changed, steps ) );
		} );
	};

/**
 * Deletes one entry for good (the entry screen; it asks first).
 *
 * @param id Entry id.
 * @return Whether it was deleted.
 */
export const deleteEntry =
	( id: number ) =>
	async ( { dispatch }: ThunkArgs ): Promise< boolean > => {
		try {
			return ( await postBulk( 'delete', [ id ] ) ) > 0;
		} catch ( error ) {
			dispatch(
				setNotice( { status: 'error', message: messageOf( error ) } )
			);
			return false;
		}
	};

/**
 * Marks an entry read, quietly: no notice and no list to reload (the detail screen opening it).
 * A failure leaves it unread and says nothing.
 *
 * @param id Entry id.
 */
export const markRead = ( id: number ) => async (): Promise< void > => {
	try {
		await apiFetch( {
			path: `${ BASE }/bulk`,
			method: 'POST',
			data: { action: 'read', ids: [ id ] },
		} );
	} catch {
		// Quiet by design: the entry stays unread.
	}
};

/**
 * Loads one entry for the detail screen.
 *
 * @param id Entry id.
 */
export const fetchEntry =
	( id: number ) =>
	async ( { dispatch }: ThunkArgs ): Promise< void > => {
		dispatch( { type: 'DETAIL_REQUEST' } );
		try {
			const entry = ( await apiFetch( {
				path: `${ BASE }/${ id }`,
			} ) ) as EntryDetail;
			dispatch( { type: 'DETAIL_SUCCESS', entry } );
		} catch ( error ) {
			dispatch( {
				type: 'DETAIL_FAILURE',
				error: messageOf( error ),
			} );
		}
	};

/**
 * Saves edited values; the server validates them and answers with messages by field id.
 *
 * @param id     Entry id.
 * @param values Values by field or input id.
 * @return Whether the values were saved.
 */
export const saveValues =
	( id: number, values: Record< string, unknown > ) =>
	async ( { dispatch }: ThunkArgs ): Promise< boolean > => {
		dispatch( { type: 'SAVE_REQUEST' } );
		try {
			const entry = ( await apiFetch( {
				path: `${ BASE }/${ id }`,
				method: 'POST',
				data: { values },
			} ) ) as EntryDetail;
			dispatch( { type: 'DETAIL_SUCCESS', entry } );
			dispatch(
				setNotice( {
					status: 'success',
					message: __( 'Entry updated.', 'kestrel-forms' ),
				} )
			);
			return true;
		} catch ( error ) {
			const errors = ( error as RestError | null )?.data?.errors ?? {};
			dispatch( { type: 'SAVE_FAILURE', fieldErrors: errors } );
			dispatch(
				setNotice( { status: 'error', message: messageOf( error ) } )
			);
			return false;
		}
	};

/**
 * Adds a note to the entry on screen.
 *
 * @param id   Entry id.
 * @param note Text.
 */
export const addNote =
	( id: number, note: string ) =>
	async ( { dispatch }: ThunkArgs ): Promise< boolean > => {
		try {
			const created = ( await apiFetch( {
				path: `${ BASE }/${ id }/notes`,
				method: 'POST',
				data: { note },
			} ) ) as EntryNote;
			dispatch( { type: 'NOTE_ADDED', note: created } );
			return true;
		} catch ( error ) {
			dispatch(
				setNotice( { status: 'error', message: messageOf( error ) } )
			);
			return false;
		}
	};

/**
 * Deletes a note of the entry on screen.
 *
 * @param id     Entry id.
 * @param noteId Note id.
 */
export const removeNote =
	( id: number, noteId: number ) =>
	async ( { dispatch }: ThunkArgs ): Promise< void > => {
		try {
			await apiFetch( {
				path: `${ BASE }/${ id }/notes/${ noteId }`,
				method: 'DELETE',
			} );
			dispatch( { type: 'NOTE_REMOVED', id: noteId } );
		} catch ( error ) {
			dispatch(
				setNotice( { status: 'error', message: messageOf( error ) } )
			);
		}
	};

/**
 * Attaches uploaded files to an entry's upload field; the answer is the updated entry.
 *
 * @param id       Entry id.
 * @param fieldId  Upload field id.
 * @param uploadId Upload id the files were sent with.
 * @param tokens   Tokens the upload route gave.
 * @return Whether they were attached.
 */
export const attachFiles =
	( id: number, fieldId: number, uploadId: string, tokens: string[] ) =>
	async ( { dispatch }: ThunkArgs ): Promise< boolean > => {
		try {
			const entry = ( await apiFetch( {
				path: `${ BASE }/${ id }/files`,
				method: 'POST',
				data: { field_id: fieldId, upload_id: uploadId, tokens },
			} ) ) as EntryDetail;
			dispatch( { type: 'DETAIL_SUCCESS', entry } );
			dispatch(
				setNotice( {
					status: 'success',
					message: __( 'Files attached.', 'kestrel-forms' ),
				} )
			);
			return true;
		} catch ( error ) {
			dispatch(
				setNotice( { status: 'error', message: messageOf( error ) } )
			);
			return false;
		}
	};
