/**
 * The entries workspace: the list of a form's entries, or one entry.
 */
import { __, sprintf } from '@wordpress/i18n';
import { EntriesList } from './EntriesList';
import { EntryDetailScreen } from './EntryDetailScreen';
import type { EntriesScreenConfig } from './types';

/**
 * @param props        Props.
 * @param props.config Screen config from the PHP screen.
 */
export function EntriesApp( { config }: { config: EntriesScreenConfig } ) {
	if ( config.entryId > 0 ) {
		return <EntryDetailScreen config={ config } />;
	}
	const form = config.forms.find( ( f ) => f.id === config.formId );
	return (
		<>
			<h1 className="wp-heading-inline">
				{ form
					? sprintf(
							/* translators: %s: form title. */
							__( 'Entries: %s', 'kestrel-forms' ),
							form.title
						)
					: __( 'Entries', 'kestrel-forms' ) }
			</h1>
			<hr className="wp-header-end" />
			{ form ? (
				<EntriesList config={ config } />
			) : (
				<p>{ __( 'There are no forms yet.', 'kestrel-forms' ) }</p>
			) }
		</>
	);
}
