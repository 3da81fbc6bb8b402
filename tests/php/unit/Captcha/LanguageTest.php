<?php
/**
 * ClientConfig::language_for_locale(): WordPress locales to reCAPTCHA `hl` codes.
 *
 * @package KestrelForms\Tests
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Tests\Unit\Captcha;

use Kestrel\Forms\Captcha\ClientConfig;
use PHPUnit\Framework\TestCase;

final class LanguageTest extends TestCase {

	/**
	 * @return array<string, array{string, string}>
	 */
	public static function locales(): array {
		return array(
			'language only'        => array( 'en_US', 'en' ),
			'formal variant'       => array( 'de_DE_formal', 'de' ),
			'kept region'          => array( 'pt_BR', 'pt-BR' ),
			'kept region, British' => array( 'en_GB', 'en-GB' ),
			'Chinese'              => array( 'zh_TW', 'zh-TW' ),
			'Latin America'        => array( 'es_MX', 'es-419' ),
			'Spain'                => array( 'es_ES', 'es' ),
			'Hebrew'               => array( 'he_IL', 'iw' ),
			'no region'            => array( 'fr', 'fr' ),
			'three letters'        => array( 'fil', 'fil' ),
			'empty'                => array( '', '' ),
			'garbage'              => array( '../x', '' ),
		);
	}

	/**
	 * @dataProvider locales
	 *
	 * @param string $locale   WordPress locale.
	 * @param string $expected hl code.
	 */
	public function test_locale_to_hl( string $locale, string $expected ): void {
		$this->assertSame( $expected, ClientConfig::language_for_locale( $locale ) );
	}
}
