/**
 * Runs once before the e2e suite: logs in as admin over REST, saves the cookie jar that every test
 * starts from (`use.storageState`), writes an anonymous-visitor jar, activates Kestrel Forms.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FullConfig } from '@playwright/test';
import { RequestUtils } from '@wordpress/e2e-test-utils-playwright';

/**
 * wp-env's Playground runtime starts the server with `--login`, which logs any browser that does
 * not carry this cookie in as admin on its first page view. Both cookie jars carry it, so tests
 * are exactly who their storage state says (the Docker runtime ignores the cookie).
 */
const NO_AUTO_LOGIN_COOKIE = 'playground_auto_login_already_happened';

/**
 * Writes a Playwright storage state holding only the no-auto-login cookie.
 *
 * @param file    Where to write it.
 * @param baseURL Site URL (the cookie's domain comes from it).
 */
async function writeCookieOnlyState(
	file: string,
	baseURL: string
): Promise< void > {
	const state = {
		cookies: [
			{
				name: NO_AUTO_LOGIN_COOKIE,
				value: '1',
				domain: new URL( baseURL ).hostname,
				path: '/',
				expires: -1,
				httpOnly: false,
				secure: false,
				sameSite: 'Lax',
			},
		],
		origins: [],
	};
	await fs.mkdir( path.dirname( file ), { recursive: true } );
	await fs.writeFile( file, JSON.stringify( state ), 'utf8' );
}

/**
 * Playwright global setup.
 *
 * @param config Resolved Playwright configuration.
 */
async function globalSetup( config: FullConfig ): Promise< void > {
	const { baseURL, storageState } = config.projects[ 0 ].use;
	if ( ! baseURL || typeof storageState !== 'string' ) {
		throw new Error(
			'playwright.config.ts must set use.baseURL and a use.storageState path.'
		);
	}

	await writeCookieOnlyState(
		process.env.ANONYMOUS_STORAGE_STATE_PATH as string,
		baseURL
	);
	// Start the admin jar from the cookie alone, so the login below is a real one and stale
	// cookies or nonces from an earlier run (or an earlier database) cannot leak in.
	await writeCookieOnlyState( storageState, baseURL );

	const requestUtils = await RequestUtils.setup( {
		baseURL,
		user: { username: 'admin', password: 'password' },
		storageStatePath: storageState,
	} );
	try {
		// Logs in, fetches a REST nonce and saves cookies + nonce to the storage state.
		await requestUtils.setupRest();
		await requestUtils.activatePlugin( 'kestrel-forms' );
	} finally {
		await requestUtils.request.dispose();
	}
}

export default globalSetup;
