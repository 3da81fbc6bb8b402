/**
 * After the payments-forms suite: the crash point and the test options go again.
 */
import fs from 'node:fs';
import { CRASH_PLUGIN_TARGET, sql, TABLE_PREFIX } from './utils';

async function globalTeardown(): Promise< void > {
	fs.rmSync( CRASH_PLUGIN_TARGET, { force: true } );
	try {
		sql(
			`DELETE FROM ${ TABLE_PREFIX }options WHERE option_name IN ('kestrel_forms_test_rate_limits', 'kestrel_forms_test_payment_crash', 'kestrel_forms_test_payments_timeout', 'kestrel_forms_test_sandbox_url')
			    OR option_name LIKE '\\_transient\\_kf\\_rl\\_%' OR option_name LIKE '\\_transient\\_timeout\\_kf\\_rl\\_%'`
		);
	} catch {
		// The stack is already down: nothing to restore.
	}
}

export default globalTeardown;
