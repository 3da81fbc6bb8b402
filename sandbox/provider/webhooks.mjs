/**
 * Webhook subscriptions (the provider's Webhook Subscriptions API) and signed event delivery.
 *
 * Faithful: the subscription object and its routes, the event body {merchant_id, type, event_id,
 * created_at, data:{type, id, object:{<type>: …}}}, the signature header
 * `x-square-hmacsha256-signature` = base64(HMAC-SHA256(signature_key, notification_url + body)),
 * delivery after the API answer, in no guaranteed order. Ours: the delivery record in the ledger
 * and the control POST /__webhooks/mode {drop, duplicate, reorder, delay_ms, retries, hold_ms},
 * GET /__webhooks, POST /__webhooks/flush (release held events), POST /__webhooks/idle (answers
 * when every delivery so far has finished).
 */
import { createHmac, randomUUID } from 'node:crypto';
import {
	MERCHANT_ID,
	apiError,
	id,
	idempotencyOf,
	notFound,
	snapshot,
} from './shared.mjs';

/** Event types a subscription may name. */
export const EVENT_TYPES = [
	'payment.created',
	'payment.updated',
	'refund.created',
	'refund.updated',
];

export const DEFAULT_API_VERSION = '2025-10-16';

const DELIVERY_TIMEOUT_MS = 10_000;
const REORDER_HOLD_MS = 300;

const sleep = ( ms ) => new Promise( ( r ) => setTimeout( r, ms ) );

/**
 * The signature the provider sends: base64(HMAC-SHA256(key, notification URL + raw body)).
 *
 * @param {string} key  Subscription signature key.
 * @param {string} url  Notification URL, as stored in the subscription.
 * @param {string} body Raw body.
 * @return {string} Signature.
 */
export const signature = ( key, url, body ) =>
	createHmac( 'sha256', key )
		.update( url + body )
		.digest( 'base64' );

/**
 * Webhook area.
 *
 * @param {{ledger: Object}} ctx Provider context.
 * @return {{api: Function, control: Function, emit: Function, reset: Function}} Routes and the event emitter.
 */
export function webhookArea( { ledger } ) {
	let generation = 0;
	let chain = Promise.resolve();
	let held = [];
	let holdTimer = null;
	let pending = [];

	const invalid = ( detail, field ) =>
		apiError(
			400,
			'INVALID_REQUEST_ERROR',
			'INVALID_VALUE',
			detail,
			field
		);

	/**
	 * Checks subscription fields; `partial` for an update.
	 *
	 * @param {Object}  s       Subscription fields.
	 * @param {boolean} partial Whether missing fields are allowed.
	 * @return {Object|null} Error answer or null.
	 */
	function refuseSubscription( s, partial ) {
		if ( ! s || typeof s !== 'object' ) {
			return apiError(
				400,
				'INVALID_REQUEST_ERROR',
				'MISSING_REQUIRED_PARAMETER',
				'Field must be set: subscription.',
				'subscription'
			);
		}
		if ( ! partial || s.notification_url !== undefined ) {
			let url = null;
			try {
				url = new URL( String( s.notification_url ?? '' ) );
			} catch {}
			if ( ! url || ! /^https?:$/.test( url.protocol ) ) {
				return invalid(
					'notification_url must be an absolute http(s) URL.',
					'subscription.notification_url'
				);
			}
		}
		if ( ! partial || s.event_types !== undefined ) {
			if (
				! Array.isArray( s.event_types ) ||
				! s.event_types.length ||
				s.event_types.some( ( t ) => ! EVENT_TYPES.includes( t ) )
			) {
				return invalid(
					`event_types must list event types among ${ EVENT_TYPES.join(
						', '
					) }.`,
					'subscription.event_types'
				);
			}
		}
		if ( s.enabled !== undefined && typeof s.enabled !== 'boolean' ) {
			return invalid(
				'enabled must be a boolean.',
				'subscription.enabled'
			);
		}
		return null;
	}

	function createSubscription( body, headers ) {
		const { key, hash, seen, refused } = idempotencyOf(
			ledger.subscription_idempotency,
			body,
			false
		);
		if ( refused ) {
			return refused;
		}
		if ( seen && ledger.webhook_subscriptions[ seen.id ] ) {
			return {
				status: 200,
				body: { subscription: ledger.webhook_subscriptions[ seen.id ] },
			};
		}
		const s = body.subscription;
		const invalidSubscription = refuseSubscription( s, false );
		if ( invalidSubscription ) {
			return invalidSubscription;
		}
		const now = new Date().toISOString();
		const subscription = {
			id: `wbhk_${ randomUUID().replace( /-/g, '' ) }`,
			name: typeof s.name === 'string' ? s.name : '',
			enabled: s.enabled ?? true,
			event_types: [ ...s.event_types ],
			notification_url: s.notification_url,
			api_version:
				s.api_version ??
				headers[ 'square-version' ] ??
				DEFAULT_API_VERSION,
			signature_key: id( '', 16 ),
			created_at: now,
			updated_at: now,
		};
		ledger.webhook_subscriptions[ subscription.id ] = subscription;
		if ( key ) {
			ledger.subscription_idempotency[ key ] = {
				hash,
				id: subscription.id,
			};
		}
		return { status: 200, body: { subscription } };
	}

	function updateSubscription( subscription, body ) {
		const s = body.subscription;
		const refused = refuseSubscription( s, true );
		if ( refused ) {
			return refused;
		}
		for ( const k of [
			'name',
			'enabled',
			'event_types',
			'notification_url',
			'api_version',
		] ) {
			if ( s[ k ] !== undefined ) {
				subscription[ k ] = s[ k ];
			}
		}
		subscription.updated_at = new Date().toISOString();
		return { status: 200, body: { subscription } };
	}

	/**
	 * Sends one event body to a subscription and records the delivery.
	 *
	 * @param {Object} subscription Subscription.
	 * @param {Object} event        Event.
	 * @param {Object} how          {drop, delay_ms, retries, duplicate, test}.
	 * @return {Promise<Object>} The delivery record.
	 */
	async function deliver( subscription, event, how ) {
		const body = JSON.stringify( event );
		const url = subscription.notification_url;
		const sig = signature( subscription.signature_key, url, body );
		const record = {
			id: randomUUID(),
			subscription_id: subscription.id,
			url,
			event_id: event.event_id,
			type: event.type,
			object_id: event.data.id,
			status: null,
			attempts: 0,
			dropped: Boolean( how.drop ),
			duplicate: Boolean( how.duplicate ),
			test: Boolean( how.test ),
			error: null,
			created_at: new Date().toISOString(),
			delivered_at: null,
			signature: sig,
			body,
		};
		const mine = generation;
		ledger.webhook_deliveries.push( record );
		if ( how.drop ) {
			return record;
		}
		if ( how.delay_ms > 0 ) {
			await sleep( how.delay_ms );
		}
		const tries = 1 + ( how.retries ?? 0 );
		for ( let i = 0; i < tries && mine === generation; i++ ) {
			if ( i > 0 ) {
				await sleep( 200 * i );
			}
			record.attempts++;
			try {
				const r = await fetch( url, {
					method: 'POST',
					headers: {
						'Content-Type': 'application/json',
						'x-square-hmacsha256-signature': sig,
						'Square-Version': subscription.api_version,
						'User-Agent': 'Square Connect v2 (sandbox)',
					},
					body,
					signal: AbortSignal.timeout( DELIVERY_TIMEOUT_MS ),
				} );
				await r.arrayBuffer().catch( () => null );
				record.status = r.status;
				record.error = null;
			} catch ( e ) {
				record.error = String( e?.cause?.code ?? e?.name ?? e );
			}
			record.delivered_at = new Date().toISOString();
			if ( record.status >= 200 && record.status < 300 ) {
				break;
			}
		}
		return record;
	}

	function enqueue( event, mode ) {
		for ( const subscription of Object.values(
			ledger.webhook_subscriptions
		) ) {
			if (
				! subscription.enabled ||
				! subscription.event_types.includes( event.type )
			) {
				continue;
			}
			const copies = mode.duplicate ? 2 : 1;
			for ( let i = 0; i < copies; i++ ) {
				const mine = generation;
				chain = chain
					.then( () =>
						mine === generation
							? deliver( subscription, event, {
									...mode,
									duplicate: i > 0,
								} )
							: null
					)
					.catch( () => null );
			}
		}
	}

	function releaseHeld() {
		clearTimeout( holdTimer );
		holdTimer = null;
		const out = held.reverse();
		held = [];
		for ( const { event, mode } of out ) {
			enqueue( event, mode );
		}
		return out.length;
	}

	/** Sends the events of the request that just finished (after its answer was written). */
	function dispatch() {
		const events = pending;
		pending = [];
		const mode = { ...ledger.webhook_mode };
		for ( const event of events ) {
			if ( mode.reorder ) {
				held.push( { event, mode } );
			} else {
				enqueue( event, mode );
			}
		}
		if ( mode.reorder && held.length ) {
			clearTimeout( holdTimer );
			holdTimer = setTimeout(
				releaseHeld,
				mode.hold_ms ?? REORDER_HOLD_MS
			);
		}
	}

	/**
	 * Records an event about an object; it is sent after the current request's answer.
	 *
	 * @param {string} type       Event type, e.g. payment.updated.
	 * @param {string} objectType payment or refund.
	 * @param {Object} object     The object (copied now).
	 */
	function emit( type, objectType, object ) {
		if ( ! pending.length ) {
			setImmediate( dispatch );
		}
		pending.push( {
			merchant_id: MERCHANT_ID,
			type,
			event_id: randomUUID(),
			created_at: new Date().toISOString(),
			data: {
				type: objectType,
				id: object.id,
				object: { [ objectType ]: snapshot( object ) },
			},
		} );
	}

	function sampleEvent( type ) {
		const now = new Date().toISOString();
		const objectType = type.split( '.' )[ 0 ];
		const object =
			objectType === 'payment'
				? {
						id: 'sandboxtestpayment',
						created_at: now,
						updated_at: now,
						amount_money: { amount: 100, currency: 'USD' },
						status: 'COMPLETED',
						source_type: 'CARD',
						location_id: 'LSANDBOXMAIN',
						version_token: 'vsandboxtest',
					}
				: {
						id: 'sandboxtestpayment_sandboxtestrefund',
						created_at: now,
						updated_at: now,
						amount_money: { amount: 100, currency: 'USD' },
						status: 'COMPLETED',
						payment_id: 'sandboxtestpayment',
						location_id: 'LSANDBOXMAIN',
					};
		return {
			merchant_id: MERCHANT_ID,
			type,
			event_id: randomUUID(),
			created_at: now,
			data: {
				type: objectType,
				id: object.id,
				object: { [ objectType ]: object },
			},
		};
	}

	async function testSubscription( subscription, body ) {
		const type = body.event_type ?? subscription.event_types[ 0 ];
		if ( ! subscription.event_types.includes( type ) ) {
			return invalid(
				`The subscription does not include the event type ${ type }.`,
				'event_type'
			);
		}
		const record = await deliver( subscription, sampleEvent( type ), {
			test: true,
		} );
		return {
			status: 200,
			body: {
				subscription_test_result: {
					id: record.id,
					status_code: record.status,
					payload: record.body,
					notification_url: record.url,
					created_at: record.created_at,
					updated_at: record.delivered_at ?? record.created_at,
				},
			},
		};
	}

	/**
	 * Webhook Subscriptions API (/v2/webhooks/…). The caller checked the bearer token.
	 *
	 * @param {Object} r Request.
	 * @return {Object|Promise<Object>|undefined} Answer.
	 */
	function api( r ) {
		const { method, parts, body, headers } = r;
		if ( parts[ 0 ] !== 'v2' || parts[ 1 ] !== 'webhooks' ) {
			return undefined;
		}
		if ( parts[ 2 ] === 'event-types' && method === 'GET' ) {
			return {
				status: 200,
				body: {
					event_types: EVENT_TYPES,
					metadata: EVENT_TYPES.map( ( t ) => ( {
						event_type: t,
						api_version_introduced: '2020-02-26',
						release_status: 'PUBLIC',
					} ) ),
				},
			};
		}
		if ( parts[ 2 ] !== 'subscriptions' ) {
			return undefined;
		}
		if ( parts.length === 3 && method === 'POST' ) {
			return createSubscription( body, headers );
		}
		if ( parts.length === 3 && method === 'GET' ) {
			return {
				status: 200,
				body: {
					subscriptions: Object.values(
						ledger.webhook_subscriptions
					),
				},
			};
		}
		const subscription = ledger.webhook_subscriptions[ parts[ 3 ] ];
		if ( ! subscription ) {
			return notFound( 'Subscription', parts[ 3 ] );
		}
		if ( parts.length === 4 ) {
			if ( method === 'GET' ) {
				return { status: 200, body: { subscription } };
			}
			if ( method === 'PUT' ) {
				return updateSubscription( subscription, body );
			}
			if ( method === 'DELETE' ) {
				delete ledger.webhook_subscriptions[ subscription.id ];
				return { status: 200, body: {} };
			}
		}
		if ( parts.length === 5 && method === 'POST' ) {
			if ( parts[ 4 ] === 'test' ) {
				return testSubscription( subscription, body );
			}
			if ( parts[ 4 ] === 'signature-key' ) {
				subscription.signature_key = id( '', 16 );
				subscription.updated_at = new Date().toISOString();
				return {
					status: 200,
					body: { signature_key: subscription.signature_key },
				};
			}
		}
		return undefined;
	}

	/**
	 * Controls (/__webhooks…).
	 *
	 * @param {Object} r Request.
	 * @return {Object|Promise<Object>|undefined} Answer.
	 */
	function control( r ) {
		const { method, path: p, body } = r;
		if ( method === 'GET' && p === '/__webhooks' ) {
			return {
				status: 200,
				body: {
					mode: ledger.webhook_mode,
					held: held.length,
					subscriptions: Object.values(
						ledger.webhook_subscriptions
					),
					deliveries: ledger.webhook_deliveries,
				},
			};
		}
		if ( method !== 'POST' ) {
			return undefined;
		}
		if ( p === '/__webhooks/mode' ) {
			const mode = {};
			for ( const k of [ 'drop', 'duplicate', 'reorder' ] ) {
				if ( body[ k ] !== undefined ) {
					mode[ k ] = Boolean( body[ k ] );
				}
			}
			for ( const k of [ 'delay_ms', 'retries', 'hold_ms' ] ) {
				if ( body[ k ] !== undefined ) {
					const n = Number( body[ k ] );
					if ( ! Number.isInteger( n ) || n < 0 || n > 60_000 ) {
						return invalid(
							`${ k } must be a non-negative integer.`,
							k
						);
					}
					mode[ k ] = n;
				}
			}
			ledger.webhook_mode = mode;
			if ( ! mode.reorder && held.length ) {
				releaseHeld();
			}
			return { status: 200, body: { mode } };
		}
		if ( p === '/__webhooks/flush' ) {
			return { status: 200, body: { released: releaseHeld() } };
		}
		if ( p === '/__webhooks/idle' ) {
			// Twice: a dispatch scheduled by the last request may not have run yet.
			return new Promise( ( done ) => setImmediate( done ) )
				.then( () => chain )
				.then( () => ( {
					status: 200,
					body: {
						held: held.length,
						deliveries: ledger.webhook_deliveries.length,
					},
				} ) );
		}
		return undefined;
	}

	function reset() {
		generation++;
		clearTimeout( holdTimer );
		holdTimer = null;
		held = [];
		pending = [];
	}

	return { api, control, emit, reset };
}
