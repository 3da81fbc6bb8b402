<?php
/**
 * A small example add-on showing the feed API: it records which feeds fired for which entries.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Feeds;

use Kestrel\Forms\Domain\Entry\Entry;
use Kestrel\Forms\Domain\Form\Form;

/**
 * Slug `example-log`. Off unless the `kestrel_forms_enable_example_addon` filter returns true.
 * Its log (the last 50 runs) is the option `kestrel_forms_example_feed_log`.
 */
final class ExampleLogAddon {

	public const SLUG   = 'example-log';
	public const OPTION = 'kestrel_forms_example_feed_log';

	/**
	 * Registers the add-on on the registry.
	 *
	 * @param FeedRegistry $feeds Registry.
	 */
	public static function register( FeedRegistry $feeds ): void {
		$feeds->register(
			self::SLUG,
			static function ( array $feed, Entry $entry, Form $form ): void {
				$log   = (array) get_option( self::OPTION, array() );
				$log[] = array(
					'feed_id'  => (int) $feed['feedId'],
					'entry_id' => $entry->id,
					'form_id'  => $form->id,
					'time'     => gmdate( 'c' ),
				);
				update_option( self::OPTION, array_slice( $log, -50 ), false );
			}
		);
	}
}
