<?php
/**
 * Website fields in entries: the URL as text, a link in HTML only for http(s).
 *
 * @package KestrelForms\Tests
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Tests\Integration\Entries\Formats;

use Kestrel\Forms\Entries\Formats\Formats;
use Kestrel\Forms\Entries\Formats\WebsiteFormat;
use Kestrel\Forms\Tests\Integration\Support\TestCase;

final class WebsiteFormatTest extends TestCase {

	use NewTypes;

	public function test_text_tags_csv_and_privacy_are_the_url(): void {
		$format = Formats::of( 'website' );
		$field  = self::new_types_field( 9 );
		$entry  = self::new_types_entry();
		$this->assertInstanceOf( WebsiteFormat::class, $format );
		$this->assertSame( 'https://example.org/?a=1&b=2', $format->text( $field, $entry ) );
		$this->assertSame( 'https://example.org/?a=1&b=2', self::tags( '{Website:9}' ) );
		$this->assertSame( 'https://example.org/?a=1&amp;b=2', self::tags( '{Website:9}', true ) );
		$this->assertSame( array( '9 Website' => 'https://example.org/?a=1&b=2' ), self::csv( 9 ) );
		$this->assertSame( 'https://example.org/?a=1&b=2', $format->export( $field, $entry ) );
	}

	public function test_html_links_an_http_url_and_escapes_anything_else(): void {
		$format = Formats::of( 'website' );
		$field  = self::new_types_field( 9 );
		$this->assertSame(
			'<a href="https://example.org/?a=1&#038;b=2" rel="nofollow noopener">https://example.org/?a=1&amp;b=2</a>',
			$format->html( $field, self::new_types_entry() )
		);
		$this->assertSame( 'javascript:alert(&quot;x&quot;)', $format->html( $field, self::new_types_entry( array( '9' => 'javascript:alert("x")' ) ) ) );
	}
}
