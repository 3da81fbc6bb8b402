/**
 * An anonymous visitor's browser context for the benchmarks.
 */
import { NO_AUTO_LOGIN_COOKIE } from '../scripts/wp.mjs';

/**
 * A fresh, anonymous browser context (no cache). Playground would log a cookie-less browser in
 * as admin, adding the admin bar's assets; the cookie prevents that. It is set for the whole
 * site (path `/`): given as `url`, Playwright would scope it to the page's folder, and the
 * browser's own requests elsewhere (`/favicon.ico`) would log the context in.
 *
 * @param {import('@playwright/test').Browser} browser Browser.
 * @param {string}                             url     Any URL of the site.
 * @return {Promise<import('@playwright/test').BrowserContext>} The context.
 */
export async function visitorContext( browser, url ) {
	const context = await browser.newContext();
	await context.addCookies( [
		{
			name: NO_AUTO_LOGIN_COOKIE,
			value: '1',
			domain: new URL( url ).hostname,
			path: '/',
		},
	] );
	return context;
}
