import { fireEvent, screen, within } from '@testing-library/react';
import { addDays, addMonths, formatHint, partOrder } from '../date/format';
import { focused, renderField } from './harness';

beforeAll( () => {
	document.documentElement.lang = 'en-US';
} );

describe( 'date formats and calendar arithmetic', () => {
	it( 'hints and orders each format', () => {
		expect( formatHint( 'mdy' ) ).toBe( 'MM/DD/YYYY' );
		expect( formatHint( 'dmy_dot' ) ).toBe( 'DD.MM.YYYY' );
		expect( partOrder( 'ymd_dash' ) ).toEqual( [ 'y', 'm', 'd' ] );
		expect( partOrder( 'dmy' ) ).toEqual( [ 'd', 'm', 'y' ] );
		expect( partOrder() ).toEqual( [ 'm', 'd', 'y' ] );
	} );

	it( 'moves by days and months, on the last day of a shorter month', () => {
		expect( addDays( { year: 2025, month: 12, day: 31 }, 1 ) ).toEqual( {
			year: 2026,
			month: 1,
			day: 1,
		} );
		expect( addMonths( { year: 2026, month: 1, day: 31 }, 1 ) ).toEqual( {
			year: 2026,
			month: 2,
			day: 28,
		} );
		expect( addMonths( { year: 2026, month: 1, day: 15 }, -12 ) ).toEqual( {
			year: 2025,
			month: 1,
			day: 15,
		} );
	} );
} );

describe( 'date picker', () => {
	const open = ( value = '03/15/2026' ) => {
		const utils = renderField(
			{
				type: 'date',
				label: 'Start',
				dateMin: '2026-03-10',
				dateMax: '2026-04-20',
			},
			{ value }
		);
		const button = screen.getByRole( 'button', { name: 'Choose date' } );
		fireEvent.click( button );
		return { ...utils, button };
	};

	it( 'is a text input with its format hint', () => {
		renderField( { type: 'date', label: 'Start' } );
		const input = screen.getByLabelText( 'Start' );
		expect( input.id ).toBe( 'input_1_5' );
		expect( input.getAttribute( 'aria-describedby' ) ).toBe(
			'input_1_5_format'
		);
		expect(
			document.getElementById( 'input_1_5_format' )?.textContent
		).toBe( 'Format: MM/DD/YYYY' );
	} );

	it( 'opens on the typed day and moves with the arrows and Page Up/Down', () => {
		const { last, button } = open();
		const dialog = screen.getByRole( 'dialog', { name: 'March 2026' } );
		expect( dialog.getAttribute( 'aria-modal' ) ).toBe( 'true' );
		expect( button.getAttribute( 'aria-expanded' ) ).toBe( 'true' );
		expect( focused()?.getAttribute( 'aria-label' ) ).toBe(
			'Sunday, March 15, 2026'
		);
		const key = ( k: string ) =>
			fireEvent.keyDown( focused() as Element, { key: k } );
		key( 'ArrowRight' );
		expect( focused()?.textContent ).toBe( '16' );
		key( 'ArrowDown' );
		expect( focused()?.textContent ).toBe( '23' );
		key( 'Home' );
		expect( focused()?.textContent ).toBe( '22' );
		key( 'PageDown' );
		expect(
			screen.getByRole( 'dialog', { name: 'April 2026' } )
		).toBeTruthy();
		expect( focused()?.getAttribute( 'aria-label' ) ).toBe(
			'Wednesday, April 22, 2026'
		);
		// April 22 is after dateMax: disabled, Enter chooses nothing.
		expect( focused()?.getAttribute( 'aria-disabled' ) ).toBe( 'true' );
		key( 'Enter' );
		expect( screen.queryByRole( 'dialog' ) ).not.toBeNull();
		key( 'ArrowUp' );
		key( 'Enter' );
		expect( last() ).toBe( '04/15/2026' );
		expect( screen.queryByRole( 'dialog' ) ).toBeNull();
		expect( focused() ).toBe( button );
	} );

	it( 'Page Up goes back a month; Escape closes and returns the focus', () => {
		const { changes, button } = open();
		const key = ( k: string ) =>
			fireEvent.keyDown( focused() as Element, { key: k } );
		key( 'PageUp' );
		expect(
			screen.getByRole( 'dialog', { name: 'February 2026' } )
		).toBeTruthy();
		// Before dateMin.
		expect( focused()?.getAttribute( 'aria-disabled' ) ).toBe( 'true' );
		key( 'Escape' );
		expect( screen.queryByRole( 'dialog' ) ).toBeNull();
		expect( focused() ).toBe( button );
		expect( changes ).toHaveLength( 0 );
	} );

	it( 'the month buttons change the month and keep the focus', () => {
		open();
		const next = screen.getByRole( 'button', { name: 'Next month' } );
		next.focus();
		fireEvent.click( next );
		fireEvent.click( next );
		expect(
			screen.getByRole( 'dialog', { name: 'May 2026' } )
		).toBeTruthy();
		expect( focused() ).toBe( next );
	} );

	it( 'a press outside closes it; a press inside or on its button does not', () => {
		const { button } = open();
		fireEvent.mouseDown( screen.getByRole( 'grid' ) );
		expect( screen.queryByRole( 'dialog' ) ).not.toBeNull();
		fireEvent.mouseDown( screen.getByLabelText( 'Start' ) );
		expect( screen.queryByRole( 'dialog' ) ).toBeNull();
		fireEvent.mouseDown( button );
		fireEvent.click( button );
		expect( screen.queryByRole( 'dialog' ) ).not.toBeNull();
		fireEvent.mouseDown( button );
		fireEvent.click( button );
		expect( screen.queryByRole( 'dialog' ) ).toBeNull();
	} );

	it( 'keeps Tab inside the dialog', () => {
		open();
		const cancel = screen.getByRole( 'button', { name: 'Cancel' } );
		const previous = screen.getByRole( 'button', {
			name: 'Previous month',
		} );
		cancel.focus();
		fireEvent.keyDown( cancel, { key: 'Tab' } );
		expect( focused() ).toBe( previous );
		fireEvent.keyDown( previous, { key: 'Tab', shiftKey: true } );
		expect( focused() ).toBe( cancel );
	} );

	it( 'opens on the latest day allowed when today is after it, and a click chooses', () => {
		const { last } = renderField( {
			type: 'date',
			label: 'Then',
			dateFormat: 'ymd_dash',
			dateMin: '2001-01-10',
			dateMax: '2001-02-20',
		} );
		fireEvent.click(
			screen.getByRole( 'button', { name: 'Choose date' } )
		);
		screen.getByRole( 'dialog', { name: 'February 2001' } );
		expect( focused()?.textContent ).toBe( '20' );
		fireEvent.click(
			within( screen.getByRole( 'grid' ) ).getByRole( 'button', {
				name: /February 19, 2001/,
			} )
		);
		expect( last() ).toBe( '2001-02-19' );
	} );
} );

describe( 'date drop-downs and inputs', () => {
	it( 'orders Month, Day and Year as the format does', () => {
		const { last } = renderField( {
			type: 'date',
			label: 'Birthday',
			dateType: 'datedropdown',
			dateFormat: 'dmy',
		} );
		const group = screen.getByRole( 'group', { name: 'Birthday' } );
		const labels = Array.from( group.querySelectorAll( 'label' ) ).map(
			( l ) => l.textContent
		);
		expect( labels ).toEqual( [ 'Day', 'Month', 'Year' ] );
		expect( screen.getByLabelText( 'Month' ).id ).toBe( 'input_1_5_1' );
		fireEvent.change( screen.getByLabelText( 'Month' ), {
			target: { value: '03' },
		} );
		expect( last() ).toEqual( [ '03', '', '' ] );
	} );

	it( 'three number inputs for datefield', () => {
		renderField( { type: 'date', dateType: 'datefield' } );
		const year = screen.getByLabelText( 'Year' ) as HTMLInputElement;
		expect( year.type ).toBe( 'number' );
		expect( year.id ).toBe( 'input_1_5_3' );
	} );
} );
