<?php
/**
 * Server-side validation of a visitor's submission. The server never trusts the browser.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Domain\Validation;

use Kestrel\Forms\Domain\Feeds\FeedEvaluator;
use Kestrel\Forms\Domain\FieldTypes\EnteredInputs;
use Kestrel\Forms\Domain\FieldTypes\FieldTypes;
use Kestrel\Forms\Domain\FieldTypes\PaymentType;
use Kestrel\Forms\Domain\FieldTypes\ValidationContext;
use Kestrel\Forms\Domain\Form\Form;
use Kestrel\Forms\Domain\Logic\FormEvaluator;
use Kestrel\Forms\Domain\Money\Currencies;
use Kestrel\Forms\Domain\Money\Limits;
use Kestrel\Forms\Domain\Payments\PaymentValue;

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
			$this->today,
			$form,
			$evaluation['pricing'],
			$evaluation['values']
		);
		foreach ( $form->fields() as $field ) {
			$id = (int) $field['id'];
			if ( FieldTypes::displays_only( $field ) || empty( $evaluation['visible'][ $id ] ) ) {
				continue; // Hidden fields are neither validated nor stored.
			}
			// The type's unit decides (docs/field-types.md): the values to store, or the error.
			$result = FieldTypes::for_field( $field )->validate( $field, $raw, $context );
			if ( $result instanceof FieldError ) {
				$errors[ $id ] = $result;
			} else {
				$values += $result;
			}
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
			// The type says what is entered (payment, password and card units: nothing, so rules
			// never read secrets).
			$unit  = FieldTypes::for_field( $field );
			$value = $unit->entered( $field, $raw );
			if ( null !== $value ) {
				$entered[ (int) $field['id'] ] = $value;
			}
			if ( $unit instanceof EnteredInputs ) {
				$entered += $unit->entered_inputs( $field, $raw );
			}
		}
		return $entered;
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
			if ( ! FieldTypes::of( $field ) instanceof PaymentType || empty( $visible[ (int) $field['id'] ] ) || ! is_string( $ref ) ) {
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
}
