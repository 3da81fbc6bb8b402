/**
 * The e2e specs that touch submissions, uploads, entries and payments (the WordPress side),
 * against the native stack: nginx with the documented rules, php-fpm with 4 workers, MariaDB
 * (scripts/native.mjs, http://localhost:8900), with WP_DEBUG_DISPLAY on so a PHP notice or a
 * database error printed into an answer breaks the spec that reads it.
 *
 * Run through `npm run test:e2e:native` (scripts/e2e.mjs --native), which starts the stack when
 * needed. Results: artifacts/e2e-native-results.json. Everything else (the base config's
 * browser, time-outs, global setup) is playwright.config.ts's.
 *
 * Not run here (admin and editor UI only, nothing stored through the visitor paths):
 * accessibility, block, captcha-settings, editor-drag, editor-toolbar, smoke.
 */
import './native-env';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import base from './playwright.config';

const ARTIFACTS = path.resolve( __dirname, '..', '..', 'artifacts' );

/** The specs that run on the native stack. */
export const NATIVE_SPECS = [
	'submission.spec.ts',
	'uploads.spec.ts',
	'entries-workspace.spec.ts',
	'spam.spec.ts',
	'captcha.spec.ts',
	'captcha-providers.spec.ts',
	'permissions.spec.ts',
	'pricing.spec.ts',
	'password-card.spec.ts',
	'rows.spec.ts',
	'logic.spec.ts',
	'admin.spec.ts',
	'editor.spec.ts',
	'pages.spec.ts',
	'small-behaviours.spec.ts',
	'notifications.spec.ts',
	'journey.spec.ts',
];

export default defineConfig( {
	...base,
	testMatch: NATIVE_SPECS.map( ( spec ) => `**/${ spec }` ),
	// The base setup, with the submission rate limit raised for the run (one address submits
	// for every spec).
	globalSetup: require.resolve( './global-setup.native' ),
	globalTeardown: require.resolve( './global-teardown.native' ),
	outputDir: path.join( ARTIFACTS, 'e2e-native-output' ),
	// Native PHP answers in milliseconds; the base time-outs are sized for WebAssembly.
	timeout: 60_000,
	reporter: [
		[ 'list' ],
		[
			'json',
			{
				outputFile: path.join( ARTIFACTS, 'e2e-native-results.json' ),
			},
		],
	],
	use: {
		...base.use,
		baseURL: process.env.WP_BASE_URL,
		storageState: process.env.STORAGE_STATE_PATH,
	},
} );
