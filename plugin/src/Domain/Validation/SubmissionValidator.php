<?php
/**
 * Server-side validation of a visitor's submission. The server never trusts the browser.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Domain\Validation;

use Kestrel\Forms\Domain\Feeds\FeedEvaluator;
use Kestrel\Forms\Domain\FieldTypes\CheckboxType;
use Kestrel\Forms\Domain\FieldTypes\Choices;
use Kestrel\Forms\Domain\FieldTypes\FieldTypes;
use Kestrel\Forms\Domain\FieldTypes\ValidationContext;
use Kestrel\Forms\Domain\FieldTypes\Wire;
use Kestrel\Forms\Domain\Form\Form;
use Kestrel\Forms\Domain\Logic\DependencyGraph;
use Kestrel\Forms\Domain\Logic\FormEvaluator;
use Kestrel\Forms\Domain\Money\Currencies;
use Kestrel\Forms\Domain\Money\Decimal;
use Kestrel\Forms\Domain\Money\Limits;
use Kestrel\Forms\Domain\Money\Numbers;
use Kestrel\Forms\Domain\Payments\ChargePlan;
use Kestrel\Forms\Domain\Payments\PaymentValue;
use Kestrel\Forms\Domain\Pricing\Quantity;

/**
 * Turns raw submitted values (keyed by field id or input id) into clean values keyed by input id.
 *
 * Values for ids the form does not have are ignored. Display-only fields never store a value.
 */
final class SubmissionValidator {

	/** Upper bound for any single text value when the field sets no maxLength. */
	public const MAX_TEXT_LENGTH = 65535;

	/**
	 * A validator with the site's rules (cards, clock, money bounds).
	 *
	 * @param \Closure|null $card_rules The card rules for a form: fn( Form ): array (the WordPress
	 *                                  layer applies `kestrel_forms_card_rules`); null: the defaults.
	 * @param \Closure|null $today      The current year and month: fn(): array{0: int, 1: int}
	 *                                  (null: the UTC clock), for card expiry.
	 * @param \Closure|null $limits     The money bounds for a form: fn( Form ): Limits (the WordPress
	 *                                  layer applies `kestrel_forms_max_quantity` and
	 *                                  `kestrel_forms_max_amount`); null: Limits::defaults().
	 */
	public function __construct(
		private readonly ?\Closure $card_rules = null,
		private readonly ?\Closure $today = null,
		private readonly ?\Closure $limits = null
	) {}

	/**
	 * Validates a submission against the stored definition.
	 *
	 * @param Form                $form The form being submitted.
	 * @param array<mixed, mixed> $raw  Submitted values.
	 */
	public function validate( Form $form, array $raw ): SubmissionResult {
		$values = array();
		$errors = array();
		// The server's bounds, whatever a stored definition says; the engines read them there.
		$limits               = null === $this->limits ? Limits::defaults() : ( $this->limits )( $form );
		$definition           = $form->definition;
		$definition['limits'] = $limits->to_array();
		$currency             = (string) ( $form->definition['currency'] ?? Currencies::DEFAULT );
		// Visibility and calculated values come from the stored definition, never the browser.
		$evaluator  = new FormEvaluator( $definition );
		$evaluation = $evaluator->evaluate( $this->entered( $form, $raw ) );
		$context    = new ValidationContext(
			$currency,
			$limits,
			null === $this->card_rules ? null : fn(): mixed => ( $this->card_rules )( $form ),
			$this->today
		);
		foreach ( $form->fields() as $field ) {
			$type = (string) $field['type'];
			$id   = (int) $field['id'];
			if ( in_array( $type, Form::DISPLAY_ONLY_TYPES, true ) || empty( $evaluation['visible'][ $id ] ) ) {
				continue; // Hidden fields are neither validated nor stored.
			}
			if ( 'number' === $type && ! empty( $field['enableCalculation'] ) ) {
				$computed = $evaluation['values'][ $id ] ?? '';
				$computed = is_string( $computed ) ? $computed : '';
				if ( '' !== $computed ) {
					$values[ (string) $id ] = NumberParser::parse( $computed, (string) ( $field['numberFormat'] ?? 'decimal_dot' ) ) ?? $computed;
				}
				continue;
			}
			$unit = FieldTypes::get( $type ); // The type's unit, when it has one (docs/field-types.md).
			if ( null !== $unit ) {
				$result = $unit->validate( $field, $raw, $context );
				if ( $result instanceof FieldError ) {
					$errors[ $id ] = $result;
				} else {
					$values += $result;
				}
				continue;
			}
			if ( 'payment' === $type ) {
				// The token goes to the provider only (Payments\ChargePayment), never into the
				// entry: the payment is a row of its own.
				$problem = $this->payment( $field, $raw[ (string) $id ] ?? null, $evaluation['pricing'] );
				if ( null !== $problem ) {
					$errors[ $id ] = $problem;
				}
				continue;
			}
			if ( 'total' === $type ) {
				$pricing = $evaluation['pricing'];
				if ( null !== $pricing ) {
					$values[ (string) $id ] = Decimal::from_minor_units( $pricing['totalMinor'], (int) Currencies::get( $pricing['currency'] )['decimals'] );
				}
				continue;
			}
			if ( 'product' === $type ) {
				$quantity = $this->product_quantity( $form, $field, $raw, $limits );
				if ( $quantity instanceof FieldError ) {
					$errors[ $id ] = $quantity;
					continue;
				}
				$values += $quantity;
			}
			if ( 'captcha' === $type ) {
				continue; // Verified by the WordPress layer before storing; never stored.
			}
			if ( ! self::has_input( $field ) ) {
				if ( 'product' === $type && ! empty( $field['isRequired'] ) && ! self::priced( $evaluation, $id ) ) {
					$errors[ $id ] = $this->error( $field, FieldError::REQUIRED );
				}
				continue; // Single, hidden and calculated products, single shipping: nothing typed.
			}
			$result = self::is_multi( $field )
				? ( new CheckboxType() )->validate( $field, $raw, $context )
				: $this->single( $field, $raw[ (string) $id ] ?? null, $currency, $limits );

			if ( $result instanceof FieldError ) {
				$errors[ $id ] = $result;
				continue;
			}
			if ( array() === $result ) {
				if ( ! empty( $field['isRequired'] ) ) {
					$errors[ $id ] = $this->error( $field, FieldError::REQUIRED );
				}
				continue;
			}
			if ( 'product' === $type && ! empty( $field['isRequired'] ) && ! self::priced( $evaluation, $id ) ) {
				$errors[ $id ] = $this->error( $field, FieldError::REQUIRED );
				continue;
			}
			$values += $result;
		}
		$holder = $this->account_holder_missing( $form, $raw, $values, $evaluation['visible'] );
		if ( null !== $holder && ! isset( $errors[ (int) $holder['id'] ] ) ) {
			// An ACH payment names its account holder: the mapped text field must hold a name.
			$errors[ (int) $holder['id'] ] = $this->error( $holder, FieldError::REQUIRED );
		}
		// Amounts out of bounds (lines, total, calculated prices) are errors on their fields; a
		// field's own error comes first, except "required" for a product left off because of them.
		$pricing = $evaluation['pricing'];
		foreach ( $pricing['errors'] ?? array() as $field_id => $problem ) {
			$field = $form->field( (int) $field_id );
			if ( null !== $field && ( ! isset( $errors[ $field_id ] ) || FieldError::REQUIRED === $errors[ $field_id ]->code ) ) {
				$errors[ $field_id ] = $this->error( $field, $problem['code'], $problem['params'] );
			}
		}
		if ( null !== $pricing ) {
			unset( $pricing['errors'] ); // Not part of the stored order.
		}
		$ordered = array();
		foreach ( $form->fields() as $field ) {
			if ( isset( $errors[ (int) $field['id'] ] ) ) {
				$ordered[ (int) $field['id'] ] = $errors[ (int) $field['id'] ];
			}
		}
		$errors = $ordered; // In field order, as the visitor meets them.
		return new SubmissionResult( $values, $errors, $pricing, FeedEvaluator::active( $form->definition, $evaluator, $evaluation ), $evaluation['visible'] );
	}

	/**
	 * One-value fields without a unit of their own yet: products, options and shipping.
	 *
	 * @param array<string, mixed> $field    Field definition.
	 * @param mixed                $raw      Submitted value.
	 * @param string               $currency The form's currency (typed prices).
	 * @param Limits|null          $limits   Money bounds (null: the defaults).
	 * @return array<string, string>|FieldError The value by input id (empty array when blank), or an error.
	 */
	private function single( array $field, mixed $raw, string $currency = Currencies::DEFAULT, ?Limits $limits = null ): array|FieldError {
		$limits ??= Limits::defaults();
		$text     = Wire::text( $raw, 'textarea' === $field['type'] );
		if ( null === $text ) {
			return $this->error( $field, FieldError::INVALID );
		}
		if ( ! empty( $field['enableOtherChoice'] ) && FormEvaluator::OTHER_CHOICE === $text ) {
			$text = ''; // "Other" chosen, nothing typed yet.
		}
		if ( '' === $text ) {
			return array();
		}
		$limit = isset( $field['maxLength'] ) ? (int) $field['maxLength'] : self::MAX_TEXT_LENGTH;
		if ( mb_strlen( $text, 'UTF-8' ) > $limit ) {
			return $this->error( $field, FieldError::MAX_LENGTH, array( 'limit' => $limit ) );
		}

		switch ( $field['type'] ) {
			case 'product':
				if ( 'price' === ( $field['inputType'] ?? '' ) ) {
					$amount = Numbers::to_decimal( $text, 'currency', $currency );
					if ( null === $amount ) {
						return $this->error( $field, FieldError::NUMBER );
					}
					$range = self::amount_range( $amount, $currency, $limits );
					if ( null !== $range ) {
						return $this->error( $field, FieldError::AMOUNT_RANGE, $range );
					}
					$text = $amount;
					break;
				}
				// Drop-down and radio products are choices.
				if ( ! in_array( $text, Choices::values( $field ), true ) ) {
					return $this->error( $field, FieldError::CHOICE );
				}
				break;
			case 'option':
			case 'shipping':
				if ( ! in_array( $text, Choices::values( $field ), true ) ) {
					return $this->error( $field, FieldError::CHOICE );
				}
				break;
		}
		return array( (string) $field['id'] => $text );
	}

	/**
	 * An error for a field, with the field's own message when it has one.
	 *
	 * @param array<string, mixed> $field  Field definition.
	 * @param string               $code   FieldError code.
	 * @param array<string, mixed> $params Details.
	 */
	private function error( array $field, string $code, array $params = array() ): FieldError {
		return new FieldError( $code, $params, trim( (string) ( $field['errorMessage'] ?? '' ) ) );
	}

	/**
	 * The entered values as the evaluator reads them: text by field id, checked choice values for
	 * checkboxes. Only well-formed values count; validation reports the rest.
	 *
	 * @param Form                $form The form.
	 * @param array<mixed, mixed> $raw  Submitted values.
	 * @return array<int|string, string|list<string>> By field id, and "N.3" for a product's quantity.
	 */
	private function entered( Form $form, array $raw ): array {
		$entered = array();
		foreach ( $form->fields() as $field ) {
			$id = (int) $field['id'];
			if ( 'payment' === $field['type'] ) {
				continue; // Rules never read secrets (nor do password and card units).
			}
			$unit = FieldTypes::of( $field );
			if ( null !== $unit ) {
				$value = $unit->entered( $field, $raw );
				if ( null !== $value ) {
					$entered[ $id ] = $value;
				}
				continue;
			}
			if ( 'product' === $field['type'] && isset( $raw[ $id . '.3' ] ) && is_scalar( $raw[ $id . '.3' ] ) ) {
				$entered[ $id . '.3' ] = (string) $raw[ $id . '.3' ];
			}
			if ( self::is_multi( $field ) ) {
				$checked = ( new CheckboxType() )->entered( $field, $raw );
				if ( null !== $checked ) {
					$entered[ $id ] = $checked;
				}
				continue;
			}
			$text = Wire::text( $raw[ (string) $id ] ?? null, 'textarea' === $field['type'] );
			if ( null !== $text && '' !== $text ) {
				$entered[ $id ] = $text;
			}
		}
		return $entered;
	}

	/**
	 * A visible payment field: `{method, token, verificationToken?}` ({@see PaymentValue}). A token is
	 * required only when the server's pricing makes an amount due ({@see ChargePlan}: a total of 0
	 * charges nothing and needs none; an amount below the minimum is refused when charging).
	 *
	 * @param array<string, mixed>      $field   Payment field.
	 * @param mixed                     $raw     Its submitted value.
	 * @param array<string, mixed>|null $pricing The server's pricing.
	 */
	private function payment( array $field, mixed $raw, ?array $pricing ): ?FieldError {
		$value = PaymentValue::read( $raw, $field );
		if ( false === $value ) {
			return $this->error( $field, FieldError::INVALID );
		}
		if ( null === $value && ChargePlan::for_field( $field, true, $pricing )->charges() ) {
			return $this->error( $field, FieldError::REQUIRED );
		}
		if ( $value instanceof PaymentValue && 'ach' === $value->method && '' === $value->account_holder
			&& ! is_string( $field['accountHolderField'] ?? null ) ) {
			// A bank payment names its account holder: the field's own input when the form maps none.
			return $this->error( $field, FieldError::REQUIRED );
		}
		return null;
	}

	/**
	 * The text field a visible payment field maps the ACH account holder's name to, when an ACH
	 * value is sent and that field is shown but left empty (null otherwise: no ACH, no mapping,
	 * or a name there).
	 *
	 * @param Form                 $form    The form.
	 * @param array<mixed, mixed>  $raw     Submitted values.
	 * @param array<string, mixed> $values  Clean values so far.
	 * @param array<int, bool>     $visible Visibility by field id.
	 * @return array<string, mixed>|null
	 */
	private function account_holder_missing( Form $form, array $raw, array $values, array $visible ): ?array {
		foreach ( $form->fields() as $field ) {
			$ref = $field['accountHolderField'] ?? null;
			if ( 'payment' !== $field['type'] || empty( $visible[ (int) $field['id'] ] ) || ! is_string( $ref ) ) {
				continue;
			}
			$value  = PaymentValue::read( $raw[ (string) $field['id'] ] ?? null, $field );
			$holder = $form->field( (int) $ref );
			$name   = $values[ $ref ] ?? '';
			if ( $value instanceof PaymentValue && 'ach' === $value->method && null !== $holder
				&& ! empty( $visible[ (int) $ref ] ) && ( ! is_string( $name ) || '' === trim( $name ) ) ) {
				return $holder;
			}
		}
		return null;
	}

	/**
	 * Whether a field has an input the visitor fills in.
	 *
	 * @param array<string, mixed> $field Field.
	 */
	private static function has_input( array $field ): bool {
		if ( 'product' === $field['type'] ) {
			return in_array( $field['inputType'] ?? '', array( 'select', 'radio', 'price' ), true );
		}
		if ( 'shipping' === $field['type'] ) {
			return 'singleshipping' !== ( $field['inputType'] ?? '' );
		}
		return true;
	}

	/**
	 * Whether a field takes several checked values.
	 *
	 * @param array<string, mixed> $field Field.
	 */
	private static function is_multi( array $field ): bool {
		return 'checkbox' === $field['type'] || ( 'option' === $field['type'] && 'checkbox' === ( $field['inputType'] ?? '' ) );
	}

	/**
	 * Whether a product made it onto the order.
	 *
	 * @param array<string, mixed> $evaluation Evaluation.
	 * @param int                  $id         Product field id.
	 */
	private static function priced( array $evaluation, int $id ): bool {
		foreach ( $evaluation['pricing']['products'] ?? array() as $line ) {
			if ( $line['fieldId'] === $id ) {
				return true;
			}
		}
		return false;
	}

	/**
	 * A product's own quantity input ("N.3"), when it has one: a number of 0 or more.
	 *
	 * @param Form                 $form    Form.
	 * @param array<string, mixed> $product Product field.
	 * @param array<mixed, mixed>  $raw     Submitted values.
	 * @param Limits               $limits  Money bounds.
	 * @return array<string, string>|FieldError
	 */
	private function product_quantity( Form $form, array $product, array $raw, Limits $limits ): array|FieldError {
		if ( ! empty( $product['disableQuantity'] ) || 'hiddenproduct' === ( $product['inputType'] ?? '' ) ) {
			return array();
		}
		foreach ( $form->fields() as $field ) {
			if ( 'quantity' === $field['type'] && (int) ( $field['productField'] ?? 0 ) === (int) $product['id'] ) {
				return array(); // A quantity field carries it.
			}
		}
		$key  = $product['id'] . '.3';
		$text = Wire::text( $raw[ $key ] ?? null, false );
		if ( null === $text ) {
			return $this->error( $product, FieldError::INVALID );
		}
		if ( '' === $text ) {
			return array();
		}
		$quantity = Quantity::read( $text, 'decimal_dot', $limits->max_quantity );
		if ( is_string( $quantity ) ) {
			return $this->error( $product, $quantity, FieldError::RANGE === $quantity ? Quantity::range( $limits->max_quantity ) : array() );
		}
		return array( $key => (string) $quantity );
	}

	/**
	 * The bounds of a typed price (0 to the largest amount, as money text) when it is outside
	 * them, else null.
	 *
	 * @param string $amount   Canonical decimal.
	 * @param string $currency Currency code.
	 * @param Limits $limits   Money bounds.
	 * @return array{min: string, max: string}|null
	 */
	private static function amount_range( string $amount, string $currency, Limits $limits ): ?array {
		$decimals = (int) Currencies::get( $currency )['decimals'];
		$max      = $limits->max_minor( $decimals );
		$minor    = Decimal::to_minor_units_within( $amount, $decimals, $max );
		if ( null !== $minor && $minor >= 0 ) {
			return null;
		}
		return array(
			'min' => Numbers::format_money( '0', $currency ),
			'max' => Numbers::format_money( Decimal::from_minor_units( $max, $decimals ), $currency ),
		);
	}
}
