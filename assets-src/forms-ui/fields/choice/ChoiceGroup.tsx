/**
 * Radio and checkbox groups (and priced options shown as radios or checkboxes): a fieldset whose
 * legend is the label, with the "other" choice of a radio group and the "Select all" box.
 */
import { useEffect, useRef } from '@wordpress/element';
import { __ } from '@wordpress/i18n';
import { OTHER_CHOICE } from '../../../shared';
import { ids } from '../../ids';
import { useHydrated } from '../../use-hydrated';
import { choiceText } from '../../components/pricing-parts';
import {
	Description,
	FieldShell,
	fieldDescribedBy,
	FieldLabel,
} from '../../components/field-parts';
import type { FieldProps } from '../types';

/**
 * The group.
 *
 * @param props Field props.
 */
export function ChoiceGroup( props: FieldProps ) {
	const { formId, field, value, error, onChange, concealed } = props;
	const isCheckbox =
		field.type === 'checkbox' || field.inputType === 'checkbox';
	const checked = Array.isArray( value ) ? value : [ value ?? '' ];
	const described = fieldDescribedBy( formId, field, error );
	const toggle = ( choiceValue: string, on: boolean ) => {
		if ( ! isCheckbox ) {
			onChange( field.id, choiceValue );
			return;
		}
		// Keep the choices' order, whatever order they were clicked in.
		const next = ( field.choices ?? [] )
			.map( ( c ) => c.value )
			.filter( ( v ) =>
				v === choiceValue ? on : checked.includes( v )
			);
		onChange( field.id, next );
	};
	return (
		<FieldShell { ...{ formId, field, error, concealed } }>
			<fieldset
				disabled={ concealed }
				className="kestrel-form__fieldset"
				aria-describedby={ described }
				role={ isCheckbox ? undefined : 'radiogroup' }
				aria-invalid={ ! isCheckbox && error ? true : undefined }
				aria-required={
					! isCheckbox && field.isRequired ? true : undefined
				}
			>
				<FieldLabel formId={ formId } field={ field } as="legend" />
				<Description formId={ formId } field={ field } />
				{ isCheckbox && field.enableSelectAll && (
					<SelectAll
						id={ `${ ids.input( formId, field.id ) }_select_all` }
						choices={ ( field.choices ?? [] ).map(
							( c ) => c.value
						) }
						checked={ checked }
						concealed={ concealed }
						onChange={ ( next ) => onChange( field.id, next ) }
					/>
				) }
				<ul className="kestrel-form__choices">
					{ ( field.choices ?? [] ).map( ( choice, index ) => {
						const choiceId = ids.input(
							formId,
							field.id,
							index + 1
						);
						return (
							<li key={ index } className="kestrel-form__choice">
								<input
									type={ isCheckbox ? 'checkbox' : 'radio' }
									id={ choiceId }
									name={
										isCheckbox
											? `input_${ choiceInputId(
													field,
													index
												) }`
											: `input_${ field.id }`
									}
									value={ choice.value }
									checked={ checked.includes( choice.value ) }
									tabIndex={ concealed ? -1 : undefined }
									// Each input carries the message; checkboxes also the error state
									// (a radio has none: its radiogroup carries it).
									aria-invalid={
										isCheckbox && error ? true : undefined
									}
									aria-describedby={
										error
											? ids.validation( formId, field.id )
											: undefined
									}
									onChange={ ( e ) =>
										toggle( choice.value, e.target.checked )
									}
								/>
								<label htmlFor={ choiceId }>
									{ choiceText(
										field,
										choice,
										props.currency
									) }
								</label>
							</li>
						);
					} ) }
					{ ! isCheckbox && field.enableOtherChoice && (
						<OtherChoice { ...props } />
					) }
				</ul>
			</fieldset>
		</FieldShell>
	);
}

/**
 * The input id a checkbox choice posts as: the definition's `inputs[index].id` when it lists
 * one (an imported field's choice ten is "N.11"), else "N.{index + 1}". The twin of PHP
 * `Form::choice_input_ids()`, which reads the plain post's checkboxes.
 *
 * @param field Checkbox field.
 * @param index The choice's position.
 */
function choiceInputId( field: FieldProps[ 'field' ], index: number ): string {
	return field.inputs?.[ index ]?.id ?? `${ field.id }.${ index + 1 }`;
}

/**
 * A radio group's "other" choice: a radio and a text box that is enabled only while the radio is
 * selected (spec §5). The field's value is the typed text. Without scripts (the server's markup,
 * and so the first render) the text box is enabled, so it can be typed in and posted as
 * `input_{fieldId}_other`.
 *
 * @param props Field props.
 */
function OtherChoice( props: FieldProps ) {
	const { formId, field, value, error, concealed } = props;
	const hydrated = useHydrated();
	const text = typeof value === 'string' ? value : '';
	const selected =
		text !== '' &&
		! ( field.choices ?? [] ).some( ( c ) => c.value === text );
	const typed = selected && text !== OTHER_CHOICE ? text : '';
	const radioId = ids.input(
		formId,
		field.id,
		( field.choices ?? [] ).length + 1
	);
	const textId = `${ ids.input( formId, field.id ) }_other`;
	return (
		<li className="kestrel-form__choice kestrel-form__choice--other">
			<input
				type="radio"
				id={ radioId }
				name={ `input_${ field.id }` }
				value={ OTHER_CHOICE }
				checked={ selected }
				tabIndex={ concealed ? -1 : undefined }
				aria-describedby={
					error ? ids.validation( formId, field.id ) : undefined
				}
				onChange={ () =>
					props.onChange( field.id, typed || OTHER_CHOICE )
				}
			/>
			<label htmlFor={ radioId }>
				{ __( 'Other', 'kestrel-forms' ) }
			</label>
			<input
				type="text"
				id={ textId }
				name={ `input_${ field.id }_other` }
				className="kestrel-form__control is-medium"
				aria-label={ __( 'Other, please specify', 'kestrel-forms' ) }
				value={ typed }
				disabled={ ( hydrated && ! selected ) || concealed }
				tabIndex={ concealed ? -1 : undefined }
				onChange={ ( e ) =>
					props.onChange(
						field.id,
						e.target.value || OTHER_CHOICE,
						true
					)
				}
				onBlur={ () => props.onCommit?.( field.id ) }
			/>
		</li>
	);
}

/**
 * "Select all": checked when every choice is, mixed (indeterminate) when some are; toggling it
 * checks or clears every choice.
 *
 * @param props           Props.
 * @param props.id        Input id.
 * @param props.choices   Every choice value, in order.
 * @param props.checked   Checked values.
 * @param props.concealed Hidden by logic.
 * @param props.onChange  Called with the new checked values.
 */
function SelectAll( props: {
	id: string;
	choices: string[];
	checked: string[];
	concealed?: boolean;
	onChange: ( next: string[] ) => void;
} ) {
	const count = props.choices.filter( ( v ) =>
		props.checked.includes( v )
	).length;
	const all = count > 0 && count === props.choices.length;
	const ref = useRef< HTMLInputElement >( null );
	useEffect( () => {
		if ( ref.current ) {
			ref.current.indeterminate = count > 0 && ! all;
		}
	}, [ count, all ] );
	return (
		<div className="kestrel-form__choice kestrel-form__select-all">
			<input
				ref={ ref }
				type="checkbox"
				id={ props.id }
				checked={ all }
				aria-checked={ count > 0 && ! all ? 'mixed' : all }
				tabIndex={ props.concealed ? -1 : undefined }
				onChange={ () =>
					props.onChange( all ? [] : [ ...props.choices ] )
				}
			/>
			<label htmlFor={ props.id }>
				{ __( 'Select all', 'kestrel-forms' ) }
			</label>
		</div>
	);
}
