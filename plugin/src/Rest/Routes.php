<?php
/**
 * REST namespace constant shared by the controllers.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Rest;

/**
 * Holds the namespace so it is spelled once.
 */
final class Routes {
	public const NAMESPACE = 'kestrel-forms/v1';
}
