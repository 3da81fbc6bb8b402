<?php
/**
 * The public name of an entry.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Submissions;

/**
 * Visitors never see entry ids (sequential: they tell how many entries a site has and invite
 * guessing). A submission is answered with a reference instead: 128 bits of an HMAC of the id
 * with a secret of the site, so it needs no column, cannot be reversed or guessed, and is the
 * same every time for the same entry (an idempotent replay answers with the winner's reference).
 * Managers can look an entry up by it ({@see self::matches()}).
 */
final class EntryReference {

	/**
	 * The reference of an entry: 32 lowercase hex characters.
	 *
	 * @param int $entry_id Entry id.
	 */
	public static function of( int $entry_id ): string {
		return substr( hash_hmac( 'sha256', 'kestrel-forms-entry|' . $entry_id, wp_salt( 'auth' ) ), 0, 32 );
	}

	/**
	 * Whether a reference names an entry.
	 *
	 * @param string $reference Reference.
	 * @param int    $entry_id  Entry id.
	 */
	public static function matches( string $reference, int $entry_id ): bool {
		return hash_equals( self::of( $entry_id ), strtolower( $reference ) );
	}
}
