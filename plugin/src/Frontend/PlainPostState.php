<?php
/**
 * What the plain (no-JavaScript) post of a form left for the page to print.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Frontend;

/**
 * Kept for one request: {@see PlainPost} handles the post on `template_redirect`, before the page
 * renders, and records here what the form must show; the renderer (FormRenderer, through
 * Frontend\Markup\FormMarkup) asks for it while the page prints the form
 * (docs/server-rendering.md §1, §5).
 *
 * - {@see self::for_form()}: the form again after a plain post that did not end in a
 *   confirmation: the values as posted, errors by field, the summary, the page shown; plus what
 *   the frame's hidden inputs carry over (`uploadedFiles`, `renderToken`).
 * - {@see self::confirmation_for()}: the message of a stored submission, on the GET the post
 *   redirected to (Post/Redirect/Get, a signed `kestrel_confirmation` parameter): printed in the
 *   form's place.
 */
final class PlainPostState {

	/**
	 * States by form id.
	 *
	 * @var array<int, array<string, mixed>>
	 */
	private static array $states = array();

	/**
	 * Confirmation messages by form id (sanitised HTML).
	 *
	 * @var array<int, string>
	 */
	private static array $confirmations = array();

	/**
	 * The message for a post whose body PHP dropped (larger than `post_max_size`), or null.
	 *
	 * @var string|null
	 */
	private static ?string $overflow = null;

	/**
	 * The state of a form after this request's plain post, or null (a normal GET).
	 *
	 * @param int $form_id Form id.
	 * @return array{values: array<string, string|list<string>>, errors: array<string, array{message: string, inputs?: list<string>}>, summary: string|null, page: int, uploadedFiles: array<string, list<array{temp_filename: string, uploaded_filename: string}>>, renderToken: string|null}|null
	 *         `values`: WireValues as posted (never passwords, card numbers, captcha answers or
	 *         payment data); `errors`: by field id; `summary`: the error summary's heading or a
	 *         refusal's message; `page`: 0-based index into the form's pages (all of them, split at
	 *         page breaks); `uploadedFiles`: files stored so far, the value of the
	 *         `kestrel_uploaded_files` hidden input (JSON-encode it); `renderToken`: the render
	 *         token the post carried when it is still good, to print again so that the form's
	 *         minimum time counts from its first print (null: print a fresh one).
	 */
	public static function for_form( int $form_id ): ?array {
		if ( isset( self::$states[ $form_id ] ) ) {
			return self::$states[ $form_id ];
		}
		if ( null === self::$overflow ) {
			return null;
		}
		// PHP dropped the whole body: which form it was is lost with it, so every form of the
		// page says why nothing arrived (a page rarely holds more than one).
		return array(
			'values'        => array(),
			'errors'        => array(),
			'summary'       => self::$overflow,
			'page'          => 0,
			'uploadedFiles' => array(),
			'renderToken'   => null,
		);
	}

	/**
	 * The confirmation message to print in a form's place (sanitised HTML: print it as it is),
	 * or null.
	 *
	 * @param int $form_id Form id.
	 */
	public static function confirmation_for( int $form_id ): ?string {
		return self::$confirmations[ $form_id ] ?? null;
	}

	/**
	 * Records a form's state ({@see self::for_form()} for the shape).
	 *
	 * @param int                  $form_id Form id.
	 * @param array<string, mixed> $state   State.
	 */
	public static function set( int $form_id, array $state ): void {
		self::$states[ $form_id ] = $state;
	}

	/**
	 * Records that this request was a post PHP dropped for its size: every form of the page shows
	 * the message in its summary ({@see PlainPost::overflowed()}).
	 *
	 * @param string $message Plain text.
	 */
	public static function set_overflow( string $message ): void {
		self::$overflow = $message;
	}

	/**
	 * Records the confirmation message of a form.
	 *
	 * @param int    $form_id Form id.
	 * @param string $message Sanitised HTML.
	 */
	public static function set_confirmation( int $form_id, string $message ): void {
		self::$confirmations[ $form_id ] = $message;
	}

	/**
	 * Forgets everything (tests; one PHP request serves one page otherwise).
	 */
	public static function reset(): void {
		self::$states        = array();
		self::$confirmations = array();
		self::$overflow      = null;
	}
}
