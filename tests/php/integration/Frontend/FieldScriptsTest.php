<?php
/**
 * Issue 19, "load only what the form uses": the controls of the field types that ship apart
 * from form-view (upload, password, captcha, card, address, date; plugin/data/field-scripts.json)
 * are printed only where a form with such a field renders, before form-view, once each; a page
 * without a form prints nothing of ours.
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

final class FieldScriptsTest extends TestCase {

	/** The field types whose control ships apart, and one field of each. */
	private const FIELDS = array(
		'fileupload' => array( 'label' => 'Attachment' ),
		'password'   => array( 'label' => 'Password' ),
		'captcha'    => array( 'label' => 'Captcha' ),
		'creditcard' => array( 'label' => 'Card' ),
		'address'    => array( 'label' => 'Address' ),
		'date'       => array( 'label' => 'Date' ),
	);

	private int $contact;

	protected function set_up(): void {
		$this->as_admin();
		$this->contact = $this->create( FormsControllerTest::definition() );
		$this->as_anonymous();
		$this->fresh_page();
	}

	protected function tear_down(): void {
		$this->fresh_page();
	}

	/**
	 * A new script and style registry with the plugin's handles, as on a new page load.
	 */
	private function fresh_page(): void {
		$GLOBALS['wp_scripts'] = new WP_Scripts(); // phpcs:ignore WordPress.WP.GlobalVariablesOverride.Prohibited -- a fresh page load.
		$GLOBALS['wp_styles']  = new WP_Styles(); // phpcs:ignore WordPress.WP.GlobalVariablesOverride.Prohibited -- a fresh page load.
		unset( $GLOBALS['wp_actions']['wp_print_footer_scripts'] );
		Assets::reset_on_intent();
		Assets::register();
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
	 * A contact form with fields of the given types added (ids from 10).
	 *
	 * @param list<string> $types Types from FIELDS.
	 */
	private function form_with( array $types ): int {
		$definition = FormsControllerTest::definition();
		foreach ( $types as $i => $type ) {
			$definition['fields'][] = array(
				'id'   => 10 + $i,
				'type' => $type,
			) + self::FIELDS[ $type ];
		}
		$this->as_admin();
		$id = $this->create( $definition );
		$this->as_anonymous();
		return $id;
	}

	/**
	 * The page's HTML (the given content, then the scripts the footer prints: those loaded with
	 * the page, and those waiting for the visitor's intent).
	 *
	 * @param string $content Content with shortcodes or blocks.
	 */
	private function page( string $content ): string {
		$html = do_blocks( do_shortcode( $content ) );
		ob_start();
		wp_print_scripts();
		Assets::print_on_intent();
		return $html . ob_get_clean();
	}

	/**
	 * The URL of a built script.
	 *
	 * @param string $name Script name.
	 */
	private static function script_url( string $name ): string {
		return esc_url( plugins_url( 'build/' . $name . '.js', KESTREL_FORMS_FILE ) );
	}

	/**
	 * The field scripts that were enqueued, by field type.
	 *
	 * @return list<string>
	 */
	private static function enqueued_types(): array {
		$types = array();
		foreach ( Assets::field_scripts() as $type => $name ) {
			if ( Assets::will_load( Assets::field_script_handle( $name ) ) ) {
				$types[] = $type;
			}
		}
		sort( $types );
		return $types;
	}

	public function test_every_field_script_is_built_and_registered(): void {
		$this->assertSame( array_keys( self::FIELDS ), array_keys( Assets::field_scripts() ) );
		foreach ( Assets::field_scripts() as $name ) {
			$this->assertTrue( wp_script_is( Assets::field_script_handle( $name ), 'registered' ), $name );
			$this->assertSame( 'defer', wp_scripts()->get_data( Assets::field_script_handle( $name ), 'strategy' ) );
		}
	}

	public function test_a_contact_form_gets_no_field_script(): void {
		$html = $this->page( '[kestrel_form id="' . $this->contact . '"]' );
		$this->assertTrue( Assets::will_load( Assets::FORM_VIEW ) );
		$this->assertSame( array(), self::enqueued_types() );
		foreach ( Assets::field_scripts() as $name ) {
			$this->assertStringNotContainsString( self::script_url( $name ), $html, $name );
		}
	}

	public function test_a_form_with_an_upload_gets_the_upload_script_before_form_view(): void {
		$html   = $this->page( '[kestrel_form id="' . $this->form_with( array( 'fileupload' ) ) . '"]' );
		$upload = Assets::field_script_handle( Assets::field_scripts()['fileupload'] );
		$this->assertSame( array( 'fileupload' ), self::enqueued_types() );
		$this->assertContains( $upload, wp_scripts()->registered[ Assets::FORM_VIEW ]->deps );
		$at   = strpos( $html, self::script_url( 'form-upload' ) );
		$view = strpos( $html, self::script_url( 'form-view' ) );
		$this->assertNotFalse( $at, $html );
		$this->assertNotFalse( $view );
		$this->assertLessThan( $view, $at, 'Printed before form-view, so the control is there when the form mounts.' );
		$this->assertStringNotContainsString( self::script_url( 'form-card' ), $html );
		$this->assertStringNotContainsString( self::script_url( 'form-address' ), $html );
		$this->assertStringNotContainsString( self::script_url( 'form-captcha' ), $html );
	}

	public function test_several_forms_get_the_union_once_each_through_block_and_shortcode(): void {
		$upload = $this->form_with( array( 'fileupload', 'date' ) );
		$others = $this->form_with( array( 'address', 'date', 'captcha', 'creditcard' ) );
		$html   = $this->page(
			'[kestrel_form id="' . $upload . '"]'
			. '<!-- wp:kestrel-forms/form {"formId":' . $others . '} /-->'
			. '[kestrel_form id="' . $this->contact . '"]'
		);
		$this->assertSame( array( 'address', 'captcha', 'creditcard', 'date', 'fileupload' ), self::enqueued_types() );
		foreach ( array( 'form-upload', 'form-date', 'form-address', 'form-captcha', 'form-card' ) as $name ) {
			$this->assertSame( 1, substr_count( $html, self::script_url( $name ) ), $name );
		}
		$this->assertStringNotContainsString( self::script_url( 'form-password' ), $html );
	}

	public function test_a_form_printed_after_the_footer_scripts_prints_its_field_script_there(): void {
		$this->page( '[kestrel_form id="' . $this->contact . '"]' );
		ob_start();
		do_action( 'wp_print_footer_scripts' );
		ob_get_clean();
		// A popup plugin prints another form later on wp_footer.
		ob_start();
		echo do_shortcode( '[kestrel_form id="' . $this->form_with( array( 'date' ) ) . '"]' ); // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- the renderer escapes.
		$late = (string) ob_get_clean();
		$this->assertSame( 1, substr_count( $late, self::script_url( 'form-date' ) ), $late );
	}

	public function test_a_password_form_gets_the_password_script(): void {
		$this->page( '[kestrel_form id="' . $this->form_with( array( 'password' ) ) . '"]' );
		$this->assertSame( array( 'password' ), self::enqueued_types() );
	}

	public function test_a_page_without_a_form_gets_nothing_of_ours(): void {
		$html = $this->page( '<p>No form here.</p>' );
		$this->assertStringNotContainsString( plugins_url( 'build/', KESTREL_FORMS_FILE ), $html );
		foreach ( array_merge( wp_scripts()->queue, wp_styles()->queue ) as $handle ) {
			$this->assertStringStartsNotWith( 'kestrel-forms', $handle );
		}
		$this->assertSame( array(), self::enqueued_types() );
	}
}
