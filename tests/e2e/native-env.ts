/**
 * Points the e2e environment at the native stack (scripts/native.mjs) before
 * playwright.config.ts reads it: imported first by playwright.native.config.ts.
 */
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve( __dirname, '..', '..' );
const ARTIFACTS = path.join( ROOT, 'artifacts' );

/**
 * The native site's URL: KESTREL_NATIVE_URL, else .cache/native/site.json, else the default port.
 *
 * @return {string} URL without a trailing slash.
 */
function nativeUrl(): string {
	if ( process.env.KESTREL_NATIVE_URL ) {
		return process.env.KESTREL_NATIVE_URL;
	}
	try {
		const info = JSON.parse(
			fs.readFileSync(
				path.join( ROOT, '.cache', 'native', 'site.json' ),
				'utf8'
			)
		);
		if ( typeof info.url === 'string' ) {
			return info.url;
		}
	} catch {
		// Not started yet: the default port.
	}
	return 'http://localhost:8900';
}

process.env.WP_BASE_URL = nativeUrl();
process.env.STORAGE_STATE_PATH = path.join(
	ARTIFACTS,
	'storage-states',
	'native-admin.json'
);
process.env.ANONYMOUS_STORAGE_STATE_PATH = path.join(
	ARTIFACTS,
	'storage-states',
	'native-anonymous.json'
);
