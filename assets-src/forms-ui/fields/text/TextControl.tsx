/**
 * The one-input fields (text, textarea, email, number, select, phone-less plain inputs, a
 * priced drop-down or typed price): a label, the description and one control. The registry's
 * control for every type without a control of its own.
 */
import { __ } from '@wordpress/i18n';
import type { ReactNode } from 'react';
import { ids } from '../../ids';
import { choiceText } from '../../components/pricing-parts';
import {
	cx,
	Description,
	FieldShell,
	fieldDescribedBy,
	LabelText,
} from '../../components/field-parts';
import type { FieldProps } from '../types';

/**
 * A single input, textarea or drop-down.
 *
 * @param props Field props.
 */
export function TextControl( props: FieldProps ) {
	const { formId, field, value, error, onChange, concealed } = props;
	const calculated = field.type === 'number' && !! field.enableCalculation;
	const inputId = ids.input( formId, field.id );
	const described = fieldDescribedBy( formId, field, error );
	const text = typeof value === 'string' ? value : '';
	const common = {
		id: inputId,
		name: `input_${ field.id }`,
		'aria-describedby': described,
		'aria-invalid': error ? ( true as const ) : undefined,
		'aria-required':
			field.isRequired && ! calculated ? ( true as const ) : undefined,
		disabled: concealed,
		tabIndex: concealed ? -1 : undefined,
		readOnly: calculated || undefined,
		className: cx(
			'kestrel-form__control',
			field.size && `is-${ field.size }`
		),
	};
	let control: ReactNode;
	if ( field.type === 'textarea' ) {
		control = (
			<textarea
				{ ...common }
				rows={ 6 }
				value={ text }
				placeholder={ field.placeholder }
				maxLength={ field.maxLength }
				onChange={ ( e ) => onChange( field.id, e.target.value, true ) }
				onBlur={ () => props.onCommit?.( field.id ) }
			/>
		);
	} else if ( field.type === 'select' || field.inputType === 'select' ) {
		control = (
			<select
				{ ...common }
				value={ text }
				onChange={ ( e ) => onChange( field.id, e.target.value ) }
			>
				<option value="">
					{ field.placeholder ||
						__( 'Select an option', 'kestrel-forms' ) }
				</option>
				{ ( field.choices ?? [] ).map( ( choice, index ) => (
					<option key={ index } value={ choice.value }>
						{ choiceText( field, choice, props.currency ) }
					</option>
				) ) }
			</select>
		);
	} else {
		control = (
			<input
				{ ...common }
				// Numbers are typed as text so decimal_comma input works; inputMode brings the
				// numeric keyboard on phones.
				type={ field.type === 'email' ? 'email' : 'text' }
				inputMode={
					[ 'number', 'quantity', 'product' ].includes( field.type )
						? 'decimal'
						: undefined
				}
				autoComplete={ field.type === 'email' ? 'email' : undefined }
				value={ text }
				placeholder={ field.placeholder }
				maxLength={
					field.type === 'number' ? undefined : field.maxLength
				}
				onChange={ ( e ) => onChange( field.id, e.target.value, true ) }
				onBlur={ () => props.onCommit?.( field.id ) }
			/>
		);
	}
	return (
		<FieldShell { ...{ formId, field, error, concealed } }>
			<label
				className="kestrel-form__label"
				htmlFor={ inputId }
				id={ ids.label( formId, field.id ) }
			>
				<LabelText field={ field } />
			</label>
			<Description formId={ formId } field={ field } />
			{ control }
		</FieldShell>
	);
}
