<?php
/**
 * Phone fields (docs/field-types.md): stored as typed, a standard number as "(###) ###-####".
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Entries\Formats;

/**
 * Shown, tagged and exported as stored. Its own unit so that the type's entry behaviour has one
 * place to change.
 */
final class PhoneFormat extends TextFormat {
}
