/**
 * When a window resize re-applies the frame height (spec §2): the card debounces 100 ms, the
 * gift card throttles 100 ms.
 */
import { RESIZE_WAIT_MS } from '../../protocol';

/** Debounce (card) or throttle (gift card), spec §2. */
export type ResizePolicy = 'debounce' | 'throttle';

/** Schedules `apply` for window resizes by one policy; `cancel` forgets what is pending. */
export class ResizeScheduler {
	private timer: unknown = null;
	/** When the size was last applied (throttle window start). */
	private last = -Infinity;

	/**
	 * @param policy Debounce or throttle.
	 * @param apply  Applies the size.
	 */
	constructor(
		private readonly policy: ResizePolicy,
		private readonly apply: () => void
	) {}

	/**
	 * Debounce: the size is applied once resizing pauses. Throttle: the first resize applies at
	 * once, later ones within the window leave one trailing call at its end, so the last size is
	 * always applied.
	 */
	onResize(): void {
		if ( this.policy === 'throttle' ) {
			if ( this.timer !== null ) {
				// A trailing call is already due; it reads the size when it runs.
				return;
			}
			const wait = this.last + RESIZE_WAIT_MS - Date.now();
			if ( wait <= 0 ) {
				this.last = Date.now();
				this.apply();
				return;
			}
			this.timer = setTimeout( () => {
				this.timer = null;
				this.last = Date.now();
				this.apply();
			}, wait );
			return;
		}
		clearTimeout( this.timer as number );
		this.timer = setTimeout( () => {
			this.timer = null;
			this.apply();
		}, RESIZE_WAIT_MS );
	}

	cancel(): void {
		clearTimeout( this.timer as number );
		this.timer = null;
		this.last = -Infinity;
	}
}
