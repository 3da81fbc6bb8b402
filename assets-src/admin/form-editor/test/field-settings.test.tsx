import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FormDefinition } from '../../../shared';
import { FieldSettings } from '../FieldSettings';
import { renderWithForm } from './editor-harness';

jest.setTimeout( 30000 );

const form: FormDefinition = {
	title: 'Order',
	fields: [
		{ id: 1, type: 'text', label: 'Name' },
		{ id: 2, type: 'email', label: 'Email' },
	],
};

/**
 * The settings of field 1, rendered from the store.
 */
function renderName() {
	const user = userEvent.setup();
	const result = renderWithForm( form, ( f ) => (
		<FieldSettings field={ f.fields[ 0 ] } form={ f } />
	) );
	const field = () => result.edited().fields[ 0 ];
	const open = ( panel: string ) =>
		user.click( screen.getByRole( 'button', { name: panel } ) );
	const input = ( name: string ) =>
		screen.getByRole( 'textbox', { name } ) as HTMLInputElement;
	return { user, field, open, input, edited: result.edited };
}

describe( 'FieldSettings panels', () => {
	it( 'general: label, description and required', async () => {
		const { user, field, input } = renderName();
		expect(
			screen.getByRole( 'heading', { name: 'Single line text field 1' } )
		).toBeTruthy();
		await user.clear( input( 'Field label' ) );
		await user.type( input( 'Field label' ), 'Full name' );
		expect( field().label ).toBe( 'Full name' );

		await user.type( input( 'Description' ), 'As on your card' );
		expect( field().description ).toBe( 'As on your card' );

		const required = screen.getByRole( 'checkbox', {
			name: 'Required',
		} ) as HTMLInputElement;
		await user.click( required );
		expect( field().isRequired ).toBe( true );
		expect( required.checked ).toBe( true );
		await user.click( required );
		expect( 'isRequired' in field() ).toBe( false );
	} );

	it( 'appearance: placeholder, CSS class and size; clearing removes the key', async () => {
		const { user, field, open, input } = renderName();
		expect(
			screen.queryByRole( 'textbox', { name: 'CSS class' } )
		).toBeNull();
		await open( 'Appearance' );
		await user.type( input( 'Placeholder' ), 'Ada Lovelace' );
		expect( field().placeholder ).toBe( 'Ada Lovelace' );
		await user.type( input( 'CSS class' ), 'wide' );
		expect( field().cssClass ).toBe( 'wide' );
		await user.clear( input( 'CSS class' ) );
		expect( 'cssClass' in field() ).toBe( false );
		await user.selectOptions(
			screen.getByRole( 'combobox', { name: 'Size' } ),
			'large'
		);
		expect( field().size ).toBe( 'large' );
	} );

	it( 'advanced: admin label, default value, maximum characters, error message', async () => {
		const { user, field, open, input } = renderName();
		await open( 'Advanced' );
		await user.type( input( 'Admin label' ), 'name' );
		await user.type( input( 'Default value' ), 'Anon' );
		await user.type(
			screen.getByRole( 'spinbutton', { name: 'Maximum characters' } ),
			'40'
		);
		await user.type( input( 'Custom error message' ), 'Who are you?' );
		expect( field() ).toMatchObject( {
			adminLabel: 'name',
			defaultValue: 'Anon',
			maxLength: 40,
			errorMessage: 'Who are you?',
		} );
	} );

	it( 'conditional logic: rules read the other fields only', async () => {
		const { user, field, open, edited } = renderName();
		await open( 'Conditional logic' );
		await user.click(
			screen.getByLabelText( 'Conditional logic for this field' )
		);
		expect( field().conditionalLogic ).toEqual( {
			actionType: 'show',
			logicType: 'all',
			// The field never depends on itself: the first other value field.
			rules: [ { fieldId: '2', operator: 'is', value: '' } ],
		} );
		expect(
			Array.from(
				(
					screen.getByRole( 'combobox', {
						name: 'Field',
					} ) as HTMLSelectElement
				 ).options
			).map( ( o ) => o.value )
		).toEqual( [ '2' ] );
		await user.type(
			screen.getByRole( 'textbox', { name: 'Value' } ),
			'a@b.c'
		);
		expect( field().conditionalLogic!.rules[ 0 ].value ).toBe( 'a@b.c' );
		expect( edited().fields[ 1 ] ).toEqual( form.fields[ 1 ] );
	} );
} );
