import { memo, useEffect, useRef } from '@wordpress/element';
import { __ } from '@wordpress/i18n';
import type { ReactNode } from 'react';
import type { FieldDefinition, FieldValue } from '../../shared';
import { ids } from '../ids';
import { formatMoney, OTHER_CHOICE } from '../../shared';
import { choiceText, QuantityInput } from './pricing-parts';
import { RevealDiv } from './reveal';
import {
	cx,
	describedBy,
	Description,
	DescriptionPlacement,
	FieldShell,
	LabelText,
} from './field-parts';
import { RowsField } from './RowsField';
import { FileUploadField, type UploadBindings } from './FileUploadField';
import {
	CaptchaField,
	type CaptchaConfig,
	type CaptchaGate,
} from './CaptchaField';
import { PasswordField } from './PasswordField';
import { CreditCardField } from './CreditCardField';
import { UnitSlot } from '../fields/UnitSlot';
import { isUnitField, type UnitBinding } from '../fields/units';

export interface FieldProps {
	formId: number;
	field: FieldDefinition;
	value: FieldValue | undefined;
	error?: string;
	/** Called with the field id, or a product's quantity input id ("5.3"). */
	onChange: (
		key: number | string,
		value: FieldValue,
		typing?: boolean
	) => void;
	/** The visitor left a field they typed in: apply its pending update now. */
	onCommit?: ( fieldId: number ) => void;
	/** The form's currency, for prices. */
	currency?: string;
	/** A calculated product's price. */
	calculated?: number | null;
	/** A product's own quantity, when it has a quantity input. */
	quantity?: string;
	/**
	 * Hidden by conditional logic: not shown, inputs disabled and out of the tab order
	 * (spec §4).
	 */
	concealed?: boolean;
	/** Says something to screen-reader users through the form's live region. */
	announce?: ( text: string ) => void;
	/** Upload fields: the form's upload id, endpoint and bookkeeping (absent in previews). */
	uploads?: UploadBindings;
	/** Captcha fields: the site's captcha settings (null: not set up). */
	captcha?: CaptchaConfig | null;
	/** Captcha fields: hands the form the invisible captcha's gate for the final submit. */
	captchaGate?: ( gate: CaptchaGate | null ) => void;
	/** Fields whose type a unit provides (units.ts): where the unit comes from, its slot. */
	unit?: UnitBinding;
	/** The form's `descriptionPlacement` (absent: between the label and the input). */
	descriptionPlacement?: 'above' | 'below';
}

/**
 * One field with its label, description, control and inline error, wired for assistive tech:
 * the control's aria-describedby names the description and the error; aria-invalid is set
 * while an error shows. Memoised: it renders again only when one of its props changed.
 */
export const Field = memo( PlacedField );

/**
 * The field with the form's description placement in context (field-parts `Description`).
 *
 * @param props Field props.
 */
function PlacedField( props: FieldProps ) {
	return (
		<DescriptionPlacement.Provider
			value={ props.descriptionPlacement ?? 'above' }
		>
			<FieldControl { ...props } />
		</DescriptionPlacement.Provider>
	);
}

/**
 * The field itself. A change in one field of a large form redraws that field and its
 * dependents, not the whole form.
 *
 * @param props Field props.
 */
function FieldControl( props: FieldProps ) {
	const { formId, field } = props;
	if ( isUnitField( field ) ) {
		return <UnitSlot { ...props } />;
	}
	switch ( field.type ) {
		case 'hidden':
			return (
				<input
					type="hidden"
					disabled={ props.concealed }
					id={ ids.input( formId, field.id ) }
					name={ `input_${ field.id }` }
					value={ typeof props.value === 'string' ? props.value : '' }
				/>
			);
		case 'section':
			return (
				<RevealDiv
					id={ ids.field( formId, field.id ) }
					className={ cx( 'kestrel-form__section', field.cssClass ) }
					concealed={ !! props.concealed }
				>
					{ field.label && (
						<h3 className="kestrel-form__section-title">
							{ field.label }
						</h3>
					) }
					{ field.description && (
						<p className="kestrel-form__description">
							{ field.description }
						</p>
					) }
				</RevealDiv>
			);
		case 'html':
			return (
				<RevealDiv
					id={ ids.field( formId, field.id ) }
					className={ cx( 'kestrel-form__html', field.cssClass ) }
					concealed={ !! props.concealed }
				>
					<div
						// The server sanitised this markup with wp_kses_post before printing it.
						dangerouslySetInnerHTML={ {
							__html: field.content ?? '',
						} }
					/>
				</RevealDiv>
			);
		case 'radio':
		case 'checkbox':
			return <ChoiceGroup { ...props } />;
		case 'total':
			return <TotalField { ...props } />;
		case 'password':
			return <PasswordField { ...props } />;
		case 'creditcard':
			return <CreditCardField { ...props } />;
		case 'captcha':
			return (
				<FieldShell
					formId={ formId }
					field={ field }
					error={ props.error }
					concealed={ props.concealed }
				>
					<CaptchaField
						{ ...props }
						config={ props.captcha ?? null }
						gate={ props.captchaGate }
						label={ <LabelText field={ field } /> }
					/>
				</FieldShell>
			);
		case 'fileupload':
			return (
				<FieldShell
					formId={ formId }
					field={ field }
					error={ props.error }
					concealed={ props.concealed }
				>
					{ props.uploads ? (
						<FileUploadField
							{ ...props }
							uploads={ props.uploads }
							label={ <LabelText field={ field } /> }
							description={
								<Description
									formId={ formId }
									field={ field }
								/>
							}
						/>
					) : (
						<p className="kestrel-form__label">
							<LabelText field={ field } />
						</p>
					) }
				</FieldShell>
			);
		case 'list':
		case 'repeater':
			return (
				<FieldShell
					formId={ formId }
					field={ field }
					error={ props.error }
					concealed={ props.concealed }
				>
					<RowsField
						{ ...props }
						label={ <LabelText field={ field } /> }
						description={
							<Description formId={ formId } field={ field } />
						}
						describedBy={ describedByIds(
							formId,
							field,
							props.error
						) }
					/>
				</FieldShell>
			);
		case 'product':
		case 'shipping':
		case 'option':
			return <PricingField { ...props } />;
		default:
			return <SingleInput { ...props } />;
	}
}

function SingleInput( props: FieldProps ) {
	const { formId, field, value, error, onChange, concealed } = props;
	const calculated = field.type === 'number' && !! field.enableCalculation;
	const inputId = ids.input( formId, field.id );
	const described = describedByIds( formId, field, error );
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

function ChoiceGroup( props: FieldProps ) {
	const { formId, field, value, error, onChange, concealed } = props;
	const isCheckbox =
		field.type === 'checkbox' || field.inputType === 'checkbox';
	const checked = Array.isArray( value ) ? value : [ value ?? '' ];
	const described = describedByIds( formId, field, error );
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
				<legend
					className="kestrel-form__label"
					id={ ids.label( formId, field.id ) }
				>
					<LabelText field={ field } />
				</legend>
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
											? `input_${ field.id }.${ index + 1 }`
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
 * A radio group's "other" choice: a radio and a text box that is enabled only while the radio is
 * selected (spec §5). The field's value is the typed text.
 *
 * @param props Field props.
 */
function OtherChoice( props: FieldProps ) {
	const { formId, field, value, error, concealed } = props;
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
				className="kestrel-form__control is-medium"
				aria-label={ __( 'Other, please specify', 'kestrel-forms' ) }
				value={ typed }
				disabled={ ! selected || concealed }
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

/**
 * Products, options and shipping: choices with prices, a price, a typed amount, and a product's
 * own quantity input.
 *
 * @param props Field props.
 */
function PricingField( props: FieldProps ) {
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
		main = <SingleInput { ...props } />;
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

/**
 * The order total, announced politely as it changes.
 *
 * @param props Field props.
 */
function TotalField( props: FieldProps ) {
	const { formId, field, value, concealed } = props;
	const id = ids.input( formId, field.id );
	return (
		<FieldShell { ...{ formId, field, concealed, error: props.error } }>
			<label
				className="kestrel-form__label"
				htmlFor={ id }
				id={ ids.label( formId, field.id ) }
			>
				<LabelText field={ field } />
			</label>
			<output
				id={ id }
				className="kestrel-form__total"
				aria-live="polite"
			>
				{ typeof value === 'string' ? value : '' }
			</output>
			{ /* What a field unit shows under the total (a payment field's instalment messaging). */ }
			<div
				className="kestrel-form__total-after"
				data-total-after={ formId }
			/>
		</FieldShell>
	);
}

/**
 * A field's aria-describedby: its description and its message, when shown.
 *
 * @param formId Form id.
 * @param field  Field.
 * @param error  The field's message.
 */
function describedByIds(
	formId: number,
	field: FieldDefinition,
	error: string | undefined
): string | undefined {
	return describedBy(
		!! field.description && ids.description( formId, field.id ),
		!! error && ids.validation( formId, field.id )
	);
}
