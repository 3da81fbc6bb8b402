<?php
/**
 * The webhook signature: the provider's published test vectors, and what must not verify.
 *
 * @package KestrelForms\Tests
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Tests\Unit\Domain\Payments;

use Kestrel\Forms\Domain\Payments\WebhookSignature;
use PHPUnit\Framework\TestCase;

final class WebhookSignatureTest extends TestCase {

	/**
	 * The test vector published with the provider's SDKs (their WebhooksHelper tests): a
	 * `webhooks.test_notification` body, its notification URL, signature key and header.
	 */
	private const BODY      = '{"merchant_id":"MLEFBHHSJGVHD","type":"webhooks.test_notification","event_id":"ac3ac95b-f97d-458c-a6e6-18981597e05f","created_at":"2022-07-13T20:30:59.037339943Z","data":{"type":"webhooks","id":"bc368e64-01aa-407e-b46e-3231809b1129"}}';
	private const URL       = 'https://webhook.site/679a4f3a-dcfa-49ee-bac5-9d0edad886b9';
	private const KEY       = 'Ibxx_5AKakO-3qeNVR61Dw';
	private const SIGNATURE = 'GF4YkrJgGBDZ9NIYbNXBnMzqb2HoL4RW/S6vkZ9/2N4=';

	public function test_the_published_vector_verifies(): void {
		$this->assertSame( self::SIGNATURE, WebhookSignature::sign( self::KEY, self::URL, self::BODY ) );
		$this->assertTrue( WebhookSignature::verify( self::KEY, self::URL, self::BODY, self::SIGNATURE ) );
	}

	/**
	 * The SDKs' second and third vectors: characters that JSON encoders like to escape (`<`, `>`)
	 * are signed as they arrived, so the raw body must never be decoded and re-encoded.
	 *
	 * @return array<string, array{string, string}>
	 */
	public static function raw_bodies(): array {
		return array(
			'markup characters'  => array( '{"data":{"type":"webhooks","id":">id<"}}', 'Cxt7+aTi4rKgcA0bC4g9EHdVtLSDWdqccmL5MvihU4U=' ),
			'a plain identifier' => array( '{"data":{"type":"webhooks","id":"fake_id"}}', 'W3FlCNk5IA3ZQ2LHTWoajvzfaDu/OwY2tNHIHC3IUOA=' ),
		);
	}

	/**
	 * @dataProvider raw_bodies
	 */
	public function test_raw_bodies_are_signed_as_received( string $body, string $signature ): void {
		$this->assertTrue( WebhookSignature::verify( 'signature-key', 'https://webhook.site/webhooks', $body, $signature ) );
		// The same JSON, encoded again (escaped markup, or spacing): not what was signed.
		$reencoded = (string) json_encode( json_decode( $body, true ), JSON_HEX_TAG | JSON_PRETTY_PRINT );
		$this->assertNotSame( $body, $reencoded );
		$this->assertFalse( WebhookSignature::verify( 'signature-key', 'https://webhook.site/webhooks', $reencoded, $signature ) );
	}

	public function test_a_changed_byte_key_or_url_does_not_verify(): void {
		$altered = substr_replace( self::BODY, 'N', strpos( self::BODY, 'M' ), 1 );
		$this->assertFalse( WebhookSignature::verify( self::KEY, self::URL, $altered, self::SIGNATURE ), 'One body byte changed.' );
		$this->assertFalse( WebhookSignature::verify( self::KEY, self::URL, self::BODY . ' ', self::SIGNATURE ), 'A byte added.' );
		$this->assertFalse( WebhookSignature::verify( 'Ibxx_5AKakO-3qeNVR61Dx', self::URL, self::BODY, self::SIGNATURE ), 'Another key.' );
		$this->assertFalse( WebhookSignature::verify( self::KEY, self::URL . '/', self::BODY, self::SIGNATURE ), 'A trailing slash on the URL.' );
		$this->assertFalse( WebhookSignature::verify( self::KEY, str_replace( 'https:', 'http:', self::URL ), self::BODY, self::SIGNATURE ), 'Another scheme.' );
		$this->assertFalse( WebhookSignature::verify( self::KEY, '', self::URL . self::BODY, self::SIGNATURE ), 'The URL is not optional.' );
	}

	public function test_the_body_alone_is_not_what_is_signed(): void {
		$body_only = base64_encode( hash_hmac( 'sha256', self::BODY, self::KEY, true ) ); // phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions.obfuscation_base64_encode -- a MAC in the provider's encoding.
		$this->assertFalse( WebhookSignature::verify( self::KEY, self::URL, self::BODY, $body_only ) );
		$sha1 = base64_encode( hash_hmac( 'sha1', self::URL . self::BODY, self::KEY, true ) ); // phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions.obfuscation_base64_encode -- a MAC in the provider's encoding.
		$this->assertFalse( WebhookSignature::verify( self::KEY, self::URL, self::BODY, $sha1 ), 'The legacy SHA-1 signature is not accepted.' );
	}

	public function test_missing_or_empty_inputs_never_verify(): void {
		$this->assertFalse( WebhookSignature::verify( self::KEY, self::URL, self::BODY, null ), 'Missing header.' );
		$this->assertFalse( WebhookSignature::verify( self::KEY, self::URL, self::BODY, '' ), 'Empty header.' );
		$this->assertFalse( WebhookSignature::verify( '', self::URL, self::BODY, self::SIGNATURE ), 'No key stored.' );
		$this->assertFalse( WebhookSignature::verify( '', self::URL, self::BODY, WebhookSignature::sign( '', self::URL, self::BODY ) ), 'An empty key is no key, even when the header matches it.' );
		$this->assertTrue( WebhookSignature::verify( self::KEY, self::URL, self::BODY, ' ' . self::SIGNATURE . "\r\n" ), 'Header whitespace is not part of the value.' );
	}
}
