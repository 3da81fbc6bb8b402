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
	 * @param int                   $form_id        The form, from the route.
	 * @param mixed                 $values         Submitted values keyed by field id or input id (checked by SubmitForm).
	 * @param string                $source_url     The page the form was sent from (body, else the Referer).
	 * @param string                $submission_key The browser's key for this submission ('' for none).
	 * @param mixed                 $honeypot       The honeypot input's value.
	 * @param mixed                 $render_token   The signed render time of the page.
	 * @param string                $upload_id      The form view's upload id ('' for none).
	 * @param mixed                 $uploaded_files Completed uploads keyed input_{fieldId}.
	 * @param string                $client_ip      The client's address ('' when unknown), sent to the captcha provider.
	 * @param int                   $user_id        The signed-in user (0 for visitors).
	 * @param array<string, string> $draft_secrets Payment-draft cookies the browser sent, by cookie name (ADR 0009).
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
		public readonly int $user_id = 0,
		public readonly array $draft_secrets = array()
	) {}

	/**
	 * The same submission under another submission key (a payment draft's own key).
	 *
	 * @param string $key Submission key.
	 */
	public function with_key( string $key ): self {
		return new self( $this->form_id, $this->values, $this->source_url, $key, $this->honeypot, $this->render_token, $this->upload_id, $this->uploaded_files, $this->client_ip, $this->user_id, $this->draft_secrets );
	}
}
