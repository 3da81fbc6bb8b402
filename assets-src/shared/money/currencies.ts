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

export const DEFAULT_CURRENCY = 'USD';

/**
 * The currencies this page knows. The visitor page learns only its forms' currencies from the
 * server (form-view registers the one printed next to each form, as Gravity Forms prints only
 * its active currency's configuration); the admin apps and tests load the whole built-in table
 * (all-currencies.ts, plugin/data/currencies.json, shared with PHP).
 */
const known: Record< string, Currency > = {
	USD: {
		code: 'USD',
		name: 'U.S. Dollar',
		symbol_left: '$',
		symbol_right: '',
		symbol_padding: '',
		thousand_separator: ',',
		decimal_separator: '.',
		decimals: 2,
	},
};

/**
 * Adds currencies to the ones this page knows.
 *
 * @param currencies Currencies by ISO code.
 */
export function registerCurrencies(
	currencies: Readonly< Record< string, Currency > >
): void {
	Object.assign( known, currencies );
}

/**
 * A currency by code; unknown codes fall back to the default currency.
 *
 * @param code ISO 4217 code.
 */
export function currency( code: string = DEFAULT_CURRENCY ): Currency {
	return known[ code.toUpperCase() ] ?? known[ DEFAULT_CURRENCY ];
}
