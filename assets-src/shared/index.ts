/**
 * Pure types and helpers shared by every layer.
 */
export * from './types/form';
export * from './money';
export { cardType, CARD_PREFIXES } from './cards/card-type';
export type { PrefixRule } from './cards/card-type';
export {
	CARD_NUMBER_LENGTHS,
	DEFAULT_CARD_RULES,
	cardDigits,
	detectCardType,
	luhnValid,
	normalizeCardRules,
} from './cards/card-rules';
export type { CardRule, CardRules } from './cards/card-rules';
