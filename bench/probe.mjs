/**
 * What the benchmarks that measure the running WordPress share: their command-line options, the
 * site's address, and an admin session with the test-only plugin
 * tests/e2e/plugins/kestrel-forms-bench-probe (which records each request's peak PHP memory)
 * switched on for the run and off again afterwards.
 */
import { RequestUtils } from '@wordpress/e2e-test-utils-playwright';

/** The running site (bench/run.mjs passes the one it started). */
export const BASE_URL = process.env.WP_BASE_URL ?? 'http://localhost:8888';

/** The probe plugin, as the plugins REST route names it. */
export const PROBE = 'kestrel-forms-bench-probe/kestrel-forms-bench-probe';

/**
 * The text of the command-line option `--name=value`, or the fallback when it is not given.
 *
 * @param {string}        name     Option name, without the dashes.
 * @param {string|number} fallback Value when the option is missing.
 * @return {string} The value as text.
 */
export function option( name, fallback ) {
	return (
		process.argv.find( ( a ) => a.startsWith( `--${ name }=` ) ) ??
		`=${ fallback }`
	).split( '=' )[ 1 ];
}

/**
 * Signs in as admin (the dev site's login) and activates the probe plugin.
 *
 * @param {string} [baseURL] Site (default: BASE_URL); bench/concurrency.mjs measures two.
 * @return {Promise<RequestUtils>} Admin request utils.
 */
export async function startProbe( baseURL = BASE_URL ) {
	const requestUtils = await RequestUtils.setup( {
		user: { username: 'admin', password: 'password' },
		baseURL,
		storageStatePath: `artifacts/storage-states/bench-admin-${ new URL( baseURL ).port || 80 }.json`,
	} );
	await switchProbe( requestUtils, true );
	return requestUtils;
}

/**
 * Switches the probe plugin on or off.
 *
 * @param {RequestUtils} requestUtils Admin request utils.
 * @param {boolean}      active       On (true) or off.
 * @return {Promise<void>} Rejects when the site refused.
 */
export async function switchProbe( requestUtils, active ) {
	await requestUtils.rest( {
		method: 'PUT',
		path: `/wp/v2/plugins/${ PROBE }`,
		data: { status: active ? 'active' : 'inactive' },
	} );
}

/**
 * Empties the probe's memory log and deactivates the plugin; failures are ignored (this runs in
 * a `finally`, after the figures).
 *
 * @param {RequestUtils} requestUtils Admin request utils from startProbe().
 */
export async function stopProbe( requestUtils ) {
	await requestUtils
		.rest( {
			method: 'DELETE',
			path: '/kestrel-forms-bench-probe/v1/memory',
		} )
		.catch( () => {} );
	await switchProbe( requestUtils, false ).catch( () => {} );
}
