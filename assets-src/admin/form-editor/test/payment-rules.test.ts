/**
 * The payment panel's pure parts: billing sources (fields and sub-inputs) and the minimum check
 * on the cheapest price (choices, JPY without decimals, prices not known in advance).
 */
import type { FieldDefinition, FormDefinition } from '../../../shared';
import { billingSources } from '../payment/billing';
import { cheapestPrice, definitionWarnings } from '../payment/warnings';

const payment: FieldDefinition = {
	id: 9,
	type: 'payment',
	label: 'Payment',
	amountSource: 'total',
};

it( 'billing sources list text-like fields and each input of a field with inputs, never pricing fields', () => {
	const form: FormDefinition = {
		title: 'Order',
		fields: [
			{ id: 1, type: 'email', label: 'Email' },
			{
				id: 2,
				type: 'text',
				label: 'Address',
				inputs: [
					{ id: '2.1', label: 'Street' },
					{ id: '2.3', label: 'City' },
				],
			},
			{
				id: 3,
				type: 'product',
				label: 'Widget',
				inputs: [ { id: '3.3', label: 'Quantity' } ],
			},
			{ id: 4, type: 'fileupload', label: 'File' },
			payment,
		],
	};
	expect( billingSources( form ) ).toEqual( [
		{ value: '1', label: 'Email (1)' },
		{ value: '2.1', label: 'Address (2.1) — Street' },
		{ value: '2.3', label: 'Address (2.3) — City' },
	] );
} );

it( 'the cheapest price reads choices and fixed prices in the currency’s minor units', () => {
	expect(
		cheapestPrice(
			{
				id: 1,
				type: 'product',
				inputType: 'radio',
				choices: [
					{ text: 'Free', value: 'Free', price: '0.00' },
					{ text: 'A', value: 'A', price: '12.50' },
					{ text: 'B', value: 'B', price: '3.20' },
				],
			},
			2
		)
	).toBe( 320 );
	expect(
		cheapestPrice(
			{
				id: 1,
				type: 'product',
				inputType: 'singleproduct',
				basePrice: '99',
			},
			0
		)
	).toBe( 99 );
	// A price the visitor types is not known in advance.
	expect(
		cheapestPrice( { id: 1, type: 'product', inputType: 'price' }, 2 )
	).toBeNull();
} );

it( 'below_minimum compares in the form currency: ¥99 is under ¥100, ¥100 is not', () => {
	const form = ( basePrice: string ): FormDefinition => ( {
		title: 'Order',
		currency: 'JPY',
		fields: [
			{
				id: 1,
				type: 'product',
				label: 'Tea',
				inputType: 'singleproduct',
				basePrice,
			},
			payment,
		],
	} );
	const codes = ( basePrice: string ) =>
		definitionWarnings( form( basePrice ), payment, {
			currency: 'JPY',
			minimum: 100,
		} ).map( ( w ) => w.code );
	expect( codes( '99' ) ).toEqual( [ 'below_minimum' ] );
	expect( codes( '100' ) ).toEqual( [] );
	// Without the server's minimum there is nothing to compare with.
	expect( definitionWarnings( form( '99' ), payment ) ).toEqual( [] );
} );
