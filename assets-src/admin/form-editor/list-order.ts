/**
 * Reordering a list in the editor (choices, feeds, notifications, confirmations): one pure
 * helper for every list that moves items by drag or by up/down buttons.
 */

/**
 * A list with the item at `from` moved to `to`; the same list when nothing moves (`to` outside
 * the list, or equal to `from`).
 *
 * @param list List.
 * @param from Index of the moved item.
 * @param to   Its new index.
 */
export function moveItem< T >( list: T[], from: number, to: number ): T[] {
	if ( from === to || to < 0 || to >= list.length ) {
		return list;
	}
	const next = [ ...list ];
	const [ item ] = next.splice( from, 1 );
	next.splice( to, 0, item );
	return next;
}
