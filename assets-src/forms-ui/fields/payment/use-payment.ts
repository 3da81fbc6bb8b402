/**
 * The form's side of a payment field: when to tokenize, which token a submission carries, what
 * a refused payment means for the visitor. It lives in the payment field script
 * (build/payment-field.js) and becomes the payment unit's hooks (unit.tsx), which form-view's
 * generic field-unit mechanism (../use-field-units.ts) creates once per form and calls (leaving
 * a page, before submit, the send, a failed answer); the field (PaymentField.tsx) hands it a
 * gate to its elements.
 */
import { __ } from '@wordpress/i18n';
import type { FieldDefinition, FormValues } from '../../../shared';
import {
	paymentAmount,
	paymentFieldOf,
	type Evaluation,
} from '../../../forms-engine';
import type { SubmissionFailure } from '../../submit/submit';
import type {
	BillingContact,
	FieldPaymentValue,
	PaymentBinding,
	PaymentContext,
	PaymentController,
	PaymentGate,
	PaymentStep,
} from './types';

export type { PaymentBinding, PaymentGate, PaymentStep } from './types';

/** Provider codes meaning the token cannot be used again: the visitor enters the card again. */
const STALE_TOKEN = [ 'CARD_TOKEN_EXPIRED', 'CARD_TOKEN_USED' ];

/** Answers that are about the payment even without a field error. */
const PAYMENT_ERRORS = [
	'kestrel_forms_payment_not_taken',
	'kestrel_forms_payments_unavailable',
];

/** The 409 answers to a submission key already in flight (P1-CONTRACTS "Charge path"). */
const IN_PROGRESS = [
	'kestrel_forms_submission_in_progress',
	'kestrel_forms_payment_in_progress',
];

/**
 * Whether the server is still processing the same submission key (send the same request later).
 *
 * @param failure A failed answer.
 */
export const inProgress = ( failure: SubmissionFailure ): boolean =>
	IN_PROGRESS.includes( ( failure as { code?: string } )?.code ?? '' );

const unavailable = (): string =>
	__(
		'Payments are not available right now. Please reload the page.',
		'kestrel-forms'
	);

/**
 * The payment controller of a form (inert for a form without a payment field).
 *
 * @param context Reads the form's current definition, payment configuration and field gate.
 */
export function createPaymentController(
	context: () => PaymentContext
): PaymentController {
	// A token made when the visitor left the payment page, for the final submit.
	let kept: { value: FieldPaymentValue; amount: string } | null = null;
	// Whether the request in flight carries a token (then its failures are the payment's).
	let sent = false;
	const fieldOf = () => paymentFieldOf( context().form );
	const onPage = ( pageFields: FieldDefinition[] ) => {
		const field = fieldOf();
		return !! field && pageFields.some( ( f ) => f.id === field.id );
	};

	/**
	 * Tokenizes now (and verifies the buyer), for the amount the engine computes.
	 *
	 * @param evaluation Fresh evaluation.
	 * @param values     Current values (the billing contact is read from them).
	 * @param reuse      Whether a kept token for the same amount may be used instead.
	 */
	const tokenize = async (
		evaluation: Evaluation | null,
		values: FormValues,
		reuse: boolean
	): Promise< PaymentStep > => {
		const { form, binding } = context();
		const field = paymentFieldOf( form );
		if ( ! field ) {
			return { ok: true, value: null };
		}
		const amount = paymentAmount( form, field, evaluation );
		if ( amount.minor <= 0 ) {
			// Hidden, or nothing to pay: the entry is posted without a payment.
			kept = null;
			return { ok: true, value: null };
		}
		// A wallet button started this submit with its own token (used once).
		const wallet = binding.pending;
		binding.pending = null;
		if ( wallet ) {
			kept = { value: wallet, amount: amount.decimal };
			return { ok: true, value: wallet };
		}
		if ( reuse && kept?.amount === amount.decimal ) {
			return { ok: true, value: kept.value };
		}
		kept = null;
		const gate = binding.gate ?? ( await gateOf( binding ) );
		if ( ! gate ) {
			return { ok: false, message: unavailable() };
		}
		const outcome = await gate.tokenize( {
			amount: amount.decimal,
			currencyCode: amount.currency,
			billingContact: billingContact(
				binding.config?.billing ?? field.billing ?? {},
				values
			),
		} );
		if ( ! outcome.ok ) {
			return { ok: false, message: outcome.message };
		}
		kept = { value: outcome.value, amount: amount.decimal };
		return { ok: true, value: outcome.value };
	};

	return {
		leavePage: ( pageFields, evaluation, values ) =>
			onPage( pageFields )
				? tokenize( evaluation, values, false )
				: Promise.resolve( { ok: true, value: null } ),
		forSubmit: async ( pageFields, evaluation, values ) => {
			const step = await tokenize(
				evaluation,
				values,
				! onPage( pageFields )
			);
			// Single use: whatever the server answers, this token is spent.
			kept = null;
			sent = step.ok && step.value !== null;
			return step;
		},
		failureMessage: ( failure ) => {
			const carried = sent;
			sent = false;
			const field = fieldOf();
			if ( ! field ) {
				return null;
			}
			if ( failure.kind === 'validation' ) {
				const own = failure.errors[ String( field.id ) ];
				if ( ! own ) {
					return null;
				}
				let message = own;
				// A payment refused by the provider: its code (GENERIC_DECLINE, CARD_TOKEN_EXPIRED…).
				const payment = failure.data?.payment as
					{ code?: string } | undefined;
				if ( STALE_TOKEN.includes( payment?.code ?? '' ) ) {
					context().binding.gate?.reset();
					message = __(
						'Your card details expired; please enter them again.',
						'kestrel-forms'
					);
				}
				// Other fields' errors too: the form shows them all as usual.
				return Object.keys( failure.errors ).length > 1
					? null
					: message;
			}
			if ( failure.kind === 'error' ) {
				const code = failure.code;
				if ( inProgress( failure ) ) {
					return carried ? failure.message : null;
				}
				if ( code && PAYMENT_ERRORS.includes( code ) ) {
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
		retry: ( send ) => retryInProgress( send ),
		present: ( message ) => {
			const gate = context().binding.gate;
			window.requestAnimationFrame( () => gate?.focus() );
			gate?.announce( message );
		},
	};
}

/**
 * The field's gate when its elements have not rendered yet: the field script arrived during
 * this click, so React renders them in a moment (waits at most a second).
 *
 * @param binding The form's binding.
 */
async function gateOf(
	binding: PaymentBinding
): Promise< PaymentGate | null > {
	for ( let waited = 0; ! binding.gate && waited < 1000; waited += 20 ) {
		await new Promise( ( resolve ) => window.setTimeout( resolve, 20 ) );
	}
	return binding.gate;
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
			if ( ! inProgress( failure ) || attempt >= tries ) {
				throw error;
			}
			const seconds =
				Number(
					( failure as { data?: { retry_after?: number } } ).data
						?.retry_after
				) || 1;
			await wait( Math.min( 10, Math.max( 1, seconds ) ) * 1000 );
		}
	}
}
