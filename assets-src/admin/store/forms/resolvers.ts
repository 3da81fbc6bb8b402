/**
 * Resolvers of the `kestrel-forms/forms` store: they load what a selector asks for.
 */
import apiFetch from '@wordpress/api-fetch';
import { FORMS_PATH } from './constants';
import { queryKey } from './selectors';
import type { FormsQuery, StoredForm } from './types';
import type { Action } from './reducer';

type Thunk = ( args: {
	dispatch: ( action: Action ) => void;
} ) => Promise< void >;

/**
 * The REST path of a list query.
 *
 * @param query Query.
 */
export function listPath( query: FormsQuery = {} ): string {
	const params = new URLSearchParams( {
		status: query.status ?? 'active',
		page: String( query.page ?? 1 ),
		per_page: String( query.perPage ?? 20 ),
		context: 'edit',
	} );
	if ( query.search ) {
		params.set( 'search', query.search );
	}
	return `${ FORMS_PATH }?${ params.toString() }`;
}

/**
 * Loads a page of forms with the total from X-WP-Total.
 *
 * @param query Query.
 */
export function getForms( query: FormsQuery = {} ): Thunk {
	return async ( { dispatch } ) => {
		const response = await apiFetch< Response, false >( {
			path: listPath( query ),
			parse: false,
		} );
		const forms = ( await response.json() ) as StoredForm[];
		dispatch( {
			type: 'RECEIVE_FORMS',
			key: queryKey( query ),
			forms,
			total: Number(
				response.headers.get( 'X-WP-Total' ) ?? forms.length
			),
		} );
	};
}

/**
 * Loads one form.
 *
 * @param id Form id.
 */
export function getForm( id: number ): Thunk {
	return async ( { dispatch } ) => {
		const form = await apiFetch< StoredForm >( {
			path: `${ FORMS_PATH }/${ id }?context=edit`,
		} );
		dispatch( { type: 'RECEIVE_FORM', form } );
	};
}
