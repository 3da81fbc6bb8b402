/**
 * Every built-in currency (plugin/data/currencies.json, shared with PHP), registered when this
 * module is imported: the admin apps, the payment field script and the tests do; the visitor
 * page does not (it registers only its forms' currencies, which the server prints).
 */
import data from '../../../plugin/data/currencies.json';
import { registerCurrencies, type Currency } from './currencies';

/** The built-in currencies by ISO code. */
export const CURRENCIES: Readonly< Record< string, Currency > > =
	data.currencies;

registerCurrencies( CURRENCIES );
