import type {
	FieldDefinition,
	FieldValue,
	FormDefinition,
	SubmissionValues,
} from '../../shared';
import type { RuleFormat } from '../logic/operators';
import type { ValidationIssue } from '../validation/types';

/** What a field's validation may depend on besides the field and its value. */
export interface ValidationContext {
	/** The form's currency (typed prices). */
	currency?: string;
	/** The form's money bounds (`form.limits`; absent: the defaults). */
	limits?: FormDefinition[ 'limits' ];
}

/** What a rule reads of a field: its values (a list for multi-value fields) and their format. */
export interface RuleReading {
	values: string[];
	format?: RuleFormat;
}

/**
 * A field type's traits in the engine (docs/field-types.md); the twin of a PHP
 * `Domain\FieldTypes\FieldType`.
 */
export interface FieldTypeUnit {
	/**
	 * Display-only types (section, html, page) show content and never carry a value: they start
	 * with none, are never validated and never submitted.
	 */
	displayOnly?: boolean;
	/**
	 * A value the visitor never types (payment: the provider's token, added on submit): the field
	 * starts with none.
	 */
	startsEmpty?: boolean;
	/**
	 * Whether the field has an input the visitor fills in (absent: yes). Computed fields (single
	 * products, the total, calculated numbers) have none, so they are neither validated nor sent.
	 */
	hasInput?: ( field: FieldDefinition ) => boolean;
	/**
	 * What the type is to pricing (pricing/pricing.ts prices it, never the unit): a product
	 * (a form with one is priced; it has its own quantity input "N.3"; a calculated price rounds
	 * to the currency and is never a non-finite 0), or the total (the evaluator writes the
	 * priced total into it).
	 */
	pricing?: 'product' | 'total';
	/** A page break: its Next button shows by rules of its own. */
	pageBreak?: boolean;
	/**
	 * The input ids of a field that has several inputs, in the order of its browser tuple
	 * (empty: one value under the field id).
	 */
	inputIds: ( field: FieldDefinition ) => string[];
	/** The value the field starts with (defaults, selected choices). */
	initialValue: ( field: FieldDefinition ) => FieldValue;
	/** Whether the value counts as not filled in. */
	isEmpty: (
		field: FieldDefinition,
		value: FieldValue | undefined
	) => boolean;
	/** The value's issue, or null when it is acceptable. */
	validate: (
		field: FieldDefinition,
		value: FieldValue | undefined,
		context: ValidationContext
	) => ValidationIssue | null;
	/** The submission's values of the field, by wire key (field id or input ids). */
	toSubmission: (
		field: FieldDefinition,
		value: FieldValue | undefined
	) => SubmissionValues;
	/**
	 * The value back from the submission's values (the inverse of `toSubmission`): what a form
	 * printed by the server after a plain post starts with (docs/server-rendering.md §1 `state`).
	 * Undefined: the wire has nothing for the field. Absent: the registry's default (the field
	 * id's text or list of texts).
	 */
	fromSubmission?: (
		field: FieldDefinition,
		wire: SubmissionValues
	) => FieldValue | undefined;
	/**
	 * What a rule (or a formula's merge tag) reads: the whole field, or one input when
	 * `inputId` names one ("1.3").
	 */
	ruleValue: (
		field: FieldDefinition,
		value: FieldValue | undefined,
		inputId?: string
	) => RuleReading;
}
