/**
 * The settings store (kestrel-forms/settings). Registered by
 * assets-src/bundles/admin-settings.tsx.
 */
import { createReduxStore } from '@wordpress/data';
import * as actions from './actions';
import * as selectors from './selectors';
import { reducer } from './reducer';

export const STORE_NAME = 'kestrel-forms/settings';

export const store = createReduxStore( STORE_NAME, {
	reducer,
	actions,
	selectors,
} );

export type * from './types';
