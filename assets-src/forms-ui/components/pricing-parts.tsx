import { __, sprintf } from '@wordpress/i18n';
import type { Choice, FieldDefinition } from '../../shared';
import { formatMoney } from '../../shared';
import { ids } from '../ids';

const PRICED_CHOICES = [ 'product', 'option', 'shipping' ];

/**
 * A choice's label, with its price for pricing fields: "Large ($7.50)" for products and
 * shipping, "Logo (+$2.35)" for options.
 *
 * @param field    Field.
 * @param choice   Choice.
 * @param currency Currency code.
 */
export function choiceText(
	field: FieldDefinition,
	choice: Choice,
	currency?: string
): string {
	if (
		! PRICED_CHOICES.includes( field.type ) ||
		choice.price === undefined
	) {
		return choice.text;
	}
	const money = formatMoney( choice.price, currency );
	const shown =
		field.type === 'option' && ! money.startsWith( '-' )
			? `+${ money }`
			: money;
	/* translators: 1: choice label, 2: its price. */
	return sprintf( __( '%1$s (%2$s)', 'kestrel-forms' ), choice.text, shown );
}

/**
 * The id of a product's own quantity input: input index 3 for single, calculated and
 * user-defined products (as in the reference product), a separate id for choice products whose
 * choice inputs already use the indexes.
 *
 * @param formId Form id.
 * @param field  Product field.
 */
export function quantityInputId(
	formId: number,
	field: FieldDefinition
): string {
	return field.inputType === 'select' || field.inputType === 'radio'
		? `${ ids.input( formId, field.id ) }_quantity`
		: ids.input( formId, field.id, 3 );
}

/**
 * A product's own quantity input.
 *
 * @param props           Props.
 * @param props.formId    Form id.
 * @param props.field     Product field.
 * @param props.value     Current quantity text.
 * @param props.concealed Hidden by logic.
 * @param props.error     The product's message, when it shows one.
 * @param props.onChange  Called with the new text.
 * @param props.onCommit  Called when the input loses focus.
 */
export function QuantityInput( props: {
	formId: number;
	field: FieldDefinition;
	value: string;
	concealed?: boolean;
	/** The product's message (a quantity out of bounds is reported on the product). */
	error?: string;
	onChange: ( value: string ) => void;
	onCommit?: () => void;
} ) {
	const id = quantityInputId( props.formId, props.field );
	return (
		<div className="kestrel-form__quantity">
			<label htmlFor={ id }>{ __( 'Quantity', 'kestrel-forms' ) }</label>
			<input
				id={ id }
				name={ `input_${ props.field.id }.3` }
				type="text"
				// Quantities are whole numbers (issue 12).
				inputMode="numeric"
				className="kestrel-form__control is-small"
				aria-invalid={ props.error ? true : undefined }
				aria-describedby={
					props.error
						? ids.validation( props.formId, props.field.id )
						: undefined
				}
				value={ props.value }
				disabled={ props.concealed }
				tabIndex={ props.concealed ? -1 : undefined }
				onChange={ ( e ) => props.onChange( e.target.value ) }
				onBlur={ () => props.onCommit?.() }
			/>
		</div>
	);
}
