/**
 * Why a field's value is refused; the same codes as PHP `FieldError`.
 */
export type ValidationIssue =
	| { code: 'required' }
	| { code: 'email' }
	| { code: 'number' }
	| { code: 'range'; min: number; max: number }
	| { code: 'min'; min: number }
	| { code: 'max'; max: number }
	/** Quantities: a number, but not a whole one. */
	| { code: 'integer' }
	/** A typed or calculated price outside its bounds (money text, e.g. "$0.00"). */
	| { code: 'amount_range'; min: string; max: string }
	/** A product line, shipping or the total above the largest amount (money text). */
	| { code: 'amount_over'; max: string }
	/** The total below zero (money text). */
	| { code: 'amount_under'; min: string }
	| { code: 'choice' }
	| { code: 'max_length'; limit: number }
	| { code: 'max_rows'; limit: number }
	| { code: 'max_files'; limit: number }
	/** A problem in one row of a list or repeater: its 1-based row and column heading. */
	| { code: 'row'; row: number; column: string; issue: ValidationIssue }
	/** Password fields: the confirmation differs, the strength is below the minimum or unknown. */
	| { code: 'mismatch' }
	| {
			code: 'password_strength';
			minimum: 'short' | 'bad' | 'good' | 'strong';
	  }
	| { code: 'password_unchecked' }
	/** Credit card fields: number, type, expiry, security code, cardholder name. */
	| { code: 'card_number' }
	| { code: 'card_type' }
	| { code: 'card_expiry' }
	| { code: 'card_code' }
	| { code: 'card_name' }
	| { code: 'invalid' };

/** Issues by field id; a field without an issue is absent. */
export type ValidationIssues = Record< number, ValidationIssue >;
