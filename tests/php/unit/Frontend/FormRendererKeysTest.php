<?php
/**
 * The visitor part of a definition is one list for both languages: FormRenderer's constants
 * (the visitor's page) and the editor's live preview (forms-ui/live-preview/protocol.ts, which
 * imports plugin/data/visitor-definition.json) must name the same keys.
 *
 * @package KestrelForms\Tests
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Tests\Unit\Frontend;

use Kestrel\Forms\Frontend\FormRenderer;
use PHPUnit\Framework\TestCase;

final class FormRendererKeysTest extends TestCase {

	public function test_the_renderer_and_the_live_preview_share_the_visitor_keys(): void {
		$file = dirname( __DIR__, 4 ) . '/plugin/data/visitor-definition.json';
		$keys = json_decode( (string) file_get_contents( $file ), true ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_get_contents_file_get_contents -- a local file in a test.
		$this->assertSame( FormRenderer::PUBLIC_FORM_KEYS, $keys['formKeys'] );
		$this->assertSame( FormRenderer::PUBLIC_FEED_KEYS, $keys['feedKeys'] );
		$this->assertSame( FormRenderer::PRIVATE_FIELD_KEYS, $keys['privateFieldKeys'] );
	}
}
