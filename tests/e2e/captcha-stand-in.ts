/**
 * Steps the captcha specs share with the stand-in provider
 * (tests/e2e/plugins/kestrel-forms-captcha-stand-in).
 */
import { expect } from '@wordpress/e2e-test-utils-playwright';
import type { Locator, Page } from '@playwright/test';

/**
 * Sets the outcome of the stand-in's next token: pass, fail or down.
 *
 * @param page    The page with the stand-in script.
 * @param outcome Outcome.
 */
export async function setStandInOutcome(
	page: Page,
	outcome: 'pass' | 'fail' | 'down'
) {
	await page.evaluate( ( wanted ) => {
		(
			window as unknown as {
				kestrelCaptchaStandIn: { outcome: string | null };
			}
		 ).kestrelCaptchaStandIn.outcome = wanted;
	}, outcome );
}

/**
 * Ticks the stand-in's checkbox (it is ticked once its token request answered) and submits.
 *
 * @param page The page.
 * @param box  The stand-in's checkbox.
 */
export async function answerAndSubmit( page: Page, box: Locator ) {
	await box.click();
	await expect( box ).toBeChecked();
	await page.getByRole( 'button', { name: 'Submit' } ).click();
}
