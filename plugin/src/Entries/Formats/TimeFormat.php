<?php
/**
 * Time fields (docs/field-types.md): stored "hh:mm am" (12 h) or "HH:mm" (24 h).
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Entries\Formats;

/**
 * Shown, tagged and exported as stored: the stored text is already the field's format. Its own
 * unit so that the type's entry behaviour has one place to change.
 */
final class TimeFormat extends TextFormat {
}
