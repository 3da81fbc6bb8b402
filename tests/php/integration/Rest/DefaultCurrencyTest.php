<?php
/**
 * The site's default currency (Forms → Settings → General) is the currency of a form that names
 * none in the definition the browser gets; a form's own currency wins. (The server prices such a
 * submission in it too: PricingSubmissionTest.)
 *
 * @package KestrelForms\Tests
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Tests\Integration\Rest;

use Kestrel\Forms\Domain\Form\Form;
use Kestrel\Forms\Plugin;
use Kestrel\Forms\Settings\GeneralSettings;
use Kestrel\Forms\Tests\Integration\Support\TestCase;

final class DefaultCurrencyTest extends TestCase {

	protected function tear_down(): void {
		delete_option( GeneralSettings::OPTION );
	}

	/**
	 * @param string|null $currency The form's own currency.
	 */
	private function form( ?string $currency ): Form {
		$this->as_admin();
		$definition = array(
			'title'  => 'Shop',
			'fields' => array(
				array(
					'id'    => 1,
					'type'  => 'total',
					'label' => 'Total',
				),
			),
		);
		if ( null !== $currency ) {
			$definition['currency'] = $currency;
		}
		$response = $this->rest( 'POST', '/kestrel-forms/v1/forms', $definition );
		$this->assert_rest_status( 201, $response );
		return Plugin::instance()->forms->find( (int) $response->get_data()['id'] );
	}

	public function test_a_form_without_a_currency_gets_the_site_default(): void {
		$form = $this->form( null );
		$this->assertSame( 'USD', Plugin::instance()->renderer->public_definition( $form )['currency'], 'USD until the site sets one.' );
		$this->assert_rest_status( 200, $this->rest( 'POST', '/kestrel-forms/v1/settings', array( 'general' => array( 'currency' => 'EUR' ) ) ) );
		$this->assertSame( 'EUR', Plugin::instance()->renderer->public_definition( $form )['currency'] );
		$this->assertArrayNotHasKey( 'currency', Plugin::instance()->forms->find( $form->id )->definition, 'The stored definition is left alone.' );
		$rendered = do_shortcode( '[kestrel_form id="' . $form->id . '"]' );
		$this->assertStringContainsString( '"currency":"EUR"', $rendered, 'The embedded definition too.' );
	}

	public function test_a_form_with_its_own_currency_keeps_it(): void {
		$form = $this->form( 'GBP' );
		update_option(
			GeneralSettings::OPTION,
			array(
				'currency'       => 'EUR',
				'retention_days' => 0,
			)
		);
		$this->assertSame( 'GBP', Plugin::instance()->renderer->public_definition( $form )['currency'] );
		$this->assertSame( $form, $form->with_default_currency( 'EUR' ) );
	}
}
