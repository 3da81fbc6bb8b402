/**
 * The visitor's payment field: label, a method choice (card / gift card) when both are offered,
 * one container per method that the field script's adapter attaches the provider's element to,
 * an always-present live region, and the error at the field. The card data never touches this
 * page: it lives in the provider's frames.
 *
 * Re-rendering is safe: every attach belongs to one effect run, and its cleanup destroys what
 * it attached (an attach still pending is destroyed when it resolves), so no orphan frames stay.
 */
import { useEffect, useRef, useState } from '@wordpress/element';
import { __ } from '@wordpress/i18n';
import type { FieldDefinition, PaymentMethod } from '../../../shared';
import { ids } from '../../ids';
import {
	describedBy,
	FieldShell,
	LabelText,
} from '../../components/field-parts';
import type { PaymentBinding, PaymentGate } from './use-payment';
import type { PaymentHandle } from './types';

export interface PaymentFieldProps {
	formId: number;
	field: FieldDefinition;
	error?: string;
	concealed?: boolean;
	binding?: PaymentBinding;
}

/**
 * The methods this version renders, in the field's order (card when none is set).
 * @param field
 */
export function methodsOf( field: FieldDefinition ): PaymentMethod[] {
	const known = ( field.methods ?? [] ).filter(
		( m, i, all ) =>
			( m === 'card' || m === 'giftCard' ) && all.indexOf( m ) === i
	);
	return known.length ? known : [ 'card' ];
}

function methodLabel( method: PaymentMethod ): string {
	return method === 'giftCard'
		? __( 'Gift card', 'kestrel-forms' )
		: __( 'Card', 'kestrel-forms' );
}

/**
 * The payment field.
 *
 * @param props Props.
 */
export function PaymentField( props: PaymentFieldProps ) {
	const { formId, field, error, concealed, binding } = props;
	const methods = methodsOf( field );
	const methodsKey = methods.join( ',' );
	const [ method, setMethod ] = useState< PaymentMethod >( methods[ 0 ] );
	const methodRef = useRef( method );
	methodRef.current = method;
	const [ spoken, setSpoken ] = useState( '' );
	const [ generation, setGeneration ] = useState( 0 );
	const [ unavailable, setUnavailable ] = useState( false );
	const containers = useRef<
		Partial< Record< PaymentMethod, HTMLElement > >
	>( {} );
	const handles = useRef< Partial< Record< PaymentMethod, PaymentHandle > > >(
		{}
	);
	const group = useRef< HTMLDivElement >( null );
	const config = binding?.config ?? null;
	const registry = binding?.registry ?? null;

	// Attach one element per method; destroy them when the field re-renders them or goes away.
	useEffect( () => {
		if ( ! config || ! registry ) {
			return;
		}
		let cancelled = false;
		const attached: PaymentHandle[] = [];
		setUnavailable( false );
		registry.ready().then( async ( adapter ) => {
			for ( const m of methodsKey.split( ',' ) as PaymentMethod[] ) {
				const container = containers.current[ m ];
				if ( cancelled || ! container ) {
					return;
				}
				// Whatever an earlier instance may have left behind goes first.
				container.replaceChildren();
				try {
					const handle = await adapter.attach( container, {
						...config,
						method: m,
					} );
					if ( cancelled ) {
						await handle.destroy();
						return;
					}
					attached.push( handle );
					handles.current[ m ] = handle;
				} catch {
					if ( ! cancelled ) {
						setUnavailable( true );
					}
				}
			}
		} );
		return () => {
			cancelled = true;
			handles.current = {};
			attached.forEach( ( handle ) => void handle.destroy() );
		};
	}, [ config, registry, methodsKey, generation ] );

	// The form reaches the elements through this gate.
	useEffect( () => {
		if ( ! binding ) {
			return;
		}
		const gate: PaymentGate = {
			tokenize: async ( request ) => {
				const handle = handles.current[ methodRef.current ];
				return handle
					? handle.tokenize( request )
					: {
							ok: false,
							code: 'unavailable',
							message: __(
								'Payments are not available right now. Please reload the page.',
								'kestrel-forms'
							),
						};
			},
			reset: () => setGeneration( ( g ) => g + 1 ),
			focus: () => group.current?.focus(),
			announce: ( text ) => {
				// Cleared first, so the same sentence twice in a row is spoken again.
				setSpoken( '' );
				window.setTimeout( () => setSpoken( text ), 50 );
			},
		};
		binding.gate( gate );
		return () => binding.gate( null );
	}, [ binding ] );

	// Shown again (logic, a page, another method): the element measures itself anew, now and
	// after the reveal animation (400 ms).
	useEffect( () => {
		if ( concealed ) {
			return;
		}
		const remeasure = () => handles.current[ method ]?.remeasure();
		const frame = window.requestAnimationFrame( remeasure );
		const later = window.setTimeout( remeasure, 450 );
		return () => {
			window.cancelAnimationFrame( frame );
			window.clearTimeout( later );
		};
	}, [ concealed, method ] );

	const labelId = ids.label( formId, field.id );
	const errorId = error ? ids.validation( formId, field.id ) : undefined;
	return (
		<FieldShell
			formId={ formId }
			field={ field }
			error={ error }
			concealed={ concealed }
		>
			<div
				ref={ group }
				role="group"
				id={ ids.input( formId, field.id ) }
				className="kestrel-form__payment"
				aria-labelledby={ labelId }
				aria-describedby={ describedBy( errorId ) }
				tabIndex={ -1 }
			>
				<p className="kestrel-form__label" id={ labelId }>
					<LabelText field={ field } />
				</p>
				{ methods.length > 1 && (
					<fieldset
						className="kestrel-form__payment-methods"
						aria-describedby={ describedBy( errorId ) }
					>
						<legend className="kestrel-form__payment-methods-legend">
							{ __( 'Payment method', 'kestrel-forms' ) }
						</legend>
						{ methods.map( ( m ) => (
							<span
								key={ m }
								className="kestrel-form__payment-method"
							>
								<input
									type="radio"
									id={ `${ ids.input( formId, field.id ) }_method_${ m }` }
									name={ `input_${ formId }_${ field.id }_method` }
									value={ m }
									checked={ method === m }
									disabled={ concealed }
									onChange={ () => setMethod( m ) }
								/>{ ' ' }
								<label
									htmlFor={ `${ ids.input( formId, field.id ) }_method_${ m }` }
								>
									{ methodLabel( m ) }
								</label>
							</span>
						) ) }
					</fieldset>
				) }
				{ methods.map( ( m ) => (
					<div
						key={ `${ m }-${ generation }` }
						id={ `${ ids.input( formId, field.id ) }_${ m }` }
						className={ `kestrel-form__payment-element kestrel-form__payment-element--${ m }` }
						data-payment-method={ m }
						hidden={ m !== method }
						ref={ ( element ) => {
							if ( element ) {
								containers.current[ m ] = element;
							} else if ( containers.current[ m ] ) {
								delete containers.current[ m ];
							}
						} }
					/>
				) ) }
				{ ( unavailable || ! config ) && (
					<p className="kestrel-form__payment-unavailable">
						{ config
							? __(
									'Payments are not available right now. Please reload the page.',
									'kestrel-forms'
								)
							: __(
									'The payment details are entered on the published form.',
									'kestrel-forms'
								) }
					</p>
				) }
				<div
					className="screen-reader-text"
					role="status"
					aria-live="polite"
					aria-atomic="true"
					data-payment-live-region=""
				>
					{ spoken }
				</div>
			</div>
		</FieldShell>
	);
}
