/**
 * Admin forms entry: registers the `kestrel-forms/forms` store and mounts the forms list or the
 * form editor into FormEditorPage's root.
 */
import '../shared/money/all-currencies';
import { register } from '@wordpress/data';
import { createRoot } from '@wordpress/element';
import { App } from '../admin/App';
import type { AdminConfig } from '../admin/config';
import { store } from '../admin/store/forms';
import '../admin/admin.scss';

register( store );

const root = document.getElementById( 'kestrel-forms-admin' );
if ( root ) {
	const config = JSON.parse( root.dataset.config ?? '{}' ) as AdminConfig;
	createRoot( root ).render( <App config={ config } /> );
}
