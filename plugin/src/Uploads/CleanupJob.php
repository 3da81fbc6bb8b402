<?php
/**
 * The hourly cleanup of abandoned uploads.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Uploads;

/**
 * A wp-cron event: scheduled on activation and, when missing, on init; cleared on deactivation
 * and uninstall. The work itself is UploadStore::cleanup().
 */
final class CleanupJob {

	public const HOOK = 'kestrel_forms_uploads_cleanup';

	/**
	 * Schedules the hourly event unless it already is.
	 */
	public static function schedule(): void {
		if ( ! wp_next_scheduled( self::HOOK ) ) {
			wp_schedule_event( time() + HOUR_IN_SECONDS, 'hourly', self::HOOK );
		}
	}

	/**
	 * Removes every scheduled occurrence.
	 */
	public static function unschedule(): void {
		wp_clear_scheduled_hook( self::HOOK );
	}
}
