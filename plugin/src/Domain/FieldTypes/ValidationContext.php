<?php
/**
 * What a field's validation may depend on besides the field and its values.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Domain\FieldTypes;

use Kestrel\Forms\Domain\Money\Currencies;
use Kestrel\Forms\Domain\Money\Limits;

/**
 * The form's currency (typed prices) and money bounds; the twin of TypeScript `ValidationContext`.
 */
final class ValidationContext {

	/**
	 * A context.
	 *
	 * @param string $currency The form's currency code.
	 * @param Limits $limits   The server's money bounds.
	 */
	public function __construct(
		public readonly string $currency,
		public readonly Limits $limits
	) {}

	/**
	 * The defaults: USD and the default bounds.
	 */
	public static function defaults(): self {
		return new self( Currencies::DEFAULT, Limits::defaults() );
	}
}
