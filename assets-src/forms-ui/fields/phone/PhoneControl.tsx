/**
 * Phone fields (docs/field-types.md): one `type="tel"` input with the `tel` token; the standard
 * format masks what the visitor types as `(###) ###-####` (mask.ts), the international one
 * takes the number as typed.
 */
import { SingleInput } from '../text/TextControl';
import type { FieldProps } from '../types';
import { maskUsPhone } from './mask';

/**
 * Applies the mask to the element and returns the value to keep.
 *
 * @param element  The input.
 * @param previous The value before the keystroke.
 */
function masked( element: HTMLInputElement, previous: string ): string {
	const { text, caret } = maskUsPhone(
		element.value,
		element.selectionStart ?? element.value.length,
		previous
	);
	if ( text !== element.value ) {
		element.value = text;
		element.setSelectionRange( caret, caret );
	}
	return text;
}

/**
 * The phone field.
 *
 * @param props Field props.
 */
export function PhoneControl( props: FieldProps ) {
	const standard = props.field.phoneFormat !== 'international';
	return (
		<SingleInput
			{ ...props }
			input={ {
				type: 'tel',
				// The US format takes the national number: a browser filling "tel" gives
				// "+1 555…", which the standard format refuses (a leading 1 is not accepted).
				autoComplete: standard ? 'tel-national' : 'tel',
				transform: standard ? masked : undefined,
			} }
		/>
	);
}
