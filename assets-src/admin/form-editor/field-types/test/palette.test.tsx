/**
 * The palette lists every type once, in the group its unit names; the eight types of issue 18
 * are in Advanced fields, and adding one adds a valid field of that type.
 */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FIELD_TYPES } from '../../../../shared';
import { Palette } from '../../palette-search';
import { FIELD_DEFAULTS } from '../defaults';
import { FIELD_LOGIC } from '../logic';
import { FIELD_TYPE_UNITS, fieldTypeUnit, paletteGroups } from '../registry';

describe( 'the palette from the registry', () => {
	it( 'lists every type exactly once', () => {
		const listed = paletteGroups().flatMap( ( g ) => g.types );
		expect( [ ...listed ].sort() ).toEqual( [ ...FIELD_TYPES ].sort() );
		expect( Object.keys( FIELD_TYPE_UNITS ) ).toHaveLength(
			FIELD_TYPES.length
		);
	} );

	it( "a unit's defaults and logic are the ones the pure maps give the store and the builder", () => {
		for ( const type of FIELD_TYPES ) {
			const unit = fieldTypeUnit( type );
			expect( unit.defaults ).toBe( FIELD_DEFAULTS[ type ] );
			expect( unit.logic ).toBe( FIELD_LOGIC[ type ] );
		}
		expect( fieldTypeUnit( 'name' ).defaults ).toBeDefined();
		expect( fieldTypeUnit( 'consent' ).logic?.operators ).toEqual( [
			'is',
			'isnot',
		] );
	} );

	it( 'offers the new types under Advanced fields', async () => {
		const onAdd = jest.fn();
		render( <Palette onAdd={ onAdd } /> );
		const advanced = within(
			screen.getByRole( 'heading', { name: 'Advanced fields' } )
				.parentElement as HTMLElement
		);
		const names = [
			'Name',
			'Address',
			'Phone',
			'Date',
			'Time',
			'Website',
			'Consent',
			'Multi select',
		];
		for ( const name of names ) {
			expect(
				advanced.getByRole( 'button', { name: `Add ${ name } field` } )
			).toBeTruthy();
		}
		await userEvent.click(
			advanced.getByRole( 'button', { name: 'Add Multi select field' } )
		);
		expect( onAdd ).toHaveBeenCalledWith( 'multiselect' );
	} );
} );
