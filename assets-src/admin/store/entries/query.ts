/**
 * Turns the list query into REST parameters (EntriesController::filter_params()).
 */
import type { EntriesQuery } from './types';

/**
 * @param query      The list query.
 * @param withPaging Whether to include paging and sorting (not for the CSV export).
 * @return Query-string parameters; blank filters are left out.
 */
export function toRestParams(
	query: EntriesQuery,
	withPaging = true
): Record< string, string > {
	const params: Record< string, string > = {
		form_id: String( query.formId ),
		status: query.status,
	};
	if ( withPaging ) {
		params.page = String( query.page );
		params.per_page = String( query.perPage );
		params.orderby = query.orderby;
		params.order = query.order;
	}
	if ( query.search.trim() !== '' ) {
		params.search = query.search.trim();
	}
	if ( query.starred !== null ) {
		params.starred = query.starred ? 'true' : 'false';
	}
	if ( query.read !== null ) {
		params.read = query.read ? 'true' : 'false';
	}
	if ( query.dateFrom !== '' ) {
		params.date_from = query.dateFrom;
	}
	if ( query.dateTo !== '' ) {
		params.date_to = query.dateTo;
	}
	if ( query.paymentStatus !== 'all' ) {
		params.payment_status = query.paymentStatus;
	}
	if ( query.field !== '' ) {
		params.field = query.field;
		params.field_value = query.fieldValue;
		params.field_operator = query.fieldOperator;
	}
	return params;
}

/**
 * @param path   REST path such as "/kestrel-forms/v1/entries".
 * @param params Parameters.
 * @return The path with its query string.
 */
export function withParams(
	path: string,
	params: Record< string, string >
): string {
	const search = new URLSearchParams( params ).toString();
	return search ? `${ path }?${ search }` : path;
}
