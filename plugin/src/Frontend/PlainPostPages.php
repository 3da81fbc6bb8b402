<?php
/**
 * The pages of a multi-page form, as the plain post moves between them.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Frontend;

use Kestrel\Forms\Domain\FieldTypes\FieldTypes;
use Kestrel\Forms\Domain\Form\Form;

/**
 * The twin of the browser's pages (forms-ui/components/Form.tsx `splitPages` and `pageShown`):
 * the fields before the first page break, then after each break. A page is skipped when its
 * break is hidden by its rules or none of its fields (other than hidden-type ones) shows; the
 * page the visitor is on always counts. Visibility is the server engine's
 * (SubmissionResult::$visible), never the browser's.
 */
final class PlainPostPages {

	/**
	 * The pages: the break that starts each (null for the first) and its fields.
	 *
	 * @var list<array{break: array<string, mixed>|null, fields: list<array<string, mixed>>}>
	 */
	private array $pages = array();

	/**
	 * Splits a form at its page breaks.
	 *
	 * @param Form $form The form.
	 */
	public function __construct( Form $form ) {
		$this->pages[] = array(
			'break'  => null,
			'fields' => array(),
		);
		foreach ( $form->fields() as $field ) {
			if ( FieldTypes::breaks_page( $field ) ) {
				$this->pages[] = array(
					'break'  => $field,
					'fields' => array(),
				);
				continue;
			}
			$this->pages[ count( $this->pages ) - 1 ]['fields'][] = $field;
		}
	}

	/**
	 * How many pages the form has (shown or not).
	 */
	public function count(): int {
		return count( $this->pages );
	}

	/**
	 * A page index within the form's pages (0 for anything else).
	 *
	 * @param mixed $index Posted index.
	 */
	public function clamp( mixed $index ): int {
		$index = is_numeric( $index ) ? (int) $index : 0;
		return $index >= 0 && $index < $this->count() ? $index : 0;
	}

	/**
	 * The ids of a page's fields.
	 *
	 * @param int $index Page index.
	 * @return list<int>
	 */
	public function field_ids( int $index ): array {
		return array_map( static fn( array $field ): int => (int) $field['id'], $this->pages[ $index ]['fields'] ?? array() );
	}

	/**
	 * The page a field is on, or null.
	 *
	 * @param int $field_id Field id.
	 */
	public function page_of( int $field_id ): ?int {
		foreach ( array_keys( $this->pages ) as $index ) {
			if ( in_array( $field_id, $this->field_ids( $index ), true ) ) {
				return $index;
			}
		}
		return null;
	}

	/**
	 * The next shown page after a page, or null on the last one.
	 *
	 * @param int              $page    Current page.
	 * @param array<int, bool> $visible Visibility by field id.
	 */
	public function next( int $page, array $visible ): ?int {
		$count = $this->count();
		for ( $i = $page + 1; $i < $count; $i++ ) {
			if ( $this->shown( $i, $visible ) ) {
				return $i;
			}
		}
		return null;
	}

	/**
	 * The id of the page break that starts a page (its Next button is on the page before), or
	 * null for the first page or an index outside the form.
	 *
	 * @param int $index Page index.
	 */
	public function break_id( int $index ): ?int {
		$break = $this->pages[ $index ]['break'] ?? null;
		return is_array( $break ) ? (int) $break['id'] : null;
	}

	/**
	 * The shown page before a page, or null on the first one.
	 *
	 * @param int              $page    Current page.
	 * @param array<int, bool> $visible Visibility by field id.
	 */
	public function previous( int $page, array $visible ): ?int {
		for ( $i = $page - 1; $i >= 0; $i-- ) {
			if ( $this->shown( $i, $visible ) ) {
				return $i;
			}
		}
		return null;
	}

	/**
	 * Whether a page is shown: its break shows and so does one of its fields (not hidden-type).
	 *
	 * @param int              $index   Page index.
	 * @param array<int, bool> $visible Visibility by field id.
	 */
	public function shown( int $index, array $visible ): bool {
		$page = $this->pages[ $index ];
		if ( null !== $page['break'] && empty( $visible[ (int) $page['break']['id'] ] ) ) {
			return false;
		}
		foreach ( $page['fields'] as $field ) {
			if ( 'hidden' !== $field['type'] && ! empty( $visible[ (int) $field['id'] ] ) ) {
				return true;
			}
		}
		return false;
	}
}
