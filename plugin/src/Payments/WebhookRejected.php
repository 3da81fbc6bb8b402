<?php
/**
 * Why a webhook delivery was not accepted.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Payments;

use RuntimeException;

/**
 * Thrown by {@see WebhookHandler}; Rest\ErrorMapper::webhook_rejected() turns it into the answer.
 */
final class WebhookRejected extends RuntimeException {

	/** No signature key is stored for any environment: 503, never accepted unsigned. */
	public const UNCONFIGURED = 'unconfigured';
	/** The signature header is missing or does not match: 401. */
	public const SIGNATURE = 'signature';
	/** Signed, but not an event object: 400. */
	public const INVALID = 'invalid';

	/**
	 * Builds the rejection.
	 *
	 * @param string $kind One of the constants.
	 */
	public function __construct( public readonly string $kind ) {
		parent::__construct( 'Webhook rejected: ' . $kind );
	}
}
