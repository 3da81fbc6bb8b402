/**
 * Rules on a time compare it as HH:mm on the 24-hour clock, so they also order.
 */
import { __ } from '@wordpress/i18n';
import { ORDER_OPERATORS } from '../common/text-logic';
import type { TypeLogic } from '../types';

export const timeLogic: TypeLogic = {
	operators: ORDER_OPERATORS,
	valueHelp: () =>
		__(
			'A time on the 24-hour clock as HH:MM, e.g. 14:30.',
			'kestrel-forms'
		),
};
