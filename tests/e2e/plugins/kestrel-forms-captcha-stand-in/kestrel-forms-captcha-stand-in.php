<?php
/**
 * Plugin Name: Kestrel Forms test helper: captcha stand-in
 * Description: Test-only. Serves a local stand-in for the reCAPTCHA script and answers its verify URL, so end-to-end tests run the real captcha code paths offline. Never install on a live site.
 * Version: 0.1.0
 *
 * @package KestrelForms\Tests
 */

defined( 'ABSPATH' ) || exit;

// How to use it from a test: README.md in this folder.
require_once __DIR__ . '/class-stand-in.php';

\Kestrel\Forms\Tests\CaptchaStandIn\StandIn::register();
