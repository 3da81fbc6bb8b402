/**
 * Opt-in global declaration (compat §a: never in the main entry, or it clashes with the
 * provider's own types when both are installed).
 */
import type { Square } from './types';

declare global {
	interface Window {
		Square?: Square;
	}
}
export {};
