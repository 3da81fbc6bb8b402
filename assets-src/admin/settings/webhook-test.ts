/**
 * The "Send test event" request of the payments settings.
 */
import apiFetch from '@wordpress/api-fetch';
import { messageOf } from '../store/errors';
import type { PaymentEnvironment, WebhookTestResult } from '../store/settings';

export const WEBHOOK_TEST_PATH = '/kestrel-forms/v1/payments/webhook/test';

/**
 * Asks the provider to send its test event to an environment's webhook.
 *
 * @param environment sandbox or production.
 * @return The result; a refused request reads as a failed test with the request's message.
 */
export async function sendWebhookTest(
	environment: PaymentEnvironment
): Promise< WebhookTestResult > {
	try {
		return ( await apiFetch( {
			path: WEBHOOK_TEST_PATH,
			method: 'POST',
			data: { environment },
		} ) ) as WebhookTestResult;
	} catch ( error ) {
		return { ok: false, status: 0, message: messageOf( error ) };
	}
}
