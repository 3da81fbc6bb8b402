<?php
/**
 * Versioned schema for the plugin's custom tables.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Persistence;

/**
 * The integer schema version lives in an option; `maybe_upgrade()` runs the idempotent dbDelta
 * whenever the stored version differs from VERSION (the Action Scheduler pattern). Bump VERSION
 * whenever a CREATE TABLE below changes. Version 2 added the entry's pricing columns, version 3 the feeds that fired,
 * version 4 the uploaded files,
 * version 5 the entries workspace (read and starred flags, notes),
 * version 6 the upload sessions (issue 12: server-issued upload tokens),
 * version 7 the payments, refunds and webhook events (issue 13: the payment field),
 * version 8 wider provider id columns (varchar(191): the provider's refund ids are 73 characters,
 * and a MySQL without strict mode, as WordPress runs it, would cut a longer value silently),
 * version 9 the payment drafts, version 10 the hash of a draft's browser secret (ADR 0009).
 */
final class Schema {

	public const VERSION        = 10;
	public const VERSION_OPTION = 'kestrel_forms_schema_version';

	/** Width of the provider id columns (payment, refund, subscription, event ids): the most a utf8mb4 unique key holds. */
	public const PROVIDER_ID_LENGTH = 191;

	/**
	 * Table names with the site prefix.
	 *
	 * @return array{forms: string, entries: string, entry_values: string, uploads: string, entry_notes: string, upload_sessions: string, payments: string, refunds: string, webhook_events: string, payment_drafts: string}
	 */
	public static function tables(): array {
		global $wpdb;
		return array(
			'forms'           => $wpdb->prefix . 'kestrel_forms_forms',
			'entries'         => $wpdb->prefix . 'kestrel_forms_entries',
			'entry_values'    => $wpdb->prefix . 'kestrel_forms_entry_values',
			'uploads'         => $wpdb->prefix . 'kestrel_forms_uploads',
			'entry_notes'     => $wpdb->prefix . 'kestrel_forms_entry_notes',
			'upload_sessions' => $wpdb->prefix . 'kestrel_forms_upload_sessions',
			'payments'        => $wpdb->prefix . 'kestrel_forms_payments',
			'refunds'         => $wpdb->prefix . 'kestrel_forms_refunds',
			'webhook_events'  => $wpdb->prefix . 'kestrel_forms_webhook_events',
			'payment_drafts'  => $wpdb->prefix . 'kestrel_forms_payment_drafts',
		);
	}

	/**
	 * Installs or upgrades the tables when the stored version is not the current one.
	 */
	public static function maybe_upgrade(): void {
		if ( (int) get_option( self::VERSION_OPTION, 0 ) === self::VERSION ) {
			return;
		}
		self::install();
	}

	/**
	 * Runs dbDelta for every table (safe to repeat) and records the version.
	 */
	public static function install(): void {
		global $wpdb;
		require_once ABSPATH . 'wp-admin/includes/upgrade.php';

		$charset = $wpdb->get_charset_collate();
		$t       = self::tables();

		// dbDelta's format rules: two spaces after PRIMARY KEY, one key per line, no IF NOT EXISTS.
		dbDelta(
			"CREATE TABLE {$t['forms']} (
  id bigint(20) unsigned NOT NULL AUTO_INCREMENT,
  title varchar(255) NOT NULL DEFAULT '',
  definition longtext NOT NULL,
  status varchar(20) NOT NULL DEFAULT 'active',
  created_at datetime NOT NULL,
  updated_at datetime NOT NULL,
  PRIMARY KEY  (id),
  KEY status (status)
) $charset;"
		);
		dbDelta(
			"CREATE TABLE {$t['entries']} (
  id bigint(20) unsigned NOT NULL AUTO_INCREMENT,
  form_id bigint(20) unsigned NOT NULL,
  status varchar(20) NOT NULL DEFAULT 'active',
  created_at datetime NOT NULL,
  source_url text NOT NULL,
  user_id bigint(20) unsigned NOT NULL DEFAULT 0,
  submission_key varchar(64) DEFAULT NULL,
  currency char(3) DEFAULT NULL,
  total_minor bigint(20) DEFAULT NULL,
  pricing longtext DEFAULT NULL,
  feeds text DEFAULT NULL,
  is_read tinyint(1) NOT NULL DEFAULT 0,
  is_starred tinyint(1) NOT NULL DEFAULT 0,
  PRIMARY KEY  (id),
  KEY form_created (form_id,created_at),
  KEY form_status (form_id,status),
  UNIQUE KEY form_submission_key (form_id,submission_key)
) $charset;"
		);
		dbDelta(
			"CREATE TABLE {$t['entry_values']} (
  id bigint(20) unsigned NOT NULL AUTO_INCREMENT,
  entry_id bigint(20) unsigned NOT NULL,
  form_id bigint(20) unsigned NOT NULL,
  input_id varchar(32) NOT NULL,
  value longtext NOT NULL,
  PRIMARY KEY  (id),
  KEY entry_id (entry_id),
  KEY form_input (form_id,input_id)
) $charset;"
		);
		// One row per file a visitor uploaded (Uploads\UploadStore): entry_id stays NULL until a
		// submission claims it; path is relative to the private uploads folder.
		dbDelta(
			"CREATE TABLE {$t['uploads']} (
  id bigint(20) unsigned NOT NULL AUTO_INCREMENT,
  token char(32) NOT NULL,
  upload_key char(64) NOT NULL,
  form_id bigint(20) unsigned NOT NULL,
  field_id bigint(20) unsigned NOT NULL,
  upload_id char(8) NOT NULL,
  path varchar(255) NOT NULL,
  name varchar(255) NOT NULL,
  size bigint(20) unsigned NOT NULL,
  mime varchar(100) NOT NULL,
  created_at datetime NOT NULL,
  entry_id bigint(20) unsigned DEFAULT NULL,
  PRIMARY KEY  (id),
  UNIQUE KEY token (token),
  KEY upload_key (upload_key),
  KEY entry_created (entry_id,created_at),
  KEY form_id (form_id)
) $charset;"
		);
		// Admin notes on an entry (entries workspace, issue 5).
		dbDelta(
			"CREATE TABLE {$t['entry_notes']} (
  id bigint(20) unsigned NOT NULL AUTO_INCREMENT,
  entry_id bigint(20) unsigned NOT NULL,
  user_id bigint(20) unsigned NOT NULL DEFAULT 0,
  note text NOT NULL,
  created_at datetime NOT NULL,
  PRIMARY KEY  (id),
  KEY entry_id (entry_id)
) $charset;"
		);
		// One row per upload session (Uploads\UploadService): named by the sha256 of a token the
		// server issued (never the token), the client's hashed address for the per-client caps,
		// the file's figures fixed by its first chunk, and its state (open, assembling,
		// complete, refused, discarded). A complete session's file is the uploads row whose
		// upload_key is this token_hash.
		dbDelta(
			"CREATE TABLE {$t['upload_sessions']} (
  id bigint(20) unsigned NOT NULL AUTO_INCREMENT,
  token_hash char(64) NOT NULL,
  form_id bigint(20) unsigned NOT NULL,
  field_id bigint(20) unsigned NOT NULL,
  client char(64) NOT NULL,
  status varchar(20) NOT NULL DEFAULT 'open',
  name varchar(255) DEFAULT NULL,
  type varchar(255) DEFAULT NULL,
  total_size bigint(20) unsigned DEFAULT NULL,
  chunk_size bigint(20) unsigned DEFAULT NULL,
  total_chunks int(10) unsigned DEFAULT NULL,
  created_at datetime NOT NULL,
  updated_at datetime NOT NULL,
  PRIMARY KEY  (id),
  UNIQUE KEY token_hash (token_hash),
  KEY client_status (client,status),
  KEY created_at (created_at)
) $charset;"
		);
		self::install_payments( $charset );
		// Payment drafts (ADR 0009): a form's values kept while the visitor approves a payment
		// in another app (Cash App Pay's mobile redirect); at most 24 hours, no card data.
		dbDelta(
			"CREATE TABLE {$t['payment_drafts']} (
  id char(32) NOT NULL,
  form_id bigint(20) unsigned NOT NULL,
  submission_key varchar(64) NOT NULL,
  owner_hash char(64) NOT NULL DEFAULT '',
  draft_values longtext NOT NULL,
  return_url text NOT NULL,
  status varchar(20) NOT NULL DEFAULT 'open',
  entry_id bigint(20) unsigned DEFAULT NULL,
  created_at datetime NOT NULL,
  expires_at datetime NOT NULL,
  PRIMARY KEY  (id),
  KEY form_submission_key (form_id,submission_key),
  KEY expires_at (expires_at)
) $charset;"
		);
		update_option( self::VERSION_OPTION, self::VERSION, true );
	}

	/**
	 * The payment tables (Persistence\PaymentRepository).
	 *
	 * Payments: one row per charge attempt, inserted BEFORE the provider is called. attempt_key is
	 * the provider idempotency key; (form_id, submission_key) is unique so that one submission has
	 * one live attempt (a failed or voided attempt without an entry gets submission_key NULL, and
	 * the visitor may try again with the same key); entry_id and provider_payment_id are unique
	 * (several NULLs are allowed). request_body is the exact CreatePayment JSON sent (replayed by
	 * the reconcile job; its source token is blanked once the attempt is settled), entry_draft what
	 * the entry write needs (never a token). Amounts are integer minor units.
	 *
	 * Refunds: one row per refund asked for, idempotency_key unique (a double click is one refund).
	 * Webhook events: one row per provider event id, inserted once (duplicates are ignored).
	 *
	 * @param string $charset Charset and collation clause.
	 */
	private static function install_payments( string $charset ): void {
		$t = self::tables();
		dbDelta(
			"CREATE TABLE {$t['payments']} (
  id bigint(20) unsigned NOT NULL AUTO_INCREMENT,
  form_id bigint(20) unsigned NOT NULL,
  entry_id bigint(20) unsigned DEFAULT NULL,
  submission_key varchar(64) DEFAULT NULL,
  attempt_key char(36) NOT NULL,
  environment varchar(20) NOT NULL DEFAULT 'sandbox',
  method varchar(20) NOT NULL DEFAULT 'card',
  source_type varchar(30) NOT NULL DEFAULT '',
  capture_mode varchar(20) NOT NULL DEFAULT 'charge',
  amount_minor bigint(20) NOT NULL DEFAULT 0,
  currency char(3) NOT NULL DEFAULT '',
  status varchar(30) NOT NULL DEFAULT 'processing',
  provider_payment_id varchar(191) DEFAULT NULL,
  provider_status varchar(30) NOT NULL DEFAULT '',
  brand varchar(40) NOT NULL DEFAULT '',
  last4 varchar(4) NOT NULL DEFAULT '',
  receipt_url text DEFAULT NULL,
  refunded_minor bigint(20) NOT NULL DEFAULT 0,
  request_body longtext DEFAULT NULL,
  request_hash char(64) NOT NULL DEFAULT '',
  entry_draft longtext DEFAULT NULL,
  error_code varchar(100) DEFAULT NULL,
  error_detail text DEFAULT NULL,
  version_token varchar(100) DEFAULT NULL,
  delayed_until datetime DEFAULT NULL,
  provider_updated_at varchar(40) DEFAULT NULL,
  subscription_id varchar(191) DEFAULT NULL,
  created_at datetime NOT NULL,
  updated_at datetime NOT NULL,
  PRIMARY KEY  (id),
  UNIQUE KEY attempt_key (attempt_key),
  UNIQUE KEY entry_id (entry_id),
  UNIQUE KEY form_submission_key (form_id,submission_key),
  UNIQUE KEY provider_payment_id (provider_payment_id),
  KEY status_created (status,created_at)
) $charset;"
		);
		dbDelta(
			"CREATE TABLE {$t['refunds']} (
  id bigint(20) unsigned NOT NULL AUTO_INCREMENT,
  payment_id bigint(20) unsigned NOT NULL,
  provider_refund_id varchar(191) DEFAULT NULL,
  idempotency_key varchar(64) NOT NULL,
  amount_minor bigint(20) NOT NULL DEFAULT 0,
  currency char(3) NOT NULL DEFAULT '',
  status varchar(20) NOT NULL DEFAULT 'pending',
  reason varchar(255) NOT NULL DEFAULT '',
  user_id bigint(20) unsigned NOT NULL DEFAULT 0,
  created_at datetime NOT NULL,
  updated_at datetime NOT NULL,
  PRIMARY KEY  (id),
  UNIQUE KEY idempotency_key (idempotency_key),
  UNIQUE KEY provider_refund_id (provider_refund_id),
  KEY payment_id (payment_id)
) $charset;"
		);
		dbDelta(
			"CREATE TABLE {$t['webhook_events']} (
  event_id varchar(191) NOT NULL,
  environment varchar(20) NOT NULL DEFAULT '',
  type varchar(100) NOT NULL DEFAULT '',
  object_id varchar(191) NOT NULL DEFAULT '',
  received_at datetime NOT NULL,
  processed_at datetime DEFAULT NULL,
  outcome varchar(100) NOT NULL DEFAULT '',
  PRIMARY KEY  (event_id),
  KEY received_at (received_at)
) $charset;"
		);
	}

	/**
	 * Drops every table and the version option (uninstall with "delete data" chosen).
	 */
	public static function uninstall(): void {
		global $wpdb;
		foreach ( self::tables() as $table ) {
			$wpdb->query( "DROP TABLE IF EXISTS {$table}" ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared, WordPress.DB.DirectDatabaseQuery.SchemaChange -- table names are ours; uninstall removes the plugin's own tables.
		}
		delete_option( self::VERSION_OPTION );
	}
}
