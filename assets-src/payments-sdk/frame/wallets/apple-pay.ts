/**
 * Apple Pay in the main frame (spec §7): the provider calls that carry credentials. Scaffold: no
 * handlers yet, so the host's requests fail with the channel's unknown-type answer.
 */
import type { MainFrameState } from './types';

/**
 * Registers the Apple Pay handlers on the main frame's channel.
 *
 * @param state Main frame state.
 */
export function registerApplePay( state: MainFrameState ): void {
	void state;
}
