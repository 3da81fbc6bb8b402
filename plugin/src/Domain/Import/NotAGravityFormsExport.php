<?php
/**
 * A file that is not a Gravity Forms export.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Domain\Import;

/**
 * Thrown when the decoded file is neither `{"0": {form}, "version": "…"}` nor a bare array of forms.
 * The message says what was expected (English; the REST layer gives the translated one).
 */
final class NotAGravityFormsExport extends \RuntimeException {
}
