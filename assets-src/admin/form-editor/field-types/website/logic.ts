/**
 * Rules on a website compare its text.
 */
import { TEXT_OPERATORS } from '../common/text-logic';
import type { TypeLogic } from '../types';

export const websiteLogic: TypeLogic = { operators: TEXT_OPERATORS };
