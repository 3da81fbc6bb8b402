<?php
/**
 * A stream wrapper over a real folder that loses the mkdir race on purpose.
 *
 * @package KestrelForms\Tests
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Tests\Integration\Uploads;

/**
 * `racefs://x/y` is `{root}/x/y` on disk. The first mkdir() of a folder directly inside a folder
 * named `chunks` behaves as when another PHP worker creates the same folder a moment earlier:
 * the folder appears (the other worker made it) and this mkdir() fails with "File exists" —
 * exactly what a second php-fpm worker sees when two first chunks of one upload arrive at once
 * (issue 12). Everything else is passed through to the real file.
 */
final class RaceFs {

	public const SCHEME = 'racefs';

	/**
	 * Real folder behind racefs://.
	 *
	 * @var string
	 */
	public static string $root = '';

	/**
	 * How many mkdir() calls lost the race.
	 *
	 * @var int
	 */
	public static int $raced = 0;

	/** @var array<string, true> Folders that already lost once. */
	private static array $done = array();

	/** @var resource|null */
	public $context;

	/** @var resource|null */
	private $handle = null;

	/** @var list<string> */
	private array $entries = array();

	public static function register( string $root ): void {
		self::$root  = rtrim( $root, '/' );
		self::$raced = 0;
		self::$done  = array();
		if ( in_array( self::SCHEME, stream_get_wrappers(), true ) ) {
			stream_wrapper_unregister( self::SCHEME );
		}
		stream_wrapper_register( self::SCHEME, self::class );
	}

	public static function unregister(): void {
		if ( in_array( self::SCHEME, stream_get_wrappers(), true ) ) {
			stream_wrapper_unregister( self::SCHEME );
		}
	}

	private static function real( string $url ): string {
		return self::$root . '/' . ltrim( substr( $url, strlen( self::SCHEME . '://' ) ), '/' );
	}

	// phpcs:disable WordPress.PHP.NoSilencedErrors.Discouraged -- a stream wrapper answers with its return value, as the real file functions it stands for do; PHP reports the failure to the caller (and url_stat must stay quiet).

	public function mkdir( string $url, int $mode, int $options ): bool {
		$real = self::real( $url );
		if ( 'chunks' === basename( dirname( $real ) ) && ! isset( self::$done[ $real ] ) ) {
			self::$done[ $real ] = true;
			++self::$raced;
			@mkdir( $real, 0755, true ); // The other worker wins.
			trigger_error( "mkdir(): File exists", E_USER_WARNING ); // phpcs:ignore
			return false;
		}
		return @mkdir( $real, $mode, (bool) ( $options & STREAM_MKDIR_RECURSIVE ) );
	}

	public function rmdir( string $url, int $options ): bool {
		return @rmdir( self::real( $url ) );
	}

	public function unlink( string $url ): bool {
		return @unlink( self::real( $url ) );
	}

	public function rename( string $from, string $to ): bool {
		return @rename( self::real( $from ), self::real( $to ) );
	}

	public function url_stat( string $url, int $flags ): array|false {
		$real = self::real( $url );
		return ( $flags & STREAM_URL_STAT_LINK ) ? @lstat( $real ) : @stat( $real );
	}

	public function dir_opendir( string $url, int $options ): bool {
		$list = @scandir( self::real( $url ) );
		if ( false === $list ) {
			return false;
		}
		$this->entries = $list;
		return true;
	}

	public function dir_readdir(): string|false {
		$next = current( $this->entries );
		next( $this->entries );
		return false === $next ? false : (string) $next;
	}

	public function dir_rewinddir(): bool {
		reset( $this->entries );
		return true;
	}

	public function dir_closedir(): bool {
		$this->entries = array();
		return true;
	}

	public function stream_open( string $url, string $mode, int $options, ?string &$opened ): bool {
		$handle = @fopen( self::real( $url ), $mode );
		if ( false === $handle ) {
			return false;
		}
		$this->handle = $handle;
		return true;
	}

	// phpcs:enable

	public function stream_read( int $count ): string|false {
		return fread( $this->handle, $count );
	}

	public function stream_write( string $data ): int {
		return (int) fwrite( $this->handle, $data );
	}

	public function stream_eof(): bool {
		return feof( $this->handle );
	}

	public function stream_tell(): int {
		return (int) ftell( $this->handle );
	}

	public function stream_seek( int $offset, int $whence ): bool {
		return 0 === fseek( $this->handle, $offset, $whence );
	}

	public function stream_flush(): bool {
		return fflush( $this->handle );
	}

	public function stream_stat(): array|false {
		return fstat( $this->handle );
	}

	public function stream_close(): void {
		fclose( $this->handle );
	}

	/**
	 * @return resource|false
	 */
	public function stream_cast( int $cast_as ) {
		return $this->handle ?? false;
	}

	public function stream_lock( int $operation ): bool {
		return flock( $this->handle, $operation );
	}

	public function stream_set_option( int $option, int $arg1, ?int $arg2 ): bool {
		return false;
	}

	public function stream_metadata( string $url, int $option, mixed $value ): bool {
		$real = self::real( $url );
		switch ( $option ) {
			case STREAM_META_TOUCH:
				return touch( $real, ...array_filter( (array) $value ) );
			case STREAM_META_ACCESS:
				return chmod( $real, (int) $value );
			default:
				return false;
		}
	}
}
