/**
 * The `kestrel-forms/forms` data store: forms list, one form, and the editor's definition with
 * undo/redo. Registered by assets-src/bundles/admin-forms.tsx (side effects live there).
 */
import { createReduxStore } from '@wordpress/data';
import * as actions from './actions';
import reducer from './reducer';
import * as resolvers from './resolvers';
import * as selectors from './selectors';
import { STORE_NAME } from './constants';

export const store = createReduxStore( STORE_NAME, {
	reducer,
	actions,
	selectors,
	resolvers,
} );

export { STORE_NAME } from './constants';
export * as definition from './definition';
export type * from './types';
