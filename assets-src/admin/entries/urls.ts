/**
 * Links of the entries screens.
 */
import { toRestParams, type EntriesQuery } from '../store/entries';
import type { EntriesScreenConfig } from './types';

/**
 * @param config  Screen config.
 * @param entryId Entry id.
 */
export function entryUrl(
	config: EntriesScreenConfig,
	entryId: number
): string {
	return `${ config.screenUrl }&entry_id=${ entryId }`;
}

/**
 * @param config Screen config.
 * @param formId Form id.
 */
export function listUrl( config: EntriesScreenConfig, formId: number ): string {
	return `${ config.screenUrl }&form_id=${ formId }`;
}

/**
 * The CSV download of the entries the query matches (every page).
 *
 * @param config Screen config.
 * @param query  List query.
 */
export function exportUrl(
	config: EntriesScreenConfig,
	query: EntriesQuery
): string {
	const url = new URL( config.exportUrl, window.location.href );
	for ( const [ key, value ] of Object.entries(
		toRestParams( query, false )
	) ) {
		url.searchParams.set( key, value );
	}
	url.searchParams.set( '_wpnonce', config.nonce );
	return url.toString();
}
