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
 *   its window at TTI). No visitor has acted yet in that window, as in Lighthouse.
 * - Then, on a page with a form, the pointer moves over it (the form's scripts wait for such a
 *   sign of intent, forms-ui/on-intent.ts); the bench waits for `[data-kestrel-ready]` and a
 *   quiet window again. TBT after hover: the same sum from the hover to the end of that window
 *   (the hydration's long tasks); ready after hover: hover to data-kestrel-ready.
 * - TTI (Lighthouse's rule, on the load window without a visitor): the later of FCP,
 *   DOMContentLoaded's end and the end of the last long task before the quiet window. Lighthouse
 *   also asks for a quiet network and a 5 s window; here the window is QUIET_MS, the server is
 *   local, and the quiet window cannot start before `load` ends (so a quiet gap before `load`
 *   does not end it early, as it could in Lighthouse). Ready: navigation start to data-kestrel-ready, whether the scripts ran with the
 *   page or after the hover.
 * - CLS: the sum of every `layout-shift` entry without recent input (PerformanceObserver,
 *   `buffered`), up to the end of the last window, so the hydration after the hover is included
 *   (a hover is not an input that excuses a shift; CLS after hover is that part alone); also the
 *   largest session window (shifts less than 1 s apart, 5 s at most), which is what Lighthouse
 *   reports and is never above the sum.
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
} s without a long task; then the pointer moves over the form, and CLS = Σ layout-shift without recent input until the form is ready + ${
	QUIET_MS / 1000
} s quiet (largest session window in brackets)`;

/**
 * Runs in the page before any of its scripts (Playwright init script): starts the observers
 * and the frame loop that looks for the first typeable input of ours, and notes (in
 * `window.__kestrelVitals`) when the pointer first came over a form (`hoverAt`) and when a form
 * became ready (`readyAt`); bench/page-weight.mjs's time to interactive reads those two.
 */
export function observe() {
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
		hoverAt: null,
		readyAt: null,
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
	// The hover after the load (vitalsOf) and the form's hydration it starts.
	document.addEventListener(
		'pointerover',
		( event ) => {
			if (
				state.hoverAt === null &&
				event.target.closest?.( '.kestrel-form' )
			) {
				state.hoverAt = window.performance.now();
			}
		},
		true
	);
	new window.MutationObserver( ( _, observer ) => {
		if ( document.querySelector( '[data-kestrel-ready]' ) ) {
			state.readyAt = window.performance.now();
			observer.disconnect();
		}
	} ).observe( document, {
		subtree: true,
		attributes: true,
		attributeFilter: [ 'data-kestrel-ready' ],
	} );
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
 * @return {Promise<Object>} `{ throttled, why, responseEnd, fcp, typeable, tbt, longTasks,
 * tbtAfterHover, tti, ready, readyAfterHover, cls, clsAfterHover, clsWindow, clsSource, windowEnd }`
 * (milliseconds from navigation start; `clsSource`: the element of the largest shift and its
 * value); a figure that could not be measured is null, and `why` (a list) says why.
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

		// Wait for the quiet window: QUIET_MS after `load`, the last long task, and (the
		// second time) the hover and the form's ready.
		const waitQuiet = async ( after ) => {
			const deadline = Date.now() + MAX_WAIT_MS;
			for (;;) {
				const snapshot = await page.evaluate( () => {
					const state = window.__kestrelVitals;
					const nav =
						window.performance.getEntriesByType(
							'navigation'
						)[ 0 ];
					return {
						now: window.performance.now(),
						loadEnd: nav.loadEventEnd,
						responseEnd: nav.responseEnd,
						busyUntil: Math.max(
							nav.loadEventEnd,
							state.hoverAt ?? 0,
							state.readyAt ?? 0,
							...state.longTasks.map(
								( t ) => t.start + t.duration
							)
						),
					};
				} );
				if (
					snapshot.loadEnd > 0 &&
					snapshot.now - snapshot.busyUntil >= QUIET_MS
				) {
					return snapshot;
				}
				if ( Date.now() > deadline ) {
					why.push(
						`no quiet window of ${ QUIET_MS } ms within ${
							MAX_WAIT_MS / 1000
						} s after ${ after }: the figures cover what happened until then`
					);
					return snapshot;
				}
				await page.waitForTimeout( 250 );
			}
		};
		const snapshot = await waitQuiet( 'load' );
		// The window Lighthouse would see (no visitor): TBT is measured in it.
		const loadWindowEnd = snapshot.now;

		// Then the visitor's first sign of intent: the pointer over the form, whose scripts
		// then load and hydrate it. CLS covers that too; its long tasks are TBT after hover.
		const form = page.locator( '.kestrel-form' ).first();
		if ( ( await form.count() ) > 0 ) {
			await form.hover();
			try {
				await page.waitForSelector( '[data-kestrel-ready]', {
					state: 'attached',
					timeout: 30_000,
				} );
			} catch {
				why.push(
					'the form did not become ready within 30 s of the hover'
				);
			}
			await waitQuiet( 'the hover' );
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
				hoverAt: state.hoverAt,
				readyAt: state.readyAt,
				fcp: paint ? paint.startTime : null,
				domContentLoaded:
					window.performance.getEntriesByType( 'navigation' )[ 0 ]
						.domContentLoadedEventEnd,
				now: window.performance.now(),
				hasForm: !! document.querySelector( '.kestrel-form' ),
			};
		} );
		const windowEnd = raw.now;

		// Σ (long task − 50 ms) of the tasks in [from, to], each clipped to it.
		const blocking = ( from, to ) => {
			let total = 0;
			let count = 0;
			for ( const task of raw.longTasks ) {
				const start = Math.max( task.start, from );
				const end = Math.min( task.start + task.duration, to );
				if ( end - start > 50 ) {
					total += end - start - 50;
					count++;
				}
			}
			return { total, count };
		};
		let tbt = null;
		let longTasks = null;
		let tbtAfterHover = null;
		let tti = null;
		if ( ! raw.supported.includes( 'longtask' ) ) {
			why.push( 'this Chromium reports no longtask entries: no TBT' );
		} else if ( raw.fcp === null ) {
			why.push( 'no first-contentful-paint entry: no TBT' );
		} else {
			( { total: tbt, count: longTasks } = blocking(
				raw.fcp,
				loadWindowEnd
			) );
			// The quiet window closes the load window: every long task of it ended before.
			tti = Math.max(
				raw.fcp,
				raw.domContentLoaded,
				...raw.longTasks
					.map( ( t ) => t.start + t.duration )
					.filter( ( end ) => end <= loadWindowEnd )
			);
			if ( raw.hoverAt !== null ) {
				tbtAfterHover = blocking( raw.hoverAt, windowEnd ).total;
			}
		}

		let cls = null;
		let clsAfterHover = null;
		let clsWindow = null;
		let clsSource = null;
		if ( raw.supported.includes( 'layout-shift' ) ) {
			const shifts = raw.shifts
				.filter( ( s ) => ! s.hadRecentInput && s.time <= windowEnd )
				.sort( ( a, b ) => a.time - b.time );
			cls = shifts.reduce( ( sum, s ) => sum + s.value, 0 );
			// The hydration's part: the shifts from the hover on (in CLS too).
			clsAfterHover =
				raw.hoverAt === null
					? null
					: shifts
							.filter( ( s ) => s.time >= raw.hoverAt )
							.reduce( ( sum, s ) => sum + s.value, 0 );
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
			tbtAfterHover,
			tti,
			ready: raw.readyAt,
			readyAfterHover:
				raw.hoverAt !== null && raw.readyAt !== null
					? raw.readyAt - raw.hoverAt
					: null,
			cls,
			clsAfterHover,
			clsWindow,
			clsSource,
			windowEnd,
		};
	} finally {
		await context.close();
	}
}
