<?php
/**
 * One submission as a door received it.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Submissions;

/**
 * What {@see SubmitForm} needs, in plain values: the REST route builds it from its JSON body, a
 * plain (non-JavaScript) form post will build it from $_POST. The form is the one the door's URL
 * names (the route), never a value of the body or query.
 */
final class SubmissionRequest {

	/**
	 * Holds the submission's values.
	 *
	 * @param int    $form_id        The form, from the route.
	 * @param mixed  $values         Submitted values keyed by field id or input id (checked by SubmitForm).
	 * @param string $source_url     The page the form was sent from (body, else the Referer).
	 * @param string $submission_key The browser's key for this submission ('' for none).
	 * @param mixed  $honeypot       The honeypot input's value.
	 * @param mixed  $render_token   The signed render time of the page.
	 * @param string $upload_id      The form view's upload id ('' for none).
	 * @param mixed  $uploaded_files Completed uploads keyed input_{fieldId}.
	 * @param string $client_ip      The client's address ('' when unknown), sent to the captcha provider.
	 * @param int    $user_id        The signed-in user (0 for visitors).
	 */
	public function __construct(
		public readonly int $form_id,
		public readonly mixed $values,
		public readonly string $source_url = '',
		public readonly string $submission_key = '',
		public readonly mixed $honeypot = null,
		public readonly mixed $render_token = null,
		public readonly string $upload_id = '',
		public readonly mixed $uploaded_files = null,
		public readonly string $client_ip = '',
		public readonly int $user_id = 0
	) {}
}
