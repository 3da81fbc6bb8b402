/**
 * Types of the entries workspace store (REST shapes of plugin/src/Rest/EntriesController.php).
 */
import type { FieldDefinition } from '../../../shared';

export type EntryStatus = 'active' | 'spam' | 'trash';

/** A payment's status (plugin/src/Domain/Payments/PaymentStatus.php). */
export type PaymentStatus =
	| 'processing'
	| 'authorized'
	| 'pending'
	| 'paid'
	| 'partially_refunded'
	| 'refunded'
	| 'voided'
	| 'failed'
	| 'active'
	| 'cancelled';

/** The list's payment filter: a status, "none" (entries without a payment) or "all". */
export type PaymentFilter =
	| 'all'
	| 'none'
	| 'paid'
	| 'authorized'
	| 'pending'
	| 'partially_refunded'
	| 'refunded'
	| 'voided'
	| 'failed';

/** The payment summary of a listed entry (amount in integer minor units). */
export interface ListedPayment {
	status: PaymentStatus;
	amount: number;
	currency: string;
}

export type BulkAction =
	| 'read'
	| 'unread'
	| 'star'
	| 'unstar'
	| 'spam'
	| 'not_spam'
	| 'trash'
	| 'restore'
	| 'delete';

/** One step that undoes a status change: a bulk action on the entries it moved. */
export interface UndoStep {
	action: BulkAction;
	ids: number[];
}

/** The counts beside the list's views (GET /entries/counts): "All" is the active entries. */
export interface ViewCounts {
	all: number;
	unread: number;
	starred: number;
	spam: number;
	trash: number;
}

/** A notice of the entries screens; with `undo`, it offers an Undo button. */
export interface EntriesNotice {
	status: 'success' | 'error';
	message: string;
	undo?: UndoStep[];
}

/** What the list shows: the REST list parameters the admin chose. */
export interface EntriesQuery {
	formId: number;
	page: number;
	perPage: number;
	search: string;
	status: EntryStatus | 'all';
	starred: boolean | null;
	read: boolean | null;
	dateFrom: string;
	dateTo: string;
	field: string;
	fieldValue: string;
	fieldOperator: 'is' | 'contains';
	paymentStatus: PaymentFilter;
	orderby: string;
	order: 'asc' | 'desc';
}

export interface ListedEntry {
	id: number;
	form_id: number;
	created_at: string;
	status: EntryStatus;
	is_read: boolean;
	is_starred: boolean;
	values: Record< string, unknown >;
	/** Display text by field id. */
	display: Record< string, string >;
	/** The entry's payment; null without one (absent in answers of older servers). */
	payment?: ListedPayment | null;
}

export interface EntryFile {
	name: string;
	size_text: string;
	url: string;
}

export interface DetailField {
	id: number;
	type: string;
	label: string;
	text: string;
	files: EntryFile[];
	rows: unknown[][] | null;
	columns: string[] | null;
	/** Lists and repeaters: the definition parts their row editor draws (null otherwise). */
	rows_definition: FieldDefinition | null;
	/** Upload fields: the limits the server applies, for the entry screen's uploader to check first. */
	upload_rules?: {
		extensions: string[];
		maxBytes: number;
		/** Null: no limit of the field's own. */
		maxFiles: number | null;
	} | null;
	editable: boolean;
	raw: Record< string, unknown >;
	choices: Array< { text: string; value: string } >;
}

export interface EntryNote {
	id: number;
	user_id: number;
	user_name: string;
	note: string;
	created_at: string;
}

export interface OrderText {
	currency: string;
	lines: Array< {
		name: string;
		options: string[];
		quantity: string;
		unit: string;
		total: string;
	} >;
	shipping: string;
	total: string;
}

export interface EntryDetail extends ListedEntry {
	source_url: string;
	user_id: number;
	user_name: string;
	form_title: string;
	fields: DetailField[];
	order: OrderText | null;
	feed_list: Array< { id: number; name: string } >;
	notes: EntryNote[];
	neighbours: { previous: number; next: number };
}

export interface EntriesState {
	query: EntriesQuery;
	list: {
		ids: number[];
		byId: Record< number, ListedEntry >;
		total: number;
		totalPages: number;
		loading: boolean;
		error: string | null;
	};
	selection: number[];
	detail: {
		entry: EntryDetail | null;
		loading: boolean;
		error: string | null;
		saving: boolean;
		/** Server validation messages by field id. */
		fieldErrors: Record< string, string >;
	};
	notice: EntriesNotice | null;
	/** Counts of the list's views; null until loaded. */
	counts: ViewCounts | null;
}

export type EntriesAction =
	| { type: 'SET_QUERY'; query: Partial< EntriesQuery > }
	| { type: 'LIST_REQUEST' }
	| {
			type: 'LIST_SUCCESS';
			items: ListedEntry[];
			total: number;
			totalPages: number;
	  }
	| { type: 'LIST_FAILURE'; error: string }
	| { type: 'SET_SELECTION'; ids: number[] }
	| { type: 'DETAIL_REQUEST' }
	| { type: 'DETAIL_SUCCESS'; entry: EntryDetail }
	| { type: 'DETAIL_FAILURE'; error: string }
	| { type: 'SAVE_REQUEST' }
	| { type: 'SAVE_FAILURE'; fieldErrors: Record< string, string > }
	| { type: 'NOTE_ADDED'; note: EntryNote }
	| { type: 'NOTE_REMOVED'; id: number }
	| { type: 'SET_NOTICE'; notice: EntriesState[ 'notice' ] }
	| { type: 'COUNTS_SUCCESS'; counts: ViewCounts }
	| { type: 'ENTRY_STATUS'; id: number; status: EntryStatus };
