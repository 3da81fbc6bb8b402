<?php
/**
 * The plugin's capabilities.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Security;

/**
 * Five granular capabilities (view entries, edit entries, export entries, manage forms, manage
 * settings) and one umbrella, MANAGE (`kestrel_forms_manage`): a user with the umbrella has all
 * five (user_has_cap), so roles granted it before the granular ones existed keep every right.
 * Administrators get all of them on activation (on every site of a network activation, and on
 * new sites); site owners grant single ones to other roles with any role editor, e.g. an
 * editor who reads entries but cannot change forms or settings.
 *
 * Each admin screen and REST permission asks for exactly one of them (docs/capabilities.md).
 */
final class Capabilities {

	/** The umbrella: every right of the plugin. */
	public const MANAGE = 'kestrel_forms_manage';

	/** Read entries, their notes, files and payments (entry list and detail). */
	public const VIEW_ENTRIES = 'kestrel_forms_view_entries';

	/** Change entries: trash, spam, star, read marks, values, notes, payment actions. */
	public const EDIT_ENTRIES = 'kestrel_forms_edit_entries';

	/** Take entries out of the site: CSV export, personal-data export. */
	public const EXPORT_ENTRIES = 'kestrel_forms_export_entries';

	/** Create, edit, duplicate, import and delete forms. */
	public const MANAGE_FORMS = 'kestrel_forms_manage_forms';

	/** The plugin's settings: general, captcha, payments, web API, webhook tests. */
	public const MANAGE_SETTINGS = 'kestrel_forms_manage_settings';

	/** The granular capabilities (what the umbrella stands for). */
	public const GRANULAR = array(
		self::VIEW_ENTRIES,
		self::EDIT_ENTRIES,
		self::EXPORT_ENTRIES,
		self::MANAGE_FORMS,
		self::MANAGE_SETTINGS,
	);

	/**
	 * Hooks the umbrella mapping (Plugin::boot()).
	 */
	public static function register(): void {
		add_filter( 'user_has_cap', array( self::class, 'expand_umbrella' ), 10, 1 );
	}

	/**
	 * A user (or role) with the umbrella capability has every granular one.
	 *
	 * @param array<string, bool> $allcaps The user's capabilities.
	 * @return array<string, bool>
	 */
	public static function expand_umbrella( $allcaps ): array {
		$allcaps = (array) $allcaps;
		if ( ! empty( $allcaps[ self::MANAGE ] ) ) {
			foreach ( self::GRANULAR as $capability ) {
				$allcaps[ $capability ] = true;
			}
		}
		return $allcaps;
	}

	/**
	 * Grants the umbrella and every granular capability to the administrator role of the
	 * current site (idempotent).
	 */
	public static function grant(): void {
		$role = get_role( 'administrator' );
		if ( ! $role ) {
			return;
		}
		foreach ( array_merge( array( self::MANAGE ), self::GRANULAR ) as $capability ) {
			if ( ! $role->has_cap( $capability ) ) {
				$role->add_cap( $capability );
			}
		}
	}

	/**
	 * Removes every capability of the plugin from every role (uninstall).
	 */
	public static function revoke(): void {
		foreach ( wp_roles()->role_objects as $role ) {
			foreach ( array_merge( array( self::MANAGE ), self::GRANULAR ) as $capability ) {
				$role->remove_cap( $capability );
			}
		}
	}

	/**
	 * Whether the current user has the umbrella capability (every right of the plugin).
	 */
	public static function current_user_can_manage(): bool {
		return current_user_can( self::MANAGE );
	}

	/**
	 * Whether the current user has one of the plugin's capabilities (the umbrella counts as all).
	 *
	 * @param string $capability One of the constants.
	 */
	public static function current_user_has( string $capability ): bool {
		return current_user_can( $capability );
	}

	/**
	 * Stops an admin screen with 403 unless the current user has the capability (every screen
	 * checks again on render, whatever the menu said).
	 *
	 * @param string $capability One of the constants; the umbrella by default.
	 */
	public static function die_unless_manager( string $capability = self::MANAGE ): void {
		if ( ! current_user_can( $capability ) ) {
			wp_die( esc_html__( 'Sorry, you are not allowed to manage forms.', 'kestrel-forms' ), 403 );
		}
	}
}
