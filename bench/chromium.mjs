/**
 * How the benchmarks launch Chromium: Debian's `/usr/bin/chromium` (`CHROMIUM_PATH` overrides),
 * never a browser Playwright downloaded (README, "Local WordPress and end-to-end tests"), with
 * background work that would add noise to the figures switched off.
 *
 * Usage: `chromium.launch( CHROMIUM_LAUNCH_OPTIONS )` (chromium from @playwright/test).
 */

/** The browser binary. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/** Command-line switches: no sandbox (containers), no GPU, no background networking or updates. */
export const CHROMIUM_ARGS = [
	'--no-sandbox',
	'--disable-gpu',
	'--disable-background-networking',
	'--disable-component-update',
	'--disable-sync',
	'--no-first-run',
	'--disable-quic',
];

/** Options for `chromium.launch()`. */
export const CHROMIUM_LAUNCH_OPTIONS = {
	executablePath: CHROMIUM_PATH,
	args: CHROMIUM_ARGS,
};
