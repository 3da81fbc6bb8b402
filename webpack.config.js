/**
 * Build config: @wordpress/scripts' defaults (Babel with TypeScript, SCSS, dependency extraction
 * so WordPress packages load from core) with our entry points.
 */
const path = require( 'path' );
const defaultConfig = require( '@wordpress/scripts/config/webpack.config' );
const fieldScripts = require( './plugin/data/field-scripts.json' );

/**
 * The scripts of field types whose control ships apart (forms-ui/fields/script-controls.ts):
 * build/form-upload.js etc., printed only for forms with such a field. Each depends on
 * form-view (`dependOn`): it carries only what form-view does not, and shares form-view's
 * module instances (the control registry, React contexts), whose runtime runs it.
 */
const fieldScriptEntries = Object.fromEntries(
	Object.values( fieldScripts ).map( ( name ) => [
		name,
		{
			import: path.resolve(
				__dirname,
				`assets-src/bundles/${ name }.ts`
			),
			dependOn: 'form-view',
		},
	] )
);

module.exports = {
	...defaultConfig,
	entry: {
		'form-view': path.resolve(
			__dirname,
			'assets-src/bundles/form-view.tsx'
		),
		// Printed inline where forms load their scripts on the visitor's intent (Assets).
		'form-loader': path.resolve(
			__dirname,
			'assets-src/bundles/form-loader.ts'
		),
		'block-editor': path.resolve(
			__dirname,
			'assets-src/bundles/block-editor.tsx'
		),
		'admin-forms': path.resolve(
			__dirname,
			'assets-src/bundles/admin-forms.tsx'
		),
		'admin-entries': path.resolve(
			__dirname,
			'assets-src/bundles/admin-entries.tsx'
		),
		'admin-settings': path.resolve(
			__dirname,
			'assets-src/bundles/admin-settings.tsx'
		),
		// The form editor's live preview, inside its frame (a front-end page; Frontend\Preview).
		'live-preview-frame': path.resolve(
			__dirname,
			'assets-src/bundles/live-preview-frame.tsx'
		),
		// The payment field's adapter for the payments SDK, only on pages with a payment field.
		'payment-field': path.resolve(
			__dirname,
			'assets-src/bundles/payment-field.ts'
		),
		...fieldScriptEntries,
	},
	output: {
		...defaultConfig.output,
		path: path.resolve( __dirname, 'build' ),
		// The payments SDK has its own build (webpack.payments-sdk.config.js) into
		// build/payments-sdk: this one must not delete it.
		clean: { keep: /^payments-sdk\// },
	},
};
