/**
 * Usage metrics and error reports (spec §7, §9): metrics batched as `{metrics:[...]}` every 1 s
 * and on page hide, sent at once on nonce success and destroy; error reports with up to 100
 * breadcrumbs, a buffer of 30, a 60 s back-off after a 429, messages cut at 250 characters,
 * keepalive bodies under 60000 bytes and fewer than 15 in flight. Never card data: only the
 * event names and ids the SDK itself produces (a metric keeps only the MetricData keys).
 *
 * The hydration decides what may leave the page (spec §6 feature flags): usage metrics need an
 * analytics backend, error reports the record-error-metrics flag. Until the hydration answers,
 * both wait (metrics in a bounded queue, errors in the buffer of 30); see setPolicy().
 */
import {
	ERROR_BREADCRUMBS,
	ERROR_BUFFER,
	ERROR_MESSAGE_MAX,
	ERROR_RATE_LIMIT_MS,
	KEEPALIVE_MAX_BYTES,
	KEEPALIVE_MAX_IN_FLIGHT,
	METRICS_FLUSH_MS,
	SDK_VERSION,
	TransportError,
	requestJson,
	type TransportDeps,
} from '../protocol';

/** What one metric may carry besides the common fields (spec §3 "Metrics event"). */
export interface MetricData {
	/** The SDK part the event comes from: "payments", "card" or "gift-card". */
	eventSource: string;
	/** Milliseconds since the start of what the event ends (payments(), attach, tokenize...). */
	duration: number;
	/** Payment method name ("Card", "GiftCard"). */
	method?: string;
	/** Tracking id the provider gave the tokenized payment method. */
	paymentMethodTrackingId?: string;
}

const METRIC_KEYS: ReadonlyArray< keyof MetricData > = [
	'eventSource',
	'duration',
	'method',
	'paymentMethodTrackingId',
];

/** Metrics kept while the hydration has not said whether they may be sent. */
const PENDING_METRICS_MAX = 100;

/**
 * Whether metrics / error reports may be sent: true, false (dropped), or null (not known yet:
 * kept until it is).
 */
export interface TelemetryPolicy {
	metrics: boolean | null;
	errors: boolean | null;
}

/** Metrics and error reporting of one payments instance. */
export class Telemetry {
	private queue: Array< Record< string, unknown > > = [];
	private policy: TelemetryPolicy = { metrics: true, errors: true };
	private breadcrumbs: string[] = [];
	private errors: string[] = [];
	private inFlight = 0;
	private blockedUntil = 0;
	private timer: unknown = null;
	/** Sends the held reports when the rate-limit back-off ends. */
	private drainTimer: unknown = null;

	/**
	 * @param deps   Transport dependencies.
	 * @param base   Provider origin.
	 * @param common Fields of every metric (session, avt, ...).
	 * @param now    Clock.
	 */
	constructor(
		private readonly deps: TransportDeps,
		private readonly base: string,
		private readonly common: () => Record< string, unknown >,
		private readonly now: () => number = Date.now
	) {}

	/**
	 * Sets what may be sent (from the hydration's flags); queued items follow the new rule.
	 *
	 * @param policy Changes.
	 */
	setPolicy( policy: Partial< TelemetryPolicy > ): void {
		this.policy = { ...this.policy, ...policy };
		if ( this.policy.metrics === false ) {
			this.queue = [];
		} else if ( this.policy.metrics && this.queue.length ) {
			this.schedule();
		}
		if ( this.policy.errors === false ) {
			this.errors = [];
		}
		this.drainErrors();
	}

	/**
	 * Queues a metric; flushed within 1 s. Only the MetricData keys are kept.
	 *
	 * @param event Event name.
	 * @param data  Source, duration and ids.
	 */
	metric( event: string, data: MetricData ): void {
		this.breadcrumb( event );
		if ( this.policy.metrics === false ) {
			return;
		}
		const picked: Record< string, unknown > = {};
		for ( const key of METRIC_KEYS ) {
			if ( data[ key ] !== undefined ) {
				picked[ key ] = data[ key ];
			}
		}
		picked.eventSource = String( data.eventSource );
		picked.duration = Math.max(
			0,
			Math.round( Number( data.duration ) ) || 0
		);
		this.queue.push( {
			event,
			...picked,
			...this.common(),
			sdkVersion: SDK_VERSION,
			time: this.now(),
		} );
		if (
			this.policy.metrics === null &&
			this.queue.length > PENDING_METRICS_MAX
		) {
			this.queue.shift();
		}
		if ( this.policy.metrics ) {
			this.schedule();
		}
	}

	private schedule(): void {
		if ( this.timer === null ) {
			this.timer = setTimeout( () => this.flush(), METRICS_FLUSH_MS );
		}
	}

	/** Sends the queued metrics now (kept while the policy is not known). */
	flush(): void {
		clearTimeout( this.timer as number );
		this.timer = null;
		if ( ! this.queue.length || ! this.policy.metrics ) {
			return;
		}
		const metrics = this.queue;
		this.queue = [];
		this.send( '/payments/mtx/v2', { metrics } );
	}

	/**
	 * Records a breadcrumb (last 100 kept).
	 *
	 * @param text Text.
	 */
	breadcrumb( text: string ): void {
		this.breadcrumbs.push( text );
		if ( this.breadcrumbs.length > ERROR_BREADCRUMBS ) {
			this.breadcrumbs.shift();
		}
	}

	/**
	 * Reports an error (buffered up to 30 while rate-limited).
	 *
	 * @param message Text, cut at 250 characters.
	 */
	report( message: string ): void {
		if ( this.policy.errors === false ) {
			return;
		}
		this.errors.push( message.slice( 0, ERROR_MESSAGE_MAX ) );
		if ( this.errors.length > ERROR_BUFFER ) {
			this.errors.shift();
		}
		this.drainErrors();
	}

	/** Snapshot for tests. */
	get pendingErrors(): readonly string[] {
		return this.errors;
	}

	private drainErrors(): void {
		if ( ! this.policy.errors ) {
			return;
		}
		while ( this.errors.length && this.now() >= this.blockedUntil ) {
			const message = this.errors.shift()!;
			this.send( '/payments/mtx/error', {
				sdk_version: SDK_VERSION,
				error_message: message,
				breadcrumbs: this.breadcrumbs.slice( -ERROR_BREADCRUMBS ),
			} );
		}
	}

	/** Keepalive requests running now (tests). */
	get keepaliveInFlight(): number {
		return this.inFlight;
	}

	/**
	 * Drains the held reports once the back-off has passed, without waiting for another report.
	 *
	 * @param wait Milliseconds until the back-off ends.
	 */
	private scheduleDrain( wait: number ): void {
		clearTimeout( this.drainTimer as number );
		this.drainTimer = setTimeout(
			() => {
				this.drainTimer = null;
				this.drainErrors();
			},
			Math.max( 0, wait )
		);
	}

	private send( path: string, body: Record< string, unknown > ): void {
		// Measured once per candidate body; requestJson serialises the one sent.
		let payload = body;
		// Only keepalive requests count towards the in-flight limit (the browser's keepalive quota).
		const canKeepalive = () =>
			byteLength( JSON.stringify( payload ) ) < KEEPALIVE_MAX_BYTES &&
			this.inFlight < KEEPALIVE_MAX_IN_FLIGHT - 1;
		let keepalive = canKeepalive();
		if ( ! keepalive && Array.isArray( body.breadcrumbs ) ) {
			// Drop breadcrumbs rather than lose the keepalive (page hide).
			payload = { ...body, breadcrumbs: [] };
			keepalive = canKeepalive();
		}
		if ( keepalive ) {
			this.inFlight++;
		}
		requestJson( this.deps, this.base + path, payload, {
			keepalive,
			attempts: 1,
		} )
			.catch( ( error: unknown ) => {
				if ( error instanceof TransportError && error.status === 429 ) {
					this.blockedUntil = this.now() + ERROR_RATE_LIMIT_MS;
					if ( typeof body.error_message === 'string' ) {
						// The refused report waits with the others.
						this.errors.unshift( body.error_message );
						if ( this.errors.length > ERROR_BUFFER ) {
							this.errors.pop();
						}
					}
					this.scheduleDrain( ERROR_RATE_LIMIT_MS );
				}
			} )
			.finally( () => {
				if ( keepalive ) {
					this.inFlight--;
				}
			} );
	}
}

/**
 * UTF-8 size of a string: the keepalive limit is in bytes, not characters (spec §9).
 *
 * @param text Text.
 */
export function byteLength( text: string ): number {
	if ( typeof TextEncoder === 'function' ) {
		return new TextEncoder().encode( text ).length;
	}
	let bytes = 0;
	for ( const ch of text ) {
		const code = ch.codePointAt( 0 )!;
		bytes += 1 + Number( code >= 0x80 ) + Number( code >= 0x800 );
		bytes += Number( code >= 0x10000 );
	}
	return bytes;
}
