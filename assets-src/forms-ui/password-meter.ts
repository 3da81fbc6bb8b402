/**
 * The binding to WordPress's own password strength meter (`password-strength-meter`, which
 * lazy-loads zxcvbn). The server enqueues it only on pages whose form has a password field with
 * the strength indicator on; until both it and zxcvbn are there, the verdict is "unknown"
 * (reference §10).
 */
import { strengthFromScore, type PasswordState } from '../forms-engine';

interface WordPressPasswordStrength {
	meter: (
		password1: string,
		disallowedList: string[],
		password2: string
	) => number;
	userInputDisallowedList?: () => string[];
}

interface MeterWindow {
	wp?: { passwordStrength?: WordPressPasswordStrength };
	zxcvbn?: unknown;
}

/** How often a field waiting for the meter looks again. */
export const METER_POLL_MS = 250;

/**
 * WordPress's meter API, or null when its script has not run (yet).
 */
function meterApi(): WordPressPasswordStrength | null {
	const api = ( window as unknown as MeterWindow ).wp?.passwordStrength;
	return api && typeof api.meter === 'function' ? api : null;
}

/**
 * Whether a verdict other than "unknown" is possible now: the meter script ran and zxcvbn
 * (loaded by it after the page's load event) is there.
 */
export function meterReady(): boolean {
	return (
		!! meterApi() &&
		typeof ( window as unknown as MeterWindow ).zxcvbn === 'function'
	);
}

/**
 * The indicator state of a password and its confirmation ('' when the field asks once), from
 * `wp.passwordStrength.meter( password, userInputDisallowedList(), confirmation )`.
 *
 * @param password     The password.
 * @param confirmation The confirmation ('' when the field asks once).
 */
export function measurePassword(
	password: string,
	confirmation: string
): PasswordState {
	const api = meterApi();
	if ( ! api ) {
		// The meter's own first check needs no zxcvbn; everything else is unknown until it loads.
		return strengthFromScore(
			password,
			confirmation !== '' && confirmation !== password ? 5 : -1
		);
	}
	let disallowed: string[] = [];
	try {
		disallowed = api.userInputDisallowedList?.() ?? [];
	} catch {
		disallowed = [];
	}
	let score: number;
	try {
		score = api.meter( password, disallowed, confirmation );
	} catch {
		score = -1;
	}
	return strengthFromScore( password, score );
}
