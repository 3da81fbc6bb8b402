/**
 * Jest: @wordpress/scripts' preset. Pure layers (shared, forms-engine) and the visitor form's
 * session store (forms-ui/session: no React, no DOM) run in the node environment (no DOM), the
 * UI layers in jsdom (ARCHITECTURE.md §3).
 */
const base = require( '@wordpress/scripts/config/jest-unit.config' );

// Reporters belong to the root config only.
const { reporters, ...shared } = base;

// Tests know every built-in currency, as the admin apps do (the visitor page registers only
// its forms' currencies: bundles/form-view.tsx).
// UI tests render every field type: the controls the visitor page loads per form
// (forms-ui/fields/script-controls.ts) are all provided, as on a page whose form has them all.
const project = (
	displayName,
	testEnvironment,
	roots,
	setup = [],
	ignore = []
) => ( {
	...shared,
	displayName,
	testEnvironment,
	roots,
	testMatch: [ '**/test/**/*.test.[jt]s?(x)' ],
	testPathIgnorePatterns: [
		...( shared.testPathIgnorePatterns ?? [ '/node_modules/' ] ),
		...ignore,
	],
	setupFiles: [
		...( shared.setupFiles ?? [] ),
		'<rootDir>/assets-src/shared/money/all-currencies.ts',
		...setup,
	],
} );

module.exports = {
	reporters: [ 'default' ],
	projects: [
		project( 'pure', 'node', [
			'<rootDir>/assets-src/shared',
			'<rootDir>/assets-src/forms-engine',
		] ),
		project( 'session', 'node', [
			'<rootDir>/assets-src/forms-ui/session',
		] ),
		project(
			'ui',
			'jsdom',
			[
				'<rootDir>/assets-src/forms-ui',
				'<rootDir>/assets-src/admin',
				'<rootDir>/assets-src/bundles',
			],
			[ '<rootDir>/assets-src/forms-ui/test/script-controls-setup.ts' ],
			[ '<rootDir>/assets-src/forms-ui/session/' ]
		),
		project( 'payments-sdk', 'jsdom', [
			'<rootDir>/assets-src/payments-sdk',
		] ),
	],
};
