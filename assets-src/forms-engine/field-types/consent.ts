import type { FieldTypeUnit } from './types';
import { textOf } from './parts';

/** The value of a checked consent box. */
export const CHECKED = '1';

/** Consent fields: one checkbox, N.1 = "1" when checked; the agreed texts come from the definition. */
export const consentUnit: FieldTypeUnit = {
	inputIds: ( field ) => [ `${ field.id }.1` ],
	initialValue: () => '',
	isEmpty: ( _field, value ) => textOf( value ) !== CHECKED,
	validate( field, value ) {
		const text = textOf( value );
		if ( text === null || ( text !== '' && text !== CHECKED ) ) {
			return { code: 'invalid' };
		}
		return text === '' && field.isRequired ? { code: 'required' } : null;
	},
	toSubmission: ( field, value ) =>
		textOf( value ) === CHECKED ? { [ `${ field.id }.1` ]: CHECKED } : {},
	// An unchecked box sends nothing: no "N.1" reads as not checked.
	fromSubmission: ( field, wire ) =>
		wire[ `${ field.id }.1` ] === CHECKED ? CHECKED : '',
	ruleValue: ( _field, value ) => ( {
		values: [ textOf( value ) === CHECKED ? CHECKED : '' ],
	} ),
};
