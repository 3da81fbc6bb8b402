<?php
/**
 * Markup a form definition may hold, for users who may not post unfiltered HTML.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Security;

/**
 * HTML fields and confirmation messages are rendered as markup (visitor page, editor preview,
 * confirmation). Like post content, they keep their HTML as written only for users with
 * `unfiltered_html`; for everyone else (multisite site admins, custom roles) they are passed
 * through wp_kses_post when saved, so no stored script can run in another user's browser.
 */
final class DefinitionSanitizer {

	/**
	 * The definition with markup a user without unfiltered_html may not store removed.
	 *
	 * @param array<string, mixed> $definition Schema-valid definition.
	 * @return array<string, mixed>
	 */
	public static function for_current_user( array $definition ): array {
		if ( current_user_can( 'unfiltered_html' ) ) {
			return $definition;
		}
		foreach ( $definition['fields'] ?? array() as $i => $field ) {
			if ( isset( $field['content'] ) && is_string( $field['content'] ) ) {
				$definition['fields'][ $i ]['content'] = wp_kses_post( $field['content'] );
			}
			// A consent's agreement is shown as markup too (Frontend\FormRenderer).
			if ( 'consent' === ( $field['type'] ?? '' ) && isset( $field['description'] ) && is_string( $field['description'] ) ) {
				$definition['fields'][ $i ]['description'] = wp_kses_post( $field['description'] );
			}
		}
		if ( isset( $definition['confirmation']['message'] ) && is_string( $definition['confirmation']['message'] ) ) {
			$definition['confirmation']['message'] = wp_kses_post( $definition['confirmation']['message'] );
		}
		foreach ( $definition['confirmations'] ?? array() as $i => $confirmation ) {
			if ( isset( $confirmation['message'] ) && is_string( $confirmation['message'] ) ) {
				$definition['confirmations'][ $i ]['message'] = wp_kses_post( $confirmation['message'] );
			}
		}
		// Notification emails are HTML too (Notifications\Mailer), sent from the site's address.
		foreach ( $definition['notifications'] ?? array() as $i => $notification ) {
			if ( isset( $notification['message'] ) && is_string( $notification['message'] ) ) {
				$definition['notifications'][ $i ]['message'] = wp_kses_post( $notification['message'] );
			}
		}
		return $definition;
	}
}
