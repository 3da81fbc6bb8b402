import data from '../../../plugin/data/currencies.json';

/** Currency configuration (specs/forms-visitor-behaviour.md §3). */
export interface Currency {
	code: string;
	name: string;
	symbol_left: string;
	symbol_right: string;
	symbol_padding: string;
	thousand_separator: string;
	decimal_separator: string;
	decimals: number;
}

/** The built-in currencies by ISO code, shared with PHP through plugin/data/currencies.json. */
export const CURRENCIES: Readonly< Record< string, Currency > > =
	data.currencies;

export const DEFAULT_CURRENCY = 'USD';

/**
 * A currency by code; unknown codes fall back to the default currency.
 *
 * @param code ISO 4217 code.
 */
export function currency( code: string = DEFAULT_CURRENCY ): Currency {
	return CURRENCIES[ code.toUpperCase() ] ?? CURRENCIES[ DEFAULT_CURRENCY ];
}
