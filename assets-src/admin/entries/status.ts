/**
 * The names of entry statuses, shared by the list's status filter and the entry screen.
 */
import { __ } from '@wordpress/i18n';
import type { EntryStatus } from '../store/entries';

/**
 * @return Each status the list filters by, with its name ("all" last).
 */
export function statusElements(): Array< {
	value: EntryStatus | 'all';
	label: string;
} > {
	return [
		{ value: 'active', label: __( 'Active', 'kestrel-forms' ) },
		{ value: 'spam', label: __( 'Spam', 'kestrel-forms' ) },
		{ value: 'trash', label: __( 'Trash', 'kestrel-forms' ) },
		{ value: 'all', label: __( 'All', 'kestrel-forms' ) },
	];
}

/**
 * @param status An entry's status.
 * @return Its name.
 */
export function statusLabel( status: EntryStatus ): string {
	return (
		statusElements().find( ( e ) => e.value === status )?.label ?? status
	);
}
