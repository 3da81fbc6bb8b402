<?php
/**
 * Payment field assets and page config (issue 13, P1 acceptance check 1): the SDK and the field
 * script load only where a form with a payment field renders, once each, from the active
 * environment's URL; the page carries the public payment settings and never a secret.
 *
 * @package KestrelForms\Tests
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Tests\Integration\Frontend;

use Kestrel\Forms\Assets\Assets;
use Kestrel\Forms\Payments\Provider\ClientFactory;
use Kestrel\Forms\Settings\PaymentSettings;
use Kestrel\Forms\Tests\Integration\Rest\FormsControllerTest;
use Kestrel\Forms\Tests\Integration\Support\TestCase;
use WP_Scripts;

final class PaymentAssetsTest extends TestCase {

	private const TOKEN         = 'EAAAsandbox-SECRET-access-token-0001';
	private const PROD_TOKEN    = 'EAAAproduction-SECRET-token-0002';
	private const SIGNATURE_KEY = 'whsig-SECRET-signature-key-0003';

	private int $plain_form;

	private int $payment_form;

	protected function set_up(): void {
		$this->as_admin();
		$this->plain_form = $this->rest( 'POST', '/kestrel-forms/v1/forms', FormsControllerTest::definition() )->get_data()['id'];

		$definition             = FormsControllerTest::definition();
		$definition['currency'] = 'USD';
		$definition['fields'][] = array(
			'id'        => 4,
			'type'      => 'product',
			'label'     => 'Ticket',
			'inputType' => 'singleproduct',
			'basePrice' => '12.50',
		);
		$definition['fields'][] = array(
			'id'           => 5,
			'type'         => 'payment',
			'label'        => 'Payment',
			'methods'      => array( 'card', 'giftCard' ),
			'captureMode'  => 'authorize',
			'description'  => 'Order {form_title}',
			'billing'      => array(
				'email'     => '2',
				'givenName' => '1',
			),
			'verifyBuyer'  => true,
			'amountSource' => 'total',
		);
		$response               = $this->rest( 'POST', '/kestrel-forms/v1/forms', $definition );
		$this->assertSame( 201, $response->get_status(), wp_json_encode( $response->get_data() ) );
		$this->payment_form = $response->get_data()['id'];

		$settings = new PaymentSettings();
		$checked  = $settings->validate(
			array(
				'environment' => 'sandbox',
				'sandbox'     => array(
					'application_id' => 'sandbox-sq0idb-APP',
					'location_id'    => 'LSANDBOXMAIN',
					'access_token'   => self::TOKEN,
				),
				'production'  => array(
					'application_id' => 'sq0idp-PRODAPP',
					'location_id'    => 'LPRODMAIN',
					'access_token'   => self::PROD_TOKEN,
				),
			)
		);
		$this->assertSame( array(), $checked['errors'] );
		$settings->store( $checked['values'] );
		$settings->store_webhook( 'sandbox', array( 'signature_key' => self::SIGNATURE_KEY ) );
		$settings->store_webhook( 'production', array( 'signature_key' => self::SIGNATURE_KEY ) );
		$this->as_anonymous();
		$this->fresh_scripts();
	}

	protected function tear_down(): void {
		delete_option( PaymentSettings::OPTION );
		$this->fresh_scripts();
	}

	/**
	 * A new script registry with the plugin's handles, as on a new page load.
	 */
	private function fresh_scripts(): void {
		$GLOBALS['wp_scripts'] = new WP_Scripts(); // phpcs:ignore WordPress.WP.GlobalVariablesOverride.Prohibited -- a fresh page load.
		Assets::register();
	}

	/**
	 * The page a visitor gets: the rendered forms plus every script the footer prints.
	 *
	 * @param list<int> $form_ids Forms on the page.
	 */
	private function page( array $form_ids ): string {
		$html = '';
		foreach ( $form_ids as $id ) {
			$html .= do_shortcode( '[kestrel_form id="' . $id . '"]' );
		}
		ob_start();
		wp_print_scripts();
		return $html . ob_get_clean();
	}

	/**
	 * The JSON the container embeds.
	 *
	 * @param string $html Page.
	 * @return array<string, mixed>
	 */
	private static function embedded( string $html ): array {
		preg_match( '#<script type="application/json" class="kestrel-form__data">(.*?)</script>#s', $html, $m );
		return json_decode( $m[1] ?? 'null', true );
	}

	/**
	 * How many script tags load a URL (with or without a version query).
	 *
	 * @param string $html Page.
	 * @param string $src  Script URL without query.
	 */
	private static function script_tags( string $html, string $src ): int {
		return preg_match_all( '#<script[^>]+src=[\'"]' . preg_quote( esc_url( $src ), '#' ) . '(\?[^\'"]*)?[\'"]#', $html );
	}

	public function test_a_form_without_payment_loads_neither_script(): void {
		$html = $this->page( array( $this->plain_form ) );
		$this->assertTrue( Assets::will_load( Assets::FORM_VIEW ) );
		$this->assertFalse( wp_script_is( Assets::PAYMENTS_SDK, 'enqueued' ) );
		$this->assertFalse( wp_script_is( Assets::PAYMENT_FIELD, 'enqueued' ) );
		$this->assertFalse( wp_style_is( Assets::PAYMENT_FIELD, 'enqueued' ) );
		$this->assertNotContains( Assets::PAYMENT_FIELD, wp_scripts()->registered[ Assets::FORM_VIEW ]->deps );
		$this->assertStringNotContainsString( 'square.js', $html );
		$this->assertStringNotContainsString( 'payment-field', $html );
		$this->assertArrayNotHasKey( 'payment', self::embedded( $html ) );
	}

	public function test_a_payment_form_loads_each_script_once_from_the_sandbox(): void {
		// Two payment forms and a plain one on one page: still one tag each.
		$html   = $this->page( array( $this->payment_form, $this->plain_form, $this->payment_form ) );
		$sdk    = ClientFactory::sandbox_url() . '/v1/square.js';
		$field  = plugins_url( 'build/payment-field.js', KESTREL_FORMS_FILE );
		$sdk_at = strpos( $html, esc_url( $sdk ) );
		$this->assertSame( 1, self::script_tags( $html, $sdk ), $html );
		$this->assertSame( 1, self::script_tags( $html, $field ), $html );
		$this->assertSame( 1, self::script_tags( $html, plugins_url( 'build/form-view.js', KESTREL_FORMS_FILE ) ) );
		// The field script comes before form-view, so its field unit is there when the forms
		// render; the SDK loads async, so a slow provider never holds the forms back.
		$view = plugins_url( 'build/form-view.js', KESTREL_FORMS_FILE );
		$this->assertNotFalse( $sdk_at );
		$this->assertTrue( wp_script_is( Assets::PAYMENTS_SDK, 'enqueued' ) );
		$this->assertSame( 'async', wp_scripts()->get_data( Assets::PAYMENTS_SDK, 'strategy' ) );
		$this->assertLessThan( strpos( $html, esc_url( $view ) ), strpos( $html, esc_url( $field ) ) );
		$this->assertNotContains( Assets::PAYMENTS_SDK, wp_scripts()->registered[ Assets::PAYMENT_FIELD ]->deps );
		$this->assertNotContains( Assets::FORM_VIEW, wp_scripts()->registered[ Assets::PAYMENT_FIELD ]->deps );
		$this->assertContains( Assets::PAYMENT_FIELD, wp_scripts()->registered[ Assets::FORM_VIEW ]->deps );
		$this->assertTrue( wp_style_is( Assets::PAYMENT_FIELD, 'enqueued' ), 'The payment field style comes with its script.' );
		$this->assertNull( wp_scripts()->registered[ Assets::PAYMENTS_SDK ]->ver, 'No version query on the provider file.' );
		$this->assertStringNotContainsString( esc_url( $sdk ) . '?', $html );

		$data = self::embedded( $html );
		$this->assertSame(
			array(
				'applicationId'      => 'sandbox-sq0idb-APP',
				'locationId'         => 'LSANDBOXMAIN',
				'environment'        => 'sandbox',
				'currency'           => 'USD',
				'country'            => 'US',
				'methods'            => array( 'card', 'giftCard' ),
				'billing'            => array(
					'email'     => '2',
					'givenName' => '1',
				),
				'captureMode'        => 'authorize',
				'verifyBuyer'        => true,
				'includeInputLabels' => false,
				'sdkUrl'             => $sdk,
			),
			$data['payment']
		);
		$payment_field = end( $data['form']['fields'] );
		$this->assertSame( 'payment', $payment_field['type'] );
		$this->assertArrayNotHasKey( 'description', $payment_field, 'The payment note stays on the server.' );

		$this->assertStringNotContainsString( self::TOKEN, $html );
		$this->assertStringNotContainsString( self::PROD_TOKEN, $html );
		$this->assertStringNotContainsString( self::SIGNATURE_KEY, $html );
		$this->assertStringNotContainsString( 'access_token', $html );
		$this->assertStringNotContainsString( 'signature_key', $html );
	}

	public function test_production_uses_the_filtered_cdn_url(): void {
		$settings = new PaymentSettings();
		$settings->store( $settings->validate( array( 'environment' => 'production' ) )['values'] );
		$this->fresh_scripts();
		$html = $this->page( array( $this->payment_form ) );
		$this->assertSame( 1, self::script_tags( $html, Assets::PRODUCTION_SDK_URL ), $html );
		$this->assertSame( 0, substr_count( $html, ClientFactory::sandbox_url() ) );
		$this->assertSame( 'sq0idp-PRODAPP', self::embedded( $html )['payment']['applicationId'] );
		$this->assertStringNotContainsString( self::PROD_TOKEN, $html );

		add_filter( 'kestrel_forms_payments_sdk_url', static fn(): string => 'https://sdk.example.test/v1/square.js' );
		$this->fresh_scripts();
		$html = $this->page( array( $this->payment_form ) );
		$this->assertSame( 1, self::script_tags( $html, 'https://sdk.example.test/v1/square.js' ), $html );
		$this->assertSame( 'https://sdk.example.test/v1/square.js', self::embedded( $html )['payment']['sdkUrl'] );
	}
}
