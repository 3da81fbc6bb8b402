import { useState } from '@wordpress/element';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Choice } from '../../../shared';
import { ChoicesEditor, parseBulkChoices } from '../ChoicesEditor';

jest.setTimeout( 30000 );

describe( 'parseBulkChoices', () => {
	it( 'reads one choice per line, value from the label, blank lines skipped', () => {
		expect(
			parseBulkChoices( 'Red\r\n\n   \n  Green  \nBlue\n', false )
		).toEqual( [
			{ text: 'Red', value: 'Red' },
			{ text: 'Green', value: 'Green' },
			{ text: 'Blue', value: 'Blue' },
		] );
	} );

	it( 'reads "label|price" when priced, the last bar splitting', () => {
		expect(
			parseBulkChoices( 'Small|5\nLarge | 12.50\nA|B|-1.5\nPlain', true )
		).toEqual( [
			{ text: 'Small', value: 'Small', price: '5' },
			{ text: 'Large', value: 'Large', price: '12.50' },
			{ text: 'A|B', value: 'A|B', price: '-1.5' },
			{ text: 'Plain', value: 'Plain', price: '0.00' },
		] );
	} );

	it( 'keeps bars in labels when prices are not read', () => {
		expect( parseBulkChoices( 'Tea|3', false ) ).toEqual( [
			{ text: 'Tea|3', value: 'Tea|3' },
		] );
	} );

	it( 'does not read a bad price: the whole line is the label, priced 0.00', () => {
		expect( parseBulkChoices( 'Tea|abc\nCake|5,50\nPie|', true ) ).toEqual(
			[
				{ text: 'Tea|abc', value: 'Tea|abc', price: '0.00' },
				{ text: 'Cake|5,50', value: 'Cake|5,50', price: '0.00' },
				{ text: 'Pie|', value: 'Pie|', price: '0.00' },
			]
		);
	} );

	it( 'skips duplicates in the text and of existing choices, and empty labels', () => {
		expect(
			parseBulkChoices( 'Red\nGreen\nRed\nBlue|2\n|4\nBlue|3', true, [
				{ text: 'Green', value: 'Green', price: '1.00' },
			] )
		).toEqual( [
			{ text: 'Red', value: 'Red', price: '0.00' },
			{ text: 'Blue', value: 'Blue', price: '2' },
		] );
	} );
} );

/**
 * The editor with its own state, as FieldSettings holds it in the store.
 *
 * @param props         Props.
 * @param props.initial First choices.
 * @param props.priced  Priced field.
 * @param props.spy     Sees every change.
 */
function Harness( {
	initial,
	priced,
	spy,
}: {
	initial: Choice[];
	priced: boolean;
	spy: ( choices: Choice[] ) => void;
} ) {
	const [ choices, setChoices ] = useState( initial );
	return (
		<ChoicesEditor
			choices={ choices }
			priced={ priced }
			onChange={ ( next ) => {
				spy( next );
				setChoices( next );
			} }
		/>
	);
}

describe( 'ChoicesEditor bulk add', () => {
	it( 'appends the parsed lines after the existing choices and closes', async () => {
		const user = userEvent.setup();
		const spy = jest.fn();
		render(
			<Harness
				initial={ [ { text: 'Tea', value: 'Tea', price: '2.00' } ] }
				priced
				spy={ spy }
			/>
		);
		expect(
			screen.queryByRole( 'textbox', {
				name: 'One choice per line: label|price',
			} )
		).toBeNull();
		await user.click( screen.getByRole( 'button', { name: 'Bulk add' } ) );
		await user.type(
			screen.getByRole( 'textbox', {
				name: 'One choice per line: label|price',
			} ),
			'Coffee|3.50{Enter}{Enter}Tea|9{Enter}Cake'
		);
		expect( spy ).not.toHaveBeenCalled();
		await user.click(
			screen.getByRole( 'button', { name: 'Add these choices' } )
		);

		expect( spy ).toHaveBeenCalledTimes( 1 );
		expect( spy ).toHaveBeenLastCalledWith( [
			{ text: 'Tea', value: 'Tea', price: '2.00' },
			{ text: 'Coffee', value: 'Coffee', price: '3.50' },
			{ text: 'Cake', value: 'Cake', price: '0.00' },
		] );
		expect(
			(
				screen.getByRole( 'textbox', {
					name: 'Choice 2 price',
				} ) as HTMLInputElement
			 ).value
		).toBe( '3.50' );
		expect(
			(
				screen.getByRole( 'textbox', {
					name: 'Choice 3 label',
				} ) as HTMLInputElement
			 ).value
		).toBe( 'Cake' );
		expect(
			screen.queryByRole( 'button', { name: 'Add these choices' } )
		).toBeNull();
	} );

	it( 'changes nothing when the text adds nothing, and toggles closed', async () => {
		const user = userEvent.setup();
		const spy = jest.fn();
		render(
			<Harness
				initial={ [ { text: 'Red', value: 'Red' } ] }
				priced={ false }
				spy={ spy }
			/>
		);
		await user.click( screen.getByRole( 'button', { name: 'Bulk add' } ) );
		const box = screen.getByRole( 'textbox', {
			name: 'One choice per line',
		} );
		expect(
			screen.queryByRole( 'textbox', { name: 'Choice 1 price' } )
		).toBeNull();
		await user.type( box, 'Red{Enter}  ' );
		await user.click(
			screen.getByRole( 'button', { name: 'Add these choices' } )
		);
		expect( spy ).not.toHaveBeenCalled();
		expect(
			screen.getAllByRole( 'textbox', { name: /label$/ } )
		).toHaveLength( 1 );

		await user.click( screen.getByRole( 'button', { name: 'Bulk add' } ) );
		expect(
			screen.getByRole( 'textbox', { name: 'One choice per line' } )
		).toBeTruthy();
		await user.click( screen.getByRole( 'button', { name: 'Bulk add' } ) );
		expect(
			screen.queryByRole( 'textbox', { name: 'One choice per line' } )
		).toBeNull();
	} );
} );
