<?php
/**
 * Render fixtures, PHP side (docs/server-rendering.md §4).
 *
 * @package KestrelForms\Tests
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Tests\Integration\Frontend;

use Kestrel\Forms\Domain\Money\Currencies;
use Kestrel\Forms\Frontend\Markup\FieldContext;
use Kestrel\Forms\Frontend\Markup\FieldMarkups;
use Kestrel\Forms\Frontend\Markup\FormMarkup;
use Kestrel\Forms\Tests\Integration\Support\CanonicalHtml;
use Kestrel\Forms\Tests\Integration\Support\TestCase;

/**
 * Every tests/fixtures/render/*.json rendered by the PHP markup (in WordPress: escaping and
 * translation go through it) is the fixture's `html`, which the TSX renders too
 * (assets-src/forms-ui/test/render-fixtures.test.tsx). RENDER_FIXTURE=<part of a name> picks some.
 */
final class RenderFixturesTest extends TestCase {

	/** The upload endpoint every form fixture's page carries (render-fixtures-harness.tsx). */
	public const UPLOAD_URL = 'https://example.test/wp-json/kestrel-forms/v1/uploads';

	/**
	 * The fixtures' folder.
	 */
	private static function dir(): string {
		return dirname( __DIR__, 3 ) . '/fixtures/render';
	}

	/**
	 * The fixture files by name.
	 *
	 * @return array<string, array{string}>
	 */
	public static function fixtures(): array {
		$only  = (string) getenv( 'RENDER_FIXTURE' );
		$cases = array();
		$files = glob( self::dir() . '/*.json' );
		foreach ( false === $files ? array() : $files as $file ) {
			$name = basename( $file );
			if ( '' === $only || str_contains( $name, $only ) ) {
				$cases[ $name ] = array( $name );
			}
		}
		ksort( $cases );
		return $cases;
	}

	public function test_there_are_fixtures(): void {
		$this->assertNotEmpty( self::fixtures() );
	}

	public function test_every_field_type_has_server_markup_and_a_fixture(): void {
		$schema = json_decode( (string) file_get_contents( dirname( __DIR__, 4 ) . '/plugin/schema/form.schema.json' ), true );
		$types  = $schema['$defs']['fieldType']['enum'];
		$this->assertContains( 'text', $types );
		$fixtures = array();
		foreach ( array_keys( self::fixtures() ) as $name ) {
			$fixture = json_decode( (string) file_get_contents( self::dir() . '/' . $name ), true );
			foreach ( 'form' === ( $fixture['kind'] ?? '' ) ? $fixture['form']['fields'] : array( $fixture['field'] ) as $field ) {
				$fixtures[ $field['type'] ] = true;
			}
		}
		foreach ( $types as $type ) {
			if ( 'page' === $type ) {
				continue; // A page break is the frame's (FormMarkup), not a field.
			}
			$this->assertTrue( FieldMarkups::has( $type ), $type . ' has no server markup: ' . FieldMarkups::class_for( $type ) );
			if ( '' === (string) getenv( 'RENDER_FIXTURE' ) ) {
				$this->assertArrayHasKey( $type, $fixtures, $type . ' has no render fixture.' );
			}
		}
	}

	/**
	 * @dataProvider fixtures
	 */
	public function test_the_php_renders_the_fixture( string $name ): void {
		$fixture = json_decode( (string) file_get_contents( self::dir() . '/' . $name ), true );
		$this->assertIsArray( $fixture, $name );
		$this->assertNotEmpty( $fixture['html'] ?? array(), $name . ' has no expected markup (write it from the TSX: UPDATE_RENDER_FIXTURES=1).' );
		$html = self::render( $fixture );
		$this->assertSame( $fixture['html'], CanonicalHtml::lines( $html ), $name . ': ' . ( $fixture['description'] ?? '' ) );
	}

	/**
	 * The PHP markup of a fixture.
	 *
	 * @param array<string, mixed> $fixture The fixture.
	 */
	public static function render( array $fixture ): string {
		if ( 'form' === ( $fixture['kind'] ?? '' ) ) {
			return FormMarkup::render( self::page_data( $fixture ) );
		}
		self::assertSame( 'field', $fixture['kind'] ?? '' );
		$ctx = new FieldContext(
			(int) $fixture['formId'],
			$fixture['field'],
			$fixture['values'] ?? array(),
			$fixture['error'] ?? null,
			(bool) ( $fixture['concealed'] ?? false ),
			isset( $fixture['currency'] ) ? Currencies::get( (string) $fixture['currency'] ) : null,
			(string) ( $fixture['descriptionPlacement'] ?? 'above' ),
			$fixture['calculated'] ?? null,
			isset( $fixture['quantity'] ) ? (string) $fixture['quantity'] : null,
			$fixture['page'] ?? array()
		);
		return FieldMarkups::render( $ctx );
	}

	/**
	 * The page's data for a form fixture, as FormRenderer prints it (render-fixtures-harness.tsx
	 * pageDataOf).
	 *
	 * @param array<string, mixed> $fixture The fixture.
	 * @return array<string, mixed>
	 */
	public static function page_data( array $fixture ): array {
		$form = $fixture['form'];
		$data = array(
			'form'    => $form,
			'options' => $fixture['options'] ?? array(),
			'rest'    => array(
				'submitPath'    => '/kestrel-forms/v1/forms/' . (int) $form['id'] . '/submissions',
				'uploadUrl'     => self::UPLOAD_URL,
				'renderToken'   => $fixture['renderToken'],
				'submissionKey' => $fixture['submissionKey'],
			),
			'action'  => $fixture['action'],
		);
		if ( isset( $form['currency'] ) ) {
			$data['currency'] = Currencies::get( (string) $form['currency'] );
		}
		if ( isset( $fixture['state'] ) ) {
			$data['state'] = $fixture['state'];
		}
		return $data;
	}
}
