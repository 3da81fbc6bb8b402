/**
 * Whether the browser has taken over the server's markup (docs/server-rendering.md §3).
 *
 * Controls whose enhanced version ships in a field script (upload, password, captcha, card,
 * address, date) render the basic control, the same markup PHP prints, while this is false, and
 * the enhanced one once it is true, so hydration finds exactly the server's markup.
 */
import { useSyncExternalStore } from '@wordpress/element';

/** Nothing ever changes after mount: the value flips once, by React's own re-render. */
const subscribe = () => () => {};

/**
 * False on the server (react-dom/server) and while React hydrates the server's markup; true
 * after hydration, and from the first render when the browser renders the form itself (a
 * container without server markup: nothing to match, so no basic control flashes first).
 *
 * @return Whether the enhanced controls may render.
 */
export function useHydrated(): boolean {
	return useSyncExternalStore(
		subscribe,
		() => true,
		() => false
	);
}
