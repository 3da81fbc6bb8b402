/**
 * Rules on a name read each shown input by its id ("Name (First)" is N.3), as text.
 */
import { inputTargets } from '../common/input-targets';
import { TEXT_OPERATORS } from '../common/text-logic';
import type { TypeLogic } from '../types';

export const nameLogic: TypeLogic = {
	targets: inputTargets,
	operators: TEXT_OPERATORS,
};
