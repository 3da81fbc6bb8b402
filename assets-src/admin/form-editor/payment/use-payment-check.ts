/**
 * Asks the server whether payments can work for a form currency
 * (`GET /kestrel-forms/v1/payments/check`): credentials, https in production, and the provider
 * location's currency. Asked again when the currency changes and when the window regains focus
 * (the owner may have fixed the settings in another tab); the server caches the location.
 */
import apiFetch from '@wordpress/api-fetch';
import { useEffect, useState } from '@wordpress/element';
import { messageOf } from '../../store/errors';
import type { PaymentCheck } from './types';

export const CHECK_PATH = '/kestrel-forms/v1/payments/check';

export interface CheckState {
	check: PaymentCheck | null;
	/** Why the check itself failed (not a configuration warning). */
	error: string | null;
}

/**
 * The server's configuration check for a currency.
 *
 * @param currency The form's currency (undefined: the site's default).
 */
export function usePaymentCheck( currency: string | undefined ): CheckState {
	const [ state, setState ] = useState< CheckState >( {
		check: null,
		error: null,
	} );
	useEffect( () => {
		let live = true;
		const ask = () => {
			apiFetch( {
				path: currency
					? `${ CHECK_PATH }?currency=${ encodeURIComponent(
							currency
						) }`
					: CHECK_PATH,
			} )
				.then( ( check ) => {
					if ( live ) {
						setState( {
							check: check as PaymentCheck,
							error: null,
						} );
					}
				} )
				.catch( ( error: unknown ) => {
					if ( live ) {
						setState( {
							check: null,
							error: messageOf( error ),
						} );
					}
				} );
		};
		ask();
		window.addEventListener( 'focus', ask );
		return () => {
			live = false;
			window.removeEventListener( 'focus', ask );
		};
	}, [ currency ] );
	return state;
}
