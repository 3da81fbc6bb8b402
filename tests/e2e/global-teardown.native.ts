/**
 * After the native stack's e2e run: the plugin's own submission rate limit again.
 */
import { nativeSql, RATE_LIMITS_OPTION } from './global-setup.native';

async function nativeGlobalTeardown(): Promise< void > {
	try {
		nativeSql(
			`DELETE FROM wp_options WHERE option_name = '${ RATE_LIMITS_OPTION }'`
		);
	} catch {
		// The stack is already down: nothing to put back.
	}
}

export default nativeGlobalTeardown;
