<?php
/**
 * Which feeds a submission activates; the twin of assets-src/forms-engine/feeds.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Domain\Feeds;

use Kestrel\Forms\Domain\Logic\FormEvaluator;

/**
 * A feed matches when its rules show (no rules: always) and it is not switched off; of a
 * single-feed add-on only the first matching feed by priority (lower first, then list order).
 */
final class FeedEvaluator {

	/**
	 * The feeds that run for an entry, in priority order.
	 *
	 * @param array<string, mixed> $form       Form definition.
	 * @param FormEvaluator        $evaluator  The form's evaluator.
	 * @param array<string, mixed> $evaluation Its evaluation of the entered values.
	 * @return list<array<string, mixed>> Active feeds, in priority order.
	 */
	public static function active( array $form, FormEvaluator $evaluator, array $evaluation ): array {
		$feeds = array_values( $form['feeds'] ?? array() );
		$order = array_keys( $feeds );
		usort(
			$order,
			static function ( int $a, int $b ) use ( $feeds ): int {
				$by_priority = ( (int) ( $feeds[ $a ]['priority'] ?? 0 ) ) <=> ( (int) ( $feeds[ $b ]['priority'] ?? 0 ) );
				return 0 !== $by_priority ? $by_priority : $a <=> $b;
			}
		);
		$taken  = array();
		$active = array();
		foreach ( $order as $index ) {
			$feed = $feeds[ $index ];
			if ( false === ( $feed['isActive'] ?? true ) || ! $evaluator->logic_shows( $evaluation, $feed['conditionalLogic'] ?? null ) ) {
				continue;
			}
			if ( ! empty( $feed['isSingleFeed'] ) ) {
				if ( isset( $taken[ $feed['addonSlug'] ] ) ) {
					continue;
				}
				$taken[ $feed['addonSlug'] ] = true;
			}
			$active[] = $feed;
		}
		return $active;
	}
}
