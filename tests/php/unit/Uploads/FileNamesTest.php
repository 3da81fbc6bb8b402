<?php
/**
 * Server-made names, extensions and field policies.
 *
 * @package KestrelForms\Tests
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Tests\Unit\Uploads;

use Kestrel\Forms\Uploads\FieldPolicy;
use Kestrel\Forms\Uploads\FileNames;
use PHPUnit\Framework\TestCase;

final class FileNamesTest extends TestCase {

	public function test_tokens_are_random_32_hex_and_recognised(): void {
		$tokens = array();
		for ( $i = 0; $i < 200; $i++ ) {
			$token = FileNames::token();
			$this->assertMatchesRegularExpression( '/^[a-f0-9]{32}$/D', $token );
			$this->assertTrue( FileNames::is_token( $token ) );
			$tokens[ $token ] = true;
		}
		$this->assertCount( 200, $tokens );
		foreach ( array( '', 'ABCDEF0123456789abcdef0123456789', str_repeat( 'a', 31 ), str_repeat( 'a', 33 ), '../../etc/passwd', str_repeat( 'a', 32 ) . "\n", 42, null ) as $bad ) {
			$this->assertFalse( FileNames::is_token( $bad ), var_export( $bad, true ) ); // phpcs:ignore WordPress.PHP.DevelopmentFunctions.error_log_var_export -- names the refused input in the assertion message.
		}
	}

	public function test_upload_ids_are_8_hex_lowercased(): void {
		$this->assertSame( 'abcdef12', FileNames::upload_id( 'ABCdef12' ) );
		foreach ( array( 'abcdef1', 'abcdef123', 'abcdefgh', '../abcde', "abcdef12\n", 12345678 ) as $bad ) {
			$this->assertNull( FileNames::upload_id( $bad ), var_export( $bad, true ) ); // phpcs:ignore WordPress.PHP.DevelopmentFunctions.error_log_var_export -- names the refused input in the assertion message.
		}
	}

	/**
	 * Session tokens: 256 bits from the CSPRNG, never the same twice; only a hash is stored.
	 */
	public function test_session_tokens_are_random_and_stored_hashed(): void {
		$tokens = array();
		for ( $i = 0; $i < 200; $i++ ) {
			$tokens[] = FileNames::session_token();
		}
		$this->assertCount( 200, array_unique( $tokens ) );
		foreach ( $tokens as $token ) {
			$this->assertMatchesRegularExpression( '/^[a-f0-9]{64}$/D', $token );
			$this->assertTrue( FileNames::is_session_token( $token ) );
		}
		$hash = FileNames::token_hash( $tokens[0] );
		$this->assertMatchesRegularExpression( '/^[a-f0-9]{64}$/D', $hash );
		$this->assertNotSame( $tokens[0], $hash );
		$this->assertSame( $hash, FileNames::token_hash( $tokens[0] ) );
		$this->assertFalse( FileNames::is_session_token( strtoupper( $tokens[0] ) ) );
		$this->assertFalse( FileNames::is_session_token( FileNames::token() ) );
		$this->assertFalse( FileNames::is_session_token( '../../wp-config.php' ) );
	}

	public function test_extensions(): void {
		$this->assertSame( 'jpg', FileNames::extension( 'Photo.JPG' ) );
		$this->assertSame( 'jpg', FileNames::extension( 'shell.php.jpg' ) );
		$this->assertSame( 'php', FileNames::extension( 'dir\\evil.php' ) );
		$this->assertSame( '', FileNames::extension( 'README' ) );
		$this->assertSame( '', FileNames::extension( 'trailing.' ) );
		$this->assertSame( 'htaccess', FileNames::extension( '.htaccess' ) );
		$this->assertSame( array( 'jpg', 'png', 'pdf' ), FileNames::extension_list( ' jpg, .PNG,pdf ,, jpg,we ird' ) );
		$this->assertSame( array(), FileNames::extension_list( '' ) );
		foreach ( array( 'php', 'phtml', 'phar', 'htaccess', 'exe', 'cgi' ) as $ext ) {
			$this->assertTrue( FileNames::is_dangerous( $ext ), $ext );
		}
		foreach ( array( 'jpg', 'pdf', 'txt', 'docx' ) as $ext ) {
			$this->assertFalse( FileNames::is_dangerous( $ext ), $ext );
		}
	}

	public function test_content_disposition_is_always_an_attachment_with_a_safe_name(): void {
		$this->assertSame( 'attachment; filename="report.pdf"; filename*=UTF-8\'\'report.pdf', FileNames::content_disposition( 'report.pdf' ) );
		$header = FileNames::content_disposition( "é\"bad\\\r\nX-Evil: 1.txt" );
		$this->assertStringNotContainsString( "\r", $header );
		$this->assertStringNotContainsString( "\n", $header );
		$this->assertStringStartsWith( 'attachment; filename="___bad___X-Evil: 1.txt"', $header );
		$this->assertStringEndsWith( "filename*=UTF-8''%C3%A9%22bad%5C%0D%0AX-Evil%3A%201.txt", $header );
	}

	public function test_field_policy(): void {
		$mb = 1048576;
		$this->assertNull( FieldPolicy::of_field( null, 10 * $mb ) );
		$this->assertNull(
			FieldPolicy::of_field(
				array(
					'id'   => 1,
					'type' => 'text',
				),
				10 * $mb
			)
		);

		$single = FieldPolicy::of_field(
			array(
				'id'                => 2,
				'type'              => 'fileupload',
				'maxFileSize'       => 1.5,
				'allowedExtensions' => 'jpg, PNG',
			),
			10 * $mb
		);
		$this->assertSame( array( 'jpg', 'png' ), $single->extensions );
		$this->assertSame( (int) ( 1.5 * $mb ), $single->max_bytes );
		$this->assertSame( 1, $single->max_files );
		$this->assertTrue( $single->allows_extension( 'png' ) );
		$this->assertFalse( $single->allows_extension( 'gif' ) );

		$multi = FieldPolicy::of_field(
			array(
				'id'            => 3,
				'type'          => 'fileupload',
				'multipleFiles' => true,
				'maxFiles'      => 4,
				'maxFileSize'   => 10240,
			),
			10 * $mb
		);
		$this->assertSame( 10 * $mb, $multi->max_bytes, 'the hard cap wins over a larger field limit' );
		$this->assertSame( 4, $multi->max_files );
		$this->assertTrue( $multi->allows_extension( 'anything' ), 'no field list: WordPress decides' );

		$unlimited = FieldPolicy::of_field(
			array(
				'id'            => 4,
				'type'          => 'fileupload',
				'multipleFiles' => true,
			),
			10 * $mb
		);
		$this->assertNull( $unlimited->max_files );
		$this->assertSame( 10 * $mb, $unlimited->max_bytes );
	}
}
