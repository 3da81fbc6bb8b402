import type { Feed } from '../../shared';
import type { Evaluation, PreparedForm } from '../evaluate/evaluate';
import { logicShows } from '../evaluate/evaluate';

/**
 * The feeds whose rules hold (spec §4 "Feeds"): a feed with no rules always matches; a feed
 * switched off by the admin never does; of a single-feed add-on only the first matching feed by
 * priority (lower first, then list order) is active. The PHP twin is Domain/Feeds/FeedEvaluator.
 *
 * @param prepared   Prepared form.
 * @param evaluation Current evaluation.
 * @return Active feed ids, in priority order.
 */
export function activeFeeds(
	prepared: PreparedForm,
	evaluation: Evaluation
): number[] {
	const taken = new Set< string >();
	const active: number[] = [];
	for ( const feed of byPriority( prepared.form.feeds ?? [] ) ) {
		if (
			feed.isActive === false ||
			! logicShows( prepared, evaluation, feed.conditionalLogic )
		) {
			continue;
		}
		if ( feed.isSingleFeed ) {
			if ( taken.has( feed.addonSlug ) ) {
				continue;
			}
			taken.add( feed.addonSlug );
		}
		active.push( feed.feedId );
	}
	return active;
}

/**
 * Feeds sorted by priority, ties in list order.
 *
 * @param feeds Feeds.
 */
export function byPriority( feeds: Feed[] ): Feed[] {
	return feeds
		.map( ( feed, index ) => ( { feed, index } ) )
		.sort(
			( a, b ) =>
				( a.feed.priority ?? 0 ) - ( b.feed.priority ?? 0 ) ||
				a.index - b.index
		)
		.map( ( { feed } ) => feed );
}

/**
 * The field ids any feed rule reads (a change elsewhere cannot switch a feed).
 *
 * @param feeds Feeds.
 */
export function feedTriggers( feeds: Feed[] ): Set< number > {
	const out = new Set< number >();
	for ( const feed of feeds ) {
		for ( const rule of feed.conditionalLogic?.rules ?? [] ) {
			out.add(
				Math.trunc( Number( String( rule.fieldId ).split( '.' )[ 0 ] ) )
			);
		}
	}
	return out;
}
