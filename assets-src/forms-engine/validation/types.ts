/**
 * Why a field's value is refused; the same codes as PHP `FieldError`. A problem with some inputs
 * of a multi-input field names them in `inputs` ("1.3"), so the UI can mark those inputs.
 */
export type ValidationIssue = IssueCode & { inputs?: string[] };

type IssueCode =
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
	/** Phone fields: not a number in the field's phone format (which the message explains). */
	| { code: 'phone'; format: 'standard' | 'international' }
	/**
	 * Date fields: not a real date in the field's format (its pattern, "mm/dd/yyyy"); before
	 * dateMin or after dateMax (the bound in the field's format).
	 */
	| { code: 'date'; format: string }
	| { code: 'date_min'; limit: string }
	| { code: 'date_max'; limit: string }
	/** Time fields: not a time of the field's clock, or only part of one. */
	| { code: 'time'; clock: '12' | '24' }
	/** Website fields: not an http(s) address with a host. */
	| { code: 'url' }
	/** Address fields: a ZIP or postal code not in the country's shape. */
	| { code: 'postal_code'; country: 'us' | 'canadian' }
	| { code: 'invalid' };

/** Issues by field id; a field without an issue is absent. */
export type ValidationIssues = Record< number, ValidationIssue >;
