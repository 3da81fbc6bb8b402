<?php
/**
 * The private folders that hold chunks and uploaded files.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Uploads;

/**
 * No byte a visitor sent may be served at a URL anyone can compute (issue 12). Layout:
 *
 *     {container}                              filter kestrel_forms_upload_dir, default
 *                                              {uploads basedir}/kestrel-forms; deny files
 *       private-{secret}/                      the base: the secret is 32 random hex characters
 *                                              made once per site (option kestrel_forms_storage_secret)
 *         tmp/files/{32 hex}                   checked files not yet claimed by an entry
 *         entries/{entry id}/{32 hex}          files of an entry
 *     {work}                                   filter kestrel_forms_upload_tmp_dir: data not yet
 *                                              checked; default {temp dir}/kestrel-forms-{secret}
 *                                              outside the web root, else {base}/tmp
 *         chunks/{sha256 of the session token}/{n}.part
 *         assembly/{32 hex}                    a file being assembled and checked
 *
 * Every folder gets deny files for Apache (.htaccess) and IIS (web.config) and an empty
 * index.php. nginx ignores those: the documented server rule denies {container} as a whole
 * (docs/security.md), and even without it the secret folder name cannot be guessed. A site
 * that can should point both filters outside the web root. Stored names are random hex
 * without an extension, so no server maps them to a script handler.
 *
 * Folders are created race-safe (make_dir(): several PHP workers receive chunks of one upload
 * at once), and every storage failure is logged with its path and reason (log()).
 */
final class Storage {

	public const SECRET_OPTION = 'kestrel_forms_storage_secret';
	public const LOG_PREFIX    = 'Kestrel Forms uploads: ';

	/**
	 * The outer folder, once resolved.
	 *
	 * @var string|null
	 */
	private ?string $container;

	/**
	 * The private base folder, once resolved.
	 *
	 * @var string|null
	 */
	private ?string $base = null;

	/**
	 * The work folder, once resolved.
	 *
	 * @var string|null
	 */
	private ?string $work = null;

	/**
	 * Uses the given outer folder, or the filtered default.
	 *
	 * @param string|null $container Outer folder (null: the filtered default, resolved on first use).
	 */
	public function __construct( ?string $container = null ) {
		$this->container = null === $container ? null : rtrim( $container, '/\\' );
	}

	/**
	 * The outer folder (filter kestrel_forms_upload_dir), without a trailing slash.
	 */
	public function container(): string {
		if ( null === $this->container ) {
			$uploads = wp_upload_dir( null, false );
			/**
			 * Filters the folder of uploaded files (a per-site secret sub-folder is made inside).
			 * Put it outside the web root when the host allows it.
			 *
			 * @param string $dir Default: {uploads basedir}/kestrel-forms.
			 */
			$this->container = rtrim( (string) apply_filters( 'kestrel_forms_upload_dir', $uploads['basedir'] . '/kestrel-forms' ), '/\\' );
		}
		return $this->container;
	}

	/**
	 * The private base folder (stored relative paths start here), without a trailing slash.
	 */
	public function base(): string {
		if ( null === $this->base ) {
			$this->base = $this->container() . '/private-' . self::secret();
		}
		return $this->base;
	}

	/**
	 * The folder of data not yet checked (filter kestrel_forms_upload_tmp_dir). By default a
	 * per-site folder in the system's temporary folder (get_temp_dir(), which honours
	 * WP_TEMP_DIR) when that is writable and outside the web root, as WordPress's own uploads
	 * in progress are; otherwise {private base}/tmp.
	 */
	public function work(): string {
		if ( null === $this->work ) {
			/**
			 * Filters the folder of uploads in progress (chunks, files being assembled and
			 * checked). A folder outside the web root that only this site uses is best; every
			 * PHP worker (every server) of the site must reach the same folder.
			 *
			 * @param string $dir Default: {temp dir}/kestrel-forms-{secret} when the temp dir is
			 *                    writable and outside the web root, else {private base}/tmp.
			 */
			$this->work = rtrim( (string) apply_filters( 'kestrel_forms_upload_tmp_dir', $this->default_work() ), '/\\' );
		}
		return $this->work;
	}

	/**
	 * The default work folder: outside the web root when the host allows it.
	 *
	 * @param string|null $temp The temporary folder (null: get_temp_dir()).
	 */
	public function default_work( ?string $temp = null ): string {
		$temp = rtrim( str_replace( '\\', '/', $temp ?? (string) get_temp_dir() ), '/' );
		if ( '' !== $temp && is_dir( $temp ) && wp_is_writable( $temp ) ) {
			$real   = (string) realpath( $temp );
			$roots  = array( ABSPATH, WP_CONTENT_DIR, $this->container() );
			$inside = false;
			foreach ( $roots as $root ) {
				$root_real = realpath( $root );
				if ( false !== $root_real && '' !== $real && ( $real === $root_real || str_starts_with( $real . '/', rtrim( $root_real, '/' ) . '/' ) ) ) {
					$inside = true;
				}
			}
			if ( ! $inside && '' !== $real ) {
				return $real . '/kestrel-forms-' . self::secret();
			}
		}
		return $this->base() . '/tmp';
	}

	/**
	 * The per-site secret (32 lowercase hex), made on first use. Two workers making it at once
	 * agree: add_option() lets one win and both read the stored value.
	 */
	public static function secret(): string {
		$secret = get_option( self::SECRET_OPTION );
		if ( is_string( $secret ) && 1 === preg_match( '/^[a-f0-9]{32}$/D', $secret ) ) {
			return $secret;
		}
		add_option( self::SECRET_OPTION, bin2hex( random_bytes( 16 ) ), '', true );
		wp_cache_delete( self::SECRET_OPTION, 'options' );
		wp_cache_delete( 'notoptions', 'options' );
		wp_cache_delete( 'alloptions', 'options' );
		global $wpdb;
		$stored = $wpdb->get_var( $wpdb->prepare( "SELECT option_value FROM {$wpdb->options} WHERE option_name = %s", self::SECRET_OPTION ) ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery -- read past every cache: the row another worker just wrote.
		if ( ! is_string( $stored ) || 1 !== preg_match( '/^[a-f0-9]{32}$/D', $stored ) ) {
			// A broken value (edited by hand): replace it. Files under the old name stay there.
			$stored = bin2hex( random_bytes( 16 ) );
			update_option( self::SECRET_OPTION, $stored, true );
		}
		return $stored;
	}

	/**
	 * Creates the folders and the deny files when missing; moves files stored by older
	 * versions (directly under the container) into the private base once.
	 *
	 * @throws UploadError STORAGE when a folder cannot be created.
	 */
	public function ensure(): void {
		$container = $this->container();
		$base      = $this->base();
		$fresh     = ! is_dir( $base );
		foreach ( array( $container, $base, "$base/tmp", "$base/tmp/files", "$base/entries" ) as $dir ) {
			self::make_dir( $dir );
			self::deny( $dir );
		}
		$work       = $this->work();
		$fresh_work = ! is_dir( $work );
		foreach ( array( $work, "$work/chunks", "$work/assembly" ) as $dir ) {
			self::make_dir( $dir );
			self::deny( $dir );
		}
		if ( $fresh_work && ! str_starts_with( $work, $this->container() ) ) {
			// Only this site's PHP reads it (a shared temporary folder may have other users).
			@chmod( $work, 0700 ); // phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged, WordPress.WP.AlternativeFunctions.file_system_operations_chmod
		}
		if ( $fresh ) {
			$this->migrate_legacy();
		}
	}

	/**
	 * Absolute path of a stored file from its relative path; null when the relative path is not
	 * one this class makes (defence in depth: rows are ours, but never trust a path blindly).
	 *
	 * @param string $relative Relative path from the database.
	 */
	public function absolute( string $relative ): ?string {
		if ( 1 !== preg_match( '#^(tmp/files|entries/[0-9]+)/[a-f0-9]{32}$#D', $relative ) ) {
			return null;
		}
		if ( ! is_dir( $this->base() ) && is_dir( $this->container() . '/entries' ) ) {
			// Files stored before the private base existed: move them first.
			$this->ensure();
		}
		return $this->base() . '/' . $relative;
	}

	/**
	 * Relative path for a new checked, unclaimed file.
	 *
	 * @param string $name A token-shaped random name.
	 */
	public static function temp_relative( string $name ): string {
		return 'tmp/files/' . $name;
	}

	/**
	 * Relative path of a file in an entry's folder.
	 *
	 * @param int    $entry_id Entry id.
	 * @param string $name     A token-shaped random name.
	 */
	public static function entry_relative( int $entry_id, string $name ): string {
		return 'entries/' . $entry_id . '/' . $name;
	}

	/**
	 * Folder of an upload session's chunks.
	 *
	 * @param string $key The session's token hash (sha256 hex).
	 */
	public function chunk_dir( string $key ): string {
		return $this->work() . '/chunks/' . $key;
	}

	/**
	 * Path of one chunk inside a chunk folder.
	 *
	 * @param string $dir    Chunk folder.
	 * @param int    $number Chunk number.
	 */
	public static function chunk_path( string $dir, int $number ): string {
		return $dir . '/' . $number . '.part';
	}

	/**
	 * A new path where a file is assembled and checked.
	 */
	public function assembly_path(): string {
		return $this->work() . '/assembly/' . FileNames::token();
	}

	/**
	 * Folders the cleanup job sweeps.
	 *
	 * @return array{chunks: string, assembly: string, files: string}
	 */
	public function temp_dirs(): array {
		return array(
			'chunks'   => $this->work() . '/chunks',
			'assembly' => $this->work() . '/assembly',
			'files'    => $this->base() . '/tmp/files',
		);
	}

	/**
	 * Removes everything this class created (uninstall). Only its own sub-folders and files, in
	 * case a site pointed the folders at places that hold other things too.
	 */
	public function destroy(): void {
		$work = $this->work();
		foreach ( array( 'chunks', 'assembly', '.htaccess', 'web.config', 'index.php' ) as $entry ) {
			self::remove_tree( $work . '/' . $entry );
		}
		@rmdir( $work ); // phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged, WordPress.WP.AlternativeFunctions.file_system_operations_rmdir -- only when empty.
		self::remove_tree( $this->base() );
		$container = $this->container();
		foreach ( array( 'tmp', 'entries', '.htaccess', 'web.config', 'index.php' ) as $entry ) {
			self::remove_tree( $container . '/' . $entry );
		}
		foreach ( (array) glob( $container . '/private-*', GLOB_ONLYDIR ) as $dir ) {
			self::remove_tree( (string) $dir );
		}
		@rmdir( $container ); // phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged, WordPress.WP.AlternativeFunctions.file_system_operations_rmdir -- only when empty.
	}

	/**
	 * Creates a folder and its parents, safe against other workers creating the same folder at
	 * the same moment: a mkdir() that fails because the folder now exists is success (PHP's
	 * recursive mkdir() and wp_mkdir_p() report that race as a failure).
	 *
	 * @param string $dir Folder.
	 *
	 * @throws UploadError STORAGE (logged) when the folder cannot be created.
	 */
	public static function make_dir( string $dir ): void {
		clearstatcache( true, $dir );
		if ( is_dir( $dir ) ) {
			return;
		}
		$parent = dirname( $dir );
		if ( $parent !== $dir && '' !== $parent && '.' !== $parent ) {
			self::make_dir( $parent );
		}
		if ( @mkdir( $dir, 0755 ) ) { // phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged, WordPress.WP.AlternativeFunctions.file_system_operations_mkdir -- the race is handled below.
			return;
		}
		$reason = self::last_error();
		clearstatcache( true, $dir );
		if ( is_dir( $dir ) ) {
			// Another worker made it between our check and our mkdir() (EEXIST): fine.
			return;
		}
		throw self::failure( "cannot create directory {$dir}: {$reason}" );
	}

	/**
	 * Moves a file: a rename, or a copy when the two places are on different file systems or
	 * stream wrappers (the work folder may be elsewhere than the private base).
	 *
	 * @param string $from Existing file.
	 * @param string $to   New path.
	 *
	 * @throws UploadError STORAGE (logged) when it cannot be moved.
	 */
	public static function move( string $from, string $to ): void {
		if ( @rename( $from, $to ) ) { // phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged, WordPress.WP.AlternativeFunctions.rename_rename
			return;
		}
		$reason = self::last_error();
		if ( @copy( $from, $to ) ) { // phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged
			wp_delete_file( $from );
			return;
		}
		throw self::failure( "cannot move {$from} to {$to}: {$reason}; copy: " . self::last_error() );
	}

	/**
	 * A logged STORAGE error.
	 *
	 * @param string $detail What failed, with the path and the reason.
	 */
	public static function failure( string $detail ): UploadError {
		self::log( $detail );
		return new UploadError( UploadError::STORAGE, array(), self::loggable( $detail ) );
	}

	/**
	 * Writes a storage problem to the PHP error log, with a prefix to search for; paths lose
	 * the per-site secret (loggable()).
	 *
	 * @param string $message What failed, with the path and the reason.
	 */
	public static function log( string $message ): void {
		error_log( self::LOG_PREFIX . self::loggable( $message ) ); // phpcs:ignore WordPress.PHP.DevelopmentFunctions.error_log_error_log -- storage failures must reach the site's log.
	}

	/**
	 * Text (a path, or a message holding paths) as it may be logged: never with the per-site
	 * secret (a log is read by more people, and kept longer, than the files). A path under the
	 * private base becomes relative to the container ("private-…/entries/7/…"); elsewhere (the
	 * default work folder, kestrel-forms-{secret}) the secret is replaced by "…".
	 *
	 * @param string $text Path or message.
	 */
	public static function loggable( string $text ): string {
		$secret = get_option( self::SECRET_OPTION );
		if ( ! is_string( $secret ) || '' === $secret ) {
			return $text;
		}
		$text = str_replace( $secret, '…', $text );
		return (string) preg_replace( '#(?<![^\s\'"(,])[^\s\'"(,]*/(?=private-…)#u', '', $text );
	}

	/**
	 * The last PHP warning's text (why a file function failed), or 'unknown reason'.
	 */
	public static function last_error(): string {
		$error = error_get_last();
		return is_array( $error ) && '' !== (string) $error['message'] ? (string) $error['message'] : 'unknown reason';
	}

	/**
	 * Deletes a folder and everything in it (no symlinks followed).
	 *
	 * @param string $dir Folder.
	 */
	public static function remove_tree( string $dir ): void {
		if ( is_link( $dir ) || is_file( $dir ) ) {
			wp_delete_file( $dir );
			return;
		}
		if ( ! is_dir( $dir ) ) {
			return;
		}
		foreach ( (array) @scandir( $dir ) as $entry ) { // phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged -- a parallel request may have removed it.
			if ( '.' === $entry || '..' === $entry || '' === $entry ) {
				continue;
			}
			self::remove_tree( $dir . '/' . $entry );
		}
		@rmdir( $dir ); // phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged, WordPress.WP.AlternativeFunctions.file_system_operations_rmdir -- a parallel request may have removed it.
	}

	/**
	 * Writes the deny files of a folder when missing.
	 *
	 * @param string $dir Folder.
	 */
	private static function deny( string $dir ): void {
		if ( ! is_file( "$dir/index.php" ) ) {
			self::write( "$dir/index.php", "<?php\n// Silence is golden.\n" );
		}
		if ( ! is_file( "$dir/.htaccess" ) ) {
			self::write(
				"$dir/.htaccess",
				"# Kestrel Forms: uploaded files are served only through the REST API.\n" .
				"<IfModule mod_authz_core.c>\n\tRequire all denied\n</IfModule>\n" .
				"<IfModule !mod_authz_core.c>\n\tOrder deny,allow\n\tDeny from all\n</IfModule>\n" .
				"Options -Indexes -ExecCGI\n" .
				"<IfModule mod_php.c>\n\tphp_flag engine off\n</IfModule>\n" .
				"<IfModule mod_php7.c>\n\tphp_flag engine off\n</IfModule>\n"
			);
		}
		if ( ! is_file( "$dir/web.config" ) ) {
			self::write(
				"$dir/web.config",
				"<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<configuration>\n\t<system.webServer>\n" .
				"\t\t<authorization>\n\t\t\t<deny users=\"*\" />\n\t\t</authorization>\n" .
				"\t\t<handlers accessPolicy=\"Read\" />\n\t</system.webServer>\n</configuration>\n"
			);
		}
	}

	/**
	 * Moves what older versions stored directly under the container (entries/, tmp/files/)
	 * into the private base, and deletes their in-progress data (tmp/chunks, tmp/locks), which
	 * sat at computable paths.
	 */
	private function migrate_legacy(): void {
		$container = $this->container();
		$base      = $this->base();
		foreach ( array(
			'entries'   => 'entries',
			'tmp/files' => 'tmp/files',
		) as $from => $to ) {
			$old = "$container/$from";
			if ( ! is_dir( $old ) ) {
				continue;
			}
			foreach ( (array) @scandir( $old ) as $name ) { // phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged
				$name = (string) $name;
				if ( '' === $name || '.' === $name[0] || 'index.php' === $name || 'web.config' === $name ) {
					continue;
				}
				if ( ! @rename( "$old/$name", "$base/$to/$name" ) ) { // phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged, WordPress.WP.AlternativeFunctions.rename_rename
					self::log( "cannot move {$old}/{$name} into {$base}/{$to}: " . self::last_error() );
				}
			}
			self::remove_tree( $old );
		}
		self::remove_tree( "$container/tmp" );
	}

	/**
	 * Writes a small file (deny files); a failure is logged.
	 *
	 * @param string $path     File.
	 * @param string $contents Contents.
	 */
	private static function write( string $path, string $contents ): void {
		if ( false === @file_put_contents( $path, $contents ) ) { // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_read_file_put_contents, WordPress.PHP.NoSilencedErrors.Discouraged -- a small deny file in the private folder; a failure is logged below.
			self::log( "cannot write {$path}: " . self::last_error() );
		}
	}
}
