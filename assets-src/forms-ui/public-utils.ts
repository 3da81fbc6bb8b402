import {
	cardType,
	formatMoney,
	formatNumber,
	priceFromChoice,
	registerCurrencies,
	toNumber,
} from '../shared';
import { evaluateFormula, ruleMatches } from '../forms-engine';

/**
 * `window.kestrelForms.utils`: the pure helpers themes and add-ons need (README, "For site
 * developers"). The same functions the forms use, so results match what visitors see.
 */
export const publicUtils = Object.freeze( {
	toNumber,
	formatNumber,
	formatMoney,
	evaluateFormula,
	priceFromChoice,
	ruleMatches,
	cardType,
	registerCurrencies,
} );

export type PublicUtils = typeof publicUtils;
