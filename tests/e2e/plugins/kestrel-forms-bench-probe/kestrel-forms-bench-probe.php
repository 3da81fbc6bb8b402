<?php
/**
 * Plugin Name: Kestrel Forms test helper: bench probe
 * Description: Test-only. Lets the benchmarks read figures the plugin never exposes (such as peak PHP memory of a request). Never install on a live site.
 * Version: 0.1.0
 *
 * While active, every request to the upload route (kestrel-forms/v1/uploads) or the CSV export
 * (kestrel-forms/v1/entries/export) appends its peak PHP memory to a small log file at shutdown
 * (one line per request; appends are atomic, so parallel chunk requests do not lose samples). An
 * administrator reads and resets the figures with GET / DELETE kestrel-forms-bench-probe/v1/memory.
 * POST kestrel-forms-bench-probe/v1/entries inserts generated entries in bulk (bench/export.mjs),
 * far faster than one submission each. A page asked for with ?kestrel_bench_scripts=with-page
 * loads its forms' scripts with the page (bench/page-weight.mjs). The benches activate this
 * plugin through /wp/v2/plugins and deactivate it afterwards.
 *
 * @package KestrelForms\Tests
 */

defined( 'ABSPATH' ) || exit;

// Benchmarks measure throughput, not the per-client limits: while this test-only plugin is active,
// the rate limits and the uploads-in-progress cap are off (bench/concurrency.mjs).
add_filter( 'kestrel_forms_rate_limit', static fn( $limit ) => array( 0, is_array( $limit ) ? (int) ( $limit[1] ?? 60 ) : 60 ), 1000 );
add_filter( 'kestrel_forms_upload_client_sessions', static fn() => PHP_INT_MAX, 1000 );

// bench/page-weight.mjs compares the demo page with its forms' scripts loading with the page, as
// they all did before they waited for the visitor's intent: a page asked for with
// ?kestrel_bench_scripts=with-page loads them so. A switch of this test-only plugin, read-only.
add_filter(
	'kestrel_forms_scripts_load_with_page',
	// phpcs:ignore WordPress.Security.NonceVerification.Recommended -- a bench's read-only switch.
	static fn( $with_page ) => 'with-page' === sanitize_key( wp_unslash( $_GET['kestrel_bench_scripts'] ?? '' ) ) ? true : $with_page,
	1000
);

/**
 * The samples file (uploads folder, outside the plugin's own private folder).
 */
function kestrel_forms_bench_probe_file(): string {
	return wp_upload_dir( null, false )['basedir'] . '/kestrel-forms-bench-probe.log';
}

add_filter(
	'rest_pre_dispatch',
	static function ( $result, $server, $request ) {
		$route = (string) $request->get_route();
		if ( str_starts_with( $route, '/kestrel-forms/v1/uploads' ) || '/kestrel-forms/v1/entries/export' === $route ) {
			$GLOBALS['kestrel_forms_bench_probe_method'] = $request->get_method();
			$GLOBALS['kestrel_forms_bench_probe_route']  = $route;
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
				$GLOBALS['kestrel_forms_bench_probe_route'] ?? '',
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
							if ( count( $parts ) >= 4 ) {
								$samples[] = array(
									'method' => $parts[0],
									'peak'   => (int) $parts[1],
									'real'   => (int) $parts[2],
									'ms'     => (int) $parts[3],
									'route'  => $parts[4] ?? '',
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
		register_rest_route(
			'kestrel-forms-bench-probe/v1',
			'/entries',
			array(
				'methods'             => 'POST',
				'permission_callback' => static fn(): bool => current_user_can( 'manage_options' ),
				'args'                => array(
					'form_id' => array(
						'type'     => 'integer',
						'minimum'  => 1,
						'required' => true,
					),
					'count'   => array(
						'type'     => 'integer',
						'minimum'  => 1,
						'maximum'  => 50000,
						'required' => true,
					),
					'first'   => array(
						'type'    => 'integer',
						'minimum' => 0,
						'default' => 0,
					),
				),
				'callback'            => 'kestrel_forms_bench_probe_insert_entries',
			)
		);
	}
);

/**
 * POST kestrel-forms-bench-probe/v1/entries: inserts `count` generated entries into a form made
 * by bench/export.mjs (fields 1 text, 2 email, 3 textarea, 4 select basic/pro, 5 list Item/Qty),
 * numbered from `first`, straight into the plugin's tables in the layout EntryRepository::insert()
 * writes, in one transaction. Bench-only: no validation, no hooks.
 *
 * On the SQLite database of Playground and the PHPUnit site, statements go to SQLite's own PDO
 * connection, prepared once: through $wpdb every statement is translated from MySQL first, which
 * makes 100,000 entries take most of an hour. Elsewhere (MySQL) multi-row INSERTs of 500 entries
 * go through $wpdb.
 *
 * @param WP_REST_Request $request Request.
 * @return array{inserted: int, ms: int, via: string}|WP_Error
 */
function kestrel_forms_bench_probe_insert_entries( WP_REST_Request $request ) {
	global $wpdb;
	if ( ! class_exists( '\\Kestrel\\Forms\\Persistence\\Schema' ) ) {
		return new WP_Error( 'kestrel_forms_bench_probe_no_plugin', 'Kestrel Forms is not active.', array( 'status' => 500 ) );
	}
	$started = microtime( true );
	$t       = \Kestrel\Forms\Persistence\Schema::tables();
	$form_id = (int) $request['form_id'];
	$count   = (int) $request['count'];
	$first   = (int) $request['first'];
	$pdo     = $GLOBALS['@pdo'] ?? null; // The SQLite integration's PDO (absent on MySQL).
	$sqlite  = $pdo instanceof PDO && 'sqlite' === $pdo->getAttribute( PDO::ATTR_DRIVER_NAME );
	try {
		if ( $sqlite ) {
			kestrel_forms_bench_probe_insert_sqlite( $pdo, $t, $form_id, $count, $first );
		} else {
			kestrel_forms_bench_probe_insert_wpdb( $wpdb, $t, $form_id, $count, $first );
		}
	} catch ( Throwable $e ) {
		return new WP_Error( 'kestrel_forms_bench_probe_insert_failed', $e->getMessage(), array( 'status' => 500 ) );
	}
	return array(
		'inserted' => $count,
		'ms'       => (int) round( ( microtime( true ) - $started ) * 1000 ),
		'via'      => $sqlite ? 'sqlite-pdo' : 'wpdb',
	);
}

/**
 * The generated entry number $n: its created_at, read and starred flags, and values by input id
 * as stored (a list is one JSON value under "5:json").
 *
 * @param int $n Entry number.
 * @return array{created: string, read: int, starred: int, values: array<string, string>}
 */
function kestrel_forms_bench_probe_entry( int $n ): array {
	return array(
		'created' => gmdate( 'Y-m-d H:i:s', 1767225600 + $n * 60 ),
		'read'    => $n % 2,
		'starred' => 0 === $n % 7 ? 1 : 0,
		'values'  => array(
			'1'      => sprintf( 'Bench person %d', $n ),
			'2'      => sprintf( 'bench%d@example.org', $n ),
			// Every tenth message starts like a formula and spans two lines, so the export
			// neutralises and quotes cells too.
			'3'      => 0 === $n % 10 ? "=SUM(A1:A9) \"quoted\", on two\nlines" : sprintf( 'Message number %d, with a comma and "quotes".', $n ),
			'4'      => 0 === $n % 3 ? 'pro' : 'basic',
			'5:json' => (string) wp_json_encode(
				array(
					array( 'Tea', (string) ( 1 + $n % 5 ) ),
					array( 'Cake', (string) ( 1 + $n % 3 ) ),
				)
			),
		),
	);
}

/**
 * Inserts through SQLite's PDO with two prepared statements.
 *
 * @param PDO                   $pdo     SQLite connection.
 * @param array<string, string> $t       Table names.
 * @param int                   $form_id Form id.
 * @param int                   $count   Entries.
 * @param int                   $first   Number of the first one.
 */
function kestrel_forms_bench_probe_insert_sqlite( PDO $pdo, array $t, int $form_id, int $count, int $first ): void {
	$pdo->setAttribute( PDO::ATTR_ERRMODE, PDO::ERRMODE_EXCEPTION );
	$entry = $pdo->prepare( "INSERT INTO {$t['entries']} (id, form_id, status, created_at, source_url, user_id, is_read, is_starred) VALUES (?, ?, 'active', ?, 'https://example.org/bench/', 0, ?, ?)" );
	$value = $pdo->prepare( "INSERT INTO {$t['entry_values']} (entry_id, form_id, input_id, value) VALUES (?, ?, ?, ?)" );
	$pdo->beginTransaction();
	try {
		$next = 1 + (int) $pdo->query( "SELECT MAX(id) FROM {$t['entries']}" )->fetchColumn();
		for ( $i = 0; $i < $count; $i++ ) {
			$data = kestrel_forms_bench_probe_entry( $first + $i );
			$id   = $next + $i;
			$entry->execute( array( $id, $form_id, $data['created'], $data['read'], $data['starred'] ) );
			foreach ( $data['values'] as $input_id => $text ) {
				$value->execute( array( $id, $form_id, (string) $input_id, $text ) );
			}
		}
		$pdo->commit();
	} catch ( Throwable $e ) {
		$pdo->rollBack();
		throw $e;
	}
}

/**
 * Inserts through $wpdb, 500 entries to a statement.
 *
 * @param wpdb                  $wpdb    Database.
 * @param array<string, string> $t       Table names.
 * @param int                   $form_id Form id.
 * @param int                   $count   Entries.
 * @param int                   $first   Number of the first one.
 * @throws RuntimeException When a statement fails.
 */
function kestrel_forms_bench_probe_insert_wpdb( wpdb $wpdb, array $t, int $form_id, int $count, int $first ): void {
	// phpcs:disable WordPress.DB.PreparedSQL, WordPress.DB.DirectDatabaseQuery -- bench-only, values generated here.
	$wpdb->query( 'START TRANSACTION' );
	for ( $done = 0; $done < $count; $done += 500 ) {
		$next    = 1 + (int) $wpdb->get_var( "SELECT MAX(id) FROM {$t['entries']}" );
		$entries = array();
		$values  = array();
		for ( $i = 0; $i < min( 500, $count - $done ); $i++ ) {
			$data      = kestrel_forms_bench_probe_entry( $first + $done + $i );
			$entries[] = $wpdb->prepare( "(%d, %d, 'active', %s, 'https://example.org/bench/', 0, %d, %d)", $next + $i, $form_id, $data['created'], $data['read'], $data['starred'] );
			foreach ( $data['values'] as $input_id => $text ) {
				$values[] = $wpdb->prepare( '(%d, %d, %s, %s)', $next + $i, $form_id, (string) $input_id, $text );
			}
		}
		$ok = $wpdb->query( "INSERT INTO {$t['entries']} (id, form_id, status, created_at, source_url, user_id, is_read, is_starred) VALUES " . implode( ', ', $entries ) )
			&& $wpdb->query( "INSERT INTO {$t['entry_values']} (entry_id, form_id, input_id, value) VALUES " . implode( ', ', $values ) );
		if ( ! $ok ) {
			$wpdb->query( 'ROLLBACK' );
			throw new RuntimeException( esc_html( $wpdb->last_error ) );
		}
	}
	$wpdb->query( 'COMMIT' );
	// phpcs:enable
}
