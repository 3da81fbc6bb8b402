/**
 * What undoes a status change, like the Undo link of WordPress's posts list after "Move to
 * Trash": each entry goes back to the status it had (a spam entry trashed is spam again).
 */
import type { BulkAction, EntryStatus, UndoStep } from './types';

/** The status each undoable action gives. */
const TARGET: Partial< Record< BulkAction, EntryStatus > > = {
	trash: 'trash',
	spam: 'spam',
	not_spam: 'active',
	restore: 'active',
};

/**
 * @param action A bulk action.
 * @return The status it gives entries, or undefined for flags and deletion.
 */
export const statusAfter = ( action: BulkAction ): EntryStatus | undefined =>
	TARGET[ action ];

/** The action that gives an entry back each status. */
const BACK_TO: Record< EntryStatus, BulkAction > = {
	active: 'restore',
	spam: 'spam',
	trash: 'trash',
};

/**
 * @param action  The status change done.
 * @param entries The entries it was done to, with the statuses they had before.
 * @return The steps that put them back (empty when nothing changed or the action has no undo).
 */
export function undoSteps(
	action: BulkAction,
	entries: Array< { id: number; status: EntryStatus } >
): UndoStep[] {
	const target = statusAfter( action );
	if ( ! target ) {
		return [];
	}
	const steps: UndoStep[] = [];
	for ( const entry of entries ) {
		if ( entry.status === target ) {
			continue;
		}
		const back = BACK_TO[ entry.status ];
		const step = steps.find( ( s ) => s.action === back );
		if ( step ) {
			step.ids.push( entry.id );
		} else {
			steps.push( { action: back, ids: [ entry.id ] } );
		}
	}
	return steps;
}
