<?php
/**
 * Where add-ons register to process the feeds a submission activates.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Feeds;

use Kestrel\Forms\Domain\Entry\Entry;
use Kestrel\Forms\Domain\Form\Form;
use Throwable;

/**
 * The processors of feed add-ons, by add-on slug.
 *
 * An add-on registers a processor for its slug on the `kestrel_forms_register_feed_addons`
 * action:
 *
 *     add_action( 'kestrel_forms_register_feed_addons', function ( FeedRegistry $feeds ) {
 *         $feeds->register( 'my-crm', function ( array $feed, Entry $entry, Form $form ) { ... } );
 *     } );
 *
 * After an entry is stored, the server evaluates the form's feeds itself (the browser's
 * activation is only advisory) and calls the processor of each active feed, in priority order.
 */
final class FeedRegistry {

	/**
	 * Processors by add-on slug.
	 *
	 * @var array<string, callable>
	 */
	private array $processors = array();

	/**
	 * Registers the processor of an add-on.
	 *
	 * @param string   $slug      Add-on slug, as in a feed's addonSlug.
	 * @param callable $processor fn( array $feed, Entry $entry, Form $form ): void.
	 */
	public function register( string $slug, callable $processor ): void {
		$this->processors[ $slug ] = $processor;
	}

	/**
	 * Whether an add-on registered a processor.
	 *
	 * @param string $slug Add-on slug.
	 */
	public function has( string $slug ): bool {
		return isset( $this->processors[ $slug ] );
	}

	/**
	 * Runs the processors of the active feeds. A failing add-on never loses the entry: its error
	 * is reported through `kestrel_forms_feed_failed` and the next feed runs.
	 *
	 * @param list<array<string, mixed>> $feeds Active feeds.
	 * @param Entry                      $entry Stored entry.
	 * @param Form                       $form  Form.
	 */
	public function process( array $feeds, Entry $entry, Form $form ): void {
		foreach ( $feeds as $feed ) {
			$processor = $this->processors[ (string) $feed['addonSlug'] ] ?? null;
			if ( null === $processor ) {
				continue;
			}
			try {
				$processor( $feed, $entry, $form );
				/**
				 * Fires after an add-on processed a feed for an entry.
				 *
				 * @param array $feed  Feed.
				 * @param Entry $entry Entry.
				 * @param Form  $form  Form.
				 */
				do_action( 'kestrel_forms_feed_processed', $feed, $entry, $form );
			} catch ( Throwable $e ) {
				/**
				 * Fires when an add-on failed to process a feed.
				 *
				 * @param array     $feed  Feed.
				 * @param Entry     $entry Entry.
				 * @param Throwable $e     What went wrong.
				 */
				do_action( 'kestrel_forms_feed_failed', $feed, $entry, $e );
			}
		}
	}
}
