/**
 * Playwright configuration for the Kestrel Forms end-to-end tests.
 *
 * Run through `npm run test:e2e` (scripts/e2e.mjs), which starts WordPress when needed. Running
 * `npx playwright test -c tests/e2e/playwright.config.ts` directly also works against a site that
 * is already up (`npm start`).
 *
 * The site is WordPress in WebAssembly (wp-env's Playground runtime): ~0.7 s per PHP request and
 * one PHP worker, hence one test worker and generous time-outs.
 */
import fs from 'node:fs';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

const ROOT = path.resolve( __dirname, '..', '..' );
const ARTIFACTS = path.join( ROOT, 'artifacts' );

/**
 * Port of the wp-env site, resolved like wp-env: WP_ENV_PORT, override file, config file, 8888.
 *
 * @return {number} Port.
 */
function wpEnvPort(): number {
	const fromEnv = parseInt( process.env.WP_ENV_PORT || '', 10 );
	if ( fromEnv ) {
		return fromEnv;
	}
	for ( const file of [ '.wp-env.override.json', '.wp-env.json' ] ) {
		try {
			const { port } = JSON.parse(
				fs.readFileSync( path.join( ROOT, file ), 'utf8' )
			);
			if ( port ) {
				return port;
			}
		} catch {
			// Missing or unreadable: try the next file.
		}
	}
	return 8888;
}

// These are read by @wordpress/e2e-test-utils-playwright (REST discovery, the requestUtils
// fixture) and by the specs. Setting them here reaches the global setup and the workers.
process.env.WP_BASE_URL ??= `http://localhost:${ wpEnvPort() }`;
process.env.WP_ARTIFACTS_PATH ??= ARTIFACTS;
process.env.STORAGE_STATE_PATH ??= path.join(
	ARTIFACTS,
	'storage-states',
	'admin.json'
);
// Cookie jar for anonymous visitors; see global-setup.ts.
process.env.ANONYMOUS_STORAGE_STATE_PATH ??= path.join(
	ARTIFACTS,
	'storage-states',
	'anonymous.json'
);

// Debian's chromium; Playwright's own browser download is never used.
const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

export default defineConfig( {
	testDir: __dirname,
	testMatch: '**/*.spec.ts',
	outputDir: path.join( ARTIFACTS, 'e2e-output' ),
	globalSetup: require.resolve( './global-setup' ),
	// One PHP worker and a SQLite database: parallel tests would only queue and interfere.
	workers: 1,
	fullyParallel: false,
	forbidOnly: !! process.env.CI,
	retries: process.env.CI ? 1 : 0,
	// The first request after a start compiles PHP code paths in WASM and can take seconds.
	timeout: 120_000,
	expect: { timeout: 15_000 },
	reportSlowTests: null,
	reporter: [
		[ 'list' ],
		[ 'json', { outputFile: path.join( ARTIFACTS, 'e2e-results.json' ) } ],
	],
	use: {
		baseURL: process.env.WP_BASE_URL,
		storageState: process.env.STORAGE_STATE_PATH,
		headless: true,
		viewport: { width: 1280, height: 800 },
		locale: 'en-US',
		contextOptions: { reducedMotion: 'reduce' },
		actionTimeout: 20_000,
		navigationTimeout: 60_000,
		trace: 'retain-on-failure',
		screenshot: 'only-on-failure',
		video: 'off',
		launchOptions: {
			executablePath: fs.existsSync( chromiumPath )
				? chromiumPath
				: undefined,
			args: [
				'--no-sandbox',
				'--disable-gpu',
				'--disable-background-networking',
				'--disable-component-update',
				'--disable-sync',
				'--no-first-run',
				'--disable-quic',
			],
		},
	},
	projects: [ { name: 'chromium' } ],
} );
