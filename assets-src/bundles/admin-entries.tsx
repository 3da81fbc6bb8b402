/**
 * Admin entries screen entry: registers the entries store and mounts the workspace.
 */
import '../shared/money/all-currencies';
import { createRoot } from '@wordpress/element';
import { dispatch, register } from '@wordpress/data';
import { store, DEFAULT_QUERY } from '../admin/store/entries';
import { EntriesApp, type EntriesScreenConfig } from '../admin/entries';
import '../admin/entries/entries.scss';

register( store );

const root = document.getElementById( 'kestrel-forms-entries-app' );
if ( root ) {
	const config = JSON.parse(
		root.dataset.config ?? '{}'
	) as EntriesScreenConfig;
	dispatch( store ).setQuery( { ...DEFAULT_QUERY, formId: config.formId } );
	createRoot( root ).render( <EntriesApp config={ config } /> );
}
