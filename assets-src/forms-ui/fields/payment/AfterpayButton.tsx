/**
 * The payment field's Afterpay/Clearpay: the provider's button, its instalment messaging under
 * the form's total and its checkout widget (the schedule), all for the total the server quotes
 * (POST payment-request with `method: 'afterpayClearpay'`) and following it as the form's
 * pricing changes (`update()`).
 *
 * - Outside the order amounts Afterpay/Clearpay takes (the server's limits, `afterpayLimits`),
 *   nothing of it shows; the reason does, under the total and where the button was.
 * - The messaging goes under the form's first total field (form-view's slot after the total);
 *   a form without one shows it above the button.
 * - The click checks the form synchronously and only then calls tokenize, with nothing awaited
 *   before it (the popup opens in the click's task, so blockers let it through). The token
 *   submits the form; Cancel (the popup closed) says nothing was charged.
 * - Shipping: when the payment field maps the form's own address the popup asks none (the
 *   server's total is final); otherwise the popup's address is priced by the server, whose
 *   options (each with its order total) the popup shows, and the charge is the server's price of
 *   the option the buyer confirmed.
 */
import { createPortal, useEffect, useRef, useState } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';
import type { FieldDefinition } from '../../../shared';
import {
	currency as currencyOf,
	formatMoney,
	fromMinorUnits,
} from '../../../shared';
import type { UnitFormPort } from '../units';
import { ButtonNote, type ButtonNoteText } from './ButtonNote';
import { afterpayBrand } from './methods';
import { fetchRequest, minorUnits, type ServerQuote } from './quote';
import type { AfterpayHandle, AfterpayRequest, PaymentBinding } from './types';

interface AfterpayButtonProps {
	formId: number;
	field: FieldDefinition;
	binding: PaymentBinding;
	form: UnitFormPort;
	/** The server's quote for Afterpay/Clearpay (the field's one quote). */
	quote: ServerQuote;
	concealed?: boolean;
	/** Says a message in the field's live region. */
	announce: ( text: string ) => void;
}

/**
 * Why Afterpay/Clearpay is not offered for this total ('' when it is).
 *
 * @param amount         The total in minor units.
 * @param limits         The server's limits (minor units).
 * @param limits.minimum The smallest order amount.
 * @param limits.maximum The largest order amount.
 * @param currency       ISO 4217 code.
 * @param brand          Afterpay or Clearpay.
 */
export function outsideLimits(
	amount: number,
	limits: { minimum: number; maximum: number },
	currency: string,
	brand: string
): string {
	if ( amount >= limits.minimum && amount <= limits.maximum ) {
		return '';
	}
	const places = currencyOf( currency ).decimals;
	return sprintf(
		/* translators: 1: Afterpay or Clearpay, 2: smallest order amount, 3: largest order amount. */
		__(
			'%1$s is available for orders from %2$s to %3$s.',
			'kestrel-forms'
		),
		brand,
		formatMoney( fromMinorUnits( limits.minimum, places ), currency ),
		formatMoney( fromMinorUnits( limits.maximum, places ), currency )
	);
}

/**
 * The order as a submission would send it now (the payment field left out), to tell whether it
 * changed while the popup was open (a change the page has not priced yet included).
 *
 * @param form  The form's port.
 * @param field The payment field.
 */
function orderOf( form: UnitFormPort, field: FieldDefinition ): string {
	const { [ String( field.id ) ]: _payment, ...rest } =
		form.submissionValues();
	return JSON.stringify( rest );
}

/**
 * The Afterpay/Clearpay button, messaging and widget.
 *
 * @param props Props.
 */
export function AfterpayButton( props: AfterpayButtonProps ) {
	const { formId, field, binding, form, quote, concealed, announce } = props;
	const { config, registry } = binding;
	const [ note, setNote ] = useState< ButtonNoteText >();
	const [ ready, setReady ] = useState( false );
	// The provider refused the method here (its own limits, onboarding): asked again when the
	// total changes (a count, so a success makes nothing again).
	const [ refused, setRefused ] = useState( false );
	const [ attempt, setAttempt ] = useState( 0 );
	// Where the messaging goes: form-view's slot under the first total field shown in this form
	// (null: above the button); undefined until looked for (after the first render).
	const [ slot, setSlot ] = useState< HTMLElement | null | undefined >();
	const handle = useRef< AfterpayHandle | null >( null );
	const widget = useRef< HTMLDivElement >( null );
	const wrapper = useRef< HTMLDivElement >( null );
	const reasonText = useRef< HTMLParagraphElement >( null );
	const busy = useRef( false );
	const mounted = useRef( true );
	// Focus was on the button when it went: it goes to what replaces it.
	const refocus = useRef( false );
	// The newest request the popup refused while open, applied after it closes.
	const deferred = useRef< AfterpayRequest | null >( null );
	const request = quote.request as AfterpayRequest | null;
	const now = useRef( { request, quote } );
	now.current = { request, quote };

	const base = `kestrel_afterpay_${ formId }_${ field.id }`;
	const buttonId = `${ base }_button`;
	const messagingId = `${ base }_messaging`;
	// The brand of the seller's country: the request's (the server knows the location's
	// country for EUR, which no currency decides), else the page's.
	const brand = afterpayBrand(
		request?.countryCode ?? config?.country ?? ''
	);
	const currency = request?.currencyCode ?? config?.currency ?? 'USD';
	const amount = request ? minorUnits( request.total.amount ) : 0;
	const limits = config?.afterpayLimits;
	const outside =
		request && limits
			? outsideLimits( amount, limits, currency, brand )
			: '';
	const within = !! request && !! limits && ! outside;
	// Nothing to pay yet says nothing; a refusal by the provider says so.
	let reason = amount > 0 ? outside : '';
	if ( ! reason && within && refused ) {
		reason = sprintf(
			/* translators: %s: Afterpay or Clearpay. */
			__( '%s is not available for this order.', 'kestrel-forms' ),
			brand
		);
	}
	const asksAddress = !! request?.requestShippingContact;
	const messaging = !! config?.afterpayMessaging?.enabled;

	useEffect(
		() => () => {
			mounted.current = false;
		},
		[]
	);

	// The slot under the first total field this form shows (logic may hide one): looked for now
	// and whenever the form changes.
	useEffect( () => {
		const find = () => {
			const { evaluation } = form.current();
			const shown = Array.from(
				document.querySelectorAll< HTMLElement >(
					`[data-total-after="${ formId }"]`
				)
			).find( ( candidate ) => {
				const holder = candidate.closest(
					`[id^="field_${ formId }_"]`
				);
				const id = Number( holder?.id.split( '_' ).pop() );
				return ! id || evaluation?.visible[ id ] !== false;
			} );
			setSlot( shown ?? null );
		};
		find();
		return form.subscribe( find );
	}, [ form, formId ] );

	// One method while the total is within the limits (a new one when the popup's need for an
	// address changes); its button, messaging and widget follow update() after that.
	useEffect( () => {
		const first = now.current.request;
		if (
			! config ||
			! registry ||
			! within ||
			! first ||
			slot === undefined
		) {
			return;
		}
		let cancelled = false;
		let made: AfterpayHandle | null = null;
		registry
			.ready()
			.then( ( adapter ) => {
				if ( cancelled || ! adapter.afterpay ) {
					return null;
				}
				return adapter.afterpay( config, {
					request: first,
					buttonId,
					messagingId: messaging ? messagingId : undefined,
					widget: widget.current ?? undefined,
					address: ( contact ) =>
						fetchRequest( form, {
							method: 'afterpayClearpay',
							shippingContact: contact,
						} ) as Promise< AfterpayRequest >,
				} );
			} )
			.then(
				( attached ) => {
					if ( ! attached ) {
						return;
					}
					if ( cancelled ) {
						void attached.destroy();
						return;
					}
					made = attached;
					handle.current = attached;
					// A total that changed while it was being made.
					const latest = now.current.request;
					if ( latest && latest !== first ) {
						attached.update( latest );
					}
					setRefused( false );
					setReady( true );
				},
				( error ) => {
					if ( cancelled ) {
						return;
					}
					// Not offered here (the provider says why): no button, a reason instead.
					setReady( false );
					setRefused( true );
					// eslint-disable-next-line no-console
					console.warn(
						'Afterpay/Clearpay is not offered here:',
						error instanceof Error ? error.message : error
					);
				}
			);
		const holder = wrapper;
		return () => {
			cancelled = true;
			handle.current = null;
			deferred.current = null;
			const active = holder.current?.ownerDocument.activeElement;
			if ( active && holder.current?.contains( active ) ) {
				refocus.current = true;
			}
			setReady( false );
			if ( binding.pending?.method === 'afterpayClearpay' ) {
				binding.pending = null;
			}
			void made?.destroy();
		};
	}, [
		config,
		registry,
		within,
		asksAddress,
		slot,
		messaging,
		buttonId,
		messagingId,
		form,
		binding,
		attempt,
	] );

	// A new total: the messaging, the widget and the popup's amount follow it; a method the
	// provider refused is asked for again.
	useEffect( () => {
		if ( ! request ) {
			return;
		}
		if ( ! handle.current ) {
			if ( refused ) {
				setAttempt( ( n ) => n + 1 );
			}
			return;
		}
		if ( busy.current || ! handle.current.update( request ) ) {
			deferred.current = request;
		}
		// `refused` is read, not followed: only a new total asks again.
		// eslint-disable-next-line react-hooks/exhaustive-deps
	}, [ request ] );

	// Focus that was on a button which went: on the new button, else on the reason.
	useEffect( () => {
		if ( ! refocus.current ) {
			return;
		}
		const button = wrapper.current?.querySelector< HTMLElement >(
			`#${ buttonId } button`
		);
		const target = ready ? button : reasonText.current;
		if ( target ) {
			refocus.current = false;
			target.focus();
		}
	}, [ ready, reason, buttonId ] );

	// The reason is said once when it appears (the total's own live region says the amount).
	const said = useRef( '' );
	useEffect( () => {
		if ( reason && reason !== said.current && ! concealed ) {
			announce( reason );
		}
		said.current = reason;
	}, [ reason, concealed, announce ] );

	const afterPopup = () => {
		busy.current = false;
		const next = deferred.current;
		deferred.current = null;
		if ( next && handle.current && ! handle.current.update( next ) ) {
			deferred.current = next;
		}
		return !! next;
	};

	const say = ( text: string, error: boolean ) => {
		setNote( { text, error } );
		announce( text );
	};

	/** The button's click: synchronous checks, then the popup in the same task. */
	const pay = () => {
		const method = handle.current;
		if ( ! method || busy.current || ! within ) {
			return;
		}
		setNote( undefined );
		if ( ! form.check() ) {
			return;
		}
		if ( quote.stale ) {
			say(
				__(
					'The total is being updated. Please try again in a moment.',
					'kestrel-forms'
				),
				false
			);
			return;
		}
		// What the buyer is asked to approve: this method, for this total and these values.
		const total = request?.total.amount;
		const values = orderOf( form, field );
		busy.current = true;
		void method.tokenize().then( ( outcome ) => {
			if ( ! mounted.current ) {
				return;
			}
			const deferredChange = afterPopup();
			if ( outcome.status === 'OK' ) {
				const latest = now.current;
				const changed =
					deferredChange ||
					latest.quote.stale ||
					latest.request?.total.amount !== total ||
					handle.current !== method ||
					orderOf( form, field ) !== values;
				if ( changed ) {
					// The buyer agreed to another total: that order is not spent on this one.
					say(
						sprintf(
							/* translators: %s: Afterpay or Clearpay. */
							__(
								'Your order changed while %s was open, and nothing was charged. Please pay again.',
								'kestrel-forms'
							),
							brand
						),
						false
					);
					return;
				}
				binding.pending = outcome.value;
				form.submit();
				return;
			}
			say(
				outcome.status === 'Cancel'
					? __(
							'Payment cancelled. Nothing was charged.',
							'kestrel-forms'
						)
					: outcome.message,
				outcome.status === 'Error'
			);
		} );
	};

	const placement = (
		<div
			className="kestrel-form__afterpay-messaging"
			hidden={ concealed || ! request || ! limits }
		>
			<div id={ messagingId } hidden={ ! within || ! ready } />
			{ reason && (
				<p className="kestrel-form__afterpay-reason">{ reason }</p>
			) }
		</div>
	);
	return (
		<div
			ref={ wrapper }
			className="kestrel-form__afterpay"
			id={ base }
			data-total={
				( within && ready && request?.total.amount ) || undefined
			}
			data-brand={ brand.toLowerCase() }
			hidden={ concealed }
		>
			{ messaging && slot && createPortal( placement, slot ) }
			{ messaging && slot === null && placement }
			<div
				ref={ widget }
				className="kestrel-form__afterpay-widget"
				hidden={ ! within || ! ready }
			/>
			{ /* The provider's button inside is a <button>: its clicks (pointer, Enter, Space)
			   bubble here, as the provider's own example listens around it; only a click on the
			   button itself pays (not one beside it). */ }
			{ /* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions */ }
			<div
				id={ buttonId }
				className="kestrel-form__afterpay-button"
				hidden={ ! within || ! ready }
				onClick={ ( event ) => {
					if ( ! ( event.target as Element ).closest?.( 'button' ) ) {
						return;
					}
					// Never the form's submit: this click is Afterpay's.
					event.preventDefault();
					pay();
				} }
			/>
			{ /* Where the button would be, unless the placement above already says it. */ }
			{ reason && ! ( messaging && slot === null ) && (
				<p
					ref={ reasonText }
					tabIndex={ -1 }
					className="kestrel-form__afterpay-reason"
				>
					{ reason }
				</p>
			) }
			<ButtonNote note={ note } />
		</div>
	);
}
