/**
 * The forms engine: pure, synchronous and deterministic (no DOM, no timers, no React).
 * This file is its only public face.
 */
export { parseNumber } from './validation/number';
export {
	hasInput,
	isMulti,
	validateField,
	validateForm,
	MAX_TEXT_LENGTH,
} from './validation/validate';
export type { ValidationIssue, ValidationIssues } from './validation/types';
export {
	initialValues,
	isDisplayOnly,
	toSubmissionValues,
} from './values/initial-values';
export { evaluateFormula } from './formula/evaluate';
export { mergeTagsOf, substituteMergeTags } from './formula/merge-tags';
export type { MergeTag } from './formula/merge-tags';
export { OPERATORS, ruleMatches, valuesMatch } from './logic/operators';
export type { Operator } from './logic/operators';
export {
	evaluateForm,
	prepareForm,
	priceForm,
	reevaluate,
} from './evaluate/evaluate';
export type { Evaluation, PreparedForm } from './evaluate/evaluate';
export {
	buildGraph,
	isCalculated,
	DependencyCycleError,
	fieldIdOf,
	SUBMIT_NODE,
} from './evaluate/graph';
export type { DependencyGraph } from './evaluate/graph';
export {
	computePricing,
	formatTotal,
	hasOwnQuantity,
	quantityKey,
} from './pricing/pricing';
export type { Pricing, ProductLine } from './pricing/pricing';
export { activeFeeds, byPriority, feedTriggers } from './feeds/feeds';
