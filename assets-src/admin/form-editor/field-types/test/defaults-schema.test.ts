/**
 * Every new field the editor adds satisfies the form schema (plugin/schema/form.schema.json,
 * the single source of truth the server validates with), and the eight types of issue 18 start
 * as docs/field-types.md says.
 */
import Ajv2020 from 'ajv/dist/2020';
import schema from '../../../../../plugin/schema/form.schema.json';
import { FIELD_TYPES, type FormDefinition } from '../../../../shared';
import { newField } from '../../../store/forms/definition';

const validate = new Ajv2020( { strict: false, allErrors: true } ).compile(
	schema
);

const base: FormDefinition = {
	title: 'T',
	fields: [
		{
			id: 1,
			type: 'product',
			label: 'Shirt',
			inputType: 'singleproduct',
			basePrice: '5.00',
		},
	],
};

/**
 * The errors of a form holding one new field of a type (none when valid).
 *
 * @param field The field.
 */
function errorsWith( field: FormDefinition[ 'fields' ][ number ] ) {
	const ok = validate( { ...base, fields: [ ...base.fields, field ] } );
	return ok ? [] : validate.errors;
}

describe( 'new fields and the schema', () => {
	it.each( [ ...FIELD_TYPES ] )( 'a new %s field is valid', ( type ) => {
		expect( errorsWith( newField( type, 7, base ) ) ).toEqual( [] );
	} );

	it( 'the check can fail: a name input with a key the schema does not know', () => {
		const field = newField( 'name', 7, base );
		field.inputs = [
			{ id: '7.3', label: 'First', colour: 'red' } as never,
		];
		expect( errorsWith( field ) ).not.toEqual( [] );
		expect(
			errorsWith( { ...field, inputs: [ { id: '7' } ] } )
		).not.toEqual( [] );
	} );

	it( 'a name has the five GF inputs, prefix, middle and suffix hidden', () => {
		const field = newField( 'name', 3, base );
		expect( field.nameFormat ).toBe( 'advanced' );
		expect(
			field.inputs?.map( ( i ) => [
				i.id,
				i.label,
				i.autocompleteAttribute,
				Boolean( i.isHidden ),
			] )
		).toEqual( [
			[ '3.2', 'Prefix', 'honorific-prefix', true ],
			[ '3.3', 'First', 'given-name', false ],
			[ '3.4', 'Middle', 'additional-name', true ],
			[ '3.6', 'Last', 'family-name', false ],
			[ '3.8', 'Suffix', 'honorific-suffix', true ],
		] );
		expect( field.inputs?.[ 0 ].choices?.map( ( c ) => c.value ) ).toEqual(
			[ 'Dr.', 'Miss', 'Mr.', 'Mrs.', 'Ms.', 'Prof.', 'Rev.' ]
		);
	} );

	it( 'an address is international with inputs N.1–N.6', () => {
		const field = newField( 'address', 4, base );
		expect( field.addressType ).toBe( 'international' );
		expect(
			field.inputs?.map( ( i ) => [ i.id, i.autocompleteAttribute ] )
		).toEqual( [
			[ '4.1', 'address-line1' ],
			[ '4.2', 'address-line2' ],
			[ '4.3', 'address-level2' ],
			[ '4.4', 'address-level1' ],
			[ '4.5', 'postal-code' ],
			[ '4.6', 'country-name' ],
		] );
	} );

	it( 'dates, times, consents and multi selects start as the contract says', () => {
		expect( newField( 'date', 5, base ) ).toMatchObject( {
			dateType: 'datepicker',
			dateFormat: 'mdy',
		} );
		expect( newField( 'time', 5, base ).timeFormat ).toBe( '12' );
		expect( newField( 'consent', 5, base ) ).toMatchObject( {
			checkboxLabel: 'I agree to the privacy policy.',
			isRequired: true,
		} );
		expect( newField( 'multiselect', 5, base ).choices ).toHaveLength( 3 );
		expect( newField( 'phone', 5, base ).phoneFormat ).toBe( 'standard' );
	} );
} );
