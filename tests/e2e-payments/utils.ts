/**
 * Helpers for the payments e2e specs.
 */
import type { Page } from '@playwright/test';

/**
 * Waits until the example page has an attached element, or fails with the page's own error
 * text (an attach that failed shows it in #payment-status). Generous: the machine is shared.
 *
 * @param page Page.
 */
export async function waitReady( page: Page ): Promise< void > {
	await page.waitForFunction(
		() =>
			document.body.dataset.ready === 'true' ||
			document.getElementById( 'payment-status' )?.className ===
				'is-failure',
		null,
		{ timeout: 30_000 }
	);
	if ( await page.locator( '#payment-status.is-failure' ).count() ) {
		throw new Error(
			`The checkout page failed: ${ await page
				.locator( '#payment-status' )
				.textContent() }`
		);
	}
}
