<?php
/**
 * One stored submission.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Domain\Entry;

/**
 * Values are keyed by input id ("1", "3.2"). Times are UTC "Y-m-d H:i:s".
 */
final class Entry {

	public const STATUS_ACTIVE = 'active';
	public const STATUS_SPAM   = 'spam';
	public const STATUS_TRASH  = 'trash';

	/**
	 * An entry as stored.
	 *
	 * @param int                                $id         Entry id (0 before it is stored).
	 * @param int                                $form_id    Form id.
	 * @param array<string, string|array<mixed>> $values Values by input id (lists and repeaters: rows of cells).
	 * @param string                             $created_at UTC time, "Y-m-d H:i:s".
	 * @param string                             $source_url Page the visitor submitted from ('' when unknown).
	 * @param int                                $user_id    Submitting user, 0 for visitors.
	 * @param string                             $status     One of the STATUS_* constants.
	 * @param array<string, mixed>|null          $pricing Products, shipping and total as the server computed them.
	 * @param list<int>                          $feeds   Ids of the feeds the submission activated.
	 */
	public function __construct(
		public readonly int $id,
		public readonly int $form_id,
		public readonly array $values,
		public readonly string $created_at,
		public readonly string $source_url = '',
		public readonly int $user_id = 0,
		public readonly string $status = self::STATUS_ACTIVE,
		public readonly ?array $pricing = null,
		public readonly array $feeds = array()
	) {}

	/**
	 * A copy with the id the database gave it.
	 *
	 * @param int $id New id.
	 */
	public function with_id( int $id ): self {
		return new self( $id, $this->form_id, $this->values, $this->created_at, $this->source_url, $this->user_id, $this->status, $this->pricing, $this->feeds );
	}
}
