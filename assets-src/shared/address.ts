/**
 * The TypeScript face of plugin/data/address-lists.json: the countries, US states and Canadian
 * provinces an address field offers and accepts (the PHP twin reads the same file).
 */
import data from '../../plugin/data/address-lists.json';

/** A country: ISO 3166-1 alpha-2 code and English name (the name is what entries store). */
export interface Country {
	code: string;
	name: string;
}

/** Every country, by English name. */
export const COUNTRIES: readonly Country[] = data.countries;

/** The US states (and the District of Columbia), by name. */
export const US_STATES: readonly string[] = data.usStates;

/** The Canadian provinces and territories, by name. */
export const CANADIAN_PROVINCES: readonly string[] = data.canadianProvinces;

/** The country a US address stores (not shown to the visitor). */
export const US_COUNTRY = 'United States';

/** The country a Canadian address stores (not shown to the visitor). */
export const CANADA_COUNTRY = 'Canada';

/**
 * Whether a name is one of the listed countries.
 *
 * @param name Country name as chosen.
 */
export function isCountry( name: string ): boolean {
	return COUNTRIES.some( ( c ) => c.name === name );
}
