import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FormDefinition } from '../../../shared';
import { FieldSettings } from '../FieldSettings';
import { FormSettings } from '../FormSettings';
import { LogicBuilder } from '../LogicBuilder';
import { LogicHarness, renderWithForm } from './editor-harness';

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
		{ id: 3, type: 'section', label: 'Extras' },
		{
			id: 4,
			type: 'page',
			nextButton: { type: 'text', text: 'Onwards' },
		},
		{ id: 5, type: 'number', label: 'Age' },
	],
	button: { type: 'text', text: 'Send' },
};

const rule = ( n: number ) =>
	within(
		screen.getByRole( 'group', { name: `Rule ${ n }` } ) as HTMLElement
	);

describe( 'LogicBuilder', () => {
	it( 'builds show/hide, all/any rules on other value fields, adds and removes rules', async () => {
		const user = userEvent.setup();
		const spy = jest.fn();
		render(
			<LogicHarness form={ form } excludeFieldId={ 5 } spy={ spy } />
		);

		await user.click(
			screen.getByLabelText( 'Conditional logic for this field' )
		);
		expect( spy ).toHaveBeenLastCalledWith( {
			actionType: 'show',
			logicType: 'all',
			rules: [ { fieldId: '1', operator: 'is', value: '' } ],
		} );
		// Rules read value fields only, never the field itself.
		expect(
			Array.from(
				(
					rule( 1 ).getByRole( 'combobox', {
						name: 'Field',
					} ) as HTMLSelectElement
				 ).options
			).map( ( o ) => o.value )
		).toEqual( [ '1', '2' ] );
		expect(
			rule( 1 ).getByRole( 'button', { name: 'Remove rule 1' } )
		).toHaveProperty( 'disabled', true );

		await user.selectOptions(
			screen.getByRole( 'combobox', { name: 'Action' } ),
			'hide'
		);
		await user.selectOptions(
			screen.getByRole( 'combobox', { name: 'When' } ),
			'any'
		);
		// A field with choices offers its values.
		await user.selectOptions(
			rule( 1 ).getByRole( 'combobox', { name: 'Field' } ),
			'2'
		);
		await user.selectOptions(
			rule( 1 ).getByRole( 'combobox', { name: 'Value' } ),
			'blue'
		);
		await user.click( screen.getByRole( 'button', { name: 'Add rule' } ) );
		await user.selectOptions(
			rule( 2 ).getByRole( 'combobox', { name: 'Operator' } ),
			'contains'
		);
		await user.type(
			rule( 2 ).getByRole( 'textbox', { name: 'Value' } ),
			'Ada'
		);
		expect( spy ).toHaveBeenLastCalledWith( {
			actionType: 'hide',
			logicType: 'any',
			rules: [
				{ fieldId: '2', operator: 'is', value: 'blue' },
				{ fieldId: '1', operator: 'contains', value: 'Ada' },
			],
		} );

		await user.click(
			rule( 1 ).getByRole( 'button', { name: 'Remove rule 1' } )
		);
		expect( spy ).toHaveBeenLastCalledWith( {
			actionType: 'hide',
			logicType: 'any',
			rules: [ { fieldId: '1', operator: 'contains', value: 'Ada' } ],
		} );
		expect( screen.queryByRole( 'group', { name: 'Rule 2' } ) ).toBeNull();

		await user.click(
			screen.getByLabelText( 'Conditional logic for this field' )
		);
		expect( spy ).toHaveBeenLastCalledWith( null );
		expect(
			screen.queryByRole( 'combobox', { name: 'Action' } )
		).toBeNull();
	} );

	it( 'cannot be switched on while no other field has a value', () => {
		render(
			<LogicBuilder
				subject="this field"
				form={ { title: 'T', fields: [ { id: 1, type: 'text' } ] } }
				excludeFieldId={ 1 }
				logic={ null }
				onChange={ jest.fn() }
			/>
		);
		expect(
			screen.getByLabelText( 'Conditional logic for this field' )
		).toHaveProperty( 'disabled', true );
		expect(
			screen.getByText( 'Add a field with a value first.' )
		).toBeTruthy();
	} );
} );

describe( 'logic of form-level subjects', () => {
	const openLogicPanel = ( user: ReturnType< typeof userEvent.setup > ) =>
		user.click(
			screen.getByRole( 'button', { name: 'Conditional logic' } )
		);

	it( 'a section gets its own conditionalLogic', async () => {
		const user = userEvent.setup();
		const { edited } = renderWithForm( form, ( f ) => (
			<FieldSettings field={ f.fields[ 2 ] } form={ f } />
		) );
		await openLogicPanel( user );
		await user.click(
			screen.getByLabelText( 'Conditional logic for this section' )
		);
		await user.type(
			screen.getByRole( 'textbox', { name: 'Value' } ),
			'x'
		);
		expect( edited().fields[ 2 ].conditionalLogic ).toEqual( {
			actionType: 'show',
			logicType: 'all',
			rules: [ { fieldId: '1', operator: 'is', value: 'x' } ],
		} );
	} );

	it( "a page break's rules go to its Next button, keeping the button text", async () => {
		const user = userEvent.setup();
		const { edited } = renderWithForm( form, ( f ) => (
			<FieldSettings field={ f.fields[ 3 ] } form={ f } />
		) );
		await openLogicPanel( user );
		await user.click(
			screen.getByLabelText( 'Conditional logic for the Next button' )
		);
		await user.selectOptions(
			screen.getByRole( 'combobox', { name: 'Action' } ),
			'hide'
		);
		// The Next button may read every value field, the number after it too.
		await user.selectOptions(
			screen.getByRole( 'combobox', { name: 'Field' } ),
			'5'
		);
		await user.selectOptions(
			screen.getByRole( 'combobox', { name: 'Operator' } ),
			'<'
		);
		await user.type(
			screen.getByRole( 'textbox', { name: 'Value' } ),
			'18'
		);
		const page = edited().fields[ 3 ];
		expect( page.conditionalLogic ).toBeUndefined();
		expect( page.nextButton ).toEqual( {
			type: 'text',
			text: 'Onwards',
			conditionalLogic: {
				actionType: 'hide',
				logicType: 'all',
				rules: [ { fieldId: '5', operator: '<', value: '18' } ],
			},
		} );
	} );

	it( 'the submit button gets button.conditionalLogic, keeping its text; off removes it', async () => {
		const user = userEvent.setup();
		const { edited } = renderWithForm( form, ( f ) => (
			<FormSettings form={ f } />
		) );
		await user.click(
			screen.getByRole( 'button', { name: 'Submit button' } )
		);
		const toggle = () =>
			screen.getByLabelText( 'Conditional logic for the submit button' );
		await user.click( toggle() );
		await user.selectOptions(
			screen.getByRole( 'combobox', { name: 'When' } ),
			'any'
		);
		expect( edited().button ).toEqual( {
			type: 'text',
			text: 'Send',
			conditionalLogic: {
				actionType: 'show',
				logicType: 'any',
				rules: [ { fieldId: '1', operator: 'is', value: '' } ],
			},
		} );
		await user.click( toggle() );
		expect( edited().button ).toEqual( {
			type: 'text',
			text: 'Send',
			conditionalLogic: null,
		} );
	} );
} );
