/**
 * Admin settings screen entry: registers the settings store and mounts the page.
 */
import '../shared/money/all-currencies';
import { createRoot } from '@wordpress/element';
import { register } from '@wordpress/data';
import { store } from '../admin/store/settings';
import { SettingsApp } from '../admin/settings';
import '../admin/settings/admin-colors.scss';

register( store );

const root = document.getElementById( 'kestrel-forms-settings-app' );
if ( root ) {
	createRoot( root ).render( <SettingsApp /> );
}
