<?php
/**
 * Daily deletion of entries older than the retention period (GeneralSettings).
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Settings;

use Kestrel\Forms\Persistence\EntryWorkspaceRepository;
use Kestrel\Forms\Uploads\UploadStore;

/**
 * Runs on the `kestrel_forms_retention` WP-Cron event, in batches so a large backlog cannot
 * exhaust memory or time; what is left waits for the next run.
 */
final class RetentionJob {

	public const HOOK = 'kestrel_forms_retention';

	private const BATCH       = 200;
	private const MAX_BATCHES = 25;

	/**
	 * Takes the settings, the entries and the uploads it cleans up.
	 *
	 * @param GeneralSettings          $settings General settings (retention days).
	 * @param EntryWorkspaceRepository $entries  Entries.
	 * @param UploadStore              $uploads  Files of entries.
	 */
	public function __construct(
		private readonly GeneralSettings $settings,
		private readonly EntryWorkspaceRepository $entries,
		private readonly UploadStore $uploads
	) {}

	/**
	 * Schedules the daily event once.
	 */
	public static function schedule(): void {
		if ( ! wp_next_scheduled( self::HOOK ) ) {
			wp_schedule_event( time() + HOUR_IN_SECONDS, 'daily', self::HOOK );
		}
	}

	/**
	 * Removes the event (deactivation, uninstall).
	 */
	public static function unschedule(): void {
		wp_clear_scheduled_hook( self::HOOK );
	}

	/**
	 * Deletes entries (with their values, notes and files) older than the retention period.
	 *
	 * @param int|null $now Unix time (tests); null for now.
	 * @return int Entries deleted.
	 */
	public function run( ?int $now = null ): int {
		$days = $this->settings->get()['retention_days'];
		if ( $days <= 0 ) {
			return 0;
		}
		$before  = gmdate( 'Y-m-d H:i:s', ( $now ?? time() ) - $days * DAY_IN_SECONDS );
		$deleted = 0;
		for ( $i = 0; $i < self::MAX_BATCHES; $i++ ) {
			$ids = $this->entries->ids_created_before( $before, self::BATCH );
			if ( ! $ids ) {
				break;
			}
			$this->uploads->delete_for_entries( $ids );
			$deleted += $this->entries->delete( $ids );
		}
		return $deleted;
	}
}
