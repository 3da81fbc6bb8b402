import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FormDefinition } from '../../../shared';
import { FormSettings } from '../FormSettings';
import { feedLogicSummary, moveFeed } from '../feeds/FeedsPanel';
import { renderWithForm } from './editor-harness';
import { orderFormWithFeeds } from './order-form-with-feeds';

jest.setTimeout( 30000 );

const form = orderFormWithFeeds;

const names = { 'my-crm': 'My CRM', 'example-log': 'Example log' };

/**
 * Form settings with the Feeds panel open.
 *
 * @param definition The form.
 * @param addonNames Registered add-ons.
 */
async function openFeeds(
	definition: FormDefinition,
	addonNames: Record< string, string > = names
) {
	const user = userEvent.setup();
	const result = renderWithForm( definition, ( f ) => (
		<FormSettings form={ f } addonNames={ addonNames } />
	) );
	await user.click( screen.getByRole( 'button', { name: 'Feeds' } ) );
	const items = () =>
		within(
			document.querySelector( '.kestrel-forms-feeds__list' )!
		).getAllByRole( 'listitem' ) as HTMLElement[];
	return { user, items, ...result };
}

describe( 'FeedsPanel', () => {
	it( 'lists feeds in run order with their add-on, state and rules', async () => {
		const { items } = await openFeeds( form );
		// Priority 0 first, then the two of priority 2 in list order.
		expect(
			items().map( ( li ) => li.getAttribute( 'aria-label' ) )
		).toEqual( [ '#2', 'CRM contact', 'CRM deal' ] );
		const [ log, contact, deal ] = items();
		expect( log.textContent ).toContain( '#2 Example log · Off' );
		expect( contact.textContent ).toContain( 'CRM contact My CRM · On' );
		expect(
			contact.querySelector( '.kestrel-forms-feed__logic' )!.textContent
		).toBe(
			'Runs when any of these match: Colour (2) is "Blue"; Name (1) contains "Ada"'
		);
		expect(
			deal.querySelector( '.kestrel-forms-feed__logic' )!.textContent
		).toBe( 'Skipped when all of these match: #9 greater than "3"' );
		expect(
			log.querySelector( '.kestrel-forms-feed__logic' )!.textContent
		).toBe( 'Runs for every entry.' );
	} );

	it( 'adds a feed for a registered add-on, with a name, state, rules and settings', async () => {
		const { user, items, edited } = await openFeeds( {
			...form,
			feeds: undefined,
		} );
		expect( screen.getByText( 'This form has no feeds.' ) ).toBeTruthy();
		await user.selectOptions(
			screen.getByRole( 'combobox', { name: 'Add-on' } ),
			'my-crm'
		);
		await user.click( screen.getByRole( 'button', { name: 'Add feed' } ) );
		expect( edited().feeds ).toEqual( [
			{
				feedId: 1,
				addonSlug: 'my-crm',
				name: 'My CRM feed 1',
				isActive: true,
				priority: 0,
			},
		] );
		// The new feed opens for editing.
		const [ feed ] = items();
		const name = within( feed ).getByRole( 'textbox', {
			name: 'Feed name',
		} );
		await user.clear( name );
		await user.type( name, 'Leads' );
		expect( edited().feeds![ 0 ].name ).toBe( 'Leads' );

		await user.click(
			within( feed ).getByRole( 'checkbox', { name: 'Active' } )
		);
		expect( edited().feeds![ 0 ].isActive ).toBe( false );

		const single = within( feed ).getByRole( 'checkbox', {
			name: 'Only the first matching feed of this add-on runs',
		} );
		await user.click( single );
		expect( edited().feeds![ 0 ].isSingleFeed ).toBe( true );
		await user.click( single );
		expect( 'isSingleFeed' in edited().feeds![ 0 ] ).toBe( false );

		await user.click(
			within( feed ).getByLabelText( 'Conditional logic for Leads' )
		);
		expect( edited().feeds![ 0 ].conditionalLogic ).toMatchObject( {
			actionType: 'show',
			rules: [ { fieldId: '1', operator: 'is' } ],
		} );
		expect(
			feed.querySelector( '.kestrel-forms-feed__logic' )!.textContent
		).toMatch( /^Runs when all of these match: Name \(1\) is/ );

		const settings = within( feed ).getByRole( 'textbox', {
			name: 'Add-on settings',
		} );
		await user.type( settings, '{{"list": "vip"' );
		expect( screen.getByRole( 'alert' ).textContent ).toBe(
			'Not saved yet: this is not a JSON object.'
		);
		expect( 'meta' in edited().feeds![ 0 ] ).toBe( false );
		await user.type( settings, '}' );
		expect( edited().feeds![ 0 ].meta ).toEqual( { list: 'vip' } );
		expect( screen.queryByRole( 'alert' ) ).toBeNull();
	} );

	it( 'moves a feed earlier or later and deletes one', async () => {
		const { user, items, edited } = await openFeeds( form );
		expect(
			screen.getByRole( 'button', { name: 'Run #2 earlier' } )
		).toHaveProperty( 'disabled', true );
		await user.click(
			screen.getByRole( 'button', { name: 'Run CRM deal earlier' } )
		);
		expect(
			items().map( ( li ) => li.getAttribute( 'aria-label' ) )
		).toEqual( [ '#2', 'CRM deal', 'CRM contact' ] );
		// The priorities say the same order.
		expect(
			edited().feeds!.map( ( f ) => [ f.feedId, f.priority ] )
		).toEqual( [
			[ 2, 0 ],
			[ 3, 1 ],
			[ 1, 2 ],
		] );
		await user.click(
			screen.getByRole( 'button', { name: 'Run #2 later' } )
		);
		expect(
			items().map( ( li ) => li.getAttribute( 'aria-label' ) )
		).toEqual( [ 'CRM deal', '#2', 'CRM contact' ] );

		await user.click( screen.getByRole( 'button', { name: 'Delete #2' } ) );
		expect( edited().feeds!.map( ( f ) => f.feedId ) ).toEqual( [ 3, 1 ] );
		await user.click(
			screen.getByRole( 'button', { name: 'Delete CRM deal' } )
		);
		await user.click(
			screen.getByRole( 'button', { name: 'Delete CRM contact' } )
		);
		expect( 'feeds' in edited() ).toBe( false );
		expect( screen.getByText( 'This form has no feeds.' ) ).toBeTruthy();
	} );

	it( 'says so when no add-on is registered', async () => {
		await openFeeds( form, {} );
		expect(
			screen.getByText( 'No add-on with feeds is active on this site.' )
		).toBeTruthy();
		expect(
			screen.queryByRole( 'button', { name: 'Add feed' } )
		).toBeNull();
		// Feeds of add-ons that are gone still show, by slug.
		expect(
			screen.getByText( 'CRM contact' ).parentElement!.textContent
		).toContain( 'my-crm' );
	} );
} );

describe( 'moveFeed', () => {
	it( 'leaves the list alone at either end', () => {
		const feeds = form.feeds!;
		expect( moveFeed( feeds, 2, -1 ) ).toBe( feeds );
		expect( moveFeed( feeds, 3, 1 ) ).toBe( feeds );
	} );
} );

describe( 'feedLogicSummary', () => {
	it( 'words every action and match type', () => {
		const logic = (
			actionType: 'show' | 'hide',
			logicType: 'all' | 'any'
		) => ( {
			feedId: 1,
			addonSlug: 'x',
			conditionalLogic: {
				actionType,
				logicType,
				rules: [ { fieldId: '1', operator: 'isnot', value: '' } ],
			},
		} );
		expect( feedLogicSummary( logic( 'show', 'all' ), form ) ).toBe(
			'Runs when all of these match: Name (1) is not ""'
		);
		expect( feedLogicSummary( logic( 'hide', 'any' ), form ) ).toBe(
			'Skipped when any of these match: Name (1) is not ""'
		);
		expect(
			feedLogicSummary(
				{ feedId: 1, addonSlug: 'x', conditionalLogic: null },
				form
			)
		).toBe( 'Runs for every entry.' );
	} );
} );
