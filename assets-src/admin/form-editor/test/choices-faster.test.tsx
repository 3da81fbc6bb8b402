import { useState } from '@wordpress/element';
import {
	act,
	createEvent,
	fireEvent,
	render,
	screen,
} from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Choice } from '../../../shared';
import { ChoicesEditor } from '../ChoicesEditor';
import { moveItem } from '../list-order';
import { choicePresets } from '../choices/presets';

jest.setTimeout( 30000 );

const three: Choice[] = [
	{ text: 'Small', value: 'small' },
	{ text: 'Medium', value: 'medium' },
	{ text: 'Large', value: 'large', isSelected: true },
];

/**
 * The editor over local state, every change seen by `spy`.
 *
 * @param props         Props.
 * @param props.initial First choices.
 * @param props.priced  Priced field.
 * @param props.spy     Sees every change.
 */
function Harness( {
	initial,
	priced = false,
	spy,
}: {
	initial: Choice[];
	priced?: boolean;
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

const labels = () =>
	(
		screen.getAllByRole( 'textbox', {
			name: /^Choice \d+ label$/,
		} ) as HTMLInputElement[]
	 ).map( ( i ) => i.value );

/**
 * Drags the handle of one row onto another, as a browser fires it.
 *
 * @param from 0-based index of the dragged row.
 * @param to   0-based index of the row it is dropped on.
 */
function drag( from: number, to: number ) {
	const rows = document.querySelectorAll( '.kestrel-forms-choices__row' );
	const handle = rows[ from ].querySelector(
		'.kestrel-forms-choices__handle'
	)!;
	const dataTransfer = { setData: jest.fn(), effectAllowed: '' };
	const start = createEvent.dragStart( handle );
	Object.defineProperty( start, 'dataTransfer', { value: dataTransfer } );
	fireEvent( handle, start );
	const over = createEvent.dragOver( rows[ to ] );
	Object.defineProperty( over, 'dataTransfer', { value: dataTransfer } );
	fireEvent( rows[ to ], over );
	expect( rows[ to ].classList.contains( 'is-drop-target' ) ).toBe( true );
	const drop = createEvent.drop( rows[ to ] );
	Object.defineProperty( drop, 'dataTransfer', { value: dataTransfer } );
	fireEvent( rows[ to ], drop );
}

describe( 'ChoicesEditor: faster editing', () => {
	it( 'reorders by dragging a row by its handle', () => {
		const spy = jest.fn();
		render( <Harness initial={ three } spy={ spy } /> );
		drag( 2, 0 );
		expect( spy ).toHaveBeenLastCalledWith( [
			three[ 2 ],
			three[ 0 ],
			three[ 1 ],
		] );
		expect( labels() ).toEqual( [ 'Large', 'Small', 'Medium' ] );
		drag( 0, 2 );
		expect( labels() ).toEqual( [ 'Small', 'Medium', 'Large' ] );
		// The default choice travels with its row.
		expect(
			(
				screen.getByRole( 'checkbox', {
					name: 'Choice 3 selected by default',
				} ) as HTMLInputElement
			 ).checked
		).toBe( true );
	} );

	it( 'a drop without a drag from this list changes nothing', () => {
		const spy = jest.fn();
		render( <Harness initial={ three } spy={ spy } /> );
		const row = document.querySelectorAll(
			'.kestrel-forms-choices__row'
		)[ 1 ];
		fireEvent.dragOver( row );
		fireEvent.drop( row );
		expect( spy ).not.toHaveBeenCalled();
	} );

	it( 'reorders from the keyboard with the move buttons', async () => {
		const user = userEvent.setup();
		const spy = jest.fn();
		render( <Harness initial={ three } spy={ spy } /> );
		expect(
			screen.getByRole( 'button', { name: 'Move choice 1 up' } )
		).toHaveProperty( 'disabled', true );
		expect(
			screen.getByRole( 'button', { name: 'Move choice 3 down' } )
		).toHaveProperty( 'disabled', true );
		act( () =>
			screen.getByRole( 'button', { name: 'Move choice 1 down' } ).focus()
		);
		await user.keyboard( '{Enter}' );
		expect( labels() ).toEqual( [ 'Medium', 'Small', 'Large' ] );
		act( () =>
			screen.getByRole( 'button', { name: 'Move choice 3 up' } ).focus()
		);
		await user.keyboard( ' ' );
		expect( labels() ).toEqual( [ 'Medium', 'Large', 'Small' ] );
	} );

	it( 'fills the bulk box from a preset list, then adds or replaces', async () => {
		const user = userEvent.setup();
		const spy = jest.fn();
		render( <Harness initial={ three } spy={ spy } /> );
		await user.click( screen.getByRole( 'button', { name: 'Bulk add' } ) );
		await user.selectOptions(
			screen.getByRole( 'combobox', { name: 'Preset list' } ),
			'days'
		);
		const box = screen.getByRole( 'textbox', {
			name: 'One choice per line',
		} ) as HTMLInputElement;
		expect( box.value.split( '\n' ) ).toEqual( [
			'Monday',
			'Tuesday',
			'Wednesday',
			'Thursday',
			'Friday',
			'Saturday',
			'Sunday',
		] );
		// The list can be edited before it is used.
		await user.type( box, '{Enter}Holiday' );
		await user.click(
			screen.getByRole( 'button', {
				name: 'Replace the choices with these',
			} )
		);
		expect( labels() ).toEqual( [
			'Monday',
			'Tuesday',
			'Wednesday',
			'Thursday',
			'Friday',
			'Saturday',
			'Sunday',
			'Holiday',
		] );

		await user.click( screen.getByRole( 'button', { name: 'Bulk add' } ) );
		await user.selectOptions(
			screen.getByRole( 'combobox', { name: 'Preset list' } ),
			'sizes'
		);
		await user.click(
			screen.getByRole( 'button', { name: 'Add these choices' } )
		);
		expect( labels().slice( 7 ) ).toEqual( [
			'Holiday',
			'XS',
			'S',
			'M',
			'L',
			'XL',
			'XXL',
		] );
	} );

	it( 'replacing with an empty box keeps the choices', async () => {
		const user = userEvent.setup();
		const spy = jest.fn();
		render( <Harness initial={ three } spy={ spy } /> );
		await user.click( screen.getByRole( 'button', { name: 'Bulk add' } ) );
		await user.click(
			screen.getByRole( 'button', {
				name: 'Replace the choices with these',
			} )
		);
		expect( spy ).not.toHaveBeenCalled();
		expect( labels() ).toEqual( [ 'Small', 'Medium', 'Large' ] );
	} );
} );

describe( 'choice presets', () => {
	it( 'has countries, US states and the smaller lists, without duplicates', () => {
		const byId = Object.fromEntries(
			choicePresets().map( ( p ) => [ p.id, p.items ] )
		);
		expect( Object.keys( byId ) ).toEqual(
			expect.arrayContaining( [
				'countries',
				'us-states',
				'days',
				'months',
				'ages',
				'sizes',
			] )
		);
		expect( byId.countries.length ).toBeGreaterThanOrEqual( 240 );
		expect( byId.countries ).toEqual(
			expect.arrayContaining( [ 'United States', 'Germany', 'Japan' ] )
		);
		// 50 states and the District of Columbia.
		expect( byId[ 'us-states' ] ).toHaveLength( 51 );
		expect( byId.months ).toHaveLength( 12 );
		for ( const items of Object.values( byId ) ) {
			expect( new Set( items ).size ).toBe( items.length );
		}
	} );
} );

describe( 'moveItem', () => {
	it( 'moves one item and leaves the list alone out of range', () => {
		expect( moveItem( [ 1, 2, 3 ], 0, 2 ) ).toEqual( [ 2, 3, 1 ] );
		expect( moveItem( [ 1, 2, 3 ], 2, 0 ) ).toEqual( [ 3, 1, 2 ] );
		const list = [ 1, 2 ];
		expect( moveItem( list, 0, 5 ) ).toBe( list );
		expect( moveItem( list, 1, 1 ) ).toBe( list );
	} );
} );
