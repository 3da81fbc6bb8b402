/**
 * Standalone build of the payments SDK (ARCHITECTURE.md §1: its own bundle, no React, no
 * WordPress externals): the host script and the frame scripts (card, gift card, main and the
 * verifyBuyer challenge), into build/payments-sdk/.
 * Error class names are kept because `error.name` is part of the public behaviour (API §11).
 */
const fs = require( 'fs' );
const path = require( 'path' );
const TerserPlugin = require( 'terser-webpack-plugin' );

/**
 * The vendor stand-ins (wave 2 design A.0.6), built with the SDK so they are type-checked and
 * served by the sandbox: every sandbox/vendors/<vendor>/<name>.ts (not .d.ts, not tests)
 * becomes build/payments-sdk/vendors/<vendor>/<name>.js.
 */
const VENDORS = path.resolve( __dirname, 'sandbox', 'vendors' );
const vendorEntries = Object.fromEntries(
	( fs.existsSync( VENDORS ) ? fs.readdirSync( VENDORS ) : [] )
		.filter( ( vendor ) =>
			fs.statSync( path.join( VENDORS, vendor ) ).isDirectory()
		)
		.flatMap( ( vendor ) =>
			fs
				.readdirSync( path.join( VENDORS, vendor ) )
				.filter( ( f ) => /^[a-z-]+\.ts$/.test( f ) )
				.map( ( f ) => [
					`vendors/${ vendor }/${ f.slice( 0, -3 ) }`,
					`./sandbox/vendors/${ vendor }/${ f }`,
				] )
		)
);

module.exports = ( env, argv ) => ( {
	mode: argv?.mode ?? 'production',
	target: [ 'web', 'es2019' ],
	devtool: false,
	entry: {
		square: './assets-src/bundles/payments-sdk.ts',
		'frames/card': './assets-src/bundles/payments-frame-card.ts',
		'frames/gift-card': './assets-src/bundles/payments-frame-gift-card.ts',
		'frames/main': './assets-src/bundles/payments-frame-main.ts',
		'frames/challenge': './assets-src/bundles/payments-frame-challenge.ts',
		'frames/ach-authorization':
			'./assets-src/bundles/payments-frame-ach-authorization.ts',
		...vendorEntries,
	},
	output: {
		path: path.resolve( __dirname, 'build', 'payments-sdk' ),
		filename: '[name].js',
		clean: true,
	},
	resolve: { extensions: [ '.ts', '.js' ] },
	module: {
		rules: [
			{
				test: /\.ts$/,
				exclude: /node_modules/,
				use: {
					loader: require.resolve( 'babel-loader' ),
					options: {
						babelrc: false,
						configFile: false,
						presets: [
							[
								require.resolve( '@babel/preset-env' ),
								{
									targets:
										'chrome >= 80, firefox >= 78, safari >= 14',
								},
							],
							[
								require.resolve( '@babel/preset-typescript' ),
								{ allowDeclareFields: true },
							],
						],
					},
				},
			},
		],
	},
	optimization: {
		minimize: true,
		minimizer: [
			new TerserPlugin( {
				extractComments: false,
				terserOptions: {
					// Cash App Pay's two option errors are named without the suffix (types 1.51.4).
					keep_classnames:
						/Error$|^InvalidCashAppPayOptionsField(Types|Values)$/,
					output: { comments: false },
				},
			} ),
		],
	},
	performance: { hints: false },
} );
