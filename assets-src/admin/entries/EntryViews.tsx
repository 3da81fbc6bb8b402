/**
 * The views above the entries list, like WordPress's own lists: "All (3) | Unread (1) |
 * Starred (2) | Spam (1) | Trash (1)". A view sets the status and read/starred filters of the
 * query; the counts come from GET /entries/counts and are not narrowed by search or filters.
 */
import { __, sprintf } from '@wordpress/i18n';
import type { EntriesQuery, ViewCounts } from '../store/entries';
import {
	LIST_VIEWS,
	currentListView,
	queryOfListView,
	type ListView,
} from './view';

/**
 * @param id A view.
 * @return Its name.
 */
function viewLabel( id: ListView ): string {
	switch ( id ) {
		case 'unread':
			return __( 'Unread', 'kestrel-forms' );
		case 'starred':
			return __( 'Starred', 'kestrel-forms' );
		case 'spam':
			return __( 'Spam', 'kestrel-forms' );
		case 'trash':
			return __( 'Trash', 'kestrel-forms' );
	}
	return __( 'All', 'kestrel-forms' );
}

/**
 * @param props        Props.
 * @param props.query  The list query.
 * @param props.counts Counts of the views (null while loading).
 * @param props.update Changes the query.
 */
export function EntryViews( {
	query,
	counts,
	update,
}: {
	query: EntriesQuery;
	counts: ViewCounts | null;
	update: ( change: Partial< EntriesQuery > ) => void;
} ) {
	const current = currentListView( query );
	return (
		<ul
			className="subsubsub kestrel-forms-entry-views"
			aria-label={ __( 'Entry views', 'kestrel-forms' ) }
		>
			{ LIST_VIEWS.map( ( id, index ) => (
				<li key={ id } className={ id }>
					<button
						type="button"
						className={
							'button-link' + ( current === id ? ' current' : '' )
						}
						aria-current={ current === id ? 'true' : undefined }
						onClick={ () => update( queryOfListView( id ) ) }
					>
						{ counts
							? sprintf(
									/* translators: 1: view name such as "Trash", 2: number of entries. */
									__( '%1$s (%2$d)', 'kestrel-forms' ),
									viewLabel( id ),
									counts[ id ]
								)
							: viewLabel( id ) }
					</button>
					{ index < LIST_VIEWS.length - 1 && ' | ' }
				</li>
			) ) }
		</ul>
	);
}
