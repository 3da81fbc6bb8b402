import { fireEvent, screen, within } from '@testing-library/react';
import { focused, renderField } from './harness';

const choices = [
	{ text: 'Red', value: 'r' },
	{ text: 'Green', value: 'g' },
	{ text: 'Blue', value: 'b' },
];

describe( 'multi-select field', () => {
	it( 'is a native multiple select; the value lists the chosen values', () => {
		const { last } = renderField(
			{
				type: 'multiselect',
				label: 'Colours',
				choices,
				isRequired: true,
			},
			{ error: 'Pick one.' }
		);
		const select = screen.getByLabelText( /Colours/ ) as HTMLSelectElement;
		expect( select.multiple ).toBe( true );
		expect( select.getAttribute( 'aria-invalid' ) ).toBe( 'true' );
		( select.options[ 0 ] as HTMLOptionElement ).selected = true;
		( select.options[ 2 ] as HTMLOptionElement ).selected = true;
		fireEvent.change( select );
		expect( last() ).toEqual( [ 'r', 'b' ] );
	} );

	it( 'enhanced: a combobox filters a listbox; Enter adds, tokens remove, changes are announced', () => {
		const said: string[] = [];
		const { last } = renderField(
			{
				type: 'multiselect',
				label: 'Colours',
				choices,
				enableEnhancedUI: true,
			},
			{ announce: ( text ) => said.push( text ) }
		);
		const box = screen.getByRole( 'combobox', { name: 'Colours' } );
		expect( box.id ).toBe( 'input_1_5' );
		fireEvent.focus( box );
		expect( box.getAttribute( 'aria-expanded' ) ).toBe( 'true' );
		const list = screen.getByRole( 'listbox', { name: 'Colours' } );
		expect( list.getAttribute( 'aria-multiselectable' ) ).toBe( 'true' );

		fireEvent.change( box, { target: { value: 'bl' } } );
		expect(
			within( list )
				.getAllByRole( 'option' )
				.map( ( o ) => o.textContent )
		).toEqual( [ 'Blue' ] );
		expect( box.getAttribute( 'aria-activedescendant' ) ).toBe(
			within( list ).getByRole( 'option', { name: 'Blue' } ).id
		);
		fireEvent.keyDown( box, { key: 'Enter' } );
		expect( last() ).toEqual( [ 'b' ] );
		expect( said ).toEqual( [ 'Blue added.' ] );
		expect(
			within( list )
				.getByRole( 'option', { name: 'Blue' } )
				.getAttribute( 'aria-selected' )
		).toBe( 'true' );

		fireEvent.change( box, { target: { value: '' } } );
		fireEvent.keyDown( box, { key: 'ArrowDown' } );
		expect( box.getAttribute( 'aria-activedescendant' ) ).toBe(
			within( list ).getByRole( 'option', { name: 'Green' } ).id
		);
		fireEvent.keyDown( box, { key: 'Enter' } );
		// The choices' order, not the order picked.
		expect( last() ).toEqual( [ 'g', 'b' ] );

		fireEvent.click(
			screen.getByRole( 'button', { name: 'Remove Blue' } )
		);
		expect( last() ).toEqual( [ 'g' ] );
		expect( said[ said.length - 1 ] ).toBe( 'Blue removed.' );

		// Backspace in the empty box removes the last token.
		fireEvent.keyDown( box, { key: 'Backspace' } );
		expect( last() ).toEqual( [] );
		expect( screen.queryByRole( 'button', { name: /Remove/ } ) ).toBeNull();

		fireEvent.keyDown( box, { key: 'Escape' } );
		expect( box.getAttribute( 'aria-expanded' ) ).toBe( 'false' );
	} );

	it( 'enhanced: removing a token moves the focus to the token in its place, then the one before, then the combobox', () => {
		renderField(
			{
				type: 'multiselect',
				label: 'Colours',
				choices,
				enableEnhancedUI: true,
			},
			{ value: [ 'r', 'g', 'b' ] }
		);
		const remove = ( name: string ) => {
			const button = screen.getByRole( 'button', { name } );
			button.focus();
			fireEvent.click( button );
		};
		remove( 'Remove Green' );
		expect( focused() ).toBe(
			screen.getByRole( 'button', { name: 'Remove Blue' } )
		);
		remove( 'Remove Blue' );
		expect( focused() ).toBe(
			screen.getByRole( 'button', { name: 'Remove Red' } )
		);
		remove( 'Remove Red' );
		expect( focused() ).toBe(
			screen.getByRole( 'combobox', { name: 'Colours' } )
		);
	} );
} );
