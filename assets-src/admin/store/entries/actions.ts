/**
 * Actions of the entries store: plain action creators and thunks that talk to the REST API.
 */
import apiFetch from '@wordpress/api-fetch';
import { __, _n, sprintf } from '@wordpress/i18n';
import { messageOf } from '../errors';
import { toRestParams, withParams } from './query';
import type {
	BulkAction,
	EntriesAction,
	EntriesQuery,
	EntriesState,
	EntryDetail,
	EntryNote,
	ListedEntry,
} from './types';

const BASE = '/kestrel-forms/v1/entries';

/** The per-field messages of a refused save (the message itself: messageOf). */
interface RestError {
	data?: { errors?: Record< string, string > };
}

/** What a thunk receives from @wordpress/data (the parts used here). */
export interface ThunkArgs {
	dispatch: ( action: EntriesAction ) => unknown;
	select: { getQuery: () => EntriesQuery };
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
 * Applies a bulk action to entries, then reloads the list.
 *
 * @param action Bulk action.
 * @param ids    Entry ids.
 */
export const applyBulkAction =
	( action: BulkAction, ids: number[] ) =>
	async ( args: ThunkArgs ): Promise< boolean > => {
		try {
			const result = ( await apiFetch( {
				path: `${ BASE }/bulk`,
				method: 'POST',
				data: { action, ids },
			} ) ) as { changed: number };
			args.dispatch(
				setNotice( {
					status: 'success',
					message: sprintf(
						/* translators: %d: number of entries. */
						_n(
							'%d entry updated.',
							'%d entries updated.',
							result.changed,
							'kestrel-forms'
						),
						result.changed
					),
				} )
			);
			args.dispatch( setSelection( [] ) );
			await fetchEntries()( args );
			return true;
		} catch ( error ) {
			args.dispatch(
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
