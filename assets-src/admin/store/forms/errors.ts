/**
 * Server errors of a saved definition, mapped onto the fields they name
 * (Rest/ErrorMapper::invalid_form: `data.errors[{path, keyword, message}]`).
 */
import { __ } from '@wordpress/i18n';
import type { FormDefinition } from '../../../shared';
import { messageOf as apiMessageOf } from '../errors';
import type { DefinitionError } from './types';

const FIELD_PATH = /^fields\[(\d+)\](?:\.([A-Za-z]+))?/;

interface RawError {
	path?: unknown;
	keyword?: unknown;
	message?: unknown;
}

/**
 * The errors of a 400 kestrel_forms_invalid_form answer, each with the id of the field it names
 * in the definition that was sent. Anything else gives an empty list.
 *
 * @param error The rejection of apiFetch.
 * @param sent  The definition that was sent.
 */
export function definitionErrorsOf(
	error: unknown,
	sent: FormDefinition
): DefinitionError[] {
	const data = ( error as { data?: { errors?: unknown } } | null )?.data;
	if ( ! data || ! Array.isArray( data.errors ) ) {
		return [];
	}
	return ( data.errors as RawError[] ).map( ( raw ) => {
		const path = typeof raw.path === 'string' ? raw.path : '';
		const match = FIELD_PATH.exec( path );
		const field = match ? sent.fields[ Number( match[ 1 ] ) ] : undefined;
		return {
			path,
			keyword: typeof raw.keyword === 'string' ? raw.keyword : '',
			message:
				typeof raw.message === 'string'
					? raw.message
					: __( 'Invalid value.', 'kestrel-forms' ),
			fieldId: field ? field.id : null,
			key: field && match?.[ 2 ] ? match[ 2 ] : '',
		};
	} );
}

/**
 * A readable message of any apiFetch rejection, with the forms screens' fallback text.
 *
 * @param error The rejection.
 */
export const messageOf = ( error: unknown ): string =>
	apiMessageOf(
		error,
		__( 'The request failed. Please try again.', 'kestrel-forms' )
	);
