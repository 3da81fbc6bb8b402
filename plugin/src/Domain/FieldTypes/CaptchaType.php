<?php
/**
 * CAPTCHA fields.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Domain\FieldTypes;

/**
 * The provider's answer as one text value: the WordPress layer verifies it with the provider
 * before anything is stored, so the Domain neither checks nor stores it. The twin of captcha.ts.
 */
final class CaptchaType extends TextType {

	/**
	 * Verified by the WordPress layer before storing; never stored.
	 *
	 * @param array<string, mixed> $field   CAPTCHA field.
	 * @param array<mixed, mixed>  $raw     All submitted values.
	 * @param ValidationContext    $context Unused.
	 * @return array<string, string>
	 */
	public function validate( array $field, array $raw, ValidationContext $context ): array {
		return array();
	}
}
