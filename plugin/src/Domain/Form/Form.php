<?php
/**
 * A stored form: its id and its (already validated) definition.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Domain\Form;

/**
 * Read-only view over a definition with the lookups the domain needs.
 */
final class Form {

	/** Field types that only display content and never carry a value. */
	public const DISPLAY_ONLY_TYPES = array( 'section', 'html', 'page' );

	/**
	 * A form from its stored id and definition.
	 *
	 * @param int                  $id         Stored id (0 before the form is saved).
	 * @param array<string, mixed> $definition Schema-valid definition.
	 */
	public function __construct( public readonly int $id, public readonly array $definition ) {}

	/**
	 * This form with a currency: its own, or the given one when the definition names none (the
	 * site's default currency, Settings\GeneralSettings).
	 *
	 * @param string $currency ISO 4217 code.
	 */
	public function with_default_currency( string $currency ): self {
		return isset( $this->definition['currency'] ) ? $this : new self( $this->id, array( 'currency' => $currency ) + $this->definition );
	}

	/**
	 * The form title.
	 */
	public function title(): string {
		return (string) ( $this->definition['title'] ?? '' );
	}

	/**
	 * The fields of the form.
	 *
	 * @return list<array<string, mixed>> Field definitions in display order.
	 */
	public function fields(): array {
		return array_values( $this->definition['fields'] ?? array() );
	}

	/**
	 * One field by id.
	 *
	 * @param int $field_id Field id.
	 * @return array<string, mixed>|null The field, or null when the form has none with that id.
	 */
	public function field( int $field_id ): ?array {
		foreach ( $this->fields() as $field ) {
			if ( (int) $field['id'] === $field_id ) {
				return $field;
			}
		}
		return null;
	}

	/**
	 * Input ids of a checkbox field, one per choice in choice order: the definition's `inputs`
	 * when given, else "{fieldId}.{1-based choice index}".
	 *
	 * @param array<string, mixed> $field Checkbox field.
	 * @return list<string>
	 */
	public static function choice_input_ids( array $field ): array {
		$ids = array();
		foreach ( array_values( $field['choices'] ?? array() ) as $index => $choice ) {
			$ids[] = isset( $field['inputs'][ $index ]['id'] ) ? (string) $field['inputs'][ $index ]['id'] : $field['id'] . '.' . ( $index + 1 );
		}
		return $ids;
	}

	/**
	 * The legacy single confirmation (`confirmation`), or the default message.
	 *
	 * @param string $default_message Message used when the form defines none.
	 * @return array{type: string, message?: string, url?: string}
	 */
	public function confirmation( string $default_message ): array {
		$confirmation = $this->definition['confirmation'] ?? array();
		if ( 'redirect' === ( $confirmation['type'] ?? '' ) && ! empty( $confirmation['url'] ) ) {
			return array(
				'type' => 'redirect',
				'url'  => (string) $confirmation['url'],
			);
		}
		$message = trim( (string) ( $confirmation['message'] ?? '' ) );
		return array(
			'type'    => 'message',
			'message' => '' === $message ? $default_message : $message,
		);
	}

	/**
	 * The confirmation for a stored submission (docs/confirmations.md): of `confirmations[]`, the
	 * first active one that is not the default and whose conditional logic shows it (no logic
	 * shows), else the default one; without `confirmations[]`, the legacy `confirmation`; else
	 * the default message. A chosen message that is empty is the default message.
	 *
	 * @param callable(array<string, mixed>|null): bool $shows           Whether a rule set shows its target for the entry.
	 * @param string                                    $default_message Message used when nothing else applies.
	 * @return array{type: string, id?: string, message?: string, url?: string, pageId?: int, queryString?: string}
	 *         `type` message (with `message`), redirect (with `url`) or page (with `pageId`); redirect
	 *         and page may carry a `queryString` with merge tags.
	 */
	public function choose_confirmation( callable $shows, string $default_message ): array {
		$items  = array_values( array_filter( (array) ( $this->definition['confirmations'] ?? array() ), 'is_array' ) );
		$chosen = null;
		foreach ( $items as $item ) {
			if ( empty( $item['isDefault'] ) && false !== ( $item['isActive'] ?? true ) && $shows( $item['conditionalLogic'] ?? null ) ) {
				$chosen = $item;
				break;
			}
		}
		if ( null === $chosen ) {
			foreach ( $items as $item ) {
				if ( ! empty( $item['isDefault'] ) ) {
					$chosen = $item;
					break;
				}
			}
		}
		if ( null === $chosen ) {
			return $this->confirmation( $default_message );
		}
		$answer = array( 'id' => (string) ( $chosen['id'] ?? '' ) );
		$query  = trim( (string) ( $chosen['queryString'] ?? '' ) );
		$type   = (string) ( $chosen['type'] ?? 'message' );
		if ( 'redirect' === $type && '' !== trim( (string) ( $chosen['url'] ?? '' ) ) ) {
			$answer += array(
				'type' => 'redirect',
				'url'  => trim( (string) $chosen['url'] ),
			);
		} elseif ( 'page' === $type && (int) ( $chosen['pageId'] ?? 0 ) > 0 ) {
			$answer += array(
				'type'   => 'page',
				'pageId' => (int) $chosen['pageId'],
			);
		} else {
			$message = trim( (string) ( $chosen['message'] ?? '' ) );
			return $answer + array(
				'type'    => 'message',
				'message' => '' === $message ? $default_message : $message,
			);
		}
		if ( '' !== $query ) {
			$answer['queryString'] = $query;
		}
		return $answer;
	}
}
