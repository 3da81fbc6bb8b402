/**
 * Reducer of the entries store.
 */
import { INITIAL_STATE } from './constants';
import type { EntriesAction, EntriesState } from './types';

/** Query keys whose change sends the list back to page 1. */
const RESETS_PAGE = [
	'formId',
	'perPage',
	'search',
	'status',
	'starred',
	'read',
	'dateFrom',
	'dateTo',
	'field',
	'fieldValue',
	'paymentStatus',
	'fieldOperator',
	'orderby',
	'order',
];

/**
 * @param state  Current state.
 * @param action Action.
 * @return The next state.
 */
export function reducer(
	state: EntriesState = INITIAL_STATE,
	action: EntriesAction
): EntriesState {
	switch ( action.type ) {
		case 'SET_QUERY': {
			const resets = Object.keys( action.query ).some(
				( key ) =>
					RESETS_PAGE.includes( key ) &&
					action.query[ key as keyof typeof action.query ] !==
						state.query[ key as keyof typeof state.query ]
			);
			return {
				...state,
				query: {
					...state.query,
					...action.query,
					page:
						action.query.page ?? ( resets ? 1 : state.query.page ),
				},
				selection: [],
			};
		}
		case 'LIST_REQUEST':
			return {
				...state,
				list: { ...state.list, loading: true, error: null },
			};
		case 'LIST_SUCCESS': {
			const byId: EntriesState[ 'list' ][ 'byId' ] = {};
			for ( const item of action.items ) {
				byId[ item.id ] = item;
			}
			return {
				...state,
				list: {
					ids: action.items.map( ( item ) => item.id ),
					byId,
					total: action.total,
					totalPages: action.totalPages,
					loading: false,
					error: null,
				},
				selection: state.selection.filter( ( id ) => id in byId ),
			};
		}
		case 'LIST_FAILURE':
			return {
				...state,
				list: { ...state.list, loading: false, error: action.error },
			};
		case 'SET_SELECTION':
			return { ...state, selection: [ ...new Set( action.ids ) ] };
		case 'DETAIL_REQUEST':
			return {
				...state,
				detail: {
					...state.detail,
					loading: true,
					error: null,
					fieldErrors: {},
				},
			};
		case 'DETAIL_SUCCESS':
			return {
				...state,
				detail: {
					entry: action.entry,
					loading: false,
					error: null,
					saving: false,
					fieldErrors: {},
				},
			};
		case 'DETAIL_FAILURE':
			return {
				...state,
				detail: {
					...state.detail,
					loading: false,
					saving: false,
					error: action.error,
				},
			};
		case 'SAVE_REQUEST':
			return {
				...state,
				detail: { ...state.detail, saving: true, fieldErrors: {} },
			};
		case 'SAVE_FAILURE':
			return {
				...state,
				detail: {
					...state.detail,
					saving: false,
					fieldErrors: action.fieldErrors,
				},
			};
		case 'NOTE_ADDED':
			if ( ! state.detail.entry ) {
				return state;
			}
			return {
				...state,
				detail: {
					...state.detail,
					entry: {
						...state.detail.entry,
						notes: [ ...state.detail.entry.notes, action.note ],
					},
				},
			};
		case 'NOTE_REMOVED':
			if ( ! state.detail.entry ) {
				return state;
			}
			return {
				...state,
				detail: {
					...state.detail,
					entry: {
						...state.detail.entry,
						notes: state.detail.entry.notes.filter(
							( note ) => note.id !== action.id
						),
					},
				},
			};
		case 'SET_NOTICE':
			return { ...state, notice: action.notice };
		case 'COUNTS_SUCCESS':
			return { ...state, counts: action.counts };
		case 'ENTRY_STATUS':
			if ( state.detail.entry?.id !== action.id ) {
				return state;
			}
			return {
				...state,
				detail: {
					...state.detail,
					entry: { ...state.detail.entry, status: action.status },
				},
			};
	}
	return state;
}
