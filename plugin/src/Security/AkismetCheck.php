<?php
/**
 * The optional Akismet check of a submission.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Security;

use Kestrel\Forms\Domain\Form\Form;

/**
 * Asks Akismet whether a submission is spam, through the active Akismet plugin
 * (`Akismet::http_post()`, which signs the request with the site's Akismet key), with the
 * submission mapped to a comment-check request as Akismet documents it
 * (https://akismet.com/developers/detailed-docs/comment-check/): `blog`, `user_ip`,
 * `user_agent`, `referrer`, `permalink`, `comment_type` "contact-form", `comment_author`,
 * `comment_author_email`, `comment_content`, `blog_lang`, `blog_charset`. Akismet answers the
 * body "true" (spam) or "false" (not spam); anything else (no answer, "invalid" for a bad key) means
 * it could not decide.
 *
 * The check runs only when the setting is on (Captcha\Settings::akismet_enabled()) and the
 * Akismet plugin is active with a key ({@see self::available()}). It fails open: when Akismet
 * cannot be reached, the submission is kept as a normal entry and a note on it says so.
 */
final class AkismetCheck {

	public const SPAM        = 'spam';
	public const HAM         = 'ham';
	public const UNAVAILABLE = 'unavailable';

	/**
	 * Whether the Akismet plugin is active and has a key.
	 */
	public static function available(): bool {
		return class_exists( 'Akismet' )
			&& is_callable( array( 'Akismet', 'http_post' ) )
			&& is_callable( array( 'Akismet', 'get_api_key' ) )
			&& '' !== (string) call_user_func( array( 'Akismet', 'get_api_key' ) );
	}

	/**
	 * Asks Akismet about a submission.
	 *
	 * @param Form                 $form       The form.
	 * @param array<string, mixed> $values     Clean values by input id.
	 * @param string               $client_ip  The visitor's address.
	 * @param string               $source_url The page the form was sent from.
	 * @return string self::SPAM, self::HAM or self::UNAVAILABLE.
	 */
	public static function check( Form $form, array $values, string $client_ip, string $source_url ): string {
		$params = self::params( $form, $values, $client_ip, $source_url );
		try {
			$answer = call_user_func( array( 'Akismet', 'http_post' ), http_build_query( $params, '', '&' ), 'comment-check' );
		} catch ( \Throwable $e ) {
			return self::UNAVAILABLE;
		}
		$body = is_array( $answer ) && isset( $answer[1] ) && is_string( $answer[1] ) ? trim( $answer[1] ) : '';
		if ( 'true' === $body ) {
			return self::SPAM;
		}
		return 'false' === $body ? self::HAM : self::UNAVAILABLE;
	}

	/**
	 * The comment-check parameters for a submission: the first text field labelled like a name
	 * (else the first text field) is the author, the first email field the email, the paragraph
	 * fields (else every text field) the content.
	 *
	 * @param Form                 $form       The form.
	 * @param array<string, mixed> $values     Clean values by input id.
	 * @param string               $client_ip  The visitor's address.
	 * @param string               $source_url The page the form was sent from.
	 * @return array<string, string>
	 */
	public static function params( Form $form, array $values, string $client_ip, string $source_url ): array {
		$author     = '';
		$first_text = '';
		$email      = '';
		$paragraphs = array();
		$texts      = array();
		foreach ( $form->fields() as $field ) {
			$value = $values[ (string) $field['id'] ] ?? null;
			if ( ! is_scalar( $value ) || '' === trim( (string) $value ) ) {
				continue;
			}
			$value = trim( (string) $value );
			switch ( $field['type'] ) {
				case 'email':
					$email = '' === $email ? $value : $email;
					break;
				case 'textarea':
					$paragraphs[] = $value;
					break;
				case 'text':
					$texts[]    = $value;
					$first_text = '' === $first_text ? $value : $first_text;
					$label      = (string) ( $field['adminLabel'] ?? '' ) . ' ' . (string) ( $field['label'] ?? '' );
					if ( '' === $author && preg_match( '/\bname\b/i', $label ) ) {
						$author = $value;
					}
					break;
			}
		}
		$params = array(
			'blog'                 => home_url( '/' ),
			'user_ip'              => $client_ip,
			'user_agent'           => isset( $_SERVER['HTTP_USER_AGENT'] ) ? sanitize_text_field( wp_unslash( $_SERVER['HTTP_USER_AGENT'] ) ) : '',
			'referrer'             => isset( $_SERVER['HTTP_REFERER'] ) ? esc_url_raw( wp_unslash( $_SERVER['HTTP_REFERER'] ) ) : '',
			'permalink'            => $source_url,
			'comment_type'         => 'contact-form',
			'comment_author'       => '' !== $author ? $author : $first_text,
			'comment_author_email' => $email,
			'comment_content'      => implode( "\n\n", $paragraphs ? $paragraphs : $texts ),
			'blog_lang'            => get_locale(),
			'blog_charset'         => (string) get_option( 'blog_charset' ),
		);
		/**
		 * Filters what is sent to Akismet's comment-check for a submission.
		 *
		 * @param array<string, string> $params Comment-check parameters.
		 * @param Form                  $form   The form.
		 * @param array<string, mixed>  $values Clean values by input id.
		 */
		return (array) apply_filters( 'kestrel_forms_akismet_params', $params, $form, $values );
	}
}
