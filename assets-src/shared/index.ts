/**
 * Pure types and helpers shared by every layer.
 */
export * from './types/form';
export * from './money';
export { cardType, CARD_PREFIXES } from './cards/card-type';
export type { PrefixRule } from './cards/card-type';
