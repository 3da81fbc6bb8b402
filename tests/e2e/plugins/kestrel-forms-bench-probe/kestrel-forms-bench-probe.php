<?php
/**
 * Plugin Name: Kestrel Forms test helper: bench probe
 * Description: Test-only. Lets the benchmarks read figures the plugin never exposes (such as peak PHP memory of a request). Never install on a live site.
 * Version: 0.1.0
 *
 * @package KestrelForms\Tests
 */

defined( 'ABSPATH' ) || exit;
