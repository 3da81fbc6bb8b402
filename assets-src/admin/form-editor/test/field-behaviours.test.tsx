import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FieldDefinition, FormDefinition } from '../../../shared';
import { FieldSettings } from '../FieldSettings';
import { renderWithForm } from './editor-harness';

jest.setTimeout( 30000 );

const choices = [
	{ text: 'Small', value: 'small' },
	{ text: 'Large', value: 'large' },
];

/**
 * The settings of one field, rendered from the store.
 *
 * @param field The field (id 1).
 */
function renderField( field: FieldDefinition ) {
	const definition: FormDefinition = {
		title: 'Order',
		fields: [
			{
				id: 9,
				type: 'product',
				label: 'Tea',
				inputType: 'singleproduct',
				basePrice: '1.00',
			},
			field,
		],
	};
	const result = renderWithForm( definition, ( f ) => (
		<FieldSettings field={ f.fields[ 1 ] } form={ f } />
	) );
	return {
		user: userEvent.setup(),
		field: () => result.edited().fields[ 1 ],
	};
}

const box = ( name: string ) =>
	screen.getByRole( 'checkbox', { name } ) as HTMLInputElement;

describe( 'Field behaviours', () => {
	it( 'a radio field gets an "Other" choice, and loses it again', async () => {
		const { user, field } = renderField( {
			id: 1,
			type: 'radio',
			label: 'Size',
			choices,
		} );
		expect(
			screen.queryByRole( 'checkbox', { name: 'Add a "Select all" box' } )
		).toBeNull();
		await user.click( box( 'Add an "Other" choice' ) );
		expect( field().enableOtherChoice ).toBe( true );
		expect( box( 'Add an "Other" choice' ).checked ).toBe( true );
		await user.click( box( 'Add an "Other" choice' ) );
		expect( 'enableOtherChoice' in field() ).toBe( false );
	} );

	it( 'checkboxes get a "Select all" box, option checkboxes too', async () => {
		const { user, field } = renderField( {
			id: 1,
			type: 'checkbox',
			label: 'Toppings',
			choices,
		} );
		expect(
			screen.queryByRole( 'checkbox', { name: 'Add an "Other" choice' } )
		).toBeNull();
		await user.click( box( 'Add a "Select all" box' ) );
		expect( field().enableSelectAll ).toBe( true );
		await user.click( box( 'Add a "Select all" box' ) );
		expect( 'enableSelectAll' in field() ).toBe( false );
	} );

	it( 'an option field shown as checkboxes has "Select all", as a drop down it has not', async () => {
		const { user } = renderField( {
			id: 1,
			type: 'option',
			label: 'Extras',
			inputType: 'checkbox',
			productField: 9,
			choices: choices.map( ( c ) => ( { ...c, price: '1.00' } ) ),
		} );
		expect( box( 'Add a "Select all" box' ) ).toBeTruthy();
		await user.selectOptions(
			screen.getByRole( 'combobox', { name: 'Input type' } ),
			'select'
		);
		expect(
			screen.queryByRole( 'checkbox', { name: 'Add a "Select all" box' } )
		).toBeNull();
	} );

	it( 'a password with its strength meter takes a weakest accepted strength', async () => {
		const { user, field } = renderField( {
			id: 1,
			type: 'password',
			label: 'Password',
		} );
		expect(
			screen.queryByRole( 'combobox', {
				name: 'Weakest password accepted',
			} )
		).toBeNull();
		await user.click( box( 'Show the strength meter' ) );
		const minimum = screen.getByRole( 'combobox', {
			name: 'Weakest password accepted',
		} );
		await user.selectOptions( minimum, 'good' );
		expect( field().minPasswordStrength ).toBe( 'good' );
		await user.selectOptions( minimum, '' );
		expect( 'minPasswordStrength' in field() ).toBe( false );
	} );
} );
