<?php
/**
 * Plugin Name: Kestrel Forms test helper: bench probe
 * Description: Test-only. Lets the benchmarks read figures the plugin never exposes (such as peak PHP memory of a request). Never install on a live site.
 * Version: 0.1.0
 *
 * While active, every request to the upload route (kestrel-forms/v1/uploads) appends its peak
 * PHP memory to a small log file at shutdown (one line per request; appends are atomic, so
 * parallel chunk requests do not lose samples). An administrator reads and resets the figures
 * with GET / DELETE kestrel-forms-bench-probe/v1/memory. bench/upload.mjs activates this plugin
 * through /wp/v2/plugins and deactivates it afterwards.
 *
 * @package KestrelForms\Tests
 */

defined( 'ABSPATH' ) || exit;

/**
 * The samples file (uploads folder, outside the plugin's own private folder).
 */
function kestrel_forms_bench_probe_file(): string {
	return wp_upload_dir( null, false )['basedir'] . '/kestrel-forms-bench-probe.log';
}

add_filter(
	'rest_pre_dispatch',
	static function ( $result, $server, $request ) {
		if ( str_starts_with( (string) $request->get_route(), '/kestrel-forms/v1/uploads' ) ) {
			$GLOBALS['kestrel_forms_bench_probe_method'] = $request->get_method();
		}
		return $result;
	},
	10,
	3
);

add_action(
	'shutdown',
	static function (): void {
		if ( empty( $GLOBALS['kestrel_forms_bench_probe_method'] ) ) {
			return;
		}
		$line = implode(
			"\t",
			array(
				$GLOBALS['kestrel_forms_bench_probe_method'],
				memory_get_peak_usage(),
				memory_get_peak_usage( true ),
				round( ( microtime( true ) - (float) ( $_SERVER['REQUEST_TIME_FLOAT'] ?? microtime( true ) ) ) * 1000 ),
			)
		) . "\n";
		file_put_contents( kestrel_forms_bench_probe_file(), $line, FILE_APPEND | LOCK_EX ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_operations_file_put_contents
	},
	PHP_INT_MAX
);

add_action(
	'rest_api_init',
	static function (): void {
		register_rest_route(
			'kestrel-forms-bench-probe/v1',
			'/memory',
			array(
				array(
					'methods'             => 'GET',
					'permission_callback' => static fn(): bool => current_user_can( 'manage_options' ),
					'callback'            => static function (): array {
						$file    = kestrel_forms_bench_probe_file();
						$samples = array();
						foreach ( is_file( $file ) ? (array) file( $file, FILE_IGNORE_NEW_LINES | FILE_SKIP_EMPTY_LINES ) : array() as $line ) {
							$parts = explode( "\t", (string) $line );
							if ( 4 === count( $parts ) ) {
								$samples[] = array(
									'method' => $parts[0],
									'peak'   => (int) $parts[1],
									'real'   => (int) $parts[2],
									'ms'     => (int) $parts[3],
								);
							}
						}
						return array(
							'samples' => $samples,
							'ini'     => array(
								'memory_limit'        => ini_get( 'memory_limit' ),
								'upload_max_filesize' => ini_get( 'upload_max_filesize' ),
								'post_max_size'       => ini_get( 'post_max_size' ),
							),
							'php'     => PHP_VERSION,
							'sapi'    => PHP_SAPI,
						);
					},
				),
				array(
					'methods'             => 'DELETE',
					'permission_callback' => static fn(): bool => current_user_can( 'manage_options' ),
					'callback'            => static function (): array {
						wp_delete_file( kestrel_forms_bench_probe_file() );
						return array( 'deleted' => true );
					},
				),
			)
		);
	}
);
