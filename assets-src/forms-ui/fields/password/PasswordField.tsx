/**
 * Password field (specs/forms-visitor-behaviour.md §1, §4; reference §10).
 *
 * Ids: the password input is `input_{formId}_{fieldId}` (the plain id, so the error summary's
 * link lands on it), the confirmation `input_{formId}_{fieldId}_2` (input "{fieldId}.2"), the
 * strength indicator `input_{formId}_{fieldId}_strength_indicator`.
 *
 * Each input has a toggle button to show the password as text. Its accessible name stays the
 * same ("Show password") and aria-pressed carries the state: a toggle button whose name also
 * flipped to "Hide password" would read "Hide password, pressed" while the password is visible.
 */
import { useEffect, useState } from '@wordpress/element';
import { __ } from '@wordpress/i18n';
import {
	hasConfirmation,
	passwordParts,
	passwordValue,
	type PasswordState,
} from '../../../forms-engine';
import { ids } from '../../ids';
import {
	measurePassword,
	meterReady,
	METER_POLL_MS,
} from '../../password-meter';
import { strengthText } from '../../password-texts';
import type { FieldProps } from '../types';
import type {
	FieldDefinition,
	FieldValue,
	SubmissionValues,
} from '../../../shared';
import {
	Description,
	FieldShell,
	cx,
	describedBy,
	FieldLabel,
} from '../../components/field-parts';

/**
 * A password input, a confirmation input unless the field asks once, show/hide toggles and, when
 * the field enables it, the live strength indicator.
 *
 * @param props Field props.
 */
export function PasswordField( props: FieldProps ) {
	const { formId, field, value, error, onChange, concealed } = props;
	const parts = passwordParts( value );
	const confirm = hasConfirmation( field );
	const withStrength = !! field.passwordStrengthEnabled;
	const inputId = ids.input( formId, field.id );
	const confirmId = ids.input( formId, field.id, 2 );
	const strengthId = `${ inputId }_strength_indicator`;
	const errorId = error ? ids.validation( formId, field.id ) : undefined;
	const descriptionId = field.description
		? ids.description( formId, field.id )
		: undefined;

	const update = ( password: string, confirmation: string ) =>
		onChange(
			field.id,
			passwordValue( {
				password,
				confirmation,
				strength: withStrength
					? measurePassword( password, confirm ? confirmation : '' )
					: '',
			} ),
			true
		);

	// WordPress's meter loads zxcvbn after the page's load event: until then the verdict is
	// "unknown"; look again every METER_POLL_MS and measure once it is there.
	const [ ready, setReady ] = useState( () => meterReady() );
	const waiting =
		withStrength && ! ready && parts.password !== '' && ! concealed;
	useEffect( () => {
		if ( ! waiting ) {
			return;
		}
		const timer = window.setInterval( () => {
			if ( meterReady() ) {
				setReady( true );
			}
		}, METER_POLL_MS );
		return () => window.clearInterval( timer );
	}, [ waiting ] );
	useEffect( () => {
		if ( ready && withStrength && parts.strength === 'unknown' ) {
			update( parts.password, parts.confirmation );
		}
		// Only when the meter becomes ready; typing measures on its own.
		// eslint-disable-next-line react-hooks/exhaustive-deps
	}, [ ready ] );

	let state: PasswordState = parts.strength || 'blank';
	if ( parts.password === '' ) {
		state = 'blank';
	}

	const input = ( which: 'password' | 'confirmation' ) => {
		const first = which === 'password';
		const subLabel = first
			? __( 'Enter password', 'kestrel-forms' )
			: __( 'Confirm password', 'kestrel-forms' );
		return (
			<PasswordInput
				id={ first ? inputId : confirmId }
				name={ first ? `input_${ field.id }` : `input_${ field.id }.2` }
				label={ confirm ? subLabel : null }
				toggleName={
					first
						? __( 'Show password', 'kestrel-forms' )
						: __( 'Show password confirmation', 'kestrel-forms' )
				}
				value={ first ? parts.password : parts.confirmation }
				required={ first && !! field.isRequired }
				invalid={ !! error }
				describedBy={ describedBy(
					! confirm && descriptionId,
					first && withStrength && strengthId,
					errorId
				) }
				concealed={ concealed }
				placeholder={ first ? field.placeholder : undefined }
				onChange={ ( text ) =>
					first
						? update( text, parts.confirmation )
						: update( parts.password, text )
				}
				onBlur={ () => props.onCommit?.( field.id ) }
			/>
		);
	};

	const strength = withStrength && (
		<div
			id={ strengthId }
			className={ cx(
				'kestrel-form__password-strength',
				`is-${ state }`
			) }
			aria-live="polite"
			aria-atomic="true"
		>
			<span className="screen-reader-text">
				{ __( 'Password strength:', 'kestrel-forms' ) + ' ' }
			</span>
			{ state === 'unknown' ? (
				<>
					<span aria-hidden="true">?</span>
					<span className="screen-reader-text">
						{ strengthText( state ) }
					</span>
				</>
			) : (
				strengthText( state )
			) }
		</div>
	);

	return (
		<FieldShell { ...{ formId, field, error, concealed } }>
			{ confirm ? (
				<fieldset
					className="kestrel-form__fieldset kestrel-form__password"
					disabled={ concealed }
					aria-describedby={ describedBy( descriptionId, errorId ) }
				>
					<FieldLabel formId={ formId } field={ field } as="legend" />
					<Description formId={ formId } field={ field } />
					<div className="kestrel-form__password-inputs">
						{ input( 'password' ) }
						{ input( 'confirmation' ) }
					</div>
					{ strength }
				</fieldset>
			) : (
				<div className="kestrel-form__password">
					<FieldLabel
						formId={ formId }
						field={ field }
						as="label"
						htmlFor={ inputId }
					/>
					<Description formId={ formId } field={ field } />
					{ input( 'password' ) }
					{ strength }
				</div>
			) }
		</FieldShell>
	);
}

/**
 * One password input with its show/hide toggle.
 *
 * @param props             Props.
 * @param props.id          Input id.
 * @param props.name        Input name.
 * @param props.label       Sub-label (null: the field's label already labels the input).
 * @param props.toggleName  The toggle button's accessible name.
 * @param props.value       Text.
 * @param props.required    aria-required.
 * @param props.invalid     aria-invalid.
 * @param props.describedBy aria-describedby.
 * @param props.concealed   Hidden by conditional logic.
 * @param props.placeholder Placeholder.
 * @param props.onChange    Called with the new text.
 * @param props.onBlur      Called when the input loses focus.
 */
function PasswordInput( props: {
	id: string;
	name: string;
	label: string | null;
	toggleName: string;
	value: string;
	required: boolean;
	invalid: boolean;
	describedBy?: string;
	concealed?: boolean;
	placeholder?: string;
	onChange: ( text: string ) => void;
	onBlur: () => void;
} ) {
	const [ shown, setShown ] = useState( false );
	return (
		<div className="kestrel-form__password-input">
			{ props.label && (
				<label className="kestrel-form__sublabel" htmlFor={ props.id }>
					{ props.label }
				</label>
			) }
			<div className="kestrel-form__password-row">
				<input
					id={ props.id }
					name={ props.name }
					type={ shown ? 'text' : 'password' }
					className="kestrel-form__control"
					autoComplete="new-password"
					// Browsers must not spell-check or capitalise what the visitor reveals.
					spellCheck={ false }
					autoCapitalize="off"
					value={ props.value }
					placeholder={ props.placeholder }
					aria-required={ props.required || undefined }
					aria-invalid={ props.invalid || undefined }
					aria-describedby={ props.describedBy }
					disabled={ props.concealed }
					tabIndex={ props.concealed ? -1 : undefined }
					onChange={ ( e ) => props.onChange( e.target.value ) }
					onBlur={ props.onBlur }
				/>
				<button
					type="button"
					className="kestrel-form__password-toggle"
					aria-label={ props.toggleName }
					aria-pressed={ shown }
					aria-controls={ props.id }
					disabled={ props.concealed }
					tabIndex={ props.concealed ? -1 : undefined }
					onClick={ () => setShown( ( s ) => ! s ) }
				>
					<EyeIcon crossed={ shown } />
				</button>
			</div>
		</div>
	);
}

/**
 * An eye (password hidden) or a crossed-out eye (password shown); decorative.
 *
 * @param props         Props.
 * @param props.crossed Draw the line through it.
 */
function EyeIcon( { crossed }: { crossed: boolean } ) {
	return (
		<svg
			aria-hidden="true"
			focusable="false"
			width="20"
			height="20"
			viewBox="0 0 24 24"
			fill="none"
			stroke="currentColor"
			strokeWidth="2"
			strokeLinecap="round"
		>
			<path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" />
			<circle cx="12" cy="12" r="3" />
			{ crossed && <path d="M4 20 20 4" /> }
		</svg>
	);
}

/**
 * The value of what was typed into the basic password inputs (`5`, `5.2`) before this control
 * took over, with the meter's verdict; undefined when the wire has no password (nothing typed,
 * or the inputs were disabled).
 *
 * @param field The field.
 * @param wire  Its wire values.
 */
PasswordField.fromBasic = (
	field: FieldDefinition,
	wire: SubmissionValues
): FieldValue | undefined => {
	if ( typeof wire[ String( field.id ) ] !== 'string' ) {
		return undefined;
	}
	const text = ( key: string ) => {
		const value = wire[ key ];
		return typeof value === 'string' ? value : '';
	};
	const password = text( String( field.id ) );
	const confirmation = text( `${ field.id }.2` );
	return passwordValue( {
		password,
		confirmation,
		strength: field.passwordStrengthEnabled
			? measurePassword(
					password,
					hasConfirmation( field ) ? confirmation : ''
				)
			: '',
	} );
};
