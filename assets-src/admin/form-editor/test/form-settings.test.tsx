import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FormSettings } from '../FormSettings';
import { renderWithForm } from './editor-harness';
import { orderFormWithFeeds } from './order-form-with-feeds';

jest.setTimeout( 30000 );

const form = orderFormWithFeeds;

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

		const descriptions = screen.getByRole( 'combobox', {
			name: 'Field descriptions',
		} ) as HTMLSelectElement;
		expect( descriptions.value ).toBe( 'above' );
		await user.selectOptions( descriptions, 'below' );
		expect( edited().descriptionPlacement ).toBe( 'below' );
		await user.selectOptions( descriptions, 'above' );
		expect( 'descriptionPlacement' in edited() ).toBe( false );

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

		// The anti-spam minimum time: a whole number of seconds, empty or 0 removes it.
		const seconds = screen.getByRole( 'spinbutton', {
			name: 'Minimum seconds before submitting',
		} ) as HTMLInputElement;
		expect( seconds.value ).toBe( '' );
		await user.type( seconds, '4' );
		expect( edited().minimumSubmitSeconds ).toBe( 4 );
		await user.clear( seconds );
		expect( 'minimumSubmitSeconds' in edited() ).toBe( false );
		await user.type( seconds, '0' );
		expect( 'minimumSubmitSeconds' in edited() ).toBe( false );
	} );

	it( 'holds the confirmations and notifications panels', async () => {
		const user = userEvent.setup();
		const { edited } = renderWithForm(
			{ ...form, confirmation: { type: 'message', message: 'Hi' } },
			( f ) => <FormSettings form={ f } />
		);
		await user.click(
			screen.getByRole( 'button', { name: 'Confirmations' } )
		);
		// The legacy single confirmation shows as the default one.
		expect(
			screen.getByRole( 'heading', { name: 'Default confirmation' } )
		).toBeTruthy();
		await user.click(
			screen.getByRole( 'button', { name: 'Notifications' } )
		);
		await user.click(
			screen.getByRole( 'button', { name: 'Add notification' } )
		);
		expect( edited().notifications ).toHaveLength( 1 );
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
