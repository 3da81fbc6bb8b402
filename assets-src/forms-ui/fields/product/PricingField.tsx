/**
 * Products, options and shipping (their choices reuse the choice group and the one-input control).
 */
import { formatMoney } from '../../../shared';
import { ids } from '../../ids';
import { QuantityInput } from '../../components/pricing-parts';
import { RevealDiv } from '../../components/reveal';
import {
	Description,
	FieldShell,
	LabelText,
} from '../../components/field-parts';
import { ChoiceGroup } from '../choice/ChoiceGroup';
import { TextControl } from '../text/TextControl';
import type { FieldProps } from '../types';

/**
 * Products, options and shipping: choices with prices, a price, a typed amount, and a product's
 * own quantity input.
 *
 * @param props Field props.
 */
export function PricingField( props: FieldProps ) {
	const { formId, field, concealed } = props;
	const kind = field.inputType ?? '';
	if ( kind === 'hiddenproduct' ) {
		return null;
	}
	const quantity =
		field.type === 'product' && props.quantity !== undefined ? (
			<QuantityInput
				formId={ formId }
				field={ field }
				value={ props.quantity }
				concealed={ concealed }
				error={ props.error }
				onChange={ ( v ) =>
					props.onChange( `${ field.id }.3`, v, true )
				}
				onCommit={ () => props.onCommit?.( field.id ) }
			/>
		) : null;
	let main;
	if ( kind === 'radio' || kind === 'checkbox' ) {
		main = <ChoiceGroup { ...props } />;
	} else if ( kind === 'select' || kind === 'price' ) {
		main = <TextControl { ...props } />;
	} else {
		// A fixed or calculated price: shown, not typed.
		const price =
			kind === 'calculation'
				? formatMoney( props.calculated ?? 0, props.currency )
				: formatMoney( field.basePrice ?? '0', props.currency );
		main = (
			<FieldShell { ...{ formId, field, concealed, error: props.error } }>
				<p
					className="kestrel-form__label"
					id={ ids.label( formId, field.id ) }
				>
					<LabelText field={ field } />
				</p>
				<Description formId={ formId } field={ field } />
				<p
					className="kestrel-form__price"
					id={ ids.input( formId, field.id ) }
				>
					{ price }
				</p>
			</FieldShell>
		);
	}
	if ( ! quantity ) {
		return main;
	}
	return (
		<RevealDiv className="kestrel-form__product" concealed={ !! concealed }>
			{ main }
			{ quantity }
		</RevealDiv>
	);
}
