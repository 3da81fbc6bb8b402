import { FIELD_TYPES, type FormDefinition } from '../../../../shared';
import {
	addField,
	definitionOf,
	duplicateField,
	moveField,
	newField,
	nextFieldId,
	removeField,
	updateField,
	updateForm,
} from '../definition';

const form: FormDefinition = {
	title: 'T',
	fields: [
		{ id: 1, type: 'text', label: 'Name' },
		{
			id: 4,
			type: 'product',
			label: 'Shirt',
			inputType: 'singleproduct',
			basePrice: '5.00',
		},
		{
			id: 2,
			type: 'checkbox',
			label: 'Pick',
			choices: [ { text: 'A', value: 'a' } ],
			inputs: [ { id: '2.1', label: 'A' } ],
		},
	],
};

describe( 'definition operations', () => {
	it( 'gives new fields the next id after the largest', () => {
		expect( nextFieldId( form ) ).toBe( 5 );
		const { form: next, id } = addField( form, 'email', 1 );
		expect( id ).toBe( 5 );
		expect( next.fields.map( ( f ) => f.id ) ).toEqual( [ 1, 5, 4, 2 ] );
		expect( form.fields ).toHaveLength( 3 );
	} );

	it( 'starts every field type with the keys its schema rules require', () => {
		const fields = FIELD_TYPES.map( ( type ) => newField( type, 9, form ) );
		expect( fields.map( ( f ) => f.type ) ).toEqual( [ ...FIELD_TYPES ] );
		const needChoices = fields.filter( ( f ) =>
			[ 'select', 'radio', 'checkbox', 'option' ].includes( f.type )
		);
		expect( needChoices ).toHaveLength( 4 );
		expect(
			needChoices.every( ( f ) => ( f.choices?.length ?? 0 ) > 0 )
		).toBe( true );
		const needInputType = fields.filter( ( f ) =>
			[ 'product', 'option', 'shipping', 'quantity' ].includes( f.type )
		);
		expect( needInputType.every( ( f ) => Boolean( f.inputType ) ) ).toBe(
			true
		);
		expect( newField( 'option', 9, form ) ).toMatchObject( {
			productField: 4,
			inputType: 'select',
		} );
		expect( newField( 'option', 9, form ).choices?.[ 0 ].price ).toBe(
			'10.00'
		);
		expect( newField( 'quantity', 9, form ).productField ).toBe( 4 );
		expect( newField( 'shipping', 9, form ).basePrice ).toBe( '0.00' );
	} );

	it( 'updates keys and removes keys set to undefined', () => {
		const next = updateField(
			updateField( form, 1, { placeholder: 'p', isRequired: true } ),
			1,
			{ placeholder: undefined }
		);
		expect( next.fields[ 0 ] ).toEqual( {
			id: 1,
			type: 'text',
			label: 'Name',
			isRequired: true,
		} );
		expect( 'placeholder' in next.fields[ 0 ] ).toBe( false );
		expect(
			updateForm( { ...form, currency: 'EUR' }, { currency: undefined } )
		).not.toHaveProperty( 'currency' );
	} );

	it( 'duplicates a field after itself with its inputs renumbered', () => {
		const { form: next, id } = duplicateField( form, 2 );
		expect( id ).toBe( 5 );
		expect( next.fields[ 3 ] ).toMatchObject( {
			id: 5,
			label: 'Pick',
			inputs: [ { id: '5.1', label: 'A' } ],
		} );
		expect( next.fields[ 2 ].inputs ).toEqual( [
			{ id: '2.1', label: 'A' },
		] );
		expect( duplicateField( form, 99 ).id ).toBeNull();
	} );

	it( 'moves fields within bounds and removes them', () => {
		expect( moveField( form, 1, 2 ).fields.map( ( f ) => f.id ) ).toEqual( [
			4, 2, 1,
		] );
		expect( moveField( form, 2, -5 ).fields.map( ( f ) => f.id ) ).toEqual(
			[ 2, 1, 4 ]
		);
		expect( moveField( form, 1, 0 ) ).toBe( form );
		expect( removeField( form, 4 ).fields.map( ( f ) => f.id ) ).toEqual( [
			1, 2,
		] );
	} );

	it( 'strips the read-only keys of a stored form', () => {
		expect(
			definitionOf( {
				...form,
				id: 3,
				status: 'active',
				createdAt: 'x',
				updatedAt: 'y',
				entryCount: 1,
			} )
		).toEqual( form );
	} );
} );
