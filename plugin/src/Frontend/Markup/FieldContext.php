<?php
/**
 * What a field's server markup receives.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Frontend\Markup;

use Kestrel\Forms\Domain\FieldTypes\FieldTypes;

/**
 * The PHP twin of the TSX `FieldProps` (forms-ui/fields/types.ts) for a first render: the field,
 * the form's wire values, the field's message, whether rules hide it, and what the engine
 * computed for it.
 */
final class FieldContext {

	/**
	 * Builds the context.
	 *
	 * The values are the whole form's WireValues (keys "5", "5.3", "5_quantity"…); the error is
	 * the field's message with the inputs it is about (absent: all); the currency is the form's
	 * Currencies::get config; `calculated` and `quantity` are what the TSX passes as those props;
	 * the page is the page's data for the form (`captcha`, `payment`: what units read).
	 *
	 * @param int                                                $form_id               Form id.
	 * @param array<string, mixed>                               $field                 The field's (public) definition.
	 * @param array<mixed, mixed>                                $values                WireValues of the whole form.
	 * @param array{message: string, inputs?: list<string>}|null $error                 The field's message.
	 * @param bool                                               $concealed             Hidden by conditional logic.
	 * @param array<string, mixed>|null                          $currency              The form's currency config.
	 * @param string                                             $description_placement 'above' or 'below'.
	 * @param mixed                                              $calculated            What the engine computed.
	 * @param string|null                                        $quantity              A product's own quantity.
	 * @param array<string, mixed>                               $page                  The page's data for the form.
	 */
	public function __construct(
		public readonly int $form_id,
		public readonly array $field,
		public readonly array $values = array(),
		public readonly ?array $error = null,
		public readonly bool $concealed = false,
		public readonly ?array $currency = null,
		public readonly string $description_placement = 'above',
		public readonly mixed $calculated = null,
		public readonly ?string $quantity = null,
		public readonly array $page = array(),
	) {
	}

	/**
	 * The field's id.
	 */
	public function field_id(): int {
		return (int) ( $this->field['id'] ?? 0 );
	}

	/**
	 * A wire value of this field: the field id's value (no key), an input's ("3" reads "5.3"),
	 * or a suffixed key ("_quantity" reads "5_quantity"). Null when the form has none.
	 *
	 * @param string $key Input key, or '' for the field id.
	 */
	public function value( string $key = '' ): mixed {
		$id = (string) $this->field_id();
		if ( '' === $key ) {
			$wire = $id;
		} elseif ( str_starts_with( $key, '_' ) ) {
			$wire = $id . $key;
		} else {
			$wire = $id . '.' . $key;
		}
		return $this->values[ $wire ] ?? null;
	}

	/**
	 * The value the field starts with, in the browser's shape (the TSX `initialValues`): what a
	 * control shows when the wire has nothing for it (a GET, or an input that was not posted).
	 *
	 * @return string|list<string>
	 */
	public function initial(): string|array {
		return FieldTypes::displays_only( $this->field ) ? '' : FieldTypes::for_field( $this->field )->default_value( $this->field );
	}

	/**
	 * The field's value as text ('' when none or not text).
	 *
	 * @param string $key As value().
	 */
	public function text( string $key = '' ): string {
		$value = $this->value( $key );
		return is_string( $value ) || is_int( $value ) || is_float( $value ) ? (string) $value : '';
	}

	/**
	 * The field's value as a list of texts (a checkbox's, a multiselect's).
	 *
	 * @param string $key As value().
	 * @return list<string>
	 */
	public function texts( string $key = '' ): array {
		$value = $this->value( $key );
		if ( is_array( $value ) ) {
			return array_values( array_map( 'strval', array_filter( $value, 'is_scalar' ) ) );
		}
		return null === $value || '' === $value ? array() : array( (string) $value );
	}

	/**
	 * The field's message (TSX `error`), or null.
	 */
	public function error_message(): ?string {
		return null === $this->error ? null : $this->error['message'];
	}

	/**
	 * The inputs the message is about (TSX `errorInputs`), or null for the whole field.
	 *
	 * @return list<string>|null
	 */
	public function error_inputs(): ?array {
		return $this->error['inputs'] ?? null;
	}

	/**
	 * Whether an input is marked invalid: a message shows and is about that input or the whole
	 * field.
	 *
	 * @param string $input_id Input id ("5.3"), or '' for a one-input field.
	 */
	public function invalid( string $input_id = '' ): bool {
		if ( null === $this->error ) {
			return false;
		}
		$inputs = $this->error_inputs();
		return ! $inputs || '' === $input_id || in_array( $input_id, $inputs, true );
	}

	/**
	 * The form's currency code (TSX `currency`), or null.
	 */
	public function currency_code(): ?string {
		$code = $this->currency['code'] ?? null;
		return is_string( $code ) ? $code : null;
	}
}
