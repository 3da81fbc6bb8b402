/**
 * The entries workspace store (kestrel-forms/entries). Registered by
 * assets-src/bundles/admin-entries.tsx.
 */
import { createReduxStore } from '@wordpress/data';
import * as actions from './actions';
import * as selectors from './selectors';
import { reducer } from './reducer';
import { STORE_NAME } from './constants';

export const store = createReduxStore( STORE_NAME, {
	reducer,
	actions,
	selectors,
} );

export { STORE_NAME, DEFAULT_QUERY } from './constants';
export { toRestParams, withParams } from './query';
export type * from './types';
