/**
 * What typing, focus and keys do in the frame's inputs (spec §3 card events, §4): format as
 * typed, follow the brand, move on when a field is complete, focus classes, error on blur,
 * escape and submit events.
 */
import type { CardInputEventName, FieldState } from '../../protocol';
import type { IssuingCountry } from '../issuing-country';
import { cardNumberLength, detectBrand, digitsOf } from '../validation';
import { formatField } from './field-rules';
import type { FieldSet } from './field-set';

/**
 * Adds the input, focus, blur and keydown handlers to every input.
 *
 * @param set     The frame's inputs.
 * @param issuing Issuing-country lookup of the card number (card frame only).
 */
export function bindInputs(
	set: FieldSet,
	issuing: IssuingCountry | null
): void {
	const { order } = set;
	for ( const f of order ) {
		f.input.addEventListener( 'input', () => {
			f.input.value = formatField( f.name, f.input.value, set.brand );
			if ( f.name === 'cardNumber' ) {
				issuing?.update( digitsOf( f.input.value ) );
				const next = detectBrand( f.input.value );
				if ( next !== set.brand ) {
					set.brand = next;
					set.update( f, {}, [ 'cardBrandChanged' ] );
					const cvv = set.get( 'cvv' );
					if ( cvv && cvv.input.value ) {
						set.refresh( cvv );
					}
				}
			}
			const v = set.refresh( f );
			if ( f.name === 'postalCode' ) {
				set.update( f, {}, [ 'postalCodeChanged' ] );
			}
			// Move on once a field is complete (not the last one).
			const i = order.indexOf( f );
			if ( v.valid && i < order.length - 1 && f.name !== 'postalCode' ) {
				const digitsDone =
					f.name !== 'cardNumber' ||
					digitsOf( f.input.value ).length >=
						cardNumberLength( set.brand );
				if ( digitsDone ) {
					order[ i + 1 ].input.focus();
				}
			}
		} );
		f.input.addEventListener( 'focus', () => {
			set.focused = f.name;
			set.update( f, { hasFocusClass: true }, [ 'focusClassAdded' ] );
		} );
		f.input.addEventListener( 'blur', () => {
			if ( set.focused === f.name ) {
				set.focused = null;
			}
			const v = set.validity( f );
			const changes: Partial< FieldState > = { hasFocusClass: false };
			const events: CardInputEventName[] = [ 'focusClassRemoved' ];
			if (
				f.input.value !== '' &&
				! v.valid &&
				! f.state.hasErrorClass
			) {
				changes.hasErrorClass = true;
				events.push( 'errorClassAdded' );
			}
			set.update( f, changes, events );
		} );
		f.input.addEventListener( 'keydown', ( e: KeyboardEvent ) => {
			if ( e.key === 'Escape' ) {
				set.update( f, {}, [ 'escape' ] );
			} else if ( e.key === 'Enter' ) {
				e.preventDefault();
				set.update( f, {}, [ 'submit' ] );
			}
		} );
	}
}
