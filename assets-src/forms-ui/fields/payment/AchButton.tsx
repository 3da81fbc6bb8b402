/**
 * The payment field's bank-account (ACH) payment: a "Pay with bank account" button, and the
 * account holder's name from the field the site owner chose (`accountHolderField`) or, without
 * one, from the field's own labelled, required input.
 *
 * A click checks the form synchronously (required fields, engine rules, the holder's name) and
 * only then opens the provider's bank link, for the total the server quoted; the token then
 * submits the form with `{method: 'ach', token, accountHolderName}`. A closed bank link or a
 * failed authorisation is a message at the field, announced; what the visitor entered stays.
 * A bank payment is pending until the bank settles it: the field says so before the click, the
 * server's confirmation after it.
 */
import { useEffect, useRef, useState } from '@wordpress/element';
import { __ } from '@wordpress/i18n';
import type { FieldDefinition } from '../../../shared';
import { ids } from '../../ids';
import type { UnitFormPort } from '../units';
import { ButtonNote, type ButtonNoteText } from './ButtonNote';
import { minorUnits, type ServerQuote } from './quote';
import type {
	AchHandle,
	BankAndCashAppSettings,
	PaymentBinding,
} from './types';

interface AchButtonProps {
	formId: number;
	field: FieldDefinition;
	binding: PaymentBinding;
	form: UnitFormPort;
	quote: ServerQuote;
	concealed?: boolean;
	/** Says a message in the field's live region. */
	announce: ( text: string ) => void;
}

/**
 * A form value as one line of text (a name field's parts joined).
 *
 * @param value The value.
 */
const textOf = ( value: unknown ): string =>
	( Array.isArray( value ) ? value.join( ' ' ) : String( value ?? '' ) )
		.replace( /\s+/g, ' ' )
		.trim();

/**
 * The bank-account button and, when needed, the holder's name input.
 *
 * @param props Props.
 */
export function AchButton( props: AchButtonProps ) {
	const { formId, field, binding, form, quote, concealed, announce } = props;
	const { config, registry } = binding;
	const [ handle, setHandle ] = useState< AchHandle | null >( null );
	const [ ownName, setOwnName ] = useState( '' );
	const [ nameError, setNameError ] = useState( '' );
	const [ note, setNote ] = useState< ButtonNoteText >();
	const busy = useRef( false );
	const nameInput = useRef< HTMLInputElement >( null );
	const holderField =
		config?.accountHolderField ??
		( field as FieldDefinition & BankAndCashAppSettings )
			.accountHolderField;
	const inputId = `${ ids.input( formId, field.id ) }_account_holder`;

	useEffect( () => {
		if ( ! config || ! registry ) {
			return;
		}
		let cancelled = false;
		let made: AchHandle | null = null;
		void registry
			.ready()
			.then( ( adapter ) => adapter.ach?.( config ) )
			.then(
				( ach ) => {
					if ( ! ach ) {
						return;
					}
					if ( cancelled ) {
						void ach.destroy();
						return;
					}
					made = ach;
					setHandle( ach );
				},
				// The provider does not offer bank payments here: no button.
				() => undefined
			);
		return () => {
			cancelled = true;
			setHandle( null );
			void made?.destroy();
		};
	}, [ config, registry ] );

	/** The holder's name: the chosen field's value, else the field's own input. */
	const holderName = (): string => {
		if ( ! holderField ) {
			return ownName.trim();
		}
		const { values } = form.current();
		return textOf(
			values[ holderField ] ?? values[ holderField.split( '.' )[ 0 ] ]
		);
	};

	const say = ( text: string, error: boolean ) => {
		setNote( { text, error } );
		announce( text );
	};

	const pay = () => {
		if ( ! handle || busy.current ) {
			return;
		}
		setNote( undefined );
		if ( ! form.check() ) {
			return;
		}
		const name = holderName();
		if ( ! name ) {
			const text = __(
				"Please enter the account holder's name.",
				'kestrel-forms'
			);
			if ( holderField ) {
				document
					.getElementById(
						ids.input(
							formId,
							Number( holderField.split( '.' )[ 0 ] )
						)
					)
					?.focus();
				say( text, true );
			} else {
				setNameError( text );
				nameInput.current?.focus();
				announce( text );
			}
			return;
		}
		setNameError( '' );
		const total = quote.request?.total.amount;
		if ( quote.stale || ! total ) {
			say(
				quote.stale
					? __(
							'The total is being updated. Please try again in a moment.',
							'kestrel-forms'
						)
					: __(
							'Payments are not available right now. Please reload the page.',
							'kestrel-forms'
						),
				! quote.stale
			);
			return;
		}
		const amount = minorUnits( total );
		if ( amount <= 0 ) {
			// Nothing to pay: the form is sent as the submit button would.
			form.submit();
			return;
		}
		busy.current = true;
		// The bank link opens in this click's task.
		void handle
			.tokenize( {
				accountHolderName: name,
				amount,
				currencyCode: quote.request?.currencyCode ?? 'USD',
			} )
			.then( ( outcome ) => {
				busy.current = false;
				if ( outcome.status === 'OK' ) {
					binding.pending = outcome.value;
					form.submit();
					return;
				}
				say(
					outcome.status === 'Cancel'
						? __(
								'The bank payment was cancelled. Nothing was charged.',
								'kestrel-forms'
							)
						: outcome.message,
					outcome.status === 'Error'
				);
			} );
	};

	if ( ! handle ) {
		return null;
	}
	const errorId = `${ inputId }_error`;
	return (
		<div className="kestrel-form__ach">
			{ ! holderField && (
				<div className="kestrel-form__ach-holder">
					<label htmlFor={ inputId }>
						{ __( 'Account holder name', 'kestrel-forms' ) }
						<span
							className="kestrel-form__required"
							aria-hidden="true"
						>
							{ ' *' }
						</span>
					</label>
					<input
						ref={ nameInput }
						type="text"
						id={ inputId }
						autoComplete="name"
						aria-required="true"
						aria-invalid={ nameError ? true : undefined }
						aria-describedby={ nameError ? errorId : undefined }
						value={ ownName }
						disabled={ concealed }
						onChange={ ( event ) => {
							setOwnName( event.target.value );
							if ( event.target.value.trim() ) {
								setNameError( '' );
							}
						} }
					/>
					{ nameError && (
						<p id={ errorId } className="kestrel-form__ach-error">
							{ nameError }
						</p>
					) }
				</div>
			) }
			<button
				type="button"
				id={ `kestrel_ach_${ formId }_${ field.id }` }
				className="kestrel-form__ach-button"
				disabled={ concealed }
				onClick={ pay }
			>
				{ __( 'Pay with bank account', 'kestrel-forms' ) }
			</button>
			<p className="kestrel-form__ach-pending-note">
				{ __(
					'Bank payments take a few business days to clear: your payment shows as pending until your bank completes it.',
					'kestrel-forms'
				) }
			</p>
			<ButtonNote note={ note } />
		</div>
	);
}
