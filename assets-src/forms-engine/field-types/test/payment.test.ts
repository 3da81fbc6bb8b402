import type { FieldDefinition, FormDefinition } from '../../../shared';
import {
	evaluateForm,
	initialValues,
	paymentAmount,
	paymentFieldOf,
	prepareForm,
	toSubmissionValues,
	validateField,
	validateSubmission,
} from '../..';

const payment: FieldDefinition = {
	id: 9,
	type: 'payment',
	label: 'Payment',
	isRequired: true,
	methods: [ 'card', 'giftCard' ],
	conditionalLogic: {
		actionType: 'show',
		logicType: 'all',
		rules: [ { fieldId: '1', operator: 'is', value: 'pay' } ],
	},
};

function orderForm(
	extra: Partial< FieldDefinition > = {},
	currency = 'USD'
): FormDefinition {
	return {
		title: 'Order',
		currency,
		fields: [
			{ id: 1, type: 'text', label: 'Mode', defaultValue: 'pay' },
			{
				id: 2,
				type: 'product',
				label: 'Ticket',
				inputType: 'singleproduct',
				basePrice: currency === 'JPY' ? '1250' : '12.50',
			},
			{
				id: 3,
				type: 'product',
				label: 'Extra',
				inputType: 'singleproduct',
				basePrice: currency === 'JPY' ? '500' : '5.00',
			},
			{ id: 4, type: 'total', label: 'Total' },
			{ ...payment, ...extra },
		],
	};
}

const evaluate = ( form: FormDefinition, entered = initialValues( form ) ) =>
	evaluateForm( prepareForm( form ), entered );

describe( 'payment field in the engine', () => {
	it( 'has no value before submit, so nothing is sent for it', () => {
		const form = orderForm();
		const values = initialValues( form );
		expect( values ).not.toHaveProperty( '9' );
		expect( toSubmissionValues( form, values ) ).not.toHaveProperty( '9' );
	} );

	it( 'is never a client validation error, even when marked required', () => {
		expect( validateField( payment, undefined ) ).toBeNull();
		expect( validateField( payment, '' ) ).toBeNull();
		const form = orderForm();
		expect( validateSubmission( form, initialValues( form ) ) ).toEqual(
			{}
		);
	} );

	it( 'is not priced: the total is the products only', () => {
		const form = orderForm();
		const evaluation = evaluate( form, {
			...initialValues( form ),
			'2.3': '2',
		} );
		expect( evaluation.pricing?.totalMinor ).toBe( 3000 );
		expect( evaluation.values[ 4 ] ).toBeDefined();
	} );

	it( 'follows its own conditional logic', () => {
		const form = orderForm();
		expect( evaluate( form ).visible[ 9 ] ).toBe( true );
		const hidden = evaluate( form, {
			...initialValues( form ),
			1: 'free',
		} );
		expect( hidden.visible[ 9 ] ).toBe( false );
	} );

	it( 'charges the engine total with the currency decimals', () => {
		const form = orderForm();
		const field = paymentFieldOf( form ) as FieldDefinition;
		const evaluation = evaluate( form, {
			...initialValues( form ),
			'2.3': '2',
		} );
		expect( paymentAmount( form, field, evaluation ) ).toEqual( {
			minor: 3000,
			decimal: '30.00',
			currency: 'USD',
		} );
	} );

	it( 'charges a product line when amountSource names it', () => {
		const form = orderForm( { amountSource: 2 } );
		const field = paymentFieldOf( form ) as FieldDefinition;
		const evaluation = evaluate( form, {
			...initialValues( form ),
			'2.3': '3',
		} );
		expect( paymentAmount( form, field, evaluation ).decimal ).toBe(
			'37.50'
		);
	} );

	it( 'charges nothing when hidden, and JPY has no decimals', () => {
		const form = orderForm( {}, 'JPY' );
		const field = paymentFieldOf( form ) as FieldDefinition;
		expect( paymentAmount( form, field, evaluate( form ) ) ).toEqual( {
			minor: 1750,
			decimal: '1750',
			currency: 'JPY',
		} );
		const hidden = evaluate( form, {
			...initialValues( form ),
			1: 'free',
		} );
		expect( paymentAmount( form, field, hidden ).minor ).toBe( 0 );
		expect( paymentAmount( form, field, hidden ).decimal ).toBe( '0' );
	} );
} );
