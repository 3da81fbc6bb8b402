/**
 * Small pure helpers shared by the notifications and confirmations panels: stable ids inside a
 * form (schema `$defs.itemId`: `^[a-z0-9_-]{1,32}$`) and moving an item in a list.
 */

/**
 * A new id no other item of the list has.
 *
 * @param taken  Ids in use.
 * @param random Source of randomness (tests pass their own).
 */
export function newItemId(
	taken: readonly string[],
	random: () => number = Math.random
): string {
	for (;;) {
		const id = random().toString( 36 ).slice( 2, 12 ).padEnd( 4, '0' );
		if ( /^[a-z0-9]{4,10}$/.test( id ) && ! taken.includes( id ) ) {
			return id;
		}
	}
}

/**
 * A copy of a list with one item moved by `by` places (clamped to the list).
 *
 * @param list  List.
 * @param index The item's index.
 * @param by    -1 up, +1 down.
 */
export function moveItem< T >(
	list: readonly T[],
	index: number,
	by: number
): T[] {
	const to = Math.max( 0, Math.min( list.length - 1, index + by ) );
	const next = [ ...list ];
	if ( to === index || index < 0 || index >= list.length ) {
		return next;
	}
	const [ item ] = next.splice( index, 1 );
	next.splice( to, 0, item );
	return next;
}
