/**
 * The enhanced multi-select: the chosen values as tokens, each with a "Remove …" button, and a
 * combobox (WAI-ARIA APG combobox with a listbox popup) that filters the choices as the visitor
 * types. Down/Up move through the options (aria-activedescendant), Enter or a click adds or
 * removes the active one, Escape closes the list, Backspace in an empty box removes the last
 * token. Every change is announced through the form's live region.
 */
import { useEffect, useRef, useState } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';
import type { KeyboardEvent } from 'react';
import { ids } from '../../ids';
import type { FieldProps } from '../types';

/**
 * The token list.
 *
 * @param props         Field props.
 * @param props.inputId The combobox's id (the field's input id: the label points at it).
 * @param props.aria    The field's aria-describedby, -invalid and -required.
 */
export function TokenList(
	props: FieldProps & {
		inputId: string;
		aria: Record< string, string | true | undefined >;
	}
) {
	const { field, concealed, inputId } = props;
	const choices = field.choices ?? [];
	const chosen = Array.isArray( props.value ) ? props.value : [];
	const [ query, setQuery ] = useState( '' );
	const [ open, setOpen ] = useState( false );
	const [ active, setActive ] = useState( 0 );
	// A removed token's button leaves the page: the focus goes to the token now in its place,
	// else the one before it, else the combobox (never to the page's top).
	const [ removedAt, setRemovedAt ] = useState< number | null >( null );
	const tokensRef = useRef< HTMLUListElement >( null );
	useEffect( () => {
		if ( removedAt === null ) {
			return;
		}
		setRemovedAt( null );
		const buttons = tokensRef.current?.querySelectorAll( 'button' ) ?? [];
		const next = buttons[ Math.min( removedAt, buttons.length - 1 ) ];
		( next ?? document.getElementById( inputId ) )?.focus();
	}, [ removedAt, inputId ] );
	const listId = `${ inputId }_listbox`;
	const shown = choices.filter( ( c ) =>
		c.text.toLowerCase().includes( query.trim().toLowerCase() )
	);
	const current = open ? shown[ Math.min( active, shown.length - 1 ) ] : null;
	const optionId = ( index: number ) => `${ listId }_${ index }`;
	const textOf = ( value: string ) =>
		choices.find( ( c ) => c.value === value )?.text ?? value;

	const toggle = ( value: string ) => {
		const on = ! chosen.includes( value );
		// Keep the choices' order, whatever order they were picked in.
		const next = choices
			.map( ( c ) => c.value )
			.filter( ( v ) => ( v === value ? on : chosen.includes( v ) ) );
		props.onChange( field.id, next );
		const text = textOf( value );
		props.announce?.(
			on
				? /* translators: %s: a choice's text. */
					sprintf( __( '%s added.', 'kestrel-forms' ), text )
				: /* translators: %s: a choice's text. */
					sprintf( __( '%s removed.', 'kestrel-forms' ), text )
		);
	};

	const onKey = ( e: KeyboardEvent< HTMLInputElement > ) => {
		if ( e.key === 'ArrowDown' || e.key === 'ArrowUp' ) {
			e.preventDefault();
			if ( ! open ) {
				setOpen( true );
				setActive( 0 );
				return;
			}
			const step = e.key === 'ArrowDown' ? 1 : -1;
			setActive(
				( i ) =>
					( i + step + shown.length ) % Math.max( shown.length, 1 )
			);
		} else if ( e.key === 'Enter' && current ) {
			// Enter picks the option; it does not submit the form.
			e.preventDefault();
			toggle( current.value );
		} else if ( e.key === 'Escape' && open ) {
			e.preventDefault();
			setOpen( false );
		} else if ( e.key === 'Backspace' && query === '' && chosen.length ) {
			toggle( chosen[ chosen.length - 1 ] );
		}
	};

	return (
		<div className="kestrel-form__tokens">
			{ chosen.length > 0 && (
				<ul
					ref={ tokensRef }
					className="kestrel-form__token-list"
					aria-label={ __( 'Chosen', 'kestrel-forms' ) }
				>
					{ chosen.map( ( value, index ) => (
						<li key={ value } className="kestrel-form__token">
							<span>{ textOf( value ) }</span>
							<button
								type="button"
								disabled={ concealed }
								tabIndex={ concealed ? -1 : undefined }
								aria-label={ sprintf(
									/* translators: %s: a choice's text. */
									__( 'Remove %s', 'kestrel-forms' ),
									textOf( value )
								) }
								onClick={ () => {
									toggle( value );
									setRemovedAt( index );
								} }
							>
								{ '×' }
							</button>
						</li>
					) ) }
				</ul>
			) }
			<input
				{ ...props.aria }
				id={ inputId }
				type="text"
				className="kestrel-form__control"
				role="combobox"
				aria-autocomplete="list"
				aria-expanded={ open }
				aria-controls={ listId }
				aria-activedescendant={
					current ? optionId( shown.indexOf( current ) ) : undefined
				}
				autoComplete="off"
				value={ query }
				disabled={ concealed }
				tabIndex={ concealed ? -1 : undefined }
				onChange={ ( e ) => {
					setQuery( e.target.value );
					setActive( 0 );
					setOpen( true );
				} }
				onFocus={ () => setOpen( true ) }
				onBlur={ () => setOpen( false ) }
				onKeyDown={ onKey }
			/>
			<ul
				id={ listId }
				role="listbox"
				aria-multiselectable="true"
				aria-labelledby={ ids.label( props.formId, field.id ) }
				className="kestrel-form__listbox"
				hidden={ ! open }
			>
				{ shown.map( ( choice, index ) => (
					// Options are chosen with the combobox's keys (Enter) or the pointer.
					// eslint-disable-next-line jsx-a11y/click-events-have-key-events
					<li
						key={ choice.value }
						id={ optionId( index ) }
						role="option"
						aria-selected={ chosen.includes( choice.value ) }
						className={
							current === choice ? 'is-active' : undefined
						}
						// Keep the focus in the combobox while the pointer picks.
						onMouseDown={ ( e ) => e.preventDefault() }
						onClick={ () => toggle( choice.value ) }
					>
						{ choice.text }
					</li>
				) ) }
				{ shown.length === 0 && (
					<li
						role="option"
						aria-selected={ false }
						aria-disabled="true"
					>
						{ __( 'No matches', 'kestrel-forms' ) }
					</li>
				) }
			</ul>
		</div>
	);
}
