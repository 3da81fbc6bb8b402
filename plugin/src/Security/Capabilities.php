<?php
/**
 * The plugin's own capability.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Security;

/**
 * One capability guards every admin screen and admin REST route. Administrators get it on
 * activation; site owners can grant it to other roles with any role editor.
 */
final class Capabilities {

	public const MANAGE = 'kestrel_forms_manage';

	/**
	 * Grants the capability to the administrator role (idempotent).
	 */
	public static function grant(): void {
		$role = get_role( 'administrator' );
		if ( $role && ! $role->has_cap( self::MANAGE ) ) {
			$role->add_cap( self::MANAGE );
		}
	}

	/**
	 * Removes the capability from every role (uninstall).
	 */
	public static function revoke(): void {
		foreach ( wp_roles()->role_objects as $role ) {
			$role->remove_cap( self::MANAGE );
		}
	}

	/**
	 * Whether the current user may manage forms and read entries.
	 */
	public static function current_user_can_manage(): bool {
		return current_user_can( self::MANAGE );
	}

	/**
	 * Stops an admin screen with 403 unless the current user may manage forms (every screen
	 * checks again on render, whatever the menu said).
	 */
	public static function die_unless_manager(): void {
		if ( ! self::current_user_can_manage() ) {
			wp_die( esc_html__( 'Sorry, you are not allowed to manage forms.', 'kestrel-forms' ), 403 );
		}
	}
}
