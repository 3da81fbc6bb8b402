/**
 * Payment request checks (spec §3, §5): the shape of a request, the amount format per currency,
 * the shape of a shipping listener's answer.
 */
import {
	answerProblems,
	checkRequest,
	isValidAmount,
	requestProblems,
} from '../validate';

const REQUEST = {
	countryCode: 'US',
	currencyCode: 'USD',
	total: { amount: '1.00', label: 'Total' },
};

const thrown = ( fn: () => void ): Error => {
	try {
		fn();
	} catch ( error ) {
		return error as Error;
	}
	throw new Error( 'did not throw' );
};

describe( 'request shape (spec §5)', () => {
	it( 'needs countryCode, currencyCode, total.amount and total.label as strings', () => {
		expect( requestProblems( {} ) ).toEqual( [
			[ 'countryCode', 'string' ],
			[ 'currencyCode', 'string' ],
			[ 'total.amount', 'string' ],
			[ 'total.label', 'string' ],
		] );
		expect(
			requestProblems( {
				countryCode: 840,
				currencyCode: 'USD',
				total: { amount: 1, label: 'Total' },
			} )
		).toEqual( [
			[ 'countryCode', 'string' ],
			[ 'total.amount', 'string' ],
		] );
		expect( requestProblems( REQUEST ) ).toEqual( [] );
	} );

	it.each( [
		'lineItems',
		'taxLineItems',
		'discounts',
		'shippingLineItems',
	] )( 'needs amount and label strings in every item of %s', ( key ) => {
		expect(
			requestProblems( {
				...REQUEST,
				[ key ]: [
					{ amount: '1.00', label: 'A' },
					{ amount: 2, label: null },
					null,
				],
			} )
		).toEqual( [
			[ `${ key }[1].amount`, 'string' ],
			[ `${ key }[1].label`, 'string' ],
			[ `${ key }[2].amount`, 'string' ],
			[ `${ key }[2].label`, 'string' ],
		] );
		expect(
			requestProblems( { ...REQUEST, [ key ]: { amount: '1' } } )
		).toEqual( [ [ key, 'array' ] ] );
	} );

	it( 'needs id, label and amount strings in shipping options; a total, when given, is a line item', () => {
		expect(
			requestProblems( {
				...REQUEST,
				shippingOptions: [
					{ id: 'free', label: 'Free', amount: '0.00' },
					{ id: 2, label: 'Fast', amount: 5 },
					{
						id: 'x',
						label: 'X',
						amount: '1.00',
						total: { amount: '2.00', label: 'Total' },
					},
					{ id: 'y', label: 'Y', amount: '1.00', total: '2.00' },
					{
						id: 'z',
						label: 'Z',
						amount: '1.00',
						total: { amount: 2 },
					},
				],
			} )
		).toEqual( [
			[ 'shippingOptions[1].id', 'string' ],
			[ 'shippingOptions[1].amount', 'string' ],
			[ 'shippingOptions[3].total', 'object' ],
			[ 'shippingOptions[4].total.amount', 'string' ],
			[ 'shippingOptions[4].total.label', 'string' ],
		] );
	} );

	it( 'needs booleans for the contact flags and objects for the contacts', () => {
		expect(
			requestProblems( {
				...REQUEST,
				requestBillingContact: 'yes',
				requestShippingContact: true,
				shippingContact: 'Ada',
				pickupContact: { city: 'Leeds' },
			} )
		).toEqual( [
			[ 'requestBillingContact', 'boolean' ],
			[ 'shippingContact', 'object' ],
		] );
	} );

	it( 'throws InvalidPaymentRequestError naming each property and type, or the update error', () => {
		const created = thrown( () =>
			checkRequest( { countryCode: 'US', total: { label: 'T' } } )
		);
		expect( created.name ).toBe( 'InvalidPaymentRequestError' );
		expect( created.message ).toBe(
			"Invalid payment request: expected 'currencyCode' to be string, expected 'total.amount' to be string"
		);
		const updated = thrown( () =>
			checkRequest( { ...REQUEST, lineItems: [ { label: 'A' } ] }, true )
		);
		expect( updated.name ).toBe( 'InvalidPaymentRequestUpdateError' );
		expect( updated.message ).toBe(
			"Invalid payment request update: expected 'lineItems[0].amount' to be string"
		);
	} );
} );

describe( 'amounts (spec §5: non-negative, at most the currency decimals; 0 for JPY)', () => {
	it.each( [
		[ '1', 'USD', true ],
		[ '1.5', 'USD', true ],
		[ '1.50', 'USD', true ],
		[ '0.00', 'USD', true ],
		[ '1.234', 'USD', false ],
		[ '-1.00', 'USD', false ],
		[ '1.', 'USD', false ],
		[ '.5', 'USD', false ],
		[ ' 1.00', 'USD', false ],
		[ '1e2', 'USD', false ],
		[ '1,00', 'EUR', false ],
		[ '100', 'JPY', true ],
		[ '100', 'jpy', true ],
		[ '100.5', 'JPY', false ],
		[ '100.0', 'JPY', false ],
	] )( '%s %s → %s', ( amount, currency, valid ) => {
		expect( isValidAmount( amount, currency ) ).toBe( valid );
	} );

	it( 'refuses a bad amount with the spec text, naming the field', () => {
		const error = thrown( () =>
			checkRequest( {
				...REQUEST,
				lineItems: [
					{ amount: '1.00', label: 'A' },
					{ amount: '1.005', label: 'B' },
				],
			} )
		) as Error & { errors: Array< Record< string, unknown > > };
		expect( error.name ).toBe( 'InvalidCurrencyFormatError' );
		expect( error.message ).toBe(
			'amount in a field is not expressed in a valid format'
		);
		expect( error.errors[ 0 ] ).toMatchObject( {
			type: 'INVALID_CURRENCY_FORMAT',
			field: 'lineItems[1].amount',
		} );
	} );

	it( 'checks shipping option amounts and their totals in the request currency', () => {
		const option = thrown( () =>
			checkRequest( {
				...REQUEST,
				currencyCode: 'JPY',
				total: { amount: '100', label: 'Total' },
				shippingOptions: [
					{
						id: 'a',
						label: 'A',
						amount: '10',
						total: { amount: '110.5', label: 'T' },
					},
				],
			} )
		) as Error & { errors: Array< Record< string, unknown > > };
		expect( option.errors[ 0 ].field ).toBe(
			'shippingOptions[0].total.amount'
		);
		expect( () =>
			checkRequest( {
				...REQUEST,
				currencyCode: 'JPY',
				total: { amount: '100', label: 'Total' },
			} )
		).not.toThrow();
	} );
} );

describe( "a shipping listener's answer (spec §5)", () => {
	it( 'must contain shippingOptions for a contact change unless it carries an error or shippingErrors', () => {
		expect( answerProblems( { total: REQUEST.total }, true ) ).toEqual( [
			[ 'shippingOptions', 'array' ],
		] );
		expect( answerProblems( { total: REQUEST.total }, false ) ).toEqual(
			[]
		);
		expect( answerProblems( { error: 'No' }, true ) ).toEqual( [] );
		expect(
			answerProblems( { shippingErrors: { city: 'No' } }, true )
		).toEqual( [] );
		expect( answerProblems( { shippingOptions: [] }, true ) ).toEqual( [] );
	} );

	it( 'is an object whose error is a string and whose shippingErrors are strings', () => {
		expect( answerProblems( undefined, true ) ).toEqual( [
			[ 'update', 'object' ],
		] );
		expect(
			answerProblems(
				{ error: 42, shippingErrors: { city: 1 }, shippingOptions: [] },
				true
			)
		).toEqual( [
			[ 'error', 'string' ],
			[ 'shippingErrors.city', 'string' ],
		] );
		expect( answerProblems( { shippingErrors: 'bad' }, false ) ).toEqual( [
			[ 'shippingErrors', 'object' ],
		] );
	} );
} );
