<?php
/**
 * Password and credit card fields: secrets that rules never read.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Domain\FieldTypes;

use Kestrel\Forms\Domain\Validation\CreditCardInput;
use Kestrel\Forms\Domain\Validation\FieldError;
use Kestrel\Forms\Domain\Validation\PasswordInput;

/**
 * A password (Validation\PasswordInput) or a card (Validation\CreditCardInput, under the site's
 * card rules and today's month): validated, stored only as those classes allow (never the
 * secret), and read by rules as "" whatever was typed. The twin of password.ts and
 * credit-card.ts's units.
 */
final class SecretType implements FieldType {

	/**
	 * A unit for one of the two types.
	 *
	 * @param string $type password or creditcard.
	 */
	public function __construct( private readonly string $type ) {}

	/**
	 * No tuple of plain inputs (the parts are secrets).
	 *
	 * @param array<string, mixed> $field Field.
	 * @return list<string>
	 */
	public function input_ids( array $field ): array {
		return array();
	}

	/**
	 * The defaultValue.
	 *
	 * @param array<string, mixed> $field Field.
	 */
	public function default_value( array $field ): string {
		return (string) ( $field['defaultValue'] ?? '' );
	}

	/**
	 * Nothing: rules never read secrets.
	 *
	 * @param array<string, mixed> $field Field.
	 * @param array<mixed, mixed>  $raw   All submitted values.
	 */
	public function entered( array $field, array $raw ): ?string {
		return null;
	}

	/**
	 * Validates the secret; the values stored are what the input classes keep of it.
	 *
	 * @param array<string, mixed> $field   Field.
	 * @param array<mixed, mixed>  $raw     All submitted values.
	 * @param ValidationContext    $context Card rules and today's month.
	 * @return array<string, string>|FieldError
	 */
	public function validate( array $field, array $raw, ValidationContext $context ): array|FieldError {
		if ( 'password' === $this->type ) {
			return PasswordInput::validate( $field, $raw );
		}
		list( $year, $month ) = $context->today();
		return CreditCardInput::validate( $field, $raw, $context->card_rules(), $year, $month );
	}

	/**
	 * Always "".
	 *
	 * @param array<string, mixed> $field Field.
	 * @param string|list<string>  $value Value.
	 * @param string               $ref   Rule reference.
	 */
	public function rule_reading( array $field, string|array $value, string $ref ): RuleReading {
		return new RuleReading( array( '' ) );
	}
}
