import { oneTextUnit } from './text';

/**
 * A pragmatic email check, as strict as the server's for everyday addresses: one @, a dotted
 * domain, no spaces. The server (PHP FILTER_VALIDATE_EMAIL) has the final word.
 */
const EMAIL = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/;

/** Email fields: one text value, an email address. */
export const emailUnit = oneTextUnit( ( text ) =>
	EMAIL.test( text ) ? null : { code: 'email' }
);
