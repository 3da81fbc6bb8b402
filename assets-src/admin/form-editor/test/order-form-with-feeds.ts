/**
 * The order form with three feeds that the Form settings and Feeds panel tests share.
 */
import type { FormDefinition } from '../../../shared';

export const orderFormWithFeeds: FormDefinition = {
	title: 'Order',
	fields: [
		{ id: 1, type: 'text', label: 'Name' },
		{
			id: 2,
			type: 'select',
			label: 'Colour',
			choices: [
				{ text: 'Red', value: 'red' },
				{ text: 'Blue', value: 'blue' },
			],
		},
	],
	feeds: [
		{
			feedId: 1,
			addonSlug: 'my-crm',
			name: 'CRM contact',
			priority: 2,
			conditionalLogic: {
				actionType: 'show',
				logicType: 'any',
				rules: [
					{ fieldId: '2', operator: 'is', value: 'blue' },
					{ fieldId: '1', operator: 'contains', value: 'Ada' },
				],
			},
		},
		{ feedId: 2, addonSlug: 'example-log', isActive: false },
		{
			feedId: 3,
			addonSlug: 'my-crm',
			name: 'CRM deal',
			priority: 2,
			conditionalLogic: {
				actionType: 'hide',
				logicType: 'all',
				rules: [ { fieldId: '9', operator: '>', value: '3' } ],
			},
		},
	],
};
