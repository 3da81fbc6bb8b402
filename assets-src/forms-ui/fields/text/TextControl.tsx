/**
 * The one-input fields (text, textarea, email, number, select, phone, website, a simple name,
 * a date typed in one box, a priced drop-down or typed price): a label, the description and one
 * control. The registry's control for every type without a control of its own.
 */
import { __ } from '@wordpress/i18n';
import type { ReactNode } from 'react';
import { ids } from '../../ids';
import { choiceText } from '../../components/pricing-parts';
import {
	cx,
	describedBy,
	Description,
	FieldShell,
	fieldDescribedBy,
	FieldLabel,
} from '../../components/field-parts';
import type { FieldProps } from '../types';

/** What a type asks of the one text input (phone, website, a simple name). */
export interface InputOptions {
	type?: 'text' | 'email' | 'tel' | 'url';
	autoComplete?: string;
	/** Used when the field has no placeholder of its own. */
	placeholder?: string;
	/**
	 * The value to keep for what the visitor just typed (a mask). It may set the element's
	 * value and caret itself: React then finds the value it renders already there and leaves
	 * the caret where the transform put it.
	 */
	transform?: ( element: HTMLInputElement, previous: string ) => string;
	/** What the input's aria-describedby adds (a format hint's id). */
	describedBy?: string;
	/** Something after the input (a date picker's button and dialog). */
	after?: ReactNode;
}

/**
 * The one-input control, with what a type asks of its input.
 *
 * @param props       Field props.
 * @param props.input The type's input options.
 */
export function SingleInput( props: FieldProps & { input?: InputOptions } ) {
	const { formId, field, value, error, onChange, concealed, input } = props;
	const calculated = field.type === 'number' && !! field.enableCalculation;
	const inputId = ids.input( formId, field.id );
	const described = describedBy(
		fieldDescribedBy( formId, field, error ),
		input?.describedBy
	);
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
				type={
					input?.type ?? ( field.type === 'email' ? 'email' : 'text' )
				}
				inputMode={
					[ 'number', 'quantity', 'product' ].includes( field.type )
						? 'decimal'
						: undefined
				}
				autoComplete={
					input?.autoComplete ??
					( field.type === 'email' ? 'email' : undefined )
				}
				value={ text }
				placeholder={ field.placeholder || input?.placeholder }
				maxLength={
					field.type === 'number' ? undefined : field.maxLength
				}
				onChange={ ( e ) =>
					onChange(
						field.id,
						input?.transform
							? input.transform( e.target, text )
							: e.target.value,
						true
					)
				}
				onBlur={ () => props.onCommit?.( field.id ) }
			/>
		);
	}
	return (
		<FieldShell { ...{ formId, field, error, concealed } }>
			<FieldLabel
				formId={ formId }
				field={ field }
				as="label"
				htmlFor={ inputId }
			/>
			{ /* Only when there is one: a field without renders one component less. */ }
			{ !! field.description && (
				<Description formId={ formId } field={ field } />
			) }
			{ control }
			{ input?.after }
		</FieldShell>
	);
}

/**
 * A single input, textarea or drop-down (the registry's control for every type without one of
 * its own): the one-input control itself, so that a formula's new value re-renders one
 * component less per field.
 */
export const TextControl: ( props: FieldProps ) => ReactNode = SingleInput;
