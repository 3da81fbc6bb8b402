import type { FieldTypeUnit } from './types';

/**
 * Section, HTML and page fields: display only. They show content (or split the form into
 * pages) and never carry a value, so they start with none, are never validated and never
 * submitted; a rule that names one reads nothing (""). Their visibility and a page's Next
 * button are the evaluator's.
 */
export const displayUnit: FieldTypeUnit = {
	displayOnly: true,
	inputIds: () => [],
	initialValue: () => '',
	isEmpty: () => true,
	validate: () => null,
	toSubmission: () => ( {} ),
	ruleValue: () => ( { values: [ '' ] } ),
};

/** Page fields: display only, and a page break whose Next button has rules of its own. */
export const pageUnit: FieldTypeUnit = { ...displayUnit, pageBreak: true };
