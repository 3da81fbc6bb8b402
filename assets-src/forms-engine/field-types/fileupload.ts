import type { FieldTypeUnit } from './types';
import { multiselectUnit } from './multiselect';
import { isBlankOrListOf } from './parts';

/** An upload token as the server issues it. */
const TOKEN = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * File-upload fields: the server's tokens of the completed uploads under the field id (the
 * server checks that it issued them). The twin of PHP `FileUploadType`.
 */
export const fileUploadUnit: FieldTypeUnit = {
	...multiselectUnit,
	initialValue: ( field ) => field.defaultValue ?? '',
	validate( field, value ) {
		const isToken = ( token: unknown ) =>
			typeof token === 'string' && TOKEN.test( token );
		if ( ! isBlankOrListOf( value, isToken ) ) {
			return { code: 'invalid' };
		}
		const files = [ ...new Set( Array.isArray( value ) ? value : [] ) ];
		if ( files.length === 0 ) {
			return field.isRequired ? { code: 'required' } : null;
		}
		const limit = field.multipleFiles ? ( field.maxFiles ?? 0 ) : 1;
		return limit > 0 && files.length > limit
			? { code: 'max_files', limit }
			: null;
	},
	ruleValue: ( _field, value ) => ( {
		values: Array.isArray( value ) ? [ ...value ] : [ value ?? '' ],
	} ),
};
