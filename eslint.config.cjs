/**
 * ESLint (flat config): @wordpress/scripts' defaults, plus the layer rules of ARCHITECTURE.md §3
 * enforced with no-restricted-imports per folder.
 */
const wpConfig = require( '@wordpress/scripts/config/eslint.config.cjs' );
const wpPlugin = require( '@wordpress/eslint-plugin' );

const layer = ( files, patterns ) => ( {
	files,
	rules: {
		'no-restricted-imports': [ 'error', { patterns } ],
	},
} );

const WORDPRESS_AND_REACT = {
	group: [ '@wordpress/*', 'react', 'react-dom', 'react/*' ],
	message:
		'This layer is pure: no WordPress packages and no React (ARCHITECTURE.md §3).',
};
const UP_TO = ( folder, why ) => ( {
	group: [ `**/${ folder }`, `**/${ folder }/**` ],
	message: why,
} );

const SDK_APART = [ 'forms-engine', 'forms-ui', 'admin' ].map( ( folder ) =>
	UP_TO(
		folder,
		'The payments SDK is a separate product (ARCHITECTURE.md §1).'
	)
);

module.exports = [
	{
		ignores: [
			'build/**',
			'.wp-core/**',
			'artifacts/**',
			'vendor/**',
			'node_modules/**',
			'.cache/**',
			'test-results/**',
		],
	},
	...wpConfig,
	// Unit-test globals for TypeScript tests too (the default covers .js/.jsx only).
	...wpPlugin.configs[ 'test-unit' ].map( ( c ) => ( {
		...c,
		files: [ 'assets-src/**/test/**/*.{ts,tsx}' ],
	} ) ),
	{
		files: [
			'tests/e2e/**/*.{js,ts}',
			'scripts/**/*.{js,mjs}',
			'bench/**/*.{js,mjs}',
		],
		rules: {
			'no-console': 'off',
			'import/no-extraneous-dependencies': 'off',
		},
	},
	layer(
		[ 'assets-src/shared/**' ],
		[
			WORDPRESS_AND_REACT,
			UP_TO(
				'forms-engine',
				'shared imports nothing from other layers.'
			),
			UP_TO( 'forms-ui', 'shared imports nothing from other layers.' ),
			UP_TO( 'admin', 'shared imports nothing from other layers.' ),
		]
	),
	layer(
		[ 'assets-src/forms-engine/**' ],
		[
			WORDPRESS_AND_REACT,
			UP_TO( 'forms-ui', 'The engine is pure: it never imports the UI.' ),
			UP_TO(
				'admin',
				'The engine is pure: it never imports admin code.'
			),
		]
	),
	layer(
		[ 'assets-src/forms-ui/**' ],
		[
			UP_TO( 'admin', 'forms-ui does not import admin code.' ),
			{
				group: [ '**/forms-engine/*' ],
				message: 'Import the engine through its index only.',
			},
		]
	),
	layer(
		[ 'assets-src/admin/**' ],
		[
			{
				group: [ '**/forms-engine/*' ],
				message: 'Import the engine through its index only.',
			},
			{
				group: [ '**/forms-ui/*' ],
				message:
					'Admin may use forms-ui only through its index (preview).',
			},
		]
	),
	// Payments SDK (ARCHITECTURE.md §3): no WordPress, no React, nothing from the form layers;
	// host and frame share only protocol. (Flat config: the last matching rule wins, so each
	// layer lists everything it forbids.)
	layer(
		[ 'assets-src/payments-sdk/protocol/**' ],
		[
			WORDPRESS_AND_REACT,
			...SDK_APART,
			UP_TO( 'host', 'protocol is pure and imports no SDK side.' ),
			UP_TO( 'frame', 'protocol is pure and imports no SDK side.' ),
		]
	),
	layer(
		[ 'assets-src/payments-sdk/host/**' ],
		[
			WORDPRESS_AND_REACT,
			...SDK_APART,
			UP_TO(
				'frame',
				'The host never imports frame code (card data stays in the frame).'
			),
		]
	),
	layer(
		[ 'assets-src/payments-sdk/frame/**' ],
		[
			WORDPRESS_AND_REACT,
			...SDK_APART,
			UP_TO( 'host', 'The frame never imports host code.' ),
		]
	),
];
