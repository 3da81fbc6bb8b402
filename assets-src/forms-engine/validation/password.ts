/**
 * Password fields (specs/forms-visitor-behaviour.md §4 "Password strength"): the value, its
 * strength verdict and what the browser checks before a submit.
 *
 * In the browser a password field's value is the tuple [password, confirmation, strength]: the
 * strength is the verdict the UI got from WordPress's meter (zxcvbn runs in the browser only),
 * so this pure module can compare it with the field's minimum. The strength is never sent: the
 * server receives `values["{id}"]` (password) and `values["{id}.2"]` (confirmation).
 */
import type {
	FieldDefinition,
	FieldValue,
	SubmissionValues,
} from '../../shared';
import type { ValidationIssue } from './types';

/** Every state the strength indicator shows. */
export const PASSWORD_STATES = [
	'blank',
	'unknown',
	'short',
	'bad',
	'good',
	'strong',
	'mismatch',
] as const;

export type PasswordState = ( typeof PASSWORD_STATES )[ number ];

/** The strengths a field can require, weakest first. */
export const PASSWORD_STRENGTHS = [ 'short', 'bad', 'good', 'strong' ] as const;

export type PasswordStrength = ( typeof PASSWORD_STRENGTHS )[ number ];

/** A password field's parts. */
export interface PasswordParts {
	password: string;
	confirmation: string;
	/** The indicator's last verdict; '' when none was computed. */
	strength: PasswordState | '';
}

/**
 * The indicator state for a score of `wp.passwordStrength.meter()` (reference §10): an empty
 * password is blank whatever the score; -1 (zxcvbn not loaded yet) unknown; 2 bad; 3 good;
 * 4 strong; 5 mismatch; 0, 1 and anything else short.
 *
 * @param password The password.
 * @param score    The meter's score.
 */
export function strengthFromScore(
	password: string,
	score: number
): PasswordState {
	if ( password === '' ) {
		return 'blank';
	}
	switch ( score ) {
		case -1:
			return 'unknown';
		case 2:
			return 'bad';
		case 3:
			return 'good';
		case 4:
			return 'strong';
		case 5:
			return 'mismatch';
		default:
			return 'short';
	}
}

/**
 * Whether the field asks for the password twice (on when absent).
 *
 * @param field Password field.
 */
export function hasConfirmation( field: FieldDefinition ): boolean {
	return field.passwordConfirmation !== false;
}

/**
 * The parts of a password field's value (a plain string is the password alone).
 *
 * @param value Field value.
 */
export function passwordParts( value: FieldValue | undefined ): PasswordParts {
	if ( ! Array.isArray( value ) ) {
		return { password: value ?? '', confirmation: '', strength: '' };
	}
	const strength = value[ 2 ] ?? '';
	return {
		password: value[ 0 ] ?? '',
		confirmation: value[ 1 ] ?? '',
		strength: ( PASSWORD_STATES as readonly string[] ).includes( strength )
			? ( strength as PasswordState )
			: '',
	};
}

/**
 * A password field's value from its parts.
 *
 * @param parts Parts.
 */
export function passwordValue( parts: PasswordParts ): string[] {
	return [ parts.password, parts.confirmation, parts.strength ];
}

/**
 * Browser-side checks: required, the confirmation matches, and (with the strength indicator on)
 * the meter's verdict reaches the field's minimum. Passwords are compared exactly (no trimming);
 * only a password of nothing but spaces counts as empty for "required".
 *
 * @param field Password field.
 * @param value Field value.
 */
export function validatePassword(
	field: FieldDefinition,
	value: FieldValue | undefined
): ValidationIssue | null {
	const { password, confirmation, strength } = passwordParts( value );
	const confirm = hasConfirmation( field );
	if ( password.trim() === '' ) {
		if ( confirm && confirmation !== password ) {
			return { code: 'mismatch' };
		}
		return field.isRequired ? { code: 'required' } : null;
	}
	if ( confirm && confirmation !== password ) {
		return { code: 'mismatch' };
	}
	const minimum = field.minPasswordStrength;
	if ( ! field.passwordStrengthEnabled || ! minimum ) {
		return null;
	}
	const needed = PASSWORD_STRENGTHS.indexOf( minimum );
	if ( needed <= 0 ) {
		return null; // "short" accepts any password.
	}
	const got = ( PASSWORD_STRENGTHS as readonly string[] ).indexOf( strength );
	if ( got < 0 ) {
		return { code: 'password_unchecked' };
	}
	return got < needed ? { code: 'password_strength', minimum } : null;
}

/**
 * What the submissions endpoint receives for a password field: the password under the field id
 * and, when the field asks twice, the confirmation under "{id}.2". Never the strength.
 *
 * @param field Password field.
 * @param value Field value.
 */
export function passwordSubmission(
	field: FieldDefinition,
	value: FieldValue | undefined
): SubmissionValues {
	const { password, confirmation } = passwordParts( value );
	const out: SubmissionValues = { [ String( field.id ) ]: password };
	if ( hasConfirmation( field ) ) {
		out[ `${ field.id }.2` ] = confirmation;
	}
	return out;
}
