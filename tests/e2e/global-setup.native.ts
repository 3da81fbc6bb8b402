/**
 * The native stack's global setup: the base one (admin and visitor cookie jars, the plugin
 * active), and the submission rate limit raised for the run. Every spec here submits from the
 * same address, and a fast run can send more than the plugin's 20 submissions a minute, which
 * would make whichever spec came next fail for a reason it does not test. The limit itself is
 * tested on its own (tests/php/integration, tests/parallel). The teardown puts it back.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import type { FullConfig } from '@playwright/test';
import globalSetup from './global-setup';

const DB_CNF = path.resolve(
	__dirname,
	'..',
	'..',
	'.cache',
	'native',
	'db',
	'my.cnf'
);

/**
 * Runs SQL on the native site's database.
 *
 * @param statement SQL.
 */
export function nativeSql( statement: string ): void {
	const r = spawnSync(
		'mariadb',
		[
			`--defaults-file=${ DB_CNF }`,
			'-uroot',
			'wordpress',
			'-e',
			statement,
		],
		{ encoding: 'utf8' }
	);
	if ( r.status !== 0 ) {
		throw new Error( `SQL failed: ${ r.stderr.trim() }` );
	}
}

/** The option the native stack's test plugin reads (scripts/native.mjs). */
export const RATE_LIMITS_OPTION = 'kestrel_forms_test_rate_limits';

async function nativeGlobalSetup( config: FullConfig ): Promise< void > {
	const limits = JSON.stringify( { submission: [ 100000, 60 ] } );
	nativeSql(
		`INSERT INTO wp_options (option_name, option_value, autoload) VALUES ('${ RATE_LIMITS_OPTION }', '${ limits }', 'off')
		 ON DUPLICATE KEY UPDATE option_value = VALUES(option_value)`
	);
	await globalSetup( config );
}

export default nativeGlobalSetup;
