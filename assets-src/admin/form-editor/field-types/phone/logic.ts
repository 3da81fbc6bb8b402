/**
 * Rules on a phone number compare its text.
 */
import { TEXT_OPERATORS } from '../common/text-logic';
import type { TypeLogic } from '../types';

export const phoneLogic: TypeLogic = { operators: TEXT_OPERATORS };
