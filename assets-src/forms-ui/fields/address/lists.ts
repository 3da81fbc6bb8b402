/**
 * The country, US state and Canadian province lists the address drop-downs offer
 * (plugin/data/address-lists.json, the same file the server validates against).
 */
import data from '../../../../plugin/data/address-lists.json';

/** The lists. */
export interface AddressLists {
	countries: Array< { code: string; name: string } >;
	usStates: string[];
	canadianProvinces: string[];
}

/** The lists, as the data file holds them. */
export const addressLists = (): AddressLists => data;
