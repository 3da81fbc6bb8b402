/**
 * Lighthouse-style page figures of one cold load, measured in the page by the browser's own
 * performance entries (bench/page-weight.mjs prints them per scenario):
 *
 * - FCP: the `first-contentful-paint` paint entry.
 * - Typeable: the first animation frame in which a text input or text area of ours (inside
 *   `.kestrel-form`; not the honeypot) is in the document, shown and enabled (and not before
 *   FCP): from
 *   then on a visitor can click into it and type, whether or not any script of ours has run
 *   (a long task running then delays the keystroke: that is what TBT counts).
 * - TBT: for every long task (PerformanceObserver `longtask`, tasks over 50 ms) inside the window
 *   from FCP to the end of the load plus a quiet window (no long task for QUIET_MS), the part of
 *   its duration over 50 ms, summed (Lighthouse clips a task to the window the same way; it ends
 *   its window at TTI, which on these pages is where ours ends).
 * - CLS: the sum of every `layout-shift` entry without recent input (PerformanceObserver,
 *   `buffered`), up to the end of that window; also the largest session window (shifts less than
 *   1 s apart, 5 s at most), which is what Lighthouse reports and is never above the sum.
 *
 * The CPU is slowed down 4× through the DevTools protocol (Emulation.setCPUThrottlingRate), as
 * Lighthouse's mobile preset does; the network is not throttled (the server is local).
 */
import { visitorContext } from './visitor.mjs';

/** CPU slow-down factor. */
export const CPU_THROTTLING = 4;

/** Milliseconds without a long task after `load` that end the measured window. */
export const QUIET_MS = 2000;

/** The longest the bench waits for that quiet window after `load`. */
const MAX_WAIT_MS = 20_000;

/** One line saying how the figures are measured. */
export const VITALS_METHOD = `Lighthouse-style, measured in Chromium (headless, 1280×720) with ${ CPU_THROTTLING }× CPU throttling via CDP Emulation.setCPUThrottlingRate, network not throttled; TBT = Σ (long task − 50 ms) from FCP to the end of load + ${
	QUIET_MS / 1000
} s without a long task; CLS = Σ layout-shift without recent input (largest session window in brackets)`;

/**
 * Runs in the page before any of its scripts (Playwright init script): starts the observers
 * and the frame loop that looks for the first typeable input of ours.
 */
function observe() {
	const describe = ( node ) => {
		const element = node && node.nodeType === 3 ? node.parentElement : node;
		if ( ! element || ! element.tagName ) {
			return null;
		}
		const classes = [ ...element.classList ].slice( 0, 2 ).join( '.' );
		return `${ element.tagName.toLowerCase() }${
			classes ? `.${ classes }` : ''
		}`;
	};
	const state = {
		supported: window.PerformanceObserver?.supportedEntryTypes ?? [],
		longTasks: [],
		shifts: [],
		typeableAt: null,
	};
	window.__kestrelVitals = state;
	if ( state.supported.includes( 'longtask' ) ) {
		new window.PerformanceObserver( ( list ) => {
			for ( const entry of list.getEntries() ) {
				state.longTasks.push( {
					start: entry.startTime,
					duration: entry.duration,
				} );
			}
		} ).observe( { type: 'longtask', buffered: true } );
	}
	if ( state.supported.includes( 'layout-shift' ) ) {
		new window.PerformanceObserver( ( list ) => {
			for ( const entry of list.getEntries() ) {
				state.shifts.push( {
					time: entry.startTime,
					value: entry.value,
					hadRecentInput: entry.hadRecentInput,
					// What moved, for the report: the first source's element.
					source: describe( entry.sources?.[ 0 ]?.node ),
				} );
			}
		} ).observe( { type: 'layout-shift', buffered: true } );
	}
	// Inputs one types into; the honeypot (aria-hidden, tabindex -1, off-screen) is not one.
	const textInputs = [ 'text', 'email', 'number', 'tel', 'url', 'password' ]
		.map( ( type ) => `.kestrel-form input[type="${ type }"]` )
		.concat( '.kestrel-form input:not([type])', '.kestrel-form textarea' )
		.join( ', ' );
	const typeable = () => {
		for ( const input of document.querySelectorAll( textInputs ) ) {
			const box = input.getBoundingClientRect();
			if (
				! input.disabled &&
				! input.readOnly &&
				input.tabIndex >= 0 &&
				! input.closest( '[aria-hidden="true"], [hidden], [inert]' ) &&
				box.width > 0 &&
				box.height > 0 &&
				box.right > 0 &&
				box.left < window.innerWidth &&
				window.getComputedStyle( input ).visibility !== 'hidden'
			) {
				return true;
			}
		}
		return false;
	};
	const frame = () => {
		if ( typeable() ) {
			state.typeableAt = window.performance.now();
			return;
		}
		// A page that has loaded without any form container has nothing to wait for.
		if (
			document.readyState === 'complete' &&
			! document.querySelector( '.kestrel-form' )
		) {
			return;
		}
		window.requestAnimationFrame( frame );
	};
	window.requestAnimationFrame( frame );
}

/**
 * The figures of one cold load of a page, as an anonymous visitor.
 *
 * @param {import('@playwright/test').Browser} browser Browser.
 * @param {string}                             url     Page URL.
 * @return {Promise<Object>} `{ throttled, why, responseEnd, fcp, typeable, tbt, longTasks, cls,
 * clsWindow, clsSource, windowEnd }` (milliseconds from navigation start; `clsSource`: the element
 * of the largest shift and its value); a figure that could not be measured is null, and `why` (a list)
 * says why.
 */
export async function vitalsOf( browser, url ) {
	const context = await visitorContext( browser, url );
	try {
		const page = await context.newPage();
		const why = [];
		let throttled = true;
		try {
			const cdp = await context.newCDPSession( page );
			await cdp.send( 'Emulation.setCPUThrottlingRate', {
				rate: CPU_THROTTLING,
			} );
		} catch ( error ) {
			throttled = false;
			why.push( `CPU not throttled: ${ error.message }` );
		}
		await page.addInitScript( observe );
		await page.goto( url, { waitUntil: 'load' } );

		// Wait for the quiet window: QUIET_MS after both `load` and the last long task.
		const deadline = Date.now() + MAX_WAIT_MS;
		let snapshot;
		for (;;) {
			snapshot = await page.evaluate( () => {
				const state = window.__kestrelVitals;
				const nav =
					window.performance.getEntriesByType( 'navigation' )[ 0 ];
				return {
					now: window.performance.now(),
					loadEnd: nav.loadEventEnd,
					responseEnd: nav.responseEnd,
					lastLongTaskEnd: Math.max(
						0,
						...state.longTasks.map( ( t ) => t.start + t.duration )
					),
				};
			} );
			const busyUntil = Math.max(
				snapshot.loadEnd,
				snapshot.lastLongTaskEnd
			);
			if (
				snapshot.loadEnd > 0 &&
				snapshot.now - busyUntil >= QUIET_MS
			) {
				break;
			}
			if ( Date.now() > deadline ) {
				why.push(
					`no quiet window of ${ QUIET_MS } ms within ${
						MAX_WAIT_MS / 1000
					} s after load: TBT and CLS cover what happened until then`
				);
				break;
			}
			await page.waitForTimeout( 250 );
		}

		const raw = await page.evaluate( () => {
			const state = window.__kestrelVitals;
			const paint = window.performance
				.getEntriesByType( 'paint' )
				.find( ( e ) => e.name === 'first-contentful-paint' );
			return {
				supported: state.supported,
				longTasks: state.longTasks,
				shifts: state.shifts,
				typeableAt: state.typeableAt,
				fcp: paint ? paint.startTime : null,
				now: window.performance.now(),
				hasForm: !! document.querySelector( '.kestrel-form' ),
			};
		} );
		const windowEnd = raw.now;

		let tbt = null;
		let longTasks = null;
		if ( ! raw.supported.includes( 'longtask' ) ) {
			why.push( 'this Chromium reports no longtask entries: no TBT' );
		} else if ( raw.fcp === null ) {
			why.push( 'no first-contentful-paint entry: no TBT' );
		} else {
			tbt = 0;
			longTasks = 0;
			for ( const task of raw.longTasks ) {
				const start = Math.max( task.start, raw.fcp );
				const end = Math.min( task.start + task.duration, windowEnd );
				if ( end - start > 50 ) {
					tbt += end - start - 50;
					longTasks++;
				}
			}
		}

		let cls = null;
		let clsWindow = null;
		let clsSource = null;
		if ( raw.supported.includes( 'layout-shift' ) ) {
			const shifts = raw.shifts
				.filter( ( s ) => ! s.hadRecentInput && s.time <= windowEnd )
				.sort( ( a, b ) => a.time - b.time );
			cls = shifts.reduce( ( sum, s ) => sum + s.value, 0 );
			const largest = shifts.reduce(
				( top, s ) => ( ! top || s.value > top.value ? s : top ),
				null
			);
			clsSource = largest
				? {
						element: largest.source ?? '(unknown element)',
						value: largest.value,
					}
				: null;
			clsWindow = 0;
			let current = 0;
			let first = 0;
			let last = 0;
			for ( const shift of shifts ) {
				if (
					current &&
					shift.time - last < 1000 &&
					shift.time - first < 5000
				) {
					current += shift.value;
				} else {
					current = shift.value;
					first = shift.time;
				}
				last = shift.time;
				clsWindow = Math.max( clsWindow, current );
			}
		} else {
			why.push( 'this Chromium reports no layout-shift entries: no CLS' );
		}

		if ( raw.hasForm && raw.typeableAt === null ) {
			why.push( 'no input of ours became typeable' );
		}
		return {
			throttled,
			why,
			responseEnd: snapshot.responseEnd,
			fcp: raw.fcp,
			// Found in the frame before it is painted: nothing is typeable before the first paint.
			typeable:
				raw.hasForm && raw.typeableAt !== null
					? Math.max( raw.typeableAt, raw.fcp ?? 0 )
					: null,
			tbt,
			longTasks,
			cls,
			clsWindow,
			clsSource,
			windowEnd,
		};
	} finally {
		await context.close();
	}
}
