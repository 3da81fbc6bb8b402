<?php
/**
 * What a field's validation may depend on besides the field and its values.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Domain\FieldTypes;

use Kestrel\Forms\Domain\Form\Form;
use Kestrel\Forms\Domain\Money\Currencies;
use Kestrel\Forms\Domain\Money\Limits;
use Kestrel\Forms\Domain\Validation\CardRules;

/**
 * The form's currency (typed prices) and money bounds, the site's card rules and today's month
 * (card expiry); the twin of TypeScript `ValidationContext`. On the server the pricing units
 * also read the form (a product's quantity field) and the server's own pricing (a required
 * product on the order, the total, whether a payment is due).
 */
final class ValidationContext {

	/**
	 * A context.
	 *
	 * @param string                                 $currency   The form's currency code.
	 * @param Limits                                 $limits     The server's money bounds.
	 * @param \Closure|null                          $card_rules The normalised card rules: fn(): array
	 *                                                           (null: the defaults); asked only when a
	 *                                                           card field is validated.
	 * @param \Closure|null                          $today      The current year and month:
	 *                                                           fn(): array{0: int, 1: int} (null: the
	 *                                                           UTC clock).
	 * @param Form|null                              $form       The form being submitted (null: a field
	 *                                                           on its own).
	 * @param array<string, mixed>|null              $pricing    The server's pricing of the submission
	 *                                                           (PriceCalculator::compute(); null: the
	 *                                                           form has no products).
	 * @param array<int|string, string|list<string>> $evaluated  The server's evaluated values by field
	 *                                                           id (a calculated number's result).
	 */
	public function __construct(
		public readonly string $currency,
		public readonly Limits $limits,
		private readonly ?\Closure $card_rules = null,
		private readonly ?\Closure $today = null,
		public readonly ?Form $form = null,
		public readonly ?array $pricing = null,
		public readonly array $evaluated = array()
	) {}

	/**
	 * The card rules (Validation\CardRules::normalize()'s shape).
	 *
	 * @return array<string, array<string, mixed>>
	 */
	public function card_rules(): array {
		return null === $this->card_rules ? CardRules::defaults() : CardRules::normalize( ( $this->card_rules )() );
	}

	/**
	 * The current year and month.
	 *
	 * @return array{0: int, 1: int}
	 */
	public function today(): array {
		if ( null === $this->today ) {
			$now = new \DateTimeImmutable( 'now', new \DateTimeZone( 'UTC' ) );
			return array( (int) $now->format( 'Y' ), (int) $now->format( 'n' ) );
		}
		$today = ( $this->today )();
		return array( (int) $today[0], (int) $today[1] );
	}

	/**
	 * The defaults: USD and the default bounds.
	 */
	public static function defaults(): self {
		return new self( Currencies::DEFAULT, Limits::defaults() );
	}
}
