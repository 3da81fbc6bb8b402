/**
 * Rules on a consent: is or is not "checked" (the value "1").
 */
import { __ } from '@wordpress/i18n';
import type { TypeLogic } from '../types';

export const consentLogic: TypeLogic = {
	operators: [ 'is', 'isnot' ],
	values: () => [ { value: '1', label: __( 'checked', 'kestrel-forms' ) } ],
};
