/**
 * The payment field's wallet buttons (Apple Pay, Google Pay), above the card inputs.
 *
 * - One payment request per field, built by the server (POST /forms/{id}/payment-request with
 *   the form's values) and `update()`d when the form's pricing changes (debounced 50 ms, like
 *   totals); while a sheet is open `update()` answers false and the newest request is applied
 *   once the sheet closed.
 * - A button shows only once the SDK's wallet method resolved (not offered here: no button).
 *   Apple Pay has no attach: the field renders its own button, in Apple's style where Safari
 *   draws it (`-webkit-appearance: -apple-pay-button`) and a plain styled button elsewhere.
 *   Google Pay's button is the provider's, attached into a container.
 * - A click checks the form synchronously (required fields, engine rules) and only then calls
 *   the wallet's tokenize, with nothing awaited before it (Apple's user-gesture rule); the
 *   token then submits the form (the captcha and other asynchronous checks run in the submit,
 *   after the token, before the post). Cancel says so politely; a failure is announced at the
 *   field; what the visitor entered stays.
 * - The sheet's shipping changes ask the server, whose answer the sheet shows; what is charged
 *   is the submission's server total either way.
 */
import { useEffect, useRef, useState } from '@wordpress/element';
import { __ } from '@wordpress/i18n';
import type { FieldDefinition, WalletMethod } from '../../../shared';
import type { UnitFormPort } from '../units';
import { ButtonNote, type ButtonNoteText } from './ButtonNote';
import { walletsOf } from './methods';
import { fetchRequest, onPricingChange } from './quote';
import type {
	PaymentBinding,
	WalletHandle,
	WalletRequest,
	WalletRequestUpdate,
	WalletSession,
} from './types';

interface WalletButtonsProps {
	formId: number;
	field: FieldDefinition;
	binding: PaymentBinding;
	form: UnitFormPort;
	concealed?: boolean;
	/** Says a message in the field's live region. */
	announce: ( text: string ) => void;
}

/**
 * The update a sheet shows for a server answer.
 *
 * @param request The server's request.
 */
const updateOf = ( request: WalletRequest ): WalletRequestUpdate => ( {
	total: request.total,
	lineItems: request.lineItems,
	...( request.shippingOptions
		? { shippingOptions: request.shippingOptions }
		: {} ),
} );

/**
 * The wallet buttons of a payment field.
 *
 * @param props Props.
 */
export function WalletButtons( props: WalletButtonsProps ) {
	const { formId, field, binding, form, concealed, announce } = props;
	const wallets = walletsOf( field );
	const walletsKey = wallets.join( ',' );
	const [ ready, setReady ] = useState<
		Partial< Record< WalletMethod, WalletHandle > >
	>( {} );
	const [ note, setNote ] = useState< ButtonNoteText >();
	const containers = useRef< Partial< Record< WalletMethod, HTMLElement > > >(
		{}
	);
	const session = useRef< WalletSession | null >( null );
	const request = useRef< WalletRequest | null >( null );
	// The newest request the sheet refused while open: applied after it closes.
	const deferred = useRef< WalletRequest | null >( null );
	const busy = useRef( false );
	// The form's pricing changed and the server's new request is not here yet.
	const stale = useRef( false );
	const { config, registry } = binding;

	// One session per field: the first request, then each wallet the SDK offers here.
	useEffect( () => {
		if ( ! config || ! registry || ! walletsKey ) {
			return;
		}
		let cancelled = false;
		const made: WalletHandle[] = [];
		void ( async () => {
			let madeSession: WalletSession;
			try {
				const adapter = await registry.ready();
				const first = await fetchRequest( form );
				if ( cancelled || ! adapter.walletSession ) {
					return;
				}
				request.current = first;
				madeSession = adapter.walletSession( config, first, {
					contact: ( contact ) =>
						fetchRequest( form, { shippingContact: contact } ).then(
							updateOf
						),
					option: ( id ) =>
						fetchRequest( form, { shippingOption: id } ).then(
							updateOf,
							() => ( {
								error: __(
									'This shipping option is not available.',
									'kestrel-forms'
								),
							} )
						),
				} );
				session.current = madeSession;
			} catch {
				return; // No request (offline, form gone): no wallet buttons; the card stays.
			}
			for ( const method of walletsKey.split( ',' ) as WalletMethod[] ) {
				try {
					const handle = await madeSession.wallet( method );
					if ( cancelled ) {
						await handle.destroy();
						return;
					}
					made.push( handle );
					setReady( ( now ) => ( { ...now, [ method ]: handle } ) );
				} catch {
					// Not offered on this device or site (the provider says why): no button.
				}
			}
		} )();
		return () => {
			cancelled = true;
			session.current = null;
			setReady( {} );
			made.forEach( ( handle ) => void handle.destroy() );
		};
	}, [ config, registry, walletsKey, form ] );

	// Google Pay's button goes into its container once the method resolved.
	const google = ready.googlePay;
	useEffect( () => {
		const container = containers.current.googlePay;
		if ( google && container ) {
			container.replaceChildren();
			google.attach( container ).catch( () =>
				setReady( ( now ) => {
					const { googlePay: _gone, ...rest } = now;
					return rest;
				} )
			);
		}
	}, [ google ] );

	// The form's values changed: ask the server again (debounced) and update the request.
	useEffect( () => {
		if ( ! walletsKey ) {
			return;
		}
		let latest = 0;
		return onPricingChange(
			form,
			field,
			() => {
				// Until the server's new request is here, a sheet would show the old total; and
				// a wallet token approved for the old total is not spent on the new one.
				stale.current = true;
				binding.pending = null;
			},
			() => {
				const question = ++latest;
				const settled = () => {
					if ( question === latest ) {
						stale.current = false;
					}
				};
				fetchRequest( form ).then(
					( next ) => {
						if ( question !== latest || ! session.current ) {
							return;
						}
						settled();
						if (
							JSON.stringify( next ) ===
							JSON.stringify( request.current )
						) {
							return;
						}
						request.current = next;
						if ( ! session.current.update( next ) ) {
							deferred.current = next;
						}
					},
					// No new request (offline): the old one stays; the charge is the server's
					// total in any case, and the submission needs the server too.
					settled
				);
			}
		);
	}, [ form, field, walletsKey, binding ] );

	const afterSheet = () => {
		busy.current = false;
		const next = deferred.current;
		if ( next && session.current?.update( next ) ) {
			deferred.current = null;
		}
	};

	/**
	 * A wallet button's click: synchronous checks, then tokenize in the same task.
	 *
	 * @param method The wallet.
	 */
	const pay = ( method: WalletMethod ) => {
		const handle = ready[ method ];
		if ( ! handle || busy.current ) {
			return;
		}
		setNote( undefined );
		if ( ! form.check() ) {
			return;
		}
		if ( stale.current ) {
			// The sheet would open with the old total: the buyer clicks again in a moment.
			const text = __(
				'The total is being updated. Please try again in a moment.',
				'kestrel-forms'
			);
			setNote( { text, error: false } );
			announce( text );
			return;
		}
		if ( Number( request.current?.total.amount ?? 0 ) <= 0 ) {
			// Nothing to pay (yet): the form is sent as the submit button would.
			form.submit();
			return;
		}
		busy.current = true;
		const sheet = handle.tokenize();
		void sheet.then( ( outcome ) => {
			afterSheet();
			if ( outcome.status === 'OK' ) {
				binding.pending = outcome.value;
				form.submit();
				return;
			}
			const text =
				outcome.status === 'Cancel'
					? __(
							'Payment cancelled. Nothing was charged.',
							'kestrel-forms'
						)
					: outcome.message;
			setNote( { text, error: outcome.status === 'Error' } );
			announce( text );
		} );
	};

	if ( ! walletsKey ) {
		return null;
	}
	const style = config?.applePayButtonStyle ?? 'black';
	const shown = wallets.filter( ( m ) => ready[ m ] );
	return (
		<div
			className="kestrel-form__wallets"
			hidden={ ! shown.length }
			data-wallets={ shown.join( ' ' ) }
		>
			{ wallets.map( ( method ) =>
				method === 'applePay' ? (
					ready.applePay && (
						<button
							key={ method }
							type="button"
							id={ `kestrel_wallet_${ formId }_${ field.id }_applePay` }
							className={ `kestrel-form__apple-pay kestrel-form__apple-pay--${ style }` }
							lang={ document.documentElement.lang || undefined }
							disabled={ concealed }
							onClick={ () => pay( 'applePay' ) }
						>
							<span className="kestrel-form__apple-pay-text">
								{ __( 'Pay with Apple Pay', 'kestrel-forms' ) }
							</span>
						</button>
					)
				) : (
					// The provider's button inside is a <button>: its clicks (pointer, Enter,
					// Space) bubble here, as the provider's own example listens on the container.
					// eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions
					<div
						key={ method }
						id={ `kestrel_wallet_${ formId }_${ field.id }_googlePay` }
						className="kestrel-form__google-pay"
						hidden={ ! ready.googlePay }
						onClick={ ( event ) => {
							// A button inside a form submits it unless told otherwise: this
							// click is the wallet's, never the form's submit.
							event.preventDefault();
							pay( 'googlePay' );
						} }
						ref={ ( element ) => {
							if ( element ) {
								containers.current.googlePay = element;
							}
						} }
					/>
				)
			) }
			<ButtonNote note={ note } />
		</div>
	);
}
