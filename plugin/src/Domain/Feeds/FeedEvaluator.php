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
			static fn( int $a, int $b ): int => ( ( (int) ( $feeds[ $a ]['priority'] ?? 0 ) ) <=> ( (int) ( $feeds[ $b ]['priority'] ?? 0 ) ) ) ?: $a <=> $b
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
