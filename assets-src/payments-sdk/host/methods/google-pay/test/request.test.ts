/**
 * The PaymentDataRequest built from a payment request (spec §4, §9; wave 2 A.1 mapping, A.3).
 */
import type { PaymentRequestOptions } from '../../../types';
import {
	cardMethod,
	paymentDataRequest,
	shippingOptionParameters,
	transactionInfo,
} from '../request';

const BASE: PaymentRequestOptions = {
	countryCode: 'GB',
	currencyCode: 'GBP',
	total: { amount: '1.00', label: 'Total' },
};
const RC = { locationId: 'LSANDBOXGB', interac: false };

describe( 'paymentDataRequest', () => {
	it( 'is API 2.0 with the networks, auth methods and the gateway of spec §9', () => {
		expect(
			paymentDataRequest( BASE, {
				...RC,
				merchantName: 'Kestrel',
				authJwt: 'jwt',
			} )
		).toEqual( {
			apiVersion: 2,
			apiVersionMinor: 0,
			merchantInfo: { merchantName: 'Kestrel', authJwt: 'jwt' },
			allowedPaymentMethods: [
				{
					type: 'CARD',
					parameters: {
						allowedAuthMethods: [ 'PAN_ONLY', 'CRYPTOGRAM_3DS' ],
						allowedCardNetworks: [
							'AMEX',
							'DISCOVER',
							'JCB',
							'MASTERCARD',
							'VISA',
						],
					},
					tokenizationSpecification: {
						type: 'PAYMENT_GATEWAY',
						parameters: {
							gateway: 'square',
							gatewayMerchantId: 'LSANDBOXGB',
						},
					},
				},
			],
			transactionInfo: {
				countryCode: 'GB',
				currencyCode: 'GBP',
				totalPriceStatus: 'FINAL',
				totalPrice: '1.00',
				totalPriceLabel: 'Total',
			},
		} );
	} );

	it( 'adds INTERAC only with the flag', () => {
		expect(
			cardMethod( BASE, { ...RC, interac: true } ).parameters
				.allowedCardNetworks
		).toEqual( [
			'AMEX',
			'DISCOVER',
			'JCB',
			'MASTERCARD',
			'VISA',
			'INTERAC',
		] );
	} );

	it( 'asks for the full billing address when the request wants a billing contact', () => {
		const r = paymentDataRequest(
			{ ...BASE, requestBillingContact: true },
			RC
		);
		expect( r.allowedPaymentMethods[ 0 ]!.parameters ).toMatchObject( {
			billingAddressRequired: true,
			billingAddressParameters: {
				format: 'FULL',
				phoneNumberRequired: true,
			},
		} );
		expect( r.emailRequired ).toBe( true );
		expect( r.shippingAddressRequired ).toBeUndefined();
		expect( r.callbackIntents ).toBeUndefined();
	} );

	it( 'asks for shipping with the callback intents and the options', () => {
		const r = paymentDataRequest(
			{
				...BASE,
				requestShippingContact: true,
				shippingOptions: [
					{ id: 'std', label: 'Standard', amount: '0.00' },
					{ id: 'exp', label: 'Express', amount: '10.00' },
				],
			},
			RC
		);
		expect( r ).toMatchObject( {
			emailRequired: true,
			shippingAddressRequired: true,
			shippingAddressParameters: { phoneNumberRequired: true },
			shippingOptionRequired: true,
			shippingOptionParameters: {
				defaultSelectedOptionId: 'std',
				shippingOptions: [
					{ id: 'std', label: 'Standard', description: '0.00 GBP' },
					{ id: 'exp', label: 'Express', description: '10.00 GBP' },
				],
			},
			callbackIntents: [ 'SHIPPING_ADDRESS', 'SHIPPING_OPTION' ],
		} );
	} );

	it( 'asks for a shipping address without options: no option intent', () => {
		const r = paymentDataRequest(
			{ ...BASE, requestShippingContact: true },
			RC
		);
		expect( r.shippingOptionRequired ).toBe( false );
		expect( r.shippingOptionParameters ).toBeUndefined();
		expect( r.callbackIntents ).toEqual( [ 'SHIPPING_ADDRESS' ] );
	} );
} );

describe( 'transactionInfo', () => {
	it( 'lists the lines by type, discounts negative, pending as ESTIMATED / PENDING', () => {
		expect(
			transactionInfo( {
				...BASE,
				total: { amount: '9.00', label: 'Due', pending: true },
				lineItems: [ { amount: '8.00', label: 'Item' } ],
				taxLineItems: [ { amount: '1.50', label: 'VAT' } ],
				discounts: [
					{ amount: '0.50', label: 'Promo' },
					{ amount: '0.00', label: 'Nothing' },
				],
				shippingLineItems: [
					{ amount: '0.00', label: 'Post', pending: true },
				],
			} )
		).toEqual( {
			countryCode: 'GB',
			currencyCode: 'GBP',
			totalPriceStatus: 'ESTIMATED',
			totalPrice: '9.00',
			totalPriceLabel: 'Due',
			displayItems: [
				{
					label: 'Item',
					type: 'LINE_ITEM',
					price: '8.00',
					status: 'FINAL',
				},
				{ label: 'VAT', type: 'TAX', price: '1.50', status: 'FINAL' },
				{
					label: 'Promo',
					type: 'DISCOUNT',
					price: '-0.50',
					status: 'FINAL',
				},
				{
					label: 'Nothing',
					type: 'DISCOUNT',
					price: '0.00',
					status: 'FINAL',
				},
				{
					label: 'Post',
					type: 'SHIPPING_OPTION',
					price: '0.00',
					status: 'PENDING',
				},
			],
		} );
	} );
} );

describe( 'shippingOptionParameters', () => {
	const request = {
		...BASE,
		shippingOptions: [
			{ id: 'a', label: 'A', amount: '1.00' },
			{ id: 'b', label: 'B', amount: '2.00' },
		],
	};
	it( 'keeps the picked option selected while it is offered, else the first', () => {
		expect(
			shippingOptionParameters( request, 'b' )?.defaultSelectedOptionId
		).toBe( 'b' );
		expect(
			shippingOptionParameters( request, 'gone' )?.defaultSelectedOptionId
		).toBe( 'a' );
		expect( shippingOptionParameters( BASE ) ).toBeUndefined();
	} );
} );
