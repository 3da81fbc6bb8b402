/**
 * The server's price of the form as it stands (POST /forms/{id}/payment-request with the form's
 * values): what the wallet sheets show, what a bank payment is authorised for and what a Cash App
 * Pay request asks. The browser never prices a payment itself.
 */
import { useCallback, useEffect, useRef, useState } from '@wordpress/element';
import type { FieldDefinition } from '../../../shared';
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

/** The server's quote as a component sees it. */
export interface ServerQuote {
	/** The newest answer (null before the first, or when the server could not be asked). */
	request: WalletRequest | null;
	/** The pricing changed and the new answer is not here yet. */
	stale: boolean;
	/** Asks again now (after values were put back); resolves once the answer is in. */
	refresh: () => Promise< void >;
}

/**
 * The server's quote for the form's current values, asked once and again whenever the pricing
 * changes (debounced); the newest question wins.
 *
 * @param form    The form's port.
 * @param field   The payment field.
 * @param enabled Whether anything needs it (no question otherwise).
 */
export function useServerQuote(
	form: UnitFormPort | undefined,
	field: FieldDefinition,
	enabled: boolean
): ServerQuote {
	const [ request, setRequest ] = useState< WalletRequest | null >( null );
	const [ stale, setStale ] = useState( true );
	const latest = useRef( 0 );

	const ask = useCallback( (): Promise< void > => {
		if ( ! form ) {
			return Promise.resolve();
		}
		const question = ++latest.current;
		setStale( true );
		return fetchRequest( form ).then(
			( next ) => {
				if ( question === latest.current ) {
					setRequest( ( now ) =>
						JSON.stringify( now ) === JSON.stringify( next )
							? now
							: next
					);
					setStale( false );
				}
			},
			() => {
				if ( question === latest.current ) {
					// No answer (offline, rate limited): nothing can be paid with an old price.
					setRequest( null );
					setStale( false );
				}
			}
		);
	}, [ form ] );

	useEffect( () => {
		if ( ! enabled || ! form ) {
			return;
		}
		void ask();
		let timer = 0;
		let asked = pricingKey( form, field );
		const unsubscribe = form.subscribe( () => {
			const key = pricingKey( form, field );
			if ( key === asked ) {
				return;
			}
			asked = key;
			setStale( true );
			window.clearTimeout( timer );
			timer = window.setTimeout( () => void ask(), QUOTE_DELAY_MS );
		} );
		const questions = latest;
		return () => {
			unsubscribe();
			window.clearTimeout( timer );
			// An answer still on its way is for a form that is gone.
			questions.current++;
		};
	}, [ enabled, form, field, ask ] );

	return { request, stale, refresh: ask };
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
