/**
 * Rules on an address read each shown input by its id ("Address (City)" is N.3), as text.
 */
import { inputTargets } from '../common/input-targets';
import { TEXT_OPERATORS } from '../common/text-logic';
import type { TypeLogic } from '../types';

export const addressLogic: TypeLogic = {
	targets: inputTargets,
	operators: TEXT_OPERATORS,
};
