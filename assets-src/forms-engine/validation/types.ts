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
	| { code: 'choice' }
	| { code: 'max_length'; limit: number }
	| { code: 'invalid' };

/** Issues by field id; a field without an issue is absent. */
export type ValidationIssues = Record< number, ValidationIssue >;
