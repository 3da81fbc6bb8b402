/**
 * The choices a new choice field starts with (pure: the store's `newField` reads it).
 */
import { __ } from '@wordpress/i18n';
import type { Choice } from '../../../shared';

/**
 * Three starter choices, with prices for pricing fields.
 *
 * @param priced Whether the choices carry prices.
 */
export function starterChoices( priced: boolean ): Choice[] {
	return [
		__( 'First choice', 'kestrel-forms' ),
		__( 'Second choice', 'kestrel-forms' ),
		__( 'Third choice', 'kestrel-forms' ),
	].map( ( text, i ) =>
		priced
			? { text, value: text, price: `${ ( i + 1 ) * 10 }.00` }
			: { text, value: text }
	);
}
