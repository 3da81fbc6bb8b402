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
		await requestUtils.rest( {
			method: 'POST',
			path: '/kestrel-forms/v1/settings',
			data: {
				payments: {
					environment: 'sandbox',
					sandbox: SANDBOX_CREDENTIALS,
				},
			},
		} );
	} finally {
		await requestUtils.request.dispose();
	}
}

export default globalSetup;
