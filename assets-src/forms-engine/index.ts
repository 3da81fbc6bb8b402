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
export { amountRange } from './validation/validate';
export { readQuantity } from './validation/quantity';
export { fieldIssue, validateSubmission } from './validation/submission';
export {
	PASSWORD_STATES,
	PASSWORD_STRENGTHS,
	hasConfirmation,
	passwordParts,
	passwordValue,
	strengthFromScore,
} from './validation/password';
export type {
	PasswordParts,
	PasswordState,
	PasswordStrength,
} from './validation/password';
export {
	acceptedCardTypes,
	cardParts,
	cardRulesOf,
	cardValue,
	detectFieldCardType,
} from './validation/credit-card';
export type {
	CardParts,
	CreditCardFieldDefinition,
} from './validation/credit-card';
export {
	initialValues,
	isDisplayOnly,
	toSubmissionValues,
} from './values/initial-values';
export {
	columnCount,
	emptyRow,
	filledRows,
	isRepeated,
	rowsOf,
} from './values/rows';
export { MAX_ROWS } from './validation/rows';
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
export {
	isPayment,
	paymentAmount,
	paymentFieldOf,
} from './field-types/payment';
export type { PaymentAmount } from './field-types/payment';
export { fieldTypeUnit, fromSubmission } from './field-types/registry';
export type {
	FieldTypeUnit,
	RuleReading,
	ValidationContext,
} from './field-types/types';
export type { RuleFormat } from './logic/operators';
export { MAX_INPUT_LENGTH } from './field-types/parts';
export { isPhone } from './field-types/phone';
export { isWebsite } from './field-types/website';
export {
	dateOf,
	datePattern,
	formatDate,
	parseDate,
	parseIso,
	realDate,
	toIso,
} from './field-types/date';
export type { DateParts } from './field-types/date';
export { isTwelveHour, timeOf, to24Hour } from './field-types/time';
export type { TimeOfDay } from './field-types/time';
export { fixedCountry } from './field-types/address';
export { CHECKED as CONSENT_CHECKED } from './field-types/consent';
