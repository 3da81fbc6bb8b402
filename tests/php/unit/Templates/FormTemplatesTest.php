<?php
/**
 * The template gallery's starting forms (plugin/data/templates/*.json, offered by the forms
 * list's "Add new form" gallery): every one is a definition the server accepts, and the priced
 * ones total as the engine computes them.
 *
 * @package KestrelForms\Tests
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Tests\Unit\Templates;

use Kestrel\Forms\Domain\Form\FormValidator;
use Kestrel\Forms\Domain\Pricing\PriceCalculator;
use Kestrel\Forms\Domain\Schema\SchemaValidator;
use PHPUnit\Framework\TestCase;

final class FormTemplatesTest extends TestCase {

	/** The gallery the issue asks for (issue 14): at least these. */
	private const REQUIRED = array( 'contact', 'order', 'registration', 'survey', 'file-request', 'donation' );

	/**
	 * Template definitions by slug (file name without .json).
	 *
	 * @return array<string, array<string, mixed>>
	 */
	private static function templates(): array {
		$out = array();
		foreach ( (array) glob( dirname( __DIR__, 4 ) . '/plugin/data/templates/*.json' ) as $file ) {
			$definition = json_decode( (string) file_get_contents( (string) $file ), true );
			self::assertIsArray( $definition, basename( (string) $file ) . ' is not a JSON object.' );
			$out[ basename( (string) $file, '.json' ) ] = $definition;
		}
		return $out;
	}

	public function test_the_gallery_has_the_six_starting_forms(): void {
		$slugs = array_keys( self::templates() );
		foreach ( self::REQUIRED as $slug ) {
			$this->assertContains( $slug, $slugs );
		}
	}

	public function test_every_template_passes_the_form_validator(): void {
		$validator = new FormValidator( SchemaValidator::from_file( dirname( __DIR__, 4 ) . '/plugin/schema/form.schema.json' ) );
		foreach ( self::templates() as $slug => $definition ) {
			$errors = array_map( static fn( $e ): string => $e->path . ': ' . $e->keyword, $validator->validate( $definition ) );
			$this->assertSame( array(), $errors, "Template {$slug} is not a valid form definition." );
			$this->assertNotSame( '', trim( (string) $definition['title'] ), "Template {$slug} has no title." );
		}
	}

	public function test_the_survey_has_pages_and_the_file_request_an_upload(): void {
		$types = static fn( array $d ): array => array_column( $d['fields'], 'type' );
		$this->assertGreaterThanOrEqual( 2, count( array_keys( $types( self::templates()['survey'] ), 'page', true ) ) );
		$this->assertContains( 'fileupload', $types( self::templates()['file-request'] ) );
	}

	public function test_the_order_form_totals_its_preselected_items_on_the_server(): void {
		$order = self::templates()['order'];
		// The preselected shirt, the quantity field's default of 1, no extras, standard delivery.
		$pricing = PriceCalculator::compute(
			$order,
			array(
				'3' => 'Classic tee',
				'4' => '1',
				'5' => array(),
				'6' => 'Standard',
			),
			array()
		);
		$this->assertSame( array(), $pricing['errors'] );
		$this->assertSame( 1995, $pricing['totalMinor'] );

		// Two organic shirts with gift wrap, express delivery: (22 + 3) × 2 + 12.
		$pricing = PriceCalculator::compute(
			$order,
			array(
				'3' => 'Organic cotton tee',
				'4' => '2',
				'5' => array( 'Gift wrap' ),
				'6' => 'Express',
			),
			array()
		);
		$this->assertSame( 6200, $pricing['totalMinor'] );
	}

	public function test_the_donation_totals_a_preset_or_an_own_amount(): void {
		$donation = self::templates()['donation'];
		$preset   = PriceCalculator::compute(
			$donation,
			array(
				'1' => 'preset',
				'2' => '25',
				'3' => '',
			),
			array( 3 => false )
		);
		$this->assertSame( array(), $preset['errors'] );
		$this->assertSame( 2500, $preset['totalMinor'] );

		$own = PriceCalculator::compute(
			$donation,
			array(
				'1' => 'own',
				'2' => '25',
				'3' => '42.50',
			),
			array( 2 => false )
		);
		$this->assertSame( 4250, $own['totalMinor'] );
	}
}
