/**
 * Playwright for the payments SDK (issue 6): Chromium with the real iframes against the provider
 * sandbox and the example merchant (sandbox/), which Playwright starts and stops itself. No
 * WordPress. Run by scripts/test.mjs; alone: `npx playwright test -c tests/e2e-payments/playwright.config.ts`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

const ROOT = path.resolve( __dirname, '..', '..' );
const ARTIFACTS = path.join( ROOT, 'artifacts' );
const providerPort = Number( process.env.PAYMENTS_SANDBOX_PORT || 8890 );
const merchantPort = Number( process.env.PAYMENTS_MERCHANT_PORT || 8891 );
process.env.PAYMENTS_SANDBOX_URL = `http://127.0.0.1:${ providerPort }`;
process.env.PAYMENTS_MERCHANT_URL = `http://127.0.0.1:${ merchantPort }`;
const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

export default defineConfig( {
	testDir: __dirname,
	testMatch: '**/*.spec.ts',
	outputDir: path.join( ARTIFACTS, 'e2e-payments-output' ),
	workers: 1,
	fullyParallel: false,
	retries: 0,
	timeout: 60_000,
	expect: { timeout: 10_000 },
	reporter: [
		[ 'list' ],
		[
			'json',
			{ outputFile: path.join( ARTIFACTS, 'e2e-payments-results.json' ) },
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
		baseURL: process.env.PAYMENTS_MERCHANT_URL,
		headless: true,
		viewport: { width: 1280, height: 800 },
		locale: 'en-US',
		trace: 'retain-on-failure',
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
