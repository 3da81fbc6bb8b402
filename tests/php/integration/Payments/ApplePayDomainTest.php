<?php
/**
 * Apple Pay on the web: the domain-association file WordPress serves and the registration of the
 * site's host from the settings screen (P2 acceptance check 6).
 *
 * @package KestrelForms\Tests
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Tests\Integration\Payments;

use Kestrel\Forms\Payments\ApplePayDomain;
use Kestrel\Forms\Settings\PaymentSettings;
use Kestrel\Forms\Tests\Integration\Rest\SubmissionAnswers;
use Kestrel\Forms\Tests\Integration\Support\TestCase;

final class ApplePayDomainTest extends TestCase {

	use PaymentFixtures;
	use SubmissionAnswers;

	private const FILE = "7B227073704964223A2239373943394146414637364138464135\n";

	/**
	 * Requests for the association file.
	 *
	 * @var int
	 */
	private int $fetches = 0;

	protected function set_up(): void {
		$this->set_up_shop();
		$this->fetches = 0;
		$this->provider->before(
			'GET',
			'#^/digital-wallets/apple-pay/apple-developer-merchantid-domain-association$#',
			function (): array {
				++$this->fetches;
				return array(
					'headers'  => array( 'content-type' => 'text/plain' ),
					'body'     => self::FILE,
					'response' => array(
						'code'    => 200,
						'message' => 'OK',
					),
				);
			}
		);
	}

	protected function tear_down(): void {
		$this->tear_down_payments();
		delete_option( ApplePayDomain::OPTION );
		delete_transient( 'kestrel_forms_apple_pay_association_sandbox' );
		delete_transient( 'kestrel_forms_apple_pay_association_failed_sandbox' );
	}

	public function test_only_get_and_head_are_answered_at_the_association_path(): void {
		$domain = new ApplePayDomain( new PaymentSettings() );
		$path   = '/.well-known/apple-developer-merchantid-domain-association';
		$this->assertSame( 200, $domain->answer( $path, 'GET' )['status'] ?? 0 );
		$this->assertSame( 200, $domain->answer( $path, 'HEAD' )['status'] ?? 0 );
		foreach ( array( 'POST', 'PUT', 'DELETE', 'OPTIONS' ) as $method ) {
			$this->assertNull( $domain->answer( $path, $method ), $method );
		}
	}

	public function test_a_failed_fetch_is_remembered_so_requests_cannot_make_the_site_call_the_provider_again_and_again(): void {
		remove_all_filters( 'pre_http_request' );
		$calls = 0;
		add_filter(
			'pre_http_request',
			static function () use ( &$calls ) {
				++$calls;
				return new \WP_Error( 'http_request_failed', 'offline' );
			}
		);
		$domain = new ApplePayDomain( new PaymentSettings() );
		for ( $i = 0; $i < 5; $i++ ) {
			$this->assertSame( 404, $domain->answer( '/.well-known/apple-developer-merchantid-domain-association' )['status'] ?? 0 );
		}
		$this->assertSame( 1, $calls );
	}

	public function test_the_association_path_is_recognised_at_the_root_and_under_the_home_path(): void {
		$this->assertTrue( ApplePayDomain::is_association_path( '/.well-known/apple-developer-merchantid-domain-association', '/' ) );
		$this->assertTrue( ApplePayDomain::is_association_path( '/.well-known/apple-developer-merchantid-domain-association?x=1', '' ) );
		$this->assertTrue( ApplePayDomain::is_association_path( '/blog/.well-known/apple-developer-merchantid-domain-association', '/blog/' ) );
		$this->assertFalse( ApplePayDomain::is_association_path( '/.well-known/apple-developer-merchantid-domain-association.txt', '/' ) );
		$this->assertFalse( ApplePayDomain::is_association_path( '/other/.well-known/apple-developer-merchantid-domain-association', '/blog/' ) );
		$this->assertFalse( ApplePayDomain::is_association_path( '/?p=1', '/' ) );
	}

	public function test_wordpress_answers_the_association_path_with_the_providers_file(): void {
		$domain = new ApplePayDomain( new PaymentSettings() );
		$this->assertSame(
			array(
				'status' => 200,
				'body'   => self::FILE,
			),
			$domain->answer( '/.well-known/apple-developer-merchantid-domain-association' )
		);
		$this->assertNull( $domain->answer( '/sample-page/' ) );
		$this->assertNull( $domain->answer( '/?p=1' ) );
		$this->assertSame( 1, $this->fetches );

		// The provider cannot be reached and nothing is cached: 404, never an empty 200.
		delete_transient( 'kestrel_forms_apple_pay_association_sandbox' );
		delete_transient( 'kestrel_forms_apple_pay_association_failed_sandbox' );
		remove_all_filters( 'pre_http_request' );
		add_filter( 'pre_http_request', static fn() => new \WP_Error( 'http_request_failed', 'offline' ) );
		$this->assertSame( 404, $domain->answer( '/.well-known/apple-developer-merchantid-domain-association' )['status'] ?? 0 );
	}

	public function test_the_field_script_is_told_the_wallet_buttons_looks(): void {
		$this->as_admin();
		$response = $this->rest(
			'POST',
			'/kestrel-forms/v1/forms',
			self::mug_shop(
				array(
					'methods'             => array( 'googlePay', 'applePay', 'card' ),
					'googlePayButton'     => array( 'buttonColor' => 'black' ),
					'applePayButtonStyle' => 'white',
				)
			)
		);
		$this->assert_rest_status( 201, $response );
		$form   = ( new \Kestrel\Forms\Persistence\FormRepository() )->find( (int) $response->get_data()['id'] );
		$config = \Kestrel\Forms\Frontend\FormRenderer::payment_config( $form, (array) \Kestrel\Forms\Payments\ChargePayment::payment_field( $form ) );
		$this->assertSame( array( 'googlePay', 'applePay', 'card' ), $config['methods'] );
		$this->assertEquals( (object) array( 'buttonColor' => 'black' ), $config['googlePayButton'] );
		$this->assertSame( 'white', $config['applePayButtonStyle'] );
	}

	public function test_the_providers_file_is_fetched_once_and_cached(): void {
		$domain = new ApplePayDomain( new PaymentSettings() );
		$this->assertSame( self::FILE, $domain->association( 'sandbox' ) );
		$this->assertSame( self::FILE, $domain->association( 'sandbox' ) );
		$this->assertSame( 1, $this->fetches );
	}

	public function test_a_file_that_is_not_plain_text_is_never_served(): void {
		// A stand-in of its own, whose file is markup with a NUL byte.
		remove_all_filters( 'pre_http_request' );
		( new FakeProvider() )->install()->before(
			'GET',
			'#apple-developer-merchantid-domain-association$#',
			static fn(): array => array(
				'headers'  => array(),
				'body'     => "<html>\x00</html>",
				'response' => array(
					'code'    => 200,
					'message' => 'OK',
				),
			)
		);
		$this->assertSame( '', ( new ApplePayDomain( new PaymentSettings() ) )->association( 'sandbox' ) );
		$this->assertFalse( get_transient( 'kestrel_forms_apple_pay_association_sandbox' ) );
	}

	public function test_registration_is_for_settings_managers_and_shows_verified(): void {
		$this->as_anonymous();
		$this->assert_rest_status( 403, $this->rest( 'POST', '/kestrel-forms/v1/settings/apple-pay/register' ) );
		$this->assert_rest_status( 403, $this->rest( 'GET', '/kestrel-forms/v1/settings/apple-pay' ) );
		$this->as_role( 'editor' );
		$this->assert_rest_status( 403, $this->rest( 'POST', '/kestrel-forms/v1/settings/apple-pay/register' ) );
		$this->assertSame( array(), $this->provider->calls_to( 'POST', '/v2/apple-pay/domains' ) );

		$this->as_admin();
		$before = $this->rest( 'GET', '/kestrel-forms/v1/settings/apple-pay' )->get_data();
		$this->assertSame( 'none', $before['status'] );
		$this->assertSame( 'This site\'s domain is not registered for Apple Pay yet.', $before['reason'] );

		$this->provider->before( 'POST', '#^/v2/apple-pay/domains$#', static fn(): array => array( 'status' => 'VERIFIED' ) );
		$response = $this->rest( 'POST', '/kestrel-forms/v1/settings/apple-pay/register' );
		$this->assert_rest_status( 200, $response );
		$data = $response->get_data();
		$this->assertSame( 'verified', $data['status'] );
		$this->assertSame( ApplePayDomain::host(), $data['domain'] );
		$this->assertSame( '', $data['reason'] );
		$calls = $this->provider->calls_to( 'POST', '/v2/apple-pay/domains' );
		$this->assertCount( 1, $calls );
		$this->assertSame( array( 'domain_name' => ApplePayDomain::host() ), $calls[0]['body'] );
		$this->assertSame( 'Bearer ' . self::SANDBOX_TOKEN, $calls[0]['headers']['Authorization'] );
		$this->assertSame( 'verified', $this->rest( 'GET', '/kestrel-forms/v1/settings/apple-pay' )->get_data()['status'] );
	}

	public function test_a_refused_registration_shows_the_providers_reason(): void {
		$this->as_admin();
		$this->provider->before(
			'POST',
			'#^/v2/apple-pay/domains$#',
			static fn(): array => FakeProvider::http( ...FakeProvider::error( 400, 'DOMAIN_NOT_REACHABLE', 'The <b>domain</b> could not be reached.' ) )
		);
		$data = $this->rest( 'POST', '/kestrel-forms/v1/settings/apple-pay/register' )->get_data();
		$this->assertSame( 'error', $data['status'] );
		$this->assertSame( 'The domain could not be reached.', $data['error'] );
		$this->assertNotSame( '', $data['reason'] );
	}
}
