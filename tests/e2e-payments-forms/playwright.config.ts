/**
 * Playwright for issue 13's proof (payments P1, the WordPress side): the native stack
 * (scripts/native.mjs: nginx, php-fpm with 4 workers, MariaDB, http://localhost:8900) whose PHP
 * calls the provider sandbox on http://127.0.0.1:8890, which this config starts through
 * `webServer` (an already running one is reused), and Chromium with the SDK's real iframes.
 *
 *     npm run test:e2e:payments-forms      (the native stack must run: npm run start:native)
 *
 * Results: artifacts/e2e-payments-forms-results.json (counted by scripts/test.mjs). Browser,
 * time-outs and launch options are tests/e2e/playwright.config.ts's.
 */
import '../e2e/native-env';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import base from '../e2e/playwright.config';

const ROOT = path.resolve( __dirname, '..', '..' );
const ARTIFACTS = path.join( ROOT, 'artifacts' );
const providerPort = Number( process.env.PAYMENTS_SANDBOX_PORT || 8890 );
const merchantPort = Number( process.env.PAYMENTS_MERCHANT_PORT || 8891 );
// The URL the plugin uses by default in sandbox mode (KESTREL_FORMS_PAYMENTS_SANDBOX_URL).
process.env.PAYMENTS_SANDBOX_URL = `http://127.0.0.1:${ providerPort }`;

export default defineConfig( {
	...base,
	testDir: __dirname,
	testMatch: '**/*.spec.ts',
	outputDir: path.join( ARTIFACTS, 'e2e-payments-forms-output' ),
	globalSetup: require.resolve( './global-setup' ),
	globalTeardown: require.resolve( './global-teardown' ),
	// The sandbox's ledger and fault switches are global: one test at a time.
	workers: 1,
	fullyParallel: false,
	retries: 0,
	timeout: 90_000,
	expect: { timeout: 15_000 },
	reporter: [
		[ 'list' ],
		[
			'json',
			{
				outputFile: path.join(
					ARTIFACTS,
					'e2e-payments-forms-results.json'
				),
			},
		],
	],
	webServer: {
		command: 'node sandbox/start.mjs',
		cwd: ROOT,
		url: `${ process.env.PAYMENTS_SANDBOX_URL }/v1/square.js`,
		// A sandbox started by `npm start` is used as is; otherwise Playwright starts and stops one.
		reuseExistingServer: true,
		timeout: 30_000,
		env: {
			PAYMENTS_SANDBOX_PORT: String( providerPort ),
			PAYMENTS_MERCHANT_PORT: String( merchantPort ),
		},
	},
	use: {
		...base.use,
		baseURL: process.env.WP_BASE_URL,
		storageState: process.env.STORAGE_STATE_PATH,
		actionTimeout: 15_000,
		navigationTimeout: 30_000,
	},
} );
