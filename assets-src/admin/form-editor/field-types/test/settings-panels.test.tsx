/**
 * The settings panels of the eight types of issue 18, rendered in FieldSettings from a real
 * store: each control changes the edited definition as docs/field-types.md describes.
 */
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FieldType, FormDefinition } from '../../../../shared';
import { newField } from '../../../store/forms/definition';
import { FieldSettings } from '../../FieldSettings';
import { renderWithForm } from '../../test/editor-harness';

jest.setTimeout( 30000 );

/**
 * The settings of a new field of a type (id 5), rendered from the store.
 *
 * @param type Field type.
 */
function renderNew( type: FieldType ) {
	const empty: FormDefinition = { title: 'T', fields: [] };
	const form: FormDefinition = {
		title: 'T',
		fields: [ newField( type, 5, empty ) ],
	};
	const user = userEvent.setup();
	const result = renderWithForm( form, ( f ) => (
		<FieldSettings field={ f.fields[ 0 ] } form={ f } />
	) );
	return {
		user,
		field: () => result.edited().fields[ 0 ],
		select: ( name: string ) =>
			screen.getByRole( 'combobox', { name } ) as HTMLSelectElement,
		textbox: ( name: string ) =>
			screen.getByRole( 'textbox', { name } ) as HTMLInputElement,
		checkbox: ( name: string ) =>
			screen.getByRole( 'checkbox', { name } ) as HTMLInputElement,
	};
}

describe( 'settings of the new types', () => {
	it( 'name: format, and per input show/hide, label, placeholder, default value', async () => {
		const { user, field, select, textbox, checkbox } = renderNew( 'name' );
		expect(
			screen.getByRole( 'heading', { name: 'Name field 5' } )
		).toBeTruthy();
		const middle = checkbox( 'Show Middle' );
		expect( middle.checked ).toBe( false );
		expect( checkbox( 'Show First' ).checked ).toBe( true );
		await user.click( middle );
		expect( field().inputs?.[ 2 ] ).toMatchObject( { id: '5.4' } );
		expect( 'isHidden' in field().inputs![ 2 ] ).toBe( false );
		await user.click( checkbox( 'Show Last' ) );
		expect( field().inputs?.[ 3 ].isHidden ).toBe( true );

		await user.type( textbox( 'First label' ), 'Given name' );
		expect( field().inputs?.[ 1 ].customLabel ).toBe( 'Given name' );
		await user.clear( textbox( 'First label' ) );
		expect( 'customLabel' in field().inputs![ 1 ] ).toBe( false );
		await user.type( textbox( 'Last placeholder' ), 'Lovelace' );
		expect( field().inputs?.[ 3 ].placeholder ).toBe( 'Lovelace' );
		await user.type( textbox( 'Prefix default value' ), 'Dr.' );
		expect( field().inputs?.[ 0 ].defaultValue ).toBe( 'Dr.' );
		// The per-input defaults replace the field's single default value.
		await user.click( screen.getByRole( 'button', { name: 'Advanced' } ) );
		expect(
			screen.queryByRole( 'textbox', { name: 'Default value' } )
		).toBeNull();

		await user.selectOptions( select( 'Name format' ), 'simple' );
		expect( field().nameFormat ).toBe( 'simple' );
		expect( field().inputs ).toHaveLength( 5 );
		expect(
			screen.queryByRole( 'checkbox', { name: 'Show First' } )
		).toBeNull();
	} );

	it( 'address: type, the default country, state or province, inputs shown and labelled', async () => {
		const { user, field, select, textbox, checkbox } =
			renderNew( 'address' );
		await user.selectOptions( select( 'Default country' ), 'Canada' );
		expect( field().defaultCountry ).toBe( 'Canada' );
		expect( checkbox( 'Show Country' ).checked ).toBe( true );
		await user.click( checkbox( 'Show Address Line 2' ) );
		expect( field().inputs?.[ 1 ].isHidden ).toBe( true );
		await user.type( textbox( 'City label' ), 'Town' );
		expect( field().inputs?.[ 2 ].customLabel ).toBe( 'Town' );

		await user.selectOptions( select( 'Address type' ), 'us' );
		expect( field().addressType ).toBe( 'us' );
		// A US address names its inputs after the US and fixes the country.
		expect( checkbox( 'Show ZIP Code' ) ).toBeTruthy();
		expect(
			screen.queryByRole( 'checkbox', { name: 'Show Country' } )
		).toBeNull();
		await user.selectOptions( select( 'Default state' ), 'Texas' );
		expect( field().defaultState ).toBe( 'Texas' );

		await user.selectOptions( select( 'Address type' ), 'canadian' );
		await user.selectOptions( select( 'Default province' ), 'Quebec' );
		expect( field().defaultProvince ).toBe( 'Quebec' );
		await user.selectOptions( select( 'Default province' ), '' );
		expect( 'defaultProvince' in field() ).toBe( false );
	} );

	it( 'phone: format and placeholder', async () => {
		const { user, field, select, textbox } = renderNew( 'phone' );
		expect( select( 'Phone format' ).value ).toBe( 'standard' );
		await user.selectOptions( select( 'Phone format' ), 'international' );
		expect( field().phoneFormat ).toBe( 'international' );
		await user.click(
			screen.getByRole( 'button', { name: 'Appearance' } )
		);
		await user.type( textbox( 'Placeholder' ), '+44' );
		expect( field().placeholder ).toBe( '+44' );
	} );

	it( 'date: input type, format, earliest and latest, and an error while min > max', async () => {
		const { user, field, select } = renderNew( 'date' );
		await user.selectOptions( select( 'Date input type' ), 'datedropdown' );
		expect( field().dateType ).toBe( 'datedropdown' );
		await user.selectOptions( select( 'Date format' ), 'ymd_dash' );
		expect( field().dateFormat ).toBe( 'ymd_dash' );
		expect(
			within( select( 'Date format' ) ).getByRole( 'option', {
				name: 'dd.mm.yyyy',
			} )
		).toBeTruthy();

		const earliest = screen.getByLabelText( 'Earliest date' );
		const latest = screen.getByLabelText( 'Latest date' );
		fireEvent.change( earliest, { target: { value: '2026-03-01' } } );
		fireEvent.change( latest, { target: { value: '2026-12-31' } } );
		expect( field() ).toMatchObject( {
			dateMin: '2026-03-01',
			dateMax: '2026-12-31',
		} );
		expect( screen.queryByRole( 'alert' ) ).toBeNull();
		fireEvent.change( latest, { target: { value: '2026-01-31' } } );
		expect( screen.getByRole( 'alert' ).textContent ).toMatch(
			/earliest date is after the latest/
		);
		fireEvent.change( earliest, { target: { value: '' } } );
		expect( 'dateMin' in field() ).toBe( false );
		expect( screen.queryByRole( 'alert' ) ).toBeNull();
	} );

	it( 'time: 12 or 24 hours', async () => {
		const { user, field, select } = renderNew( 'time' );
		expect( select( 'Time format' ).value ).toBe( '12' );
		await user.selectOptions( select( 'Time format' ), '24' );
		expect( field().timeFormat ).toBe( '24' );
	} );

	it( 'website: placeholder', async () => {
		const { user, field, textbox } = renderNew( 'website' );
		await user.click(
			screen.getByRole( 'button', { name: 'Appearance' } )
		);
		await user.type( textbox( 'Placeholder' ), 'https://' );
		expect( field().placeholder ).toBe( 'https://' );
	} );

	it( 'consent: the checkbox label and the description, required at first', async () => {
		const { user, field, textbox, checkbox } = renderNew( 'consent' );
		expect( checkbox( 'Required' ).checked ).toBe( true );
		const label = textbox( 'Checkbox label' );
		expect( label.value ).toBe( 'I agree to the privacy policy.' );
		await user.clear( label );
		await user.type( label, 'I accept the terms.' );
		expect( field().checkboxLabel ).toBe( 'I accept the terms.' );
		await user.type( textbox( 'Description' ), 'We keep your data.' );
		expect( field().description ).toBe( 'We keep your data.' );
	} );

	it( 'multi select: choices through the choices editor and the enhanced UI switch', async () => {
		const { user, field, checkbox } = renderNew( 'multiselect' );
		expect( field().choices ).toHaveLength( 3 );
		await user.click(
			screen.getByRole( 'button', { name: 'Add choice' } )
		);
		expect( field().choices ).toHaveLength( 4 );
		const enhanced = checkbox( 'Searchable list (enhanced UI)' );
		await user.click( enhanced );
		expect( field().enableEnhancedUI ).toBe( true );
		await user.click( enhanced );
		expect( 'enableEnhancedUI' in field() ).toBe( false );
	} );
} );
