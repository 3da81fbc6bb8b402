/**
 * The form's side of a payment field: when to tokenize, which token a submission carries, what
 * a refused payment means for the visitor. Form.tsx calls it at three points (leaving a page,
 * submit, a failed answer); the field (PaymentField.tsx) hands it a gate to its elements.
 */
import { useCallback, useMemo, useRef } from '@wordpress/element';
import { __ } from '@wordpress/i18n';
import type {
	FieldDefinition,
	FormDefinition,
	FormValues,
	PaymentValue,
} from '../../../shared';
import {
	paymentAmount,
	paymentFieldOf,
	type Evaluation,
} from '../../../forms-engine';
import type { SubmissionFailure } from '../../submit/submit';
import type {
	BillingContact,
	PaymentConfig,
	PaymentRegistry,
	TokenizeOutcome,
	TokenizeRequest,
} from './types';

/** What the field hands the form: its elements' tokenize and a few UI actions. */
export interface PaymentGate {
	tokenize: ( request: TokenizeRequest ) => Promise< TokenizeOutcome >;
	/** Throws the entered details away: fresh elements (expired or used token). */
	reset: () => void;
	/** Moves focus to the field. */
	focus: () => void;
	/** Says a message in the field's live region. */
	announce: ( text: string ) => void;
}

/** What Form passes down to the payment field. */
export interface PaymentBinding {
	config: PaymentConfig | null;
	registry: PaymentRegistry | null;
	gate: ( gate: PaymentGate | null ) => void;
}

/** A payment step's result: a value to send (none when nothing is charged), or a message. */
export type PaymentStep =
	{ ok: true; value: PaymentValue | null } | { ok: false; message: string };

/** Provider codes meaning the token cannot be used again: the visitor enters the card again. */
const STALE_TOKEN = [ 'CARD_TOKEN_EXPIRED', 'CARD_TOKEN_USED' ];

/** Answers that are about the payment even without a field error. */
const PAYMENT_ERRORS = [
	'kestrel_forms_payment_not_taken',
	'kestrel_forms_payments_unavailable',
	'kestrel_forms_payment_in_progress',
];

/**
 * The payment controller of a form (inert for a form without a payment field).
 *
 * @param form     Form definition.
 * @param config   The page's public payment configuration (null: none printed, e.g. a preview).
 * @param registry Where the field script registers (null: none on this page).
 */
export function usePayment(
	form: FormDefinition,
	config: PaymentConfig | null,
	registry: PaymentRegistry | null
) {
	const field = useMemo( () => paymentFieldOf( form ), [ form ] );
	const gate = useRef< PaymentGate | null >( null );
	// A token made when the visitor left the payment page, for the final submit.
	const kept = useRef< { value: PaymentValue; amount: string } | null >(
		null
	);
	// Whether the request in flight carries a token (then its failures are the payment's).
	const sent = useRef( false );
	const binding = useMemo< PaymentBinding >(
		() => ( {
			config,
			registry,
			gate: ( next ) => {
				gate.current = next;
			},
		} ),
		[ config, registry ]
	);

	/**
	 * Tokenizes now (and verifies the buyer), for the amount the engine computes.
	 *
	 * @param evaluation Fresh evaluation.
	 * @param values     Current values (the billing contact is read from them).
	 * @param reuse      Whether a kept token for the same amount may be used instead.
	 */
	const tokenize = useCallback(
		async (
			evaluation: Evaluation | null,
			values: FormValues,
			reuse: boolean
		): Promise< PaymentStep > => {
			if ( ! field ) {
				return { ok: true, value: null };
			}
			const amount = paymentAmount( form, field, evaluation );
			if ( amount.minor <= 0 ) {
				// Hidden, or nothing to pay: the entry is posted without a payment.
				kept.current = null;
				return { ok: true, value: null };
			}
			if ( reuse && kept.current?.amount === amount.decimal ) {
				return { ok: true, value: kept.current.value };
			}
			kept.current = null;
			if ( ! gate.current ) {
				return {
					ok: false,
					message: __(
						'Payments are not available right now. Please reload the page.',
						'kestrel-forms'
					),
				};
			}
			const outcome = await gate.current.tokenize( {
				amount: amount.decimal,
				currencyCode: amount.currency,
				billingContact: billingContact(
					config?.billing ?? field.billing ?? {},
					values
				),
			} );
			if ( ! outcome.ok ) {
				return { ok: false, message: outcome.message };
			}
			kept.current = { value: outcome.value, amount: amount.decimal };
			return { ok: true, value: outcome.value };
		},
		[ config, field, form ]
	);

	return {
		field,
		binding,
		/**
		 * Leaving a page (Next): tokenize when it holds the payment field, and keep the token.
		 *
		 * @param pageFields Fields of the page being left.
		 * @param evaluation Fresh evaluation.
		 * @param values     Current values.
		 */
		leavePage: (
			pageFields: FieldDefinition[],
			evaluation: Evaluation | null,
			values: FormValues
		): Promise< PaymentStep > =>
			field && pageFields.some( ( f ) => f.id === field.id )
				? tokenize( evaluation, values, false )
				: Promise.resolve( { ok: true, value: null } ),
		/**
		 * The final submit: the kept token when the amount is still the one verified (the field
		 * is on an earlier page), else a fresh one.
		 *
		 * @param pageFields Fields of the page the submit is on.
		 * @param evaluation Fresh evaluation.
		 * @param values     Current values.
		 */
		forSubmit: async (
			pageFields: FieldDefinition[],
			evaluation: Evaluation | null,
			values: FormValues
		): Promise< PaymentStep > => {
			const onThisPage =
				!! field && pageFields.some( ( f ) => f.id === field.id );
			const step = await tokenize( evaluation, values, ! onThisPage );
			// Single use: whatever the server answers, this token is spent.
			kept.current = null;
			sent.current = step.ok && step.value !== null;
			return step;
		},
		/**
		 * The message to show at the payment field for a failed answer, or null when the failure
		 * is not the payment's (the form shows it as usual). A stale token resets the elements.
		 *
		 * @param failure The failure.
		 */
		failureMessage: ( failure: SubmissionFailure ): string | null => {
			const carried = sent.current;
			sent.current = false;
			if ( ! field ) {
				return null;
			}
			if ( failure.kind === 'validation' ) {
				const own = failure.errors[ String( field.id ) ];
				if ( ! own ) {
					return null;
				}
				if ( STALE_TOKEN.includes( failure.paymentCode ?? '' ) ) {
					gate.current?.reset();
					return __(
						'Your card details expired; please enter them again.',
						'kestrel-forms'
					);
				}
				return own;
			}
			if ( failure.kind === 'error' || failure.kind === 'in_progress' ) {
				const code = failure.kind === 'error' ? failure.code : '';
				if ( code && PAYMENT_ERRORS.includes( code ) ) {
					return failure.message;
				}
				if ( failure.kind === 'in_progress' && carried ) {
					return failure.message;
				}
				if ( carried && ( ! code || code === 'fetch_error' ) ) {
					return __(
						'We could not reach the server, so we cannot tell whether your payment went through. Please try again: you will not be charged twice.',
						'kestrel-forms'
					);
				}
			}
			return null;
		},
		/**
		 * Focuses the field and announces a message in its live region.
		 *
		 * @param message Message.
		 */
		present: ( message: string ) => {
			window.requestAnimationFrame( () => gate.current?.focus() );
			gate.current?.announce( message );
		},
	};
}

/**
 * The billing contact from the field's mapping and the form's values ("4.3" falls back to the
 * field's own value when no input of that id carries one).
 *
 * The seller's country is not the buyer's: an unmapped country stays out of the contact.
 *
 * @param mapping Contact key → field or input id.
 * @param values  Current values.
 */
export function billingContact(
	mapping: NonNullable< FieldDefinition[ 'billing' ] >,
	values: FormValues
): BillingContact {
	const read = ( ref?: string ): string => {
		if ( ! ref ) {
			return '';
		}
		const value = values[ ref ] ?? values[ ref.split( '.' )[ 0 ] ];
		return ( Array.isArray( value ) ? value.join( ', ' ) : ( value ?? '' ) )
			.toString()
			.trim();
	};
	const contact: BillingContact = {};
	const lines = [
		read( mapping.addressLine1 ),
		read( mapping.addressLine2 ),
	].filter( Boolean );
	if ( lines.length ) {
		contact.addressLines = lines;
	}
	for ( const key of [
		'givenName',
		'familyName',
		'city',
		'state',
		'postalCode',
		'countryCode',
		'email',
		'phone',
	] as const ) {
		const value = read( mapping[ key ] );
		if ( value ) {
			contact[ key ] = value;
		}
	}
	return contact;
}

/**
 * Sends a request, and sends it again while the server answers that the same submission is still
 * being processed (409), waiting what it asks (1–10 s), at most `tries` more times.
 *
 * @param send  Sends the request (the same submission key every time).
 * @param tries Retries after the first attempt.
 * @param wait  Waits some milliseconds (tests shorten it).
 */
export async function retryInProgress< T >(
	send: () => Promise< T >,
	tries = 3,
	wait: ( ms: number ) => Promise< void > = ( ms ) =>
		new Promise( ( resolve ) => window.setTimeout( resolve, ms ) )
): Promise< T > {
	for ( let attempt = 0; ; attempt++ ) {
		try {
			return await send();
		} catch ( error ) {
			const failure = error as SubmissionFailure;
			if ( failure?.kind !== 'in_progress' || attempt >= tries ) {
				throw error;
			}
			await wait(
				Math.min( 10, Math.max( 1, failure.retryAfter || 1 ) ) * 1000
			);
		}
	}
}
