/**
 * The message of a failed REST request, shared by the admin stores (forms, entries, settings).
 */
import { __ } from '@wordpress/i18n';

/**
 * The server's message of an apiFetch rejection, or `fallback` when it has none.
 *
 * @param error    What apiFetch threw.
 * @param fallback Message shown when the rejection carries none.
 * @return A message to show.
 */
export function messageOf( error: unknown, fallback?: string ): string {
	const message = ( error as { message?: unknown } | null )?.message;
	return typeof message === 'string' && message !== ''
		? message
		: ( fallback ??
				__(
					'Something went wrong. Please try again.',
					'kestrel-forms'
				) );
}
