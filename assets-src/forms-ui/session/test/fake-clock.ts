/**
 * A fake clock for the session's scheduler: timers run only when the test moves time on, in
 * the order they are due (then the order they were set).
 */
import type { Scheduler } from '../types';

export interface FakeClock {
	scheduler: Scheduler;
	/** Moves time on by `ms`, running the timers that fall due on the way. */
	advance: ( ms: number ) => void;
	/** How many timers are pending. */
	pending: () => number;
	/** The time now, in ms since the clock was made. */
	now: () => number;
}

export function fakeClock(): FakeClock {
	let now = 0;
	let sequence = 0;
	const timers = new Map< number, { at: number; run: () => void } >();
	return {
		scheduler: {
			setTimeout: ( run, delay ) => {
				const id = ++sequence;
				timers.set( id, { at: now + Math.max( 0, delay ), run } );
				return id;
			},
			clearTimeout: ( handle ) => {
				timers.delete( handle as number );
			},
		},
		advance: ( ms ) => {
			const end = now + ms;
			for (;;) {
				let due: [ number, { at: number; run: () => void } ] | null =
					null;
				for ( const entry of timers ) {
					if (
						entry[ 1 ].at <= end &&
						( ! due || entry[ 1 ].at < due[ 1 ].at )
					) {
						due = entry;
					}
				}
				if ( ! due ) {
					break;
				}
				timers.delete( due[ 0 ] );
				now = due[ 1 ].at;
				due[ 1 ].run();
			}
			now = end;
		},
		pending: () => timers.size,
		now: () => now,
	};
}
