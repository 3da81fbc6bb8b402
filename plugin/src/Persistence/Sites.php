<?php
/**
 * Multisite: the per-site install on network activation and for new sites, the per-site tables
 * dropped with a deleted site.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Persistence;

/**
 * Every site of a network has its own tables ({site prefix}kestrel_forms_*), options, roles and
 * cron events, so whatever activation does for one site is done for each site: on a network
 * activation for every existing site, and for a site created later while the plugin is network
 * active (wp_initialize_site, after core made the site's tables). A deleted site takes its
 * tables along (wpmu_drop_tables, which core's wp_uninitialize_site applies).
 */
final class Sites {

	/**
	 * Runs a callback on each site: every site of the network when multisite (archived and
	 * deleted ones too unless $active_only, since uninstall must clean up their tables and
	 * options as well), else the one site.
	 *
	 * @param callable():void $callback    Runs with the site switched to.
	 * @param bool            $active_only Only sites that are neither archived nor deleted
	 *                                     ((de)activation keeps to those).
	 */
	public static function for_each_site( callable $callback, bool $active_only = false ): void {
		if ( ! is_multisite() ) {
			$callback();
			return;
		}
		$ids = get_sites( self::query( $active_only ) );
		self::each( array_map( 'intval', (array) $ids ), $callback, 'switch_to_blog', 'restore_current_blog' );
	}

	/**
	 * The get_sites() arguments of the loop: ids of every site, or of active ones only.
	 *
	 * @param bool $active_only Leave out archived and deleted sites.
	 * @return array<string, mixed>
	 */
	public static function query( bool $active_only ): array {
		$query = array(
			'fields' => 'ids',
			'number' => 0,
		);
		if ( $active_only ) {
			$query['archived'] = 0;
			$query['deleted']  = 0;
		}
		return $query;
	}

	/**
	 * The per-site loop: switch to each site, run, switch back, also when the callback throws
	 * (a half-switched request would write into another site's tables).
	 *
	 * @param list<int>           $site_ids Site ids.
	 * @param callable():void     $callback Runs with the site switched to.
	 * @param callable(int):mixed $switch  switch_to_blog.
	 * @param callable():mixed    $restore  restore_current_blog.
	 */
	public static function each( array $site_ids, callable $callback, callable $switch, callable $restore ): void {
		foreach ( $site_ids as $site_id ) {
			$switch( $site_id );
			try {
				$callback();
			} finally {
				$restore();
			}
		}
	}

	/**
	 * (De)activation: the work on this site, or on every site for a network (de)activation.
	 *
	 * @param bool            $network_wide Whether the plugin was network (de)activated.
	 * @param callable():void $callback     The per-site work.
	 */
	public static function run( bool $network_wide, callable $callback ): void {
		if ( $network_wide && is_multisite() ) {
			self::for_each_site( $callback, true );
			return;
		}
		$callback();
	}

	/**
	 * A new site of a network where the plugin is network active gets the install too.
	 *
	 * @param \WP_Site        $site    The new site (wp_initialize_site).
	 * @param string          $plugin  The plugin's basename (kestrel-forms/kestrel-forms.php).
	 * @param callable():void $install The per-site install.
	 */
	public static function initialize_site( $site, string $plugin, callable $install ): void {
		if ( ! self::network_active( $plugin ) ) {
			return;
		}
		self::each( array( (int) $site->blog_id ), $install, 'switch_to_blog', 'restore_current_blog' );
	}

	/**
	 * Whether the plugin is network active (read from the site option, so it also answers on
	 * the front end, where wp-admin/includes/plugin.php is not loaded: sign-ups create sites).
	 *
	 * @param string $plugin The plugin's basename.
	 */
	public static function network_active( string $plugin ): bool {
		if ( ! is_multisite() ) {
			return false;
		}
		$active = (array) get_site_option( 'active_sitewide_plugins', array() );
		return isset( $active[ $plugin ] );
	}

	/**
	 * Adds the plugin's tables of a deleted site to those core drops (wpmu_drop_tables is applied
	 * while switched to that site, so Schema::tables() has its prefix).
	 *
	 * @param string[] $tables Tables core drops.
	 * @return string[]
	 */
	public static function drop_tables( $tables ): array {
		return array_values( array_unique( array_merge( (array) $tables, array_values( Schema::tables() ) ) ) );
	}
}
