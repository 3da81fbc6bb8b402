import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FormDefinition } from '../../../shared';
import { feedLogicSummary, FormSettings } from '../FormSettings';
import { renderWithForm } from './editor-harness';

jest.setTimeout( 30000 );

const form: FormDefinition = {
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
			conditionalLogic: {
				actionType: 'hide',
				logicType: 'all',
				rules: [ { fieldId: '9', operator: '>', value: '3' } ],
			},
		},
	],
};

const input = ( name: string ) =>
	screen.getByRole( 'textbox', { name } ) as HTMLInputElement;

describe( 'FormSettings', () => {
	it( 'general settings change the definition', async () => {
		const user = userEvent.setup();
		const { edited } = renderWithForm( form, ( f ) => (
			<FormSettings form={ f } />
		) );

		await user.clear( input( 'Form title' ) );
		await user.type( input( 'Form title' ), 'Tea order' );
		expect( edited().title ).toBe( 'Tea order' );

		await user.type( input( 'Form description' ), 'Pick a tea' );
		expect( edited().description ).toBe( 'Pick a tea' );
		await user.clear( input( 'Form description' ) );
		expect( 'description' in edited() ).toBe( false );

		const currency = input(
			'Currency (ISO code, empty for the site default)'
		);
		await user.type( currency, 'eurx' );
		expect( edited().currency ).toBe( 'EUR' );
		expect( currency.value ).toBe( 'EUR' );

		await user.selectOptions(
			screen.getByRole( 'combobox', { name: 'Label placement' } ),
			'left_label'
		);
		expect( edited().labelPlacement ).toBe( 'left_label' );

		const animation = screen.getByLabelText(
			'Animate fields shown and hidden by logic'
		) as HTMLInputElement;
		expect( animation.checked ).toBe( false );
		await user.click( animation );
		expect( edited().animation ).toBe( true );

		// The honeypot is on unless switched off.
		const honeypot = screen.getByLabelText(
			'Anti-spam honeypot'
		) as HTMLInputElement;
		expect( honeypot.checked ).toBe( true );
		await user.click( honeypot );
		expect( edited().enableHoneypot ).toBe( false );
		await user.click( honeypot );
		expect( 'enableHoneypot' in edited() ).toBe( false );
	} );

	it( 'confirmation is a message or a redirect', async () => {
		const user = userEvent.setup();
		const { edited } = renderWithForm( form, ( f ) => (
			<FormSettings form={ f } />
		) );
		await user.click(
			screen.getByRole( 'button', { name: 'Confirmation' } )
		);
		await user.type( input( 'Confirmation message' ), 'Thanks!' );
		expect( edited().confirmation ).toEqual( {
			type: 'message',
			message: 'Thanks!',
		} );
		expect(
			screen.queryByRole( 'textbox', { name: 'Redirect URL' } )
		).toBeNull();

		await user.selectOptions(
			screen.getByRole( 'combobox', { name: 'After a submission' } ),
			'redirect'
		);
		expect( edited().confirmation ).toEqual( {
			type: 'redirect',
			url: '/',
		} );
		expect(
			screen.queryByRole( 'textbox', { name: 'Confirmation message' } )
		).toBeNull();
		await user.clear( input( 'Redirect URL' ) );
		await user.type( input( 'Redirect URL' ), '/thanks' );
		expect( edited().confirmation ).toEqual( {
			type: 'redirect',
			url: '/thanks',
		} );

		await user.selectOptions(
			screen.getByRole( 'combobox', { name: 'After a submission' } ),
			'message'
		);
		expect( edited().confirmation ).toEqual( {
			type: 'message',
			message: '',
		} );
	} );

	it( "lists feeds under their add-on's name, with their state and their logic", async () => {
		const user = userEvent.setup();
		const { edited } = renderWithForm( form, ( f ) => (
			<FormSettings form={ f } addonNames={ { 'my-crm': 'My CRM' } } />
		) );
		await user.click( screen.getByRole( 'button', { name: 'Feeds' } ) );

		const headings = screen
			.getAllByRole( 'heading', { level: 3 } )
			.map( ( h ) => h.textContent );
		// A slug without a known name shows as itself.
		expect( headings ).toEqual( [ 'My CRM', 'example-log' ] );

		const feedsOf = ( name: string ) =>
			Array.from(
				screen
					.getByRole( 'heading', { name } )
					.parentElement!.querySelectorAll( '.kestrel-forms-feed' )
			) as HTMLElement[];
		const [ contact, deal ] = feedsOf( 'My CRM' );
		expect( contact.textContent ).toContain( 'CRM contact On, priority 2' );
		expect(
			contact.querySelector( '.kestrel-forms-feed__logic' )!.textContent
		).toBe(
			'Runs when any of these match: Colour (2) is "Blue"; Name (1) contains "Ada"'
		);
		expect(
			deal.querySelector( '.kestrel-forms-feed__logic' )!.textContent
		).toBe( 'Skipped when all of these match: #9 greater than "3"' );
		const [ log ] = feedsOf( 'example-log' );
		expect( log.textContent ).toContain( '#2 Off, priority 0' );
		expect(
			log.querySelector( '.kestrel-forms-feed__logic' )!.textContent
		).toBe( 'Runs for every entry.' );

		// Editing a feed's rules changes that feed only, and the summary follows.
		await user.selectOptions(
			within( contact ).getByRole( 'combobox', { name: 'When' } ),
			'all'
		);
		expect( edited().feeds![ 0 ].conditionalLogic!.logicType ).toBe(
			'all'
		);
		expect( edited().feeds![ 2 ] ).toEqual( form.feeds![ 2 ] );
		expect(
			contact.querySelector( '.kestrel-forms-feed__logic' )!.textContent
		).toMatch( /^Runs when all of these match: / );
	} );

	it( 'says when a form has no feeds', async () => {
		const user = userEvent.setup();
		renderWithForm( { ...form, feeds: undefined }, ( f ) => (
			<FormSettings form={ f } />
		) );
		await user.click( screen.getByRole( 'button', { name: 'Feeds' } ) );
		expect( screen.getByText( 'This form has no feeds.' ) ).toBeTruthy();
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
