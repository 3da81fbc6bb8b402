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
import { formatMoney } from '../../../shared';
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
	return sprintf(
		/* translators: 1: Afterpay or Clearpay, 2: smallest order amount, 3: largest order amount. */
		__(
			'%1$s is available for orders from %2$s to %3$s.',
			'kestrel-forms'
		),
		brand,
		formatMoney( ( limits.minimum / 100 ).toFixed( 2 ), currency ),
		formatMoney( ( limits.maximum / 100 ).toFixed( 2 ), currency )
	);
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
	// Where the messaging goes: form-view's slot under the total (null: above the button);
	// undefined until looked for (after the first render).
	const [ slot, setSlot ] = useState< HTMLElement | null | undefined >();
	const handle = useRef< AfterpayHandle | null >( null );
	const widget = useRef< HTMLDivElement >( null );
	const busy = useRef( false );
	// The newest request the popup refused while open, applied after it closes.
	const deferred = useRef< AfterpayRequest | null >( null );
	const request = quote.request as AfterpayRequest | null;
	const now = useRef( { request, quote } );
	now.current = { request, quote };

	const base = `kestrel_afterpay_${ formId }_${ field.id }`;
	const buttonId = `${ base }_button`;
	const messagingId = `${ base }_messaging`;
	const brand = afterpayBrand( config?.country ?? '' );
	const currency = request?.currencyCode ?? config?.currency ?? 'USD';
	const amount = request ? minorUnits( request.total.amount ) : 0;
	const limits = config?.afterpayLimits;
	const reason =
		request && limits
			? outsideLimits( amount, limits, currency, brand )
			: '';
	const within = !! request && !! limits && ! reason;
	const asksAddress = !! request?.requestShippingContact;
	const messaging = !! config?.afterpayMessaging?.enabled;

	// The slot under the form's first total field, if the form has one.
	useEffect( () => {
		setSlot(
			document.querySelector< HTMLElement >(
				`[data-total-after="${ formId }"]`
			)
		);
	}, [ formId ] );

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
					setReady( true );
				},
				// Not offered here (the provider says why): no button.
				() => ! cancelled && setReady( false )
			);
		return () => {
			cancelled = true;
			handle.current = null;
			deferred.current = null;
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
	] );

	// A new total: the messaging, the widget and the popup's amount follow it.
	useEffect( () => {
		if ( ! request || ! handle.current ) {
			return;
		}
		if ( busy.current || ! handle.current.update( request ) ) {
			deferred.current = request;
		}
	}, [ request ] );

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
		busy.current = true;
		void method.tokenize().then( ( outcome ) => {
			const changed = afterPopup();
			if ( outcome.status === 'OK' ) {
				if ( changed ) {
					// The buyer agreed to the old total: that order is not spent on a new one.
					say(
						sprintf(
							/* translators: %s: Afterpay or Clearpay. */
							__(
								'The total changed while %s was open, and nothing was charged. Please pay again.',
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
			   bubble here, as the provider's own example listens around it. */ }
			{ /* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions */ }
			<div
				id={ buttonId }
				className="kestrel-form__afterpay-button"
				hidden={ ! within || ! ready }
				onClick={ ( event ) => {
					// Never the form's submit: this click is Afterpay's.
					event.preventDefault();
					pay();
				} }
			/>
			{ /* Where the button would be, unless the placement above already says it. */ }
			{ reason && ! ( messaging && slot === null ) && (
				<p className="kestrel-form__afterpay-reason">{ reason }</p>
			) }
			<ButtonNote note={ note } />
		</div>
	);
}
