/**
 * Before the payments-forms suite: the e2e global setup (admin jar, anonymous jar, plugin active),
 * then the test-only crash point copied into the must-use plugins the native site loads, the
 * submission rate limit raised for the run (the native test site's option), and Settings →
 * Payments pointed at the sandbox (LSANDBOXMAIN, USD) through REST.
 */
import fs from 'node:fs';
import type { FullConfig } from '@playwright/test';
import { RequestUtils } from '@wordpress/e2e-test-utils-playwright';
import e2eGlobalSetup from '../e2e/global-setup';
import {
	SANDBOX,
	CRASH_PLUGIN_SOURCE,
	CRASH_PLUGIN_TARGET,
	SANDBOX_CREDENTIALS,
	sql,
	TABLE_PREFIX,
} from './utils';

async function globalSetup( config: FullConfig ): Promise< void > {
	await e2eGlobalSetup( config );
	const { baseURL, storageState } = config.projects[ 0 ].use;

	fs.mkdirSync( require( 'node:path' ).dirname( CRASH_PLUGIN_TARGET ), {
		recursive: true,
	} );
	fs.copyFileSync( CRASH_PLUGIN_SOURCE, CRASH_PLUGIN_TARGET );

	// A sandbox of the suite's own on another port (PAYMENTS_SANDBOX_PORT): the site's API
	// calls go there for the run (the crash point plugin reads the option).
	sql(
		`DELETE FROM ${ TABLE_PREFIX }options WHERE option_name = 'kestrel_forms_test_sandbox_url'`
	);
	if ( SANDBOX !== 'http://127.0.0.1:8890' ) {
		sql(
			`INSERT INTO ${ TABLE_PREFIX }options (option_name, option_value, autoload) VALUES ('kestrel_forms_test_sandbox_url', '${ SANDBOX }', 'off')`
		);
	}

	const limits = JSON.stringify( { submission: [ 100000, 60 ] } );
	sql(
		`INSERT INTO ${ TABLE_PREFIX }options (option_name, option_value, autoload) VALUES ('kestrel_forms_test_rate_limits', '${ limits }', 'off')
		 ON DUPLICATE KEY UPDATE option_value = VALUES(option_value)`
	);

	const requestUtils = await RequestUtils.setup( {
		baseURL: baseURL as string,
		user: { username: 'admin', password: 'password' },
		storageStatePath: storageState as string,
	} );
	try {
		await requestUtils.setupRest();
		// Saved twice, the second time with the real token: a changed credential makes the plugin
		// set its webhook subscription up again, so a sandbox started afresh (which forgot the
		// subscription of an earlier run) knows it.
		for ( const token of [
			'EAAAErotatedForTheRun',
			SANDBOX_CREDENTIALS.access_token,
		] ) {
			await requestUtils.rest( {
				method: 'POST',
				path: '/kestrel-forms/v1/settings',
				data: {
					payments: {
						environment: 'sandbox',
						sandbox: {
							...SANDBOX_CREDENTIALS,
							access_token: token,
						},
					},
				},
			} );
		}
	} finally {
		await requestUtils.request.dispose();
	}
}

export default globalSetup;
