/**
 * The inputs of the card and gift card frames (spec §3 card fields): one labelled input per
 * field inside a form, with the autocomplete tokens browsers fill cards by.
 */
import type { AnyFieldName, FieldState } from '../../protocol';

/** One input and its state (API §4.3 CardInputEventState). */
export interface Field {
	name: AnyFieldName;
	input: HTMLInputElement;
	box: HTMLElement;
	label: HTMLElement;
	state: FieldState;
}

/** State of an untouched input. */
export const emptyState = (): FieldState => ( {
	hasErrorClass: false,
	hasFocusClass: false,
	isCompletelyValid: false,
	isEmpty: true,
	isPotentiallyValid: true,
} );

const AUTOCOMPLETE: Record< AnyFieldName, AutoFill > = {
	cardNumber: 'cc-number',
	expirationDate: 'cc-exp',
	cvv: 'cc-csc',
	postalCode: 'postal-code',
	giftCardNumber: 'off',
};

/**
 * Builds the form and its inputs in the frame document.
 *
 * @param doc   Frame document.
 * @param kind  card or giftCard (the form's class).
 * @param names Fields, in tab order.
 */
export function buildInputs(
	doc: Document,
	kind: 'card' | 'giftCard',
	names: readonly AnyFieldName[]
): { form: HTMLFormElement; fields: Map< AnyFieldName, Field > } {
	const form = doc.createElement( 'form' );
	form.className = `sq-form sq-${ kind }`;
	form.noValidate = true;
	doc.body.appendChild( form );
	const fields = new Map< AnyFieldName, Field >();
	for ( const name of names ) {
		const box = doc.createElement( 'div' );
		box.className = `input-container field-${ name }`;
		const label = doc.createElement( 'label' );
		label.className = 'sq-label';
		const input = doc.createElement( 'input' );
		input.className = 'sq-input';
		input.name = name;
		input.id = `sq-${ name }`;
		label.htmlFor = input.id;
		input.setAttribute( 'data-field', name );
		input.autocomplete = AUTOCOMPLETE[ name ];
		input.inputMode = name === 'postalCode' ? 'text' : 'numeric';
		box.append( label, input );
		form.appendChild( box );
		fields.set( name, { name, input, box, label, state: emptyState() } );
	}
	return { form, fields };
}
