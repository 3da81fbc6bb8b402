/**
 * A minimal Customers API (the provider's published shapes): CreateCustomer and
 * RetrieveCustomer, enough for the quickstart's store-card flow (a card on file belongs to a
 * customer).
 */
import { apiError, id, idempotent, notFound } from './shared.mjs';

/** Fields of a Customer the request may set (strings). */
const STRING_FIELDS = [
	'given_name',
	'family_name',
	'company_name',
	'nickname',
	'email_address',
	'phone_number',
	'reference_id',
	'note',
	'birthday',
];

/** At least one of these is needed (the provider's rule). */
const IDENTIFYING = [
	'given_name',
	'family_name',
	'company_name',
	'email_address',
	'phone_number',
];

/**
 * Customers routes: `POST /v2/customers`, `GET /v2/customers/{id}`.
 *
 * @param {{ledger: Object}} ctx Provider context.
 * @return {{api: (r: Object) => Object|undefined}} Merchant API handler.
 */
export function customerRoutes( { ledger } ) {
	function createCustomer( body ) {
		for ( const field of STRING_FIELDS ) {
			if (
				body[ field ] !== undefined &&
				typeof body[ field ] !== 'string'
			) {
				return apiError(
					400,
					'INVALID_REQUEST_ERROR',
					'INVALID_VALUE',
					`${ field } must be a string.`,
					field
				);
			}
		}
		if ( ! IDENTIFYING.some( ( f ) => body[ f ] ) ) {
			return apiError(
				400,
				'INVALID_REQUEST_ERROR',
				'BAD_REQUEST',
				'At least one of given_name, family_name, company_name, email_address, or phone_number is required for a customer'
			);
		}
		const now = new Date().toISOString();
		const customer = {
			id: id( '', 26 )
				.replace( /[-_]/g, 'X' )
				.toUpperCase()
				.slice( 0, 26 ),
			created_at: now,
			updated_at: now,
			...Object.fromEntries(
				STRING_FIELDS.filter( ( f ) => body[ f ] ).map( ( f ) => [
					f,
					body[ f ],
				] )
			),
			...( body.address && typeof body.address === 'object'
				? { address: body.address }
				: {} ),
			preferences: { email_unsubscribed: false },
			creation_source: 'THIRD_PARTY',
			version: 0,
		};
		ledger.customers[ customer.id ] = customer;
		return { status: 200, body: { customer } };
	}

	const api = ( { method, path: p, body } ) => {
		if ( method === 'POST' && p === '/v2/customers' ) {
			return idempotent(
				ledger.customer_idempotency,
				body,
				false,
				createCustomer
			);
		}
		const one = p.match( /^\/v2\/customers\/([^/]+)$/ );
		if ( method === 'GET' && one ) {
			const customerId = decodeURIComponent( one[ 1 ] );
			const customer = ledger.customers[ customerId ];
			return customer
				? { status: 200, body: { customer } }
				: notFound( 'Customer', customerId );
		}
		return undefined;
	};
	return { api };
}
