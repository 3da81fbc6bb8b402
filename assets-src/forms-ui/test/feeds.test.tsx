import { fireEvent, render, screen } from '@testing-library/react';
import { createHooks } from '@wordpress/hooks';
import { Form } from '../components/Form';

jest.mock( '../submit/rest-fetch', () => ( {
	__esModule: true,
	default: jest.fn(),
} ) );

describe( 'feeds in the browser', () => {
	it( 'fires activated and deactivated as the values switch feeds', () => {
		const hooks = createHooks();
		const events: string[] = [];
		hooks.addAction(
			'kestrel_forms.feed.activated',
			't',
			( feed: { feedId: number } ) => events.push( `on ${ feed.feedId }` )
		);
		hooks.addAction(
			'kestrel_forms.feed.deactivated',
			't',
			( feed: { feedId: number } ) =>
				events.push( `off ${ feed.feedId }` )
		);
		render(
			<Form
				form={ {
					id: 2,
					title: 'T',
					fields: [
						{
							id: 1,
							type: 'radio',
							label: 'Pay by',
							choices: [
								{ text: 'Card', value: 'card' },
								{ text: 'Invoice', value: 'invoice' },
							],
						},
					],
					feeds: [
						{
							feedId: 7,
							addonSlug: 'pay',
							isSingleFeed: true,
							priority: 1,
							conditionalLogic: {
								actionType: 'show',
								logicType: 'all',
								rules: [
									{
										fieldId: '1',
										operator: 'is',
										value: 'card',
									},
								],
							},
						},
						{
							feedId: 8,
							addonSlug: 'pay',
							isSingleFeed: true,
							priority: 2,
							conditionalLogic: null,
						},
					],
				} }
				submitPath="/p"
				hooks={ hooks }
			/>
		);
		expect( events ).toEqual( [ 'on 8' ] );
		fireEvent.click( screen.getByLabelText( 'Card' ) );
		expect( events ).toEqual( [ 'on 8', 'off 8', 'on 7' ] );
		fireEvent.click( screen.getByLabelText( 'Invoice' ) );
		expect( events ).toEqual( [
			'on 8',
			'off 8',
			'on 7',
			'off 7',
			'on 8',
		] );
	} );
} );
