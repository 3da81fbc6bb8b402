/**
 * Rules on a multi select read the list of chosen values, as for checkboxes.
 */
import type { TypeLogic } from '../types';

export const multiselectLogic: TypeLogic = {
	operators: [ 'is', 'isnot', 'contains' ],
};
