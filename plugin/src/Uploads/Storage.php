<?php
/**
 * The private folder that holds chunks and uploaded files.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Uploads;

/**
 * Layout under the base folder (default wp-content/uploads/kestrel-forms, filter
 * `kestrel_forms_upload_dir` to move it, ideally outside the web root):
 *
 *     .htaccess, web.config, index.php   deny every web request (Apache, IIS) / empty listing
 *     tmp/chunks/<sha256 key>/<n>.part  chunks of an upload in progress
 *     tmp/locks/<sha256 key>.lock       flock target of an upload's assembly
 *     tmp/files/<32 hex>                assembled, checked files not yet claimed by an entry
 *     entries/<entry id>/<32 hex>       files of an entry
 *
 * Every name is made here from hashes, random hex and integers; none has an extension, so even
 * a server that ignores the deny rules (nginx) has nothing to run, and the names cannot be guessed.
 */
final class Storage {

	private ?string $base = null;

	/**
	 * @param string|null $base Base folder (null: the filtered default, resolved on first use).
	 */
	public function __construct( ?string $base = null ) {
		$this->base = null === $base ? null : rtrim( $base, '/\\' );
	}

	/**
	 * The base folder, without a trailing slash.
	 */
	public function base(): string {
		if ( null === $this->base ) {
			$uploads = wp_upload_dir( null, false );
			/**
			 * Filters the private folder of uploaded files. Put it outside the web root when you can.
			 *
			 * @param string $dir Default: {uploads basedir}/kestrel-forms.
			 */
			$this->base = rtrim( (string) apply_filters( 'kestrel_forms_upload_dir', $uploads['basedir'] . '/kestrel-forms' ), '/\\' );
		}
		return $this->base;
	}

	/**
	 * Creates the folders and the deny files when missing.
	 *
	 * @throws UploadError When the folder cannot be created.
	 */
	public function ensure(): void {
		$base = $this->base();
		foreach ( array( $base, "$base/tmp", "$base/tmp/chunks", "$base/tmp/locks", "$base/tmp/files", "$base/entries" ) as $dir ) {
			if ( ! is_dir( $dir ) && ! wp_mkdir_p( $dir ) ) {
				throw new UploadError( UploadError::STORAGE, array(), "cannot create {$dir}" );
			}
			if ( ! is_file( "$dir/index.php" ) ) {
				self::write( "$dir/index.php", "<?php\n// Silence is golden.\n" );
			}
		}
		if ( ! is_file( "$base/.htaccess" ) ) {
			self::write(
				"$base/.htaccess",
				"# Kestrel Forms: uploaded files are served only through the REST API.\n" .
				"<IfModule mod_authz_core.c>\n\tRequire all denied\n</IfModule>\n" .
				"<IfModule !mod_authz_core.c>\n\tOrder deny,allow\n\tDeny from all\n</IfModule>\n" .
				"Options -Indexes -ExecCGI\n" .
				"<IfModule mod_php.c>\n\tphp_flag engine off\n</IfModule>\n" .
				"<IfModule mod_php7.c>\n\tphp_flag engine off\n</IfModule>\n"
			);
		}
		if ( ! is_file( "$base/web.config" ) ) {
			self::write(
				"$base/web.config",
				"<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<configuration>\n\t<system.webServer>\n" .
				"\t\t<authorization>\n\t\t\t<deny users=\"*\" />\n\t\t</authorization>\n" .
				"\t\t<handlers accessPolicy=\"Read\" />\n\t</system.webServer>\n</configuration>\n"
			);
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
		return $this->base() . '/' . $relative;
	}

	/**
	 * Relative path for a new assembled file.
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
	 * Folder of an upload's chunks.
	 *
	 * @param string $key Storage key (sha256 hex).
	 */
	public function chunk_dir( string $key ): string {
		return $this->base() . '/tmp/chunks/' . $key;
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
	 * The lock file of an upload's assembly.
	 *
	 * @param string $key Storage key.
	 */
	public function lock_path( string $key ): string {
		return $this->base() . '/tmp/locks/' . $key . '.lock';
	}

	/**
	 * Folders under the base that the cleanup job sweeps.
	 *
	 * @return array{chunks: string, locks: string, files: string}
	 */
	public function temp_dirs(): array {
		$base = $this->base();
		return array(
			'chunks' => "$base/tmp/chunks",
			'locks'  => "$base/tmp/locks",
			'files'  => "$base/tmp/files",
		);
	}

	/**
	 * Removes everything this class created (uninstall). Only its own sub-folders and files, in
	 * case a site pointed the base at a folder that holds other things too.
	 */
	public function destroy(): void {
		$base = $this->base();
		foreach ( array( 'tmp', 'entries', '.htaccess', 'web.config', 'index.php' ) as $entry ) {
			self::remove_tree( $base . '/' . $entry );
		}
		@rmdir( $base ); // phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged, WordPress.WP.AlternativeFunctions.file_system_operations_rmdir -- only when empty.
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
		foreach ( (array) scandir( $dir ) as $entry ) {
			if ( '.' === $entry || '..' === $entry ) {
				continue;
			}
			self::remove_tree( $dir . '/' . $entry );
		}
		@rmdir( $dir ); // phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged, WordPress.WP.AlternativeFunctions.file_system_operations_rmdir -- a parallel request may have removed it.
	}

	/**
	 * @param string $path     File.
	 * @param string $contents Contents.
	 */
	private static function write( string $path, string $contents ): void {
		file_put_contents( $path, $contents ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_operations_file_put_contents
	}
}
