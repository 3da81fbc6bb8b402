/**
 * Rules on a date compare it as Y-m-d (what the entry stores), so they also order.
 */
import { __ } from '@wordpress/i18n';
import { ORDER_OPERATORS } from '../common/text-logic';
import type { TypeLogic } from '../types';

export const dateLogic: TypeLogic = {
	operators: ORDER_OPERATORS,
	valueHelp: () =>
		__( 'A date as YYYY-MM-DD (year, month, day).', 'kestrel-forms' ),
};
