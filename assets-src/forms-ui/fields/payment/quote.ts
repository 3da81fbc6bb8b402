/**
 * The server's price of the form as it stands (POST /forms/{id}/payment-request with the form's
 * values): what the wallet sheets show, what a bank payment is authorised for and what a Cash App
 * Pay request asks. The browser never prices a payment itself.
 */
import { useCallback, useEffect, useRef, useState } from '@wordpress/element';
import { __ } from '@wordpress/i18n';
import type { FieldDefinition } from '../../../shared';
import { paymentAmount } from '../../../forms-engine';
import type { UnitFormPort } from '../units';
import type { WalletRequest } from './types';

/** How long value changes settle before the server is asked again (as totals do). */
export const QUOTE_DELAY_MS = 50;

/**
 * Asks the server for the payment request (or the sheet's update).
 *
 * @param form The form's port.
 * @param body Extra body keys (shippingOption, shippingContact).
 */
export function fetchRequest(
	form: UnitFormPort,
	body: Record< string, unknown > = {}
): Promise< WalletRequest > {
	return form.post< WalletRequest >( 'payment-request', {
		values: form.submissionValues(),
		...body,
	} );
}

/**
 * What the payment request depends on, as the browser's engine sees it: the pricing (products,
 * quantities, options, shipping, total) and whether the payment field shows. Keystrokes
 * elsewhere (a name, an email) change neither and ask the server nothing (the route is
 * rate-limited per visitor). The server prices the values again whenever it is asked.
 *
 * @param form  The form's port.
 * @param field The payment field.
 */
export function pricingKey(
	form: UnitFormPort,
	field: FieldDefinition
): string {
	const { evaluation } = form.current();
	return JSON.stringify( [
		evaluation?.pricing ?? null,
		evaluation?.visible[ field.id ] !== false,
	] );
}

/**
 * Calls `changed` at once whenever the form's pricing (or the field's visibility) changes, and
 * `settled` once such changes paused for QUOTE_DELAY_MS (a debounce, as totals have).
 *
 * @param form    The form's port.
 * @param field   The payment field.
 * @param changed Called on each change (mark what depends on it stale).
 * @param settled Called after the last change of a burst (ask the server again).
 * @return Stops listening.
 */
export function onPricingChange(
	form: UnitFormPort,
	field: FieldDefinition,
	changed: () => void,
	settled: () => void
): () => void {
	let timer = 0;
	let asked = pricingKey( form, field );
	const unsubscribe = form.subscribe( () => {
		const key = pricingKey( form, field );
		if ( key === asked ) {
			return;
		}
		asked = key;
		changed();
		window.clearTimeout( timer );
		timer = window.setTimeout( settled, QUOTE_DELAY_MS );
	} );
	return () => {
		unsubscribe();
		window.clearTimeout( timer );
	};
}

/** The server's quote as a component sees it. */
export interface ServerQuote {
	/** The newest answer (null before the first, or when the server could not be asked). */
	request: WalletRequest | null;
	/** The pricing changed and the new answer is not here yet. */
	stale: boolean;
	/** Asks again now (after values were put back); resolves once the newest answer is in. */
	refresh: () => Promise< void >;
}

/** The server's answer when the form's payment field offers no wallet (Apple Pay, Google Pay). */
const NO_WALLET = 'kestrel_forms_wallets_not_offered';

/**
 * The payment request the browser's engine prices (the same engine and rules as the server's
 * submission check): used only when the server's payment-request route answers that it serves
 * wallet fields only. The charge is the server's total either way.
 *
 * @param form     The form's port.
 * @param field    The payment field.
 * @param currency The form's currency.
 * @param country  The seller's country.
 */
export function engineRequest(
	form: UnitFormPort,
	field: FieldDefinition,
	currency: string,
	country: string
): WalletRequest {
	const amount = paymentAmount(
		{ title: '', fields: [], currency },
		field,
		form.current().evaluation
	);
	const total = {
		amount: amount.decimal,
		label: __( 'Total', 'kestrel-forms' ),
	};
	return {
		countryCode: country || 'US',
		currencyCode: amount.currency,
		total,
		lineItems: [ total ],
		requestBillingContact: false,
		requestShippingContact: false,
	};
}

/** How long a failed quote waits before it is asked again (when the server names no time). */
export const QUOTE_RETRY_MS = 3000;

/** How many failed quotes in a row are asked again by themselves. */
export const QUOTE_RETRIES = 5;

/**
 * How long to wait before asking again after a failure: the server's Retry-After when it
 * rate-limited the visitor (at most a minute), else QUOTE_RETRY_MS.
 *
 * @param failure What the request rejected with.
 */
function retryDelay( failure: unknown ): number {
	// The form's port rejects with a SubmissionFailure (`retryAfter` when rate limited).
	const seconds = Number(
		( failure as { retryAfter?: unknown } )?.retryAfter
	);
	return Number.isFinite( seconds ) && seconds > 0
		? Math.min( seconds, 60 ) * 1000
		: QUOTE_RETRY_MS;
}

/**
 * The server's quote for the form's current values, asked once and again whenever the pricing
 * changes (debounced); the newest question wins. When the server answers that its route serves
 * wallet fields only, the browser's engine prices the form instead (from then on).
 *
 * @param form     The form's port.
 * @param field    The payment field.
 * @param enabled  Whether anything needs it (no question otherwise).
 * @param fallback The engine's request (null: none).
 * @param method   'afterpayClearpay' for Afterpay/Clearpay's request (its total is the same; it
 *                 also says whether the popup asks for an address), '' for the wallets' one.
 */
export function useServerQuote(
	form: UnitFormPort | undefined,
	field: FieldDefinition,
	enabled: boolean,
	fallback: ( () => WalletRequest ) | null = null,
	method: '' | 'afterpayClearpay' = ''
): ServerQuote {
	const [ request, setRequest ] = useState< WalletRequest | null >( null );
	const [ stale, setStale ] = useState( true );
	const latest = useRef( 0 );
	// The newest question's answer (refresh waits for the newest, not for its own).
	const newest = useRef< Promise< void > >( Promise.resolve() );
	// The server serves wallet fields only: the engine prices this one.
	const local = useRef( false );
	// A question asked again after a failed one, and how many failed in a row.
	const retry = useRef( 0 );
	const failures = useRef( 0 );
	const engine = useRef( fallback );
	engine.current = fallback;

	const ask = useCallback( (): Promise< void > => {
		if ( ! form ) {
			return Promise.resolve();
		}
		const question = ++latest.current;
		const answer = ( next: WalletRequest | null ) => {
			if ( question === latest.current ) {
				failures.current = 0;
				setRequest( ( now ) =>
					JSON.stringify( now ) === JSON.stringify( next )
						? now
						: next
				);
				setStale( false );
			}
		};
		setStale( true );
		if ( local.current && engine.current ) {
			answer( engine.current() );
			return Promise.resolve();
		}
		const asked = fetchRequest( form, method ? { method } : {} ).then(
			answer,
			( failure ) => {
				if (
					( failure as { code?: string } )?.code === NO_WALLET &&
					engine.current
				) {
					local.current = true;
					answer( engine.current() );
					return;
				}
				// No answer (offline, rate limited): the last answer stays on screen but stale
				// (nothing is paid with it), and the server is asked again in a while.
				// At most QUOTE_RETRIES in a row; the next change of the form asks again anyway.
				if (
					question === latest.current &&
					++failures.current <= QUOTE_RETRIES
				) {
					window.clearTimeout( retry.current );
					retry.current = window.setTimeout( () => {
						if ( question === latest.current ) {
							void askRef.current();
						}
					}, retryDelay( failure ) );
				}
			}
		);
		newest.current = asked;
		return asked;
	}, [ form, method ] );
	const askRef = useRef( ask );
	askRef.current = ask;

	/*
	 * Asks now and resolves once the quote holds the answer to the newest question: values put
	 * back (a payment draft) also schedule a question of their own, and an answer to an older
	 * one is dropped. So what waits for it (Cash App Pay back from a phone) never starts with
	 * the total from before the values came back and is not made again when the newer answer
	 * arrives (which would drop the result the redirect brought).
	 */
	const refresh = useCallback( async (): Promise< void > => {
		let waited = ask();
		await waited;
		while ( waited !== newest.current ) {
			waited = newest.current;
			await waited;
		}
	}, [ ask ] );

	useEffect( () => {
		if ( ! enabled || ! form ) {
			return;
		}
		void ask();
		const stop = onPricingChange(
			form,
			field,
			() => setStale( true ),
			() => void ask()
		);
		const questions = latest;
		const again = retry;
		return () => {
			stop();
			window.clearTimeout( again.current );
			// An answer still on its way is for a form that is gone.
			questions.current++;
		};
	}, [ enabled, form, field, ask ] );

	return { request, stale, refresh };
}

/**
 * A decimal amount in minor units ("10.00" → 1000; JPY "3000" → 3000), without floating point.
 *
 * @param amount   Decimal string as the server writes it.
 * @param decimals The currency's decimals (2 for USD).
 */
export function minorUnits( amount: string, decimals = 2 ): number {
	const match = /^(\d+)(?:\.(\d+))?$/.exec( amount.trim() );
	if ( ! match ) {
		return 0;
	}
	const fraction = ( match[ 2 ] ?? '' ).padEnd( decimals, '0' );
	return (
		Number( match[ 1 ] ) * 10 ** decimals +
		Number( fraction.slice( 0, decimals ) || '0' )
	);
}
