<?php
/**
 * Registers the built scripts and styles (build/*.js with their *.asset.php dependency files).
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Assets;

use Kestrel\Forms\Payments\Provider\ClientFactory;
use Kestrel\Forms\Settings\PaymentSettings;

/**
 * Handles:
 * - kestrel-forms-form-view (script + style): the visitor form, enqueued only where a form renders.
 * - kestrel-forms-block-editor (script): the block's editor UI.
 * - kestrel-forms-admin-forms, -admin-entries, -admin-settings (script + style): the admin apps,
 *   enqueued by their screens.
 * - kestrel-forms-live-preview (script + style): the form editor's live preview, in its frame
 *   (a front-end page for form managers only; Frontend\Preview).
 * - password-strength-meter (WordPress core): only where a form shows password strength.
 * - kestrel-forms-payments-sdk: the payments SDK of the active environment (the sandbox's
 *   `{base}/v1/square.js`, or the provider's CDN in production), and kestrel-forms-payment-field
 *   (build/payment-field.js and .css, before form-view; the SDK async): only where a form with a payment field
 *   renders (issue 13).
 * - kestrel-forms-form-upload, -form-password, -form-captcha, -form-card, -form-address,
 *   -form-date (script): the controls of field types that ship apart from form-view
 *   (plugin/data/field-scripts.json; forms-ui/fields/script-controls.ts), before form-view, only
 *   where a form with such a field renders (issue 19).
 *
 * How the visitor's scripts load (docs/server-rendering.md §6): the server prints the whole form
 * and it works without them, so by default they wait for the visitor's intent. They are printed
 * inert in `<template id="kestrel-forms-scripts">` at the end of the footer, with the loader
 * (build/form-loader.js, inline), which runs them when the pointer, a finger, the focus or a key
 * comes to a form. A form whose provider widget must be ready when the visitor gets to it
 * (captcha, payment) loads them with the page (FormRenderer::loads_with_page), and so does every
 * form of that page.
 *
 * The block editor and admin handles are registered in wp-admin only (the block editor runs
 * there, enqueue_block_editor_assets included); the front end reads only the visitor's files.
 */
final class Assets {

	public const FORM_VIEW    = 'kestrel-forms-form-view';
	public const BLOCK_EDITOR = 'kestrel-forms-block-editor';

	/** The admin forms list and form editor (Admin\FormEditorPage). */
	public const ADMIN_FORMS = 'kestrel-forms-admin-forms';

	/** The admin entries workspace (Admin\EntriesScreen). */
	public const ADMIN_ENTRIES = 'kestrel-forms-admin-entries';

	/** The admin settings page (Captcha\SettingsPage). */
	public const ADMIN_SETTINGS = 'kestrel-forms-admin-settings';

	/** The form editor's live preview, inside its frame (Frontend\Preview, live mode). */
	public const LIVE_PREVIEW = 'kestrel-forms-live-preview';

	/** WordPress's own strength meter (wp.passwordStrength); it lazy-loads zxcvbn. */
	public const PASSWORD_METER = 'password-strength-meter';

	/** The payments SDK (`window.Square`), from the active environment. */
	public const PAYMENTS_SDK = 'kestrel-forms-payments-sdk';

	/** The payment field script: the SDK adapter form-view's payment field uses. */
	public const PAYMENT_FIELD = 'kestrel-forms-payment-field';

	/** The id of the template that holds the scripts waiting for the visitor's intent. */
	public const ON_INTENT_TEMPLATE = 'kestrel-forms-scripts';

	/** The loader printed inline next to that template (build/form-loader.js). */
	public const FORM_LOADER_FILE = 'build/form-loader.js';

	/**
	 * The handles waiting for the visitor's intent on this page (set as keys).
	 *
	 * @var array<string, true>
	 */
	private static array $on_intent = array();

	/**
	 * The handles printed into the template on this page (set as keys).
	 *
	 * @var array<string, true>
	 */
	private static array $in_template = array();

	/** Where the field types whose control ships apart name their scripts (build/{name}.js). */
	public const FIELD_SCRIPTS_FILE = 'data/field-scripts.json';

	/** The provider's production SDK (filter `kestrel_forms_payments_sdk_url`). */
	public const PRODUCTION_SDK_URL = 'https://web.squarecdn.com/v1/square.js';

	/**
	 * Registers every handle. Missing build files (a checkout before `npm run build`) are skipped
	 * with a notice for admins instead of a fatal error.
	 */
	public static function register(): void {
		self::register_script( self::FORM_VIEW, 'form-view', true );
		self::register_script( self::PAYMENT_FIELD, 'payment-field', true );
		self::register_script( self::LIVE_PREVIEW, 'live-preview-frame', true );
		foreach ( self::field_scripts() as $name ) {
			self::register_script( self::field_script_handle( $name ), $name, true );
		}
		if ( ! is_admin() ) {
			return;
		}
		self::register_script( self::BLOCK_EDITOR, 'block-editor', false );
		// Enqueued before its mount point is printed, so it waits for the footer.
		self::register_script( self::ADMIN_FORMS, 'admin-forms', false, true );
		self::register_script( self::ADMIN_ENTRIES, 'admin-entries', false );
		self::register_script( self::ADMIN_SETTINGS, 'admin-settings', false );
	}

	/**
	 * Enqueues the visitor script and style (called while a form renders). The style is printed
	 * as usual: the server's form needs it to paint.
	 *
	 * @param bool $with_page Whether the script loads with the page rather than on intent.
	 */
	public static function enqueue_form_view( bool $with_page = false ): void {
		self::load( self::FORM_VIEW, $with_page );
		wp_enqueue_style( self::FORM_VIEW );
	}

	/**
	 * Loads a visitor script with the page (enqueued), or on the visitor's intent (kept for
	 * print_on_intent). After the footer's scripts (a form printed late) it loads with the page.
	 *
	 * @param string $handle    Registered handle.
	 * @param bool   $with_page Whether it loads with the page.
	 */
	private static function load( string $handle, bool $with_page ): void {
		if ( $with_page || did_action( 'wp_print_footer_scripts' ) || '' === self::form_loader() ) {
			wp_enqueue_script( $handle );
			return;
		}
		self::$on_intent[ $handle ] = true;
		if ( false === has_action( 'wp_print_footer_scripts', array( self::class, 'print_on_intent' ) ) ) {
			// After WordPress printed the footer's scripts (priority 10): anything another
			// plugin needs is printed by then, and only what is ours alone waits.
			add_action( 'wp_print_footer_scripts', array( self::class, 'print_on_intent' ), 20 );
		}
	}

	/**
	 * Prints the scripts waiting for the visitor's intent, inert in a template, and the loader
	 * that runs them (forms-ui/on-intent.ts). When a form of the page loaded form-view with the
	 * page, the rest is printed as usual.
	 */
	public static function print_on_intent(): void {
		$handles         = array_keys( self::$on_intent );
		self::$on_intent = array();
		$handles         = array_values( array_filter( $handles, static fn( string $h ): bool => ! wp_script_is( $h, 'done' ) ) );
		if ( ! $handles ) {
			return;
		}
		if ( wp_script_is( self::FORM_VIEW, 'done' ) ) {
			wp_print_scripts( $handles );
			return;
		}
		$done_before = wp_scripts()->done;
		ob_start();
		wp_scripts()->do_items( $handles );
		$scripts = (string) ob_get_clean();
		// They have not run: code that prints a script later (one that needs jQuery or React)
		// still gets them printed live, and the loader skips a template script already in the
		// page (by its id).
		$printed           = array_diff( wp_scripts()->done, $done_before );
		self::$in_template = array_fill_keys( $printed, true );
		wp_scripts()->done = array_values( array_diff( wp_scripts()->done, $printed ) );
		// The scripts as WordPress printed them (escaped by it), inert until the loader runs them.
		echo '<template id="' . esc_attr( self::ON_INTENT_TEMPLATE ) . '">' . $scripts . '</template>'; // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- WordPress's own script tags.
		wp_print_inline_script_tag( self::form_loader(), array( 'id' => 'kestrel-forms-loader-js' ) );
	}

	/**
	 * The loader's code (build/form-loader.js), read once per request; '' before `npm run build`
	 * (then the scripts load with the page).
	 */
	private static function form_loader(): string {
		static $code = null;
		if ( null === $code ) {
			$file = KESTREL_FORMS_DIR . '/' . self::FORM_LOADER_FILE;
			$code = is_readable( $file ) ? (string) file_get_contents( $file ) : ''; // phpcs:ignore WordPress.WP.AlternativeFunctions.file_get_contents_file_get_contents -- a file of the plugin.
		}
		return $code;
	}

	/**
	 * Whether a script will load on this page: enqueued, printed, or waiting for intent.
	 *
	 * @param string $handle Registered handle.
	 */
	public static function will_load( string $handle ): bool {
		return isset( self::$on_intent[ $handle ] ) || isset( self::$in_template[ $handle ] ) || wp_script_is( $handle, 'enqueued' ) || wp_script_is( $handle, 'done' );
	}

	/**
	 * For a form printed after the template (late on wp_footer) whose scripts must load with
	 * the page: a script that has the loader run the template at once ('' when nothing waits
	 * in a template).
	 */
	public static function load_now_script(): string {
		if ( ! isset( self::$in_template[ self::FORM_VIEW ] ) ) {
			return '';
		}
		return wp_get_inline_script_tag( "document.dispatchEvent(new Event('kestrel-forms:load'));" );
	}

	/**
	 * Forgets what waits for intent (tests render several pages in one process).
	 */
	public static function reset_on_intent(): void {
		self::$on_intent   = array();
		self::$in_template = array();
		remove_action( 'wp_print_footer_scripts', array( self::class, 'print_on_intent' ), 20 );
	}

	/**
	 * The scripts of the field types whose control ships apart from form-view, by field type:
	 * build/{name}.js (plugin/data/field-scripts.json, which the browser's registry and the
	 * build read too).
	 *
	 * @return array<string, non-empty-string> Script name by field type.
	 */
	public static function field_scripts(): array {
		static $scripts = null;
		if ( null === $scripts ) {
			$json    = (string) file_get_contents( KESTREL_FORMS_DIR . '/' . self::FIELD_SCRIPTS_FILE ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_get_contents_file_get_contents -- a file of the plugin.
			$decoded = json_decode( $json, true );
			$scripts = array();
			foreach ( is_array( $decoded ) ? $decoded : array() as $type => $name ) {
				if ( is_string( $name ) && '' !== $name ) {
					$scripts[ (string) $type ] = $name;
				}
			}
		}
		return $scripts;
	}

	/**
	 * The handle of a field script.
	 *
	 * @param string $name Script name (build/{name}.js).
	 * @return non-empty-string
	 */
	public static function field_script_handle( string $name ): string {
		return 'kestrel-forms-' . $name;
	}

	/**
	 * Enqueues the scripts of the field types a rendered form has (called while it renders; a
	 * page with several forms gets the union). Each becomes a dependency of form-view on this
	 * page, so it is printed first and its control is there when the forms mount; no other page
	 * carries it.
	 *
	 * @param list<string> $types     The form's field types.
	 * @param bool         $with_page Whether they load with the page rather than on intent.
	 */
	public static function enqueue_field_scripts( array $types, bool $with_page = false ): void {
		$scripts = self::field_scripts();
		foreach ( array_unique( $types ) as $type ) {
			if ( isset( $scripts[ $type ] ) ) {
				self::enqueue_before_view( self::field_script_handle( $scripts[ $type ] ), $with_page );
			}
		}
	}

	/**
	 * Enqueues a script that must run before form-view on this page: it becomes one of
	 * form-view's dependencies here.
	 *
	 * @param string $handle    Registered handle.
	 * @param bool   $with_page Whether it loads with the page rather than on intent.
	 */
	private static function enqueue_before_view( string $handle, bool $with_page = true ): void {
		if ( ! wp_script_is( $handle, 'registered' ) ) {
			return; // Not built (a checkout before `npm run build`).
		}
		$view = wp_scripts()->query( self::FORM_VIEW );
		if ( $view instanceof \_WP_Dependency && ! in_array( $handle, $view->deps, true ) ) {
			$view->deps[] = $handle;
		}
		self::load( $handle, $with_page );
		if ( did_action( 'wp_print_footer_scripts' ) ) {
			// A form printed after the footer's scripts (a popup hooked late on wp_footer): print
			// the field's script here, or its field would wait for it forever. form-view picks
			// the control up whenever it arrives (fields/script-controls.ts).
			wp_print_scripts( array( $handle ) );
		}
	}

	/**
	 * Enqueues the SDK and the payment field script and style (called while a form with a
	 * payment field renders). The field script becomes a dependency of form-view on this page,
	 * so it provides its field unit before any form renders: the field is complete at the first
	 * paint and no other page carries any of it. The SDK loads async: a slow provider never holds
	 * the form back (the field's elements attach when it has run).
	 */
	public static function enqueue_payment_field(): void {
		self::register_payments_sdk();
		wp_enqueue_script( self::PAYMENTS_SDK );
		self::enqueue_before_view( self::PAYMENT_FIELD );
		wp_enqueue_style( self::PAYMENT_FIELD );
	}

	/**
	 * The SDK URL of an environment: `{sandbox base}/v1/square.js` (the constant
	 * KESTREL_FORMS_PAYMENTS_SANDBOX_URL, default http://127.0.0.1:8890) in sandbox mode; the
	 * provider's CDN through the `kestrel_forms_payments_sdk_url` filter in production.
	 *
	 * @param string $environment sandbox or production.
	 */
	public static function payments_sdk_url( string $environment ): string {
		if ( 'production' !== $environment ) {
			return ClientFactory::sandbox_url() . '/v1/square.js';
		}
		/**
		 * Filters the production URL of the payments SDK (a compatible SDK may answer instead).
		 *
		 * @param string $url The provider's CDN URL.
		 */
		return (string) apply_filters( 'kestrel_forms_payments_sdk_url', self::PRODUCTION_SDK_URL );
	}

	/**
	 * Registers the SDK from the active environment, once, when the first payment form of the
	 * page renders (so other pages never read the payment settings). It has no version query
	 * (the provider's file, versioned by its path); it loads async from the footer, and the
	 * field script registers its adapter once it ran.
	 */
	private static function register_payments_sdk(): void {
		if ( wp_script_is( self::PAYMENTS_SDK, 'registered' ) ) {
			return;
		}
		$environment = ( new PaymentSettings() )->active()['environment'];
		// phpcs:ignore WordPress.WP.EnqueuedResourceParameters.MissingVersion -- the provider's file, versioned by its path; a query would bypass its cache.
		wp_register_script(
			self::PAYMENTS_SDK,
			self::payments_sdk_url( $environment ),
			array(),
			null,
			array(
				'in_footer' => true,
				'strategy'  => 'async',
			)
		);
	}

	/**
	 * Enqueues the live preview frame's script and style, with the visitor form's style and the
	 * password strength meter (the owner may switch the indicator on while editing).
	 */
	public static function enqueue_live_preview(): void {
		wp_enqueue_script( self::LIVE_PREVIEW );
		wp_enqueue_style( self::FORM_VIEW );
		wp_enqueue_style( self::LIVE_PREVIEW );
		self::enqueue_password_meter();
	}

	/**
	 * Enqueues WordPress's password strength meter, only for forms with a password field that
	 * shows its strength (FormRenderer). The visitor script does not depend on it: a field shows
	 * "unknown" until the meter and zxcvbn are there.
	 *
	 * @param bool $with_page Whether it loads with the page rather than on intent.
	 */
	public static function enqueue_password_meter( bool $with_page = true ): void {
		self::load( self::PASSWORD_METER, $with_page );
	}

	/**
	 * Registers one built entry point with its generated dependencies.
	 *
	 * @param non-empty-string $handle    Handle.
	 * @param string           $name      Entry name in build/.
	 * @param bool             $with_view Whether the entry is the visitor script (deferred in the footer); an
	 *                                    entry's CSS file of the same name is registered under the same handle.
	 * @param bool             $in_footer Whether an admin script is printed in the footer.
	 * @param list<string>     $deps      Handles it needs besides its generated dependencies.
	 */
	private static function register_script( string $handle, string $name, bool $with_view, bool $in_footer = false, array $deps = array() ): void {
		$dir        = KESTREL_FORMS_DIR . '/build/';
		$asset_file = $dir . $name . '.asset.php';
		if ( ! is_readable( $asset_file ) ) {
			return;
		}
		$asset = require $asset_file;
		$url   = plugins_url( 'build/', KESTREL_FORMS_FILE );
		wp_register_script(
			$handle,
			$url . $name . '.js',
			array_merge( $asset['dependencies'] ?? array(), $deps ),
			$asset['version'] ?? KESTREL_FORMS_VERSION,
			$with_view ? array(
				'in_footer' => true,
				'strategy'  => 'defer',
			) : array( 'in_footer' => $in_footer )
		);
		wp_set_script_translations( $handle, 'kestrel-forms', KESTREL_FORMS_DIR . '/languages' );
		if ( is_readable( $dir . $name . '.css' ) ) {
			// Admin styles sit on top of WordPress's component styles.
			$style_deps = $with_view ? array() : array( 'wp-components' );
			wp_register_style( $handle, $url . $name . '.css', $style_deps, $asset['version'] ?? KESTREL_FORMS_VERSION );
			wp_style_add_data( $handle, 'rtl', 'replace' ); // build/{name}-rtl.css on right-to-left sites.
		}
	}
}
