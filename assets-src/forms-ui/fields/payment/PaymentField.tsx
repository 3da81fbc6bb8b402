/**
 * The visitor's payment field elements: the wallet buttons (WalletButtons.tsx) when the field
 * offers wallets, the Cash App Pay, bank-account and Afterpay/Clearpay buttons
 * (CashAppPayButton.tsx, AchButton.tsx, AfterpayButton.tsx) when the page's configuration offers
 * them, a method choice (card / gift card) when both are offered, one container per
 * method that the field script's adapter attaches the provider's element to, the "not
 * available" note and the live region. They render inside form-view's
 * generic unit shell (../UnitSlot.tsx: group, label, error) and ship in the payment field
 * script (provided as a field unit, unit.tsx), so only
 * pages with a payment field load them. The card data never touches this page: it lives in the
 * provider's frames.
 *
 * Re-rendering is safe: every attach belongs to one effect run, and its cleanup destroys what
 * it attached (an attach still pending is destroyed when it resolves), so no orphan frames stay.
 */
import { useEffect, useRef, useState } from '@wordpress/element';
import { __ } from '@wordpress/i18n';
import { ids } from '../../ids';
import { PaymentLiveRegion } from './LiveRegion';
import { methodsOf, offers, type InputMethod } from './methods';
import { WalletButtons } from './WalletButtons';
import { AchButton } from './AchButton';
import { CashAppPayButton } from './CashAppPayButton';
import { AfterpayButton } from './AfterpayButton';
import { engineRequest, useServerQuote } from './quote';
import type { UnitFormPort } from '../units';
import type { PaymentElementsProps, PaymentGate, PaymentHandle } from './types';

/** How long a tokenize waits for an element still being attached. */
const ATTACH_WAIT_MS = 10000;

function methodLabel( method: InputMethod ): string {
	return method === 'giftCard'
		? __( 'Gift card', 'kestrel-forms' )
		: __( 'Card', 'kestrel-forms' );
}

/**
 * The payment field's elements.
 *
 * @param props Props.
 */
export function PaymentElements( props: PaymentElementsProps ) {
	const { formId, field, error, concealed, binding, form } = props;
	const methods = methodsOf( field );
	const methodsKey = methods.join( ',' );
	const [ chosen, setMethod ] = useState< InputMethod | undefined >(
		methods[ 0 ]
	);
	// The field's methods may change under it (the editor's live preview): a method it no
	// longer offers falls back to its first one.
	const method = chosen && methods.includes( chosen ) ? chosen : methods[ 0 ];
	const methodRef = useRef( method );
	methodRef.current = method;
	const [ generation, setGeneration ] = useState( 0 );
	const [ spoken, setSpoken ] = useState( '' );
	const [ unavailable, setUnavailable ] = useState( false );
	const containers = useRef< Partial< Record< InputMethod, HTMLElement > > >(
		{}
	);
	const handles = useRef< Partial< Record< InputMethod, PaymentHandle > > >(
		{}
	);
	// Settles when this render's elements are attached (or failed): a fast click waits for it.
	const attaching = useRef< Promise< unknown > >( Promise.resolve() );
	const { config, registry } = binding;
	// Bank account and Cash App Pay: offered here only for USD on a US location (the server
	// leaves them out of the configuration otherwise); both pay the server's quote.
	const ach = offers( field, config, 'ach' );
	const cashAppPay = offers( field, config, 'cashAppPay' );
	// Afterpay/Clearpay: in the currencies it takes; its request prices the same total, so one
	// quote serves the three.
	const afterpay = offers( field, config, 'afterpayClearpay' );
	const quote = useServerQuote(
		form,
		field,
		ach || cashAppPay || afterpay,
		form && config
			? () =>
					engineRequest(
						form,
						field,
						config.currency,
						config.country
					)
			: null,
		afterpay ? 'afterpayClearpay' : ''
	);

	// Attach one element per method; destroy them when the field re-renders them or goes away.
	useEffect( () => {
		if ( ! config || ! registry || ! methodsKey ) {
			return;
		}
		let cancelled = false;
		const attached: PaymentHandle[] = [];
		setUnavailable( false );
		attaching.current = registry.ready().then( async ( adapter ) => {
			for ( const m of methodsKey.split( ',' ) as InputMethod[] ) {
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
		const gate: PaymentGate = {
			tokenize: async ( request ) => {
				const current = methodRef.current;
				if ( ! current ) {
					// Wallets only: the submit button cannot pay.
					return {
						ok: false,
						code: 'wallet_only',
						message: __(
							'Please pay with one of the payment buttons.',
							'kestrel-forms'
						),
					};
				}
				if ( ! handles.current[ current ] ) {
					// Clicked before the element was ready: wait for it (bounded).
					let timer = 0;
					await Promise.race( [
						attaching.current,
						new Promise( ( resolve ) => {
							timer = window.setTimeout(
								resolve,
								ATTACH_WAIT_MS
							);
						} ),
					] );
					window.clearTimeout( timer );
				}
				const handle = handles.current[ current ];
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
			// The group is form-view's shell around these elements.
			focus: () =>
				document
					.getElementById( ids.input( formId, field.id ) )
					?.focus(),
			announce: ( text ) => {
				// Cleared first, so the same sentence twice in a row is spoken again.
				setSpoken( '' );
				window.setTimeout( () => setSpoken( text ), 50 );
			},
		};
		binding.gate = gate;
		return () => {
			if ( binding.gate === gate ) {
				binding.gate = null;
			}
		};
	}, [ binding, formId, field.id ] );

	// Shown again (logic, a page, another method): the element measures itself anew, now and
	// after the reveal animation (400 ms).
	useEffect( () => {
		if ( concealed ) {
			return;
		}
		const remeasure = () =>
			method && handles.current[ method ]?.remeasure();
		const frame = window.requestAnimationFrame( remeasure );
		const later = window.setTimeout( remeasure, 450 );
		return () => {
			window.cancelAnimationFrame( frame );
			window.clearTimeout( later );
		};
	}, [ concealed, method ] );

	const inputId = ids.input( formId, field.id );
	const describedBy = error ? ids.validation( formId, field.id ) : undefined;
	const announce = ( text: string ) => binding.gate?.announce( text );
	// What the bank-account and Cash App Pay buttons share.
	const buttonProps = ( port: UnitFormPort ) => ( {
		formId,
		field,
		binding,
		form: port,
		quote,
		concealed,
		announce,
	} );
	return (
		<>
			{ form && (
				<WalletButtons
					formId={ formId }
					field={ field }
					binding={ binding }
					form={ form }
					concealed={ concealed }
					announce={ announce }
				/>
			) }
			{ form && cashAppPay && (
				<CashAppPayButton { ...buttonProps( form ) } />
			) }
			{ form && ach && <AchButton { ...buttonProps( form ) } /> }
			{ form && afterpay && (
				<AfterpayButton { ...buttonProps( form ) } />
			) }
			{ methods.length > 1 && (
				<fieldset
					className="kestrel-form__payment-methods"
					aria-describedby={ describedBy }
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
								id={ `${ inputId }_method_${ m }` }
								name={ `input_${ formId }_${ field.id }_method` }
								value={ m }
								checked={ method === m }
								disabled={ concealed }
								onChange={ () => setMethod( m ) }
							/>{ ' ' }
							<label htmlFor={ `${ inputId }_method_${ m }` }>
								{ methodLabel( m ) }
							</label>
						</span>
					) ) }
				</fieldset>
			) }
			{ methods.map( ( m ) => (
				<div
					key={ `${ m }-${ generation }` }
					id={ `${ inputId }_${ m }` }
					className={ `kestrel-form__payment-element kestrel-form__payment-element--${ m }${
						config?.includeInputLabels
							? ' kestrel-form__payment-element--labels'
							: ''
					}` }
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
			{ unavailable && config && (
				<p className="kestrel-form__payment-unavailable">
					{ __(
						'Payments are not available right now. Please reload the page.',
						'kestrel-forms'
					) }
				</p>
			) }
			<PaymentLiveRegion>{ spoken }</PaymentLiveRegion>
		</>
	);
}
