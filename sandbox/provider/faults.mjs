/**
 * Injected faults (ours): POST /__faults {path, method?, mode, count?} makes the next `count`
 * requests whose path starts with `path` fail: `500` answers 500 without doing anything,
 * `timeout` does nothing and never answers, `drop-response-after-commit` does the work and then
 * destroys the socket without an answer. DELETE /__faults clears them.
 */
import { apiError } from './shared.mjs';

export const FAULT_MODES = [ 'drop-response-after-commit', '500', 'timeout' ];

/**
 * Fault area.
 *
 * @param {{ledger: Object}} ctx Provider context.
 * @return {{handle: (r: Object) => Object|undefined, take: (method: string, path: string) => Object|undefined}} Control handler and the lookup the server calls per request.
 */
export function faultArea( { ledger } ) {
	function add( body ) {
		const count = body.count ?? 1;
		if ( typeof body.path !== 'string' || ! body.path.startsWith( '/' ) ) {
			return apiError(
				400,
				'INVALID_REQUEST_ERROR',
				'INVALID_VALUE',
				'path must be a path starting with /.',
				'path'
			);
		}
		if ( ! FAULT_MODES.includes( body.mode ) ) {
			return apiError(
				400,
				'INVALID_REQUEST_ERROR',
				'INVALID_VALUE',
				`mode must be one of ${ FAULT_MODES.join( ', ' ) }.`,
				'mode'
			);
		}
		if ( ! Number.isInteger( count ) || count < 1 ) {
			return apiError(
				400,
				'INVALID_REQUEST_ERROR',
				'INVALID_VALUE',
				'count must be a positive integer.',
				'count'
			);
		}
		ledger.faults.push( {
			path: body.path,
			method:
				typeof body.method === 'string'
					? body.method.toUpperCase()
					: null,
			mode: body.mode,
			count,
			hits: 0,
		} );
		return { status: 200, body: { faults: ledger.faults } };
	}

	/**
	 * The fault the next request meets, counted; undefined when none.
	 *
	 * @param {string} method Request method.
	 * @param {string} p      Path.
	 * @return {Object|undefined} Fault.
	 */
	function take( method, p ) {
		const fault = ledger.faults.find(
			( f ) =>
				p.startsWith( f.path ) && ( ! f.method || f.method === method )
		);
		if ( ! fault ) {
			return undefined;
		}
		fault.hits++;
		fault.count--;
		if ( fault.count <= 0 ) {
			ledger.faults.splice( ledger.faults.indexOf( fault ), 1 );
		}
		return fault;
	}

	const handle = ( { method, path: p, body } ) => {
		if ( p !== '/__faults' ) {
			return undefined;
		}
		if ( method === 'POST' ) {
			return add( body );
		}
		if ( method === 'DELETE' ) {
			ledger.faults = [];
			return { status: 200, body: { faults: [] } };
		}
		if ( method === 'GET' ) {
			return { status: 200, body: { faults: ledger.faults } };
		}
		return undefined;
	};
	return { handle, take };
}

/** The answer of a `500` fault. */
export const FAULT_500 = apiError(
	500,
	'API_ERROR',
	'INTERNAL_SERVER_ERROR',
	'An internal error occurred (fault injected by the sandbox).'
);
