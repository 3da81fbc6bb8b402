/**
 * Standalone build of the payments SDK (ARCHITECTURE.md §1: its own bundle, no React, no
 * WordPress externals): the host script and the frame scripts (card, gift card, main and the
 * verifyBuyer challenge), into build/payments-sdk/.
 * Error class names are kept because `error.name` is part of the public behaviour (API §11).
 */
const path = require( 'path' );
const TerserPlugin = require( 'terser-webpack-plugin' );

module.exports = ( env, argv ) => ( {
	mode: argv?.mode ?? 'production',
	target: [ 'web', 'es2019' ],
	devtool: false,
	entry: {
		square: './assets-src/entries/payments-sdk.ts',
		'frames/card': './assets-src/entries/payments-frame-card.ts',
		'frames/gift-card': './assets-src/entries/payments-frame-gift-card.ts',
		'frames/main': './assets-src/entries/payments-frame-main.ts',
		'frames/challenge': './assets-src/entries/payments-frame-challenge.ts',
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
					keep_classnames: /Error$/,
					output: { comments: false },
				},
			} ),
		],
	},
	performance: { hints: false },
} );
