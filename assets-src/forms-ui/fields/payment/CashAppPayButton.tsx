/**
 * The payment field's Cash App Pay button, rendered by the provider's SDK from the field's
 * `cashAppPayButton` options, for the total the server quoted (no button while nothing is to
 * pay). A new total is a new instance (destroyed and created again: the provider forbids
 * `update()` for Cash App Pay).
 *
 * Desktop: the click checks the form synchronously (`shouldTokenize`), Cash App shows its QR
 * code, and the approval arrives on this page: the token submits the form.
 *
 * Phone (Cash App leaves the page and comes back to `redirectURL`): the order is
 *   1. the click runs `shouldTokenize`: the form's synchronous check, then, unless the instance
 *      was made for a draft holding exactly these values, the field stores a payment draft
 *      (POST payment-drafts: the values, the submission key, this page as `return_url`) and
 *      answers false, so nothing leaves yet;
 *   2. the instance is made again with `redirectURL` = the draft's `redirect_url` (this page with
 *      `kf_payment_return=<draft_id>`) and `referenceId` = the draft's id, and the field asks
 *      for one more tap;
 *   3. that tap's `shouldTokenize` answers true and Cash App starts: the draft exists on the
 *      server before the page is left, and the redirect carries its id.
 * Back on `?kf_payment_return=<draft_id>`, the field reads the draft: `open` → the values are
 * put back, the draft's submission key is kept, the server quotes the restored values, and
 * the instance is made with the same reference and redirect; its listeners get the result and
 * the form is submitted once with the draft's key and `draftId`. `submitted` → the entry's
 * confirmation shows (a reload of the return URL never submits again).
 */
import { useEffect, useRef, useState } from '@wordpress/element';
import { __ } from '@wordpress/i18n';
import type { FieldDefinition } from '../../../shared';
import type { SubmissionFailure } from '../../submit/submit';
import type { UnitFormPort } from '../units';
import { ButtonNote, type ButtonNoteText } from './ButtonNote';
import {
	isMobileDevice,
	newReference,
	resumedRedirectUrl,
	returnUrl,
	returnedDraftId,
	type DraftCreated,
	type DraftRead,
} from './drafts';
import { minorUnits, type ServerQuote } from './quote';
import type {
	BankAndCashAppSettings,
	PaymentBinding,
	WalletOutcome,
} from './types';

interface CashAppPayButtonProps {
	formId: number;
	field: FieldDefinition;
	binding: PaymentBinding;
	form: UnitFormPort;
	quote: ServerQuote;
	concealed?: boolean;
	/** Says a message in the field's live region. */
	announce: ( text: string ) => void;
}

/** The draft this page's Cash App Pay instance redirects with. */
interface ActiveDraft {
	id: string;
	redirectURL: string;
	/** The values it holds, as JSON (a change needs a new draft). */
	values: string;
}

/**
 * The values a draft stores: what a submission would send, the payment field naming its method
 * only (no token exists before the approval).
 *
 * @param form  The form's port.
 * @param field The payment field.
 */
function draftValues(
	form: UnitFormPort,
	field: FieldDefinition
): Record< string, unknown > {
	return {
		...form.submissionValues(),
		[ String( field.id ) ]: { method: 'cashAppPay' },
	};
}

/**
 * The Cash App Pay button.
 *
 * @param props Props.
 */
export function CashAppPayButton( props: CashAppPayButtonProps ) {
	const { formId, field, binding, form, quote, concealed, announce } = props;
	const { config, registry } = binding;
	const [ draft, setDraft ] = useState< ActiveDraft | null >( null );
	// Back from Cash App: no instance until the draft's values are in and priced.
	const [ resuming, setResuming ] = useState( () =>
		returnedDraftId( window.location.href )
	);
	const [ note, setNote ] = useState< ButtonNoteText >();
	// The total of the instance whose button shows ('' while none does).
	const [ shown, setShown ] = useState( '' );
	const holder = useRef< HTMLDivElement >( null );
	const reference = useRef( '' );
	reference.current ||= newReference( formId );
	const say = ( text: string, error: boolean ) => {
		setNote( { text, error } );
		announce( text );
	};
	// What the provider's callbacks read: this render's state.
	const now = useRef( { draft, quote, say } );
	now.current = { draft, quote, say };

	// A return from Cash App: read the draft, then restore or confirm.
	useEffect( () => {
		const id = returnedDraftId( window.location.href );
		if ( ! id ) {
			return;
		}
		let cancelled = false;
		void ( async () => {
			let read: DraftRead;
			try {
				read = await form.get< DraftRead >(
					`payment-drafts/${ encodeURIComponent( id ) }`
				);
			} catch {
				if ( ! cancelled ) {
					setResuming( null );
					now.current.say(
						__(
							'Your saved details could not be found (they are kept for 24 hours). Please check the form and pay again.',
							'kestrel-forms'
						),
						true
					);
				}
				return;
			}
			if ( cancelled ) {
				return;
			}
			if ( read.status === 'submitted' ) {
				form.confirm( read.confirmation );
				return;
			}
			await form.restore( read.values );
			form.submissionKey( read.submission_key );
			await now.current.quote.refresh();
			if ( cancelled ) {
				return;
			}
			setDraft( {
				id: read.draft_id,
				redirectURL: resumedRedirectUrl( window.location.href ),
				values: JSON.stringify( draftValues( form, field ) ),
			} );
			setResuming( null );
		} )();
		return () => {
			cancelled = true;
		};
	}, [ form, field ] );

	const amount = quote.request?.total.amount ?? '';
	const payable = !! quote.request && minorUnits( amount ) >= 1;

	// One instance per total, redirect and reference; a change makes a new one.
	useEffect( () => {
		const request = now.current.quote.request;
		if ( ! config || ! registry || resuming || ! payable || ! request ) {
			return;
		}
		const target = holder.current;
		if ( ! target ) {
			return;
		}
		// A fresh container per instance: nothing of an earlier button stays.
		const container = document.createElement( 'div' );
		container.className = 'kestrel-form__cash-app-pay-button';
		target.replaceChildren( container );
		let cancelled = false;
		let made: { destroy: () => Promise< void > } | null = null;
		const active = draft;
		const onResult = ( outcome: WalletOutcome ) => {
			if ( cancelled ) {
				return;
			}
			if ( outcome.status === 'OK' ) {
				binding.pending = active
					? { ...outcome.value, draftId: active.id }
					: outcome.value;
				form.submit();
				return;
			}
			now.current.say(
				outcome.status === 'Cancel'
					? __(
							'Payment cancelled. Nothing was charged.',
							'kestrel-forms'
						)
					: outcome.message,
				outcome.status === 'Error'
			);
		};
		const shouldTokenize = async (): Promise< boolean > => {
			setNote( undefined );
			// Synchronous, in the click: the form's own check first.
			if ( cancelled || ! form.check() ) {
				return false;
			}
			if ( now.current.quote.stale ) {
				now.current.say(
					__(
						'The total is being updated. Please try again in a moment.',
						'kestrel-forms'
					),
					false
				);
				return false;
			}
			if ( ! isMobileDevice() ) {
				return true;
			}
			// A phone leaves this page: the values wait on the server, and the redirect
			// carries their draft's id.
			const values = draftValues( form, field );
			const json = JSON.stringify( values );
			if ( active && active.values === json ) {
				return true;
			}
			try {
				const stored = await form.post< DraftCreated >(
					'payment-drafts',
					{
						values,
						submission_key: form.submissionKey(),
						return_url: returnUrl( window.location.href ),
					}
				);
				setDraft( {
					id: stored.draft_id,
					redirectURL: stored.redirect_url,
					values: json,
				} );
				now.current.say(
					__(
						'Your details are saved. Tap Cash App Pay again to continue in Cash App.',
						'kestrel-forms'
					),
					false
				);
			} catch ( failure ) {
				form.fail( failure as SubmissionFailure );
			}
			return false;
		};
		registry
			.ready()
			.then( ( adapter ) => {
				if ( cancelled || ! adapter.cashAppPay ) {
					return null;
				}
				return adapter.cashAppPay( config, {
					container,
					total: request.total,
					currencyCode: request.currencyCode,
					countryCode: request.countryCode,
					redirectURL:
						active?.redirectURL ??
						returnUrl( window.location.href ),
					referenceId: active?.id ?? reference.current,
					button:
						config.cashAppPayButton ??
						( field as FieldDefinition & BankAndCashAppSettings )
							.cashAppPayButton,
					shouldTokenize,
					onResult,
					onDismissed: () =>
						! cancelled &&
						now.current.say(
							__(
								'Cash App Pay was closed. Nothing was charged.',
								'kestrel-forms'
							),
							false
						),
				} );
			} )
			.then(
				( handle ) => {
					if ( ! handle ) {
						return;
					}
					if ( cancelled ) {
						void handle.destroy();
						return;
					}
					made = handle;
					setShown( request.total.amount );
				},
				// Not offered here (the provider says why): no button.
				() => ! cancelled && setShown( '' )
			);
		return () => {
			cancelled = true;
			setShown( '' );
			// A token approved for this instance's total is not spent on another one.
			if ( binding.pending?.method === 'cashAppPay' ) {
				binding.pending = null;
			}
			void made?.destroy();
			container.remove();
		};
	}, [
		config,
		registry,
		resuming,
		payable,
		amount,
		draft,
		binding,
		form,
		field,
	] );

	return (
		<div
			className="kestrel-form__cash-app-pay"
			id={ `kestrel_cash_app_pay_${ formId }_${ field.id }` }
			data-total={ shown || undefined }
			hidden={ concealed }
		>
			<div ref={ holder } />
			<ButtonNote note={ note } />
		</div>
	);
}
