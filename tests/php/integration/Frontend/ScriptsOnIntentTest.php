<?php
/**
 * Issue 19, the page's weight: a form's scripts wait for the visitor's intent. They are printed
 * inert in a template at the end of the footer, with the inline loader; a form with a captcha
 * or payment field (or one the filter asks for) loads them with the page, and then every form
 * of that page does. Scripts other code printed with the page are not held back.
 *
 * @package KestrelForms\Tests
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Tests\Integration\Frontend;

use Kestrel\Forms\Assets\Assets;
use Kestrel\Forms\Tests\Integration\Rest\FormsControllerTest;
use Kestrel\Forms\Tests\Integration\Support\TestCase;
use WP_Scripts;
use WP_Styles;

final class ScriptsOnIntentTest extends TestCase {

	private int $contact;

	protected function set_up(): void {
		$this->as_admin();
		$this->contact = $this->create( FormsControllerTest::definition() );
		$this->as_anonymous();
		$GLOBALS['wp_scripts'] = new WP_Scripts(); // phpcs:ignore WordPress.WP.GlobalVariablesOverride.Prohibited -- a fresh page load.
		$GLOBALS['wp_styles']  = new WP_Styles(); // phpcs:ignore WordPress.WP.GlobalVariablesOverride.Prohibited -- a fresh page load.
		Assets::register();
	}

	protected function tear_down(): void {
		$GLOBALS['wp_scripts'] = new WP_Scripts(); // phpcs:ignore WordPress.WP.GlobalVariablesOverride.Prohibited -- back to a fresh page load.
		$GLOBALS['wp_styles']  = new WP_Styles(); // phpcs:ignore WordPress.WP.GlobalVariablesOverride.Prohibited -- back to a fresh page load.
	}

	/**
	 * Stores a form (as an admin) and returns its id.
	 *
	 * @param array<string, mixed> $definition Definition.
	 */
	private function create( array $definition ): int {
		$response = $this->rest( 'POST', '/kestrel-forms/v1/forms', $definition );
		$this->assertSame( 201, $response->get_status(), (string) wp_json_encode( $response->get_data() ) );
		return (int) $response->get_data()['id'];
	}

	/**
	 * A contact form with one more field.
	 *
	 * @param array<string, mixed> $field The field (id 10).
	 */
	private function form_with( array $field ): int {
		$definition             = FormsControllerTest::definition();
		$definition['fields'][] = array( 'id' => 10 ) + $field;
		$this->as_admin();
		$id = $this->create( $definition );
		$this->as_anonymous();
		return $id;
	}

	/**
	 * The page: its content, then what the footer prints (WordPress's footer scripts, then ours).
	 *
	 * @param string $content Content with shortcodes.
	 * @return array{0: string, 1: string} The content's HTML and the footer's.
	 */
	private function page( string $content ): array {
		$html = do_shortcode( $content );
		ob_start();
		do_action( 'wp_print_footer_scripts' );
		return array( $html, (string) ob_get_clean() );
	}

	/**
	 * The footer split into the template's inside and what is outside it.
	 *
	 * @param string $footer The footer's HTML.
	 * @return array{0: string, 1: string} Inside, outside ('' inside when there is no template).
	 */
	private static function split( string $footer ): array {
		if ( ! preg_match( '#<template id="' . Assets::ON_INTENT_TEMPLATE . '">(.*?)</template>#s', $footer, $m ) ) {
			return array( '', $footer );
		}
		return array( $m[1], str_replace( $m[0], '', $footer ) );
	}

	/**
	 * Whether HTML has a script tag loading a built file of ours.
	 *
	 * @param string $html HTML.
	 * @param string $name Build name.
	 */
	private static function loads( string $html, string $name ): bool {
		return 1 === preg_match( '#<script[^>]+src=["\'][^"\']*/build/' . preg_quote( $name, '#' ) . '\.js#', $html );
	}

	public function test_a_contact_forms_scripts_wait_in_the_template_with_the_loader_after_it(): void {
		list( $html, $footer )    = $this->page( '[kestrel_form id="' . $this->contact . '"]' );
		list( $inside, $outside ) = self::split( $footer );
		$this->assertStringContainsString( 'class="kestrel-form__root"', $html );
		$this->assertTrue( self::loads( $inside, 'form-view' ), $footer );
		$this->assertFalse( self::loads( $outside, 'form-view' ), 'Nothing runs with the page.' );
		// WordPress's React comes with it, in its order: react before react-dom before form-view.
		$react = strpos( $inside, '/react.' );
		$dom   = strpos( $inside, '/react-dom.' );
		$view  = strpos( $inside, '/build/form-view.js' );
		$this->assertNotFalse( $react, $inside );
		$this->assertNotFalse( $dom );
		$this->assertLessThan( $dom, $react );
		$this->assertLessThan( $view, $dom );
		$this->assertSame( 1, substr_count( $outside, '<script' ), 'Only the loader is outside: ' . $outside );
		// The loader is inline, after the template, and is the built file.
		$loader = (string) file_get_contents( KESTREL_FORMS_DIR . '/' . Assets::FORM_LOADER_FILE ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_get_contents_file_get_contents -- a file of the plugin.
		$this->assertNotSame( '', $loader );
		$this->assertStringContainsString( $loader, $outside );
		$this->assertGreaterThan( strpos( $footer, '</template>' ), strpos( $footer, 'kestrel-forms-loader-js' ) );
		// The style paints the server's form at once.
		$this->assertTrue( wp_style_is( Assets::FORM_VIEW, 'enqueued' ) );
	}

	public function test_a_captcha_form_loads_its_scripts_with_the_page_and_so_does_every_form_there(): void {
		$captcha                  = $this->form_with(
			array(
				'type'  => 'captcha',
				'label' => 'Captcha',
			)
		);
		list( , $footer )         = $this->page( '[kestrel_form id="' . $this->contact . '"][kestrel_form id="' . $captcha . '"]' );
		list( $inside, $outside ) = self::split( $footer );
		$this->assertSame( '', $inside, 'No template: everything loads with the page.' );
		$this->assertTrue( self::loads( $outside, 'form-view' ) );
		$this->assertTrue( self::loads( $outside, 'form-captcha' ) );
		$this->assertStringNotContainsString( 'kestrel-forms-loader-js', $footer );
	}

	public function test_a_password_meter_of_an_intent_form_is_printed_with_the_page_when_another_form_loads_with_it(): void {
		$password         = $this->form_with(
			array(
				'type'                    => 'password',
				'label'                   => 'Password',
				'passwordStrengthEnabled' => true,
			)
		);
		$captcha          = $this->form_with(
			array(
				'type'  => 'captcha',
				'label' => 'Captcha',
			)
		);
		list( , $footer ) = $this->page( '[kestrel_form id="' . $password . '"][kestrel_form id="' . $captcha . '"]' );
		$this->assertStringNotContainsString( '<template', $footer );
		$this->assertTrue( self::loads( $footer, 'form-password' ) );
		$this->assertTrue( wp_script_is( Assets::PASSWORD_METER, 'done' ), 'The meter waited for intent; printed once the page loads form-view.' );
	}

	public function test_the_filter_loads_a_forms_scripts_with_the_page(): void {
		add_filter( 'kestrel_forms_scripts_load_with_page', '__return_true' );
		list( , $footer ) = $this->page( '[kestrel_form id="' . $this->contact . '"]' );
		$this->assertStringNotContainsString( '<template', $footer );
		$this->assertTrue( self::loads( $footer, 'form-view' ) );
	}

	public function test_a_script_other_code_loads_with_the_page_is_not_held_back(): void {
		// The theme uses WordPress's React on every page.
		wp_enqueue_script( 'wp-element' );
		list( , $footer )         = $this->page( '[kestrel_form id="' . $this->contact . '"]' );
		list( $inside, $outside ) = self::split( $footer );
		$this->assertStringContainsString( '/react-dom.', $outside, 'Printed with the page for the theme.' );
		$this->assertStringNotContainsString( '/react-dom.', $inside, 'Not a second time.' );
		$this->assertTrue( self::loads( $inside, 'form-view' ) );
	}

	public function test_a_page_without_a_form_prints_no_template_and_no_loader(): void {
		list( , $footer ) = $this->page( '<p>No form.</p>' );
		$this->assertStringNotContainsString( '<template', $footer );
		$this->assertStringNotContainsString( 'kestrel-forms-loader-js', $footer );
	}

	public function test_scripts_in_the_template_are_printed_live_for_code_that_prints_later(): void {
		list( , $footer ) = $this->page( '[kestrel_form id="' . $this->contact . '"]' );
		$this->assertStringContainsString( '/react-dom.', self::split( $footer )[0] );
		// A plugin prints its own script that needs React late on wp_footer: React has not run
		// (it waits in the template), so WordPress prints it live for that script.
		ob_start();
		wp_print_scripts( array( 'wp-element' ) );
		$late = (string) ob_get_clean();
		$this->assertStringContainsString( '/react-dom.', $late );
		$this->assertTrue( Assets::will_load( Assets::FORM_VIEW ) );
	}

	public function test_a_late_captcha_form_after_the_template_has_the_loader_run_it_at_once(): void {
		$this->page( '[kestrel_form id="' . $this->contact . '"]' );
		$captcha = $this->form_with(
			array(
				'type'  => 'captcha',
				'label' => 'Captcha',
			)
		);
		// A popup prints it on wp_footer, after the template.
		ob_start();
		$late    = do_shortcode( '[kestrel_form id="' . $captcha . '"]' );
		$printed = (string) ob_get_clean();
		$this->assertStringContainsString( "document.dispatchEvent(new Event('kestrel-forms:load'));", $late );
		// Its field script is printed there and then, as before (form-view picks it up).
		$this->assertTrue( self::loads( $printed, 'form-captcha' ), $printed );
		// A late form that waits for intent needs nothing: the loader listens on the document.
		$this->assertStringNotContainsString( 'kestrel-forms:load', do_shortcode( '[kestrel_form id="' . $this->contact . '"]' ) );
	}
}
