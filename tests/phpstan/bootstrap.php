<?php
/**
 * PHPStan bootstrap: the constants that plugin/kestrel-forms.php and WordPress define at run
 * time, so that the analysis of plugin/src knows their types. WordPress's own functions and
 * classes come from php-stubs/wordpress-stubs (phpstan.neon.dist).
 *
 * @package KestrelForms\Tests
 */

declare( strict_types = 1 );

define( 'KESTREL_FORMS_VERSION', '0.0.0' );
define( 'KESTREL_FORMS_FILE', __DIR__ . '/../../plugin/kestrel-forms.php' );
define( 'KESTREL_FORMS_DIR', __DIR__ . '/../../plugin' );
define( 'WP_UNINSTALL_PLUGIN', 'kestrel-forms/kestrel-forms.php' );

// WordPress core constants defined at run time (wp-includes/default-constants.php, wp-settings.php,
// wp-includes/wp-db.php), which the stubs do not declare.
define( 'ABSPATH', '/' );
define( 'WPINC', 'wp-includes' );
define( 'WP_CONTENT_DIR', '/wp-content' );
define( 'MINUTE_IN_SECONDS', 60 );
define( 'HOUR_IN_SECONDS', 3600 );
define( 'DAY_IN_SECONDS', 86400 );
define( 'WEEK_IN_SECONDS', 604800 );
define( 'MONTH_IN_SECONDS', 2592000 );
define( 'YEAR_IN_SECONDS', 31536000 );
define( 'KB_IN_BYTES', 1024 );
define( 'MB_IN_BYTES', 1048576 );
define( 'GB_IN_BYTES', 1073741824 );
define( 'OBJECT', 'OBJECT' );
define( 'OBJECT_K', 'OBJECT_K' );
define( 'ARRAY_A', 'ARRAY_A' );
define( 'ARRAY_N', 'ARRAY_N' );
