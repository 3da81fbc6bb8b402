import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FormDefinition } from '../../../../shared';
import { FieldSettings } from '../../../form-editor/FieldSettings';
import { renderWithForm } from '../../../form-editor/test/editor-harness';

jest.setTimeout( 30000 );

const form: FormDefinition = {
	title: 'Stay',
	fields: [
		{ id: 1, type: 'text', label: 'Name' },
		{ id: 2, type: 'number', label: 'Nights' },
		{ id: 3, type: 'list', label: 'Extras', columns: [ 'What', 'Cost' ] },
		{
			id: 4,
			type: 'number',
			label: 'Price',
			enableCalculation: true,
			calculationFormula: '10 * ',
		},
	],
};

it( "the formula editor's picker offers numeric values only and inserts at the cursor", async () => {
	const user = userEvent.setup();
	const { edited } = renderWithForm( form, ( f ) => (
		<FieldSettings field={ f.fields[ 3 ] } form={ f } />
	) );
	const formula = screen.getByRole( 'textbox', {
		name: 'Formula',
	} ) as HTMLTextAreaElement;
	formula.focus();
	formula.setSelectionRange( 5, 5 );
	await user.click(
		screen.getByRole( 'button', { name: 'Insert merge tag into Formula' } )
	);
	expect(
		within( screen.getByRole( 'listbox', { name: 'Merge tags' } ) )
			.getAllByRole( 'option' )
			.map( ( o ) => o.textContent )
	).toEqual( [
		'Nights (2) {Nights:2}',
		'Extras (3): What {Extras:3.1}',
		'Extras (3): Cost {Extras:3.2}',
	] );
	await user.keyboard( 'cost{Enter}' );
	expect( edited().fields[ 3 ].calculationFormula ).toBe(
		'10 * {Extras:3.2}'
	);
} );

it( "a field's default value offers only the tags filled before an entry exists", async () => {
	const user = userEvent.setup();
	const { edited } = renderWithForm( form, ( f ) => (
		<FieldSettings field={ f.fields[ 0 ] } form={ f } />
	) );
	await user.click( screen.getByRole( 'button', { name: 'Advanced' } ) );
	await user.type(
		screen.getByRole( 'textbox', { name: 'Default value' } ),
		'Hi '
	);
	await user.click(
		screen.getByRole( 'button', {
			name: 'Insert merge tag into Default value',
		} )
	);
	const offered = within(
		screen.getByRole( 'listbox', { name: 'Merge tags' } )
	)
		.getAllByRole( 'option' )
		.map( ( o ) => o.querySelector( 'code' )!.textContent );
	expect( offered ).toContain( '{user:display_name}' );
	expect( offered ).not.toContain( '{Nights:2}' );
	expect( offered ).not.toContain( '{entry_id}' );
	await user.keyboard( 'display{Enter}' );
	expect( edited().fields[ 0 ].defaultValue ).toBe(
		'Hi {user:display_name}'
	);
} );
