/**
 * The Luhn (mod 10) checksum every card number carries. Pure, no data: the payments SDK's frame
 * imports it directly, without the card-rules table.
 */

/**
 * Whether a number passes the Luhn checksum.
 *
 * @param digits Digits only.
 */
export function luhnValid( digits: string ): boolean {
	if ( ! /^\d+$/.test( digits ) ) {
		return false;
	}
	let sum = 0;
	for ( let i = 0; i < digits.length; i++ ) {
		let d = Number( digits[ digits.length - 1 - i ] );
		if ( i % 2 === 1 ) {
			d *= 2;
			if ( d > 9 ) {
				d -= 9;
			}
		}
		sum += d;
	}
	return sum % 10 === 0;
}
