/**
 * Selectors of the entries store.
 */
import type {
	EntriesQuery,
	EntriesState,
	EntryDetail,
	ListedEntry,
} from './types';

/** Arrays handed out by getEntries() per list state, so components see a stable value. */
const listCache = new WeakMap< EntriesState[ 'list' ], ListedEntry[] >();
/** The same for getTotals(). */
const totalsCache = new WeakMap<
	EntriesState[ 'list' ],
	{ total: number; totalPages: number }
>();

/**
 * @param state State.
 * @return The list query.
 */
export const getQuery = ( state: EntriesState ): EntriesQuery => state.query;

/**
 * @param state State.
 * @return The listed entries, in list order.
 */
export function getEntries( state: EntriesState ): ListedEntry[] {
	let items = listCache.get( state.list );
	if ( ! items ) {
		items = state.list.ids.map( ( id ) => state.list.byId[ id ] );
		listCache.set( state.list, items );
	}
	return items;
}

/**
 * @param state State.
 * @return Total matching entries and pages.
 */
export function getTotals( state: EntriesState ): {
	total: number;
	totalPages: number;
} {
	let totals = totalsCache.get( state.list );
	if ( ! totals ) {
		totals = {
			total: state.list.total,
			totalPages: state.list.totalPages,
		};
		totalsCache.set( state.list, totals );
	}
	return totals;
}

/**
 * @param state State.
 */
export const isListLoading = ( state: EntriesState ): boolean =>
	state.list.loading;

/**
 * @param state State.
 */
export const getListError = ( state: EntriesState ): string | null =>
	state.list.error;

/**
 * @param state State.
 * @return Selected entry ids.
 */
export const getSelection = ( state: EntriesState ): number[] =>
	state.selection;

/**
 * @param state State.
 */
export const getEntry = ( state: EntriesState ): EntryDetail | null =>
	state.detail.entry;

/**
 * @param state State.
 */
export const getDetailState = (
	state: EntriesState
): Omit< EntriesState[ 'detail' ], 'entry' > => state.detail;

/**
 * @param state State.
 * @return Counts of the list's views, null until loaded.
 */
export const getCounts = ( state: EntriesState ): EntriesState[ 'counts' ] =>
	state.counts;

/**
 * @param state State.
 */
export const getNotice = ( state: EntriesState ): EntriesState[ 'notice' ] =>
	state.notice;
