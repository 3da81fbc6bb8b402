/**
 * Constants of the entries store.
 */
import type { EntriesQuery, EntriesState } from './types';

export const STORE_NAME = 'kestrel-forms/entries';

export const DEFAULT_QUERY: EntriesQuery = {
	formId: 0,
	page: 1,
	perPage: 20,
	search: '',
	status: 'active',
	starred: null,
	read: null,
	dateFrom: '',
	dateTo: '',
	field: '',
	fieldValue: '',
	fieldOperator: 'is',
	paymentStatus: 'all',
	orderby: 'created_at',
	order: 'desc',
};

export const INITIAL_STATE: EntriesState = {
	query: DEFAULT_QUERY,
	list: {
		ids: [],
		byId: {},
		total: 0,
		totalPages: 1,
		loading: false,
		error: null,
	},
	selection: [],
	detail: {
		entry: null,
		loading: false,
		error: null,
		saving: false,
		fieldErrors: {},
	},
	notice: null,
	counts: null,
};
