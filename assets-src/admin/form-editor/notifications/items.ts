/**
 * Small pure helpers shared by the notifications and confirmations panels: stable ids inside a
 * form (schema `$defs.itemId`: `^[a-z0-9_-]{1,32}$`) and moving an item in a list.
 */
import { moveItem } from '../list-order';

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
 * A list with one item moved by `by` places, clamped to the list (up/down buttons).
 *
 * @param list  List.
 * @param index The item's index.
 * @param by    -1 up, +1 down.
 */
export function moveBy< T >( list: T[], index: number, by: number ): T[] {
	return moveItem(
		list,
		index,
		Math.max( 0, Math.min( list.length - 1, index + by ) )
	);
}
