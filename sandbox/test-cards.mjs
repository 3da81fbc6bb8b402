/**
 * Documented sandbox test values (docs/payments-sdk.md "Test cards"). Card numbers approve or
 * decline at CreatePayment; some values of the other fields decline whatever the card.
 */

/**
 * One test card's summary: brand, card type, prepaid type and issuing country (the provider's
 * product-information lookup answers it for the card's BIN, the first 6 digits, and the card
 * frame validates the postal code in that country's format: US, CA, GB); `decline` is the code
 * CreatePayment declines it with (none: it approves).
 *
 * @param {string} brand                 Brand.
 * @param {Object} [options]             Other values.
 * @param {string} [options.cardType]    CREDIT or DEBIT.
 * @param {string} [options.prepaidType] NOT_PREPAID or PREPAID.
 * @param {string} [options.country]     Issuing country.
 * @param {string} [options.decline]     Decline code at CreatePayment.
 * @return {Object} The test card.
 */
const testCard = (
	brand,
	{
		cardType = 'CREDIT',
		prepaidType = 'NOT_PREPAID',
		country = 'US',
		decline,
	} = {}
) => ( {
	brand,
	cardType,
	prepaidType,
	country,
	...( decline ? { decline } : {} ),
} );

/**
 * Every test card: number -> card. Approving, declining (`decline`) and of a brand the sandbox
 * merchant does not accept (SUPPORTED_BRANDS) alike.
 */
export const TEST_CARDS = Object.freeze( {
	// Approve.
	4111111111111111: testCard( 'VISA' ),
	5105105105105100: testCard( 'MASTERCARD' ),
	5555555555554444: testCard( 'MASTERCARD', { cardType: 'DEBIT' } ),
	340000000000009: testCard( 'AMERICAN_EXPRESS' ),
	6011000000000004: testCard( 'DISCOVER' ),
	36700102000000: testCard( 'DISCOVER_DINERS' ),
	3566111111111113: testCard( 'JCB' ),
	// Issued in Canada: postal codes like K1A 0B1.
	4556000000000000: testCard( 'VISA', { country: 'CA' } ),
	// Issued in the United Kingdom: postcodes like SW1A 1AA.
	5454540000000005: testCard( 'MASTERCARD', {
		cardType: 'DEBIT',
		country: 'GB',
	} ),
	// Decline at CreatePayment.
	4000000000000002: testCard( 'VISA', { decline: 'CARD_DECLINED' } ),
	4000000000000119: testCard( 'VISA', { decline: 'GENERIC_DECLINE' } ),
	4000000000009995: testCard( 'VISA', {
		cardType: 'DEBIT',
		prepaidType: 'PREPAID',
		decline: 'INSUFFICIENT_FUNDS',
	} ),
	// Strong customer authentication: declines without a verification token for this card.
	4000000000003220: testCard( 'VISA', {
		decline: 'CARD_DECLINED_VERIFICATION_REQUIRED',
	} ),
	// Valid, of a brand the sandbox merchant does not accept: UNSUPPORTED_CARD_BRAND at tokenize.
	6200000000000005: testCard( 'CHINA_UNIONPAY' ),
} );

/**
 * Brands the sandbox merchant accepts (spec §3: the list is not shown). A valid test card of
 * another brand is refused at tokenization with UNSUPPORTED_CARD_BRAND ('Card not supported').
 */
export const SUPPORTED_BRANDS = [
	'VISA',
	'MASTERCARD',
	'AMERICAN_EXPRESS',
	'DISCOVER',
	'DISCOVER_DINERS',
	'JCB',
];

/** BIN (first 6 digits) -> the first test card with it; built once. */
const BY_BIN = new Map();
for ( const [ number, card ] of Object.entries( TEST_CARDS ) ) {
	const bin = number.slice( 0, 6 );
	if ( ! BY_BIN.has( bin ) ) {
		BY_BIN.set( bin, card );
	}
}

/**
 * The test card whose number starts with a BIN (product-information lookup), if any.
 *
 * @param {string} bin First 6 digits.
 * @return {Object|undefined} Test card.
 */
export const testCardOfBin = ( bin ) => BY_BIN.get( bin );

/** Field values that decline with any test card. */
export const DECLINING_VALUES = {
	cvv: { 911: 'CVV_FAILURE', 9111: 'CVV_FAILURE' },
	postalCode: { 99999: 'ADDRESS_VERIFICATION_FAILURE' },
	/** "MM/YYYY" */
	expiration: { '12/2040': 'INVALID_EXPIRATION' },
};

/** Gift cards: number -> balance in cents (0: declines with INSUFFICIENT_FUNDS). */
export const GIFT_CARDS = {
	7783320000000000: 100000,
	7783320000000018: 0,
};

/** Readable texts shown to shoppers (GF shows errors[0].detail verbatim). */
export const DECLINE_DETAILS = {
	CARD_DECLINED:
		"Authorization error: 'CARD_DECLINED'. The card was declined by the issuer.",
	GENERIC_DECLINE:
		"Authorization error: 'GENERIC_DECLINE'. The card was declined; the shopper should use another card.",
	INSUFFICIENT_FUNDS:
		"Authorization error: 'INSUFFICIENT_FUNDS'. The card has insufficient funds.",
	CARD_DECLINED_VERIFICATION_REQUIRED:
		"Authorization error: 'CARD_DECLINED_VERIFICATION_REQUIRED'. This card needs buyer verification (verifyBuyer) before it can be charged.",
	CVV_FAILURE:
		"Authorization error: 'CVV_FAILURE'. The card's security code was rejected.",
	ADDRESS_VERIFICATION_FAILURE:
		"Authorization error: 'ADDRESS_VERIFICATION_FAILURE'. The postal code does not match the card.",
	INVALID_EXPIRATION:
		"Authorization error: 'INVALID_EXPIRATION'. The card's expiration date was rejected.",
};

/** Ready-made tokens accepted without the SDK (compat §c). */
export const FIXED_TOKENS = {
	'cnon:card-nonce-ok': {
		method: 'CARD',
		card: {
			brand: 'VISA',
			last4: '1111',
			expMonth: 12,
			expYear: 2030,
			cardType: 'CREDIT',
			prepaidType: 'NOT_PREPAID',
		},
	},
	'cnon:card-nonce-declined': {
		method: 'CARD',
		decline: 'CARD_DECLINED',
		card: {
			brand: 'VISA',
			last4: '0002',
			expMonth: 12,
			expYear: 2030,
			cardType: 'CREDIT',
			prepaidType: 'NOT_PREPAID',
		},
	},
	'cnon:card-nonce-rejected-cvv': {
		method: 'CARD',
		decline: 'CVV_FAILURE',
		card: {
			brand: 'VISA',
			last4: '1111',
			expMonth: 12,
			expYear: 2030,
			cardType: 'CREDIT',
			prepaidType: 'NOT_PREPAID',
		},
	},
	'cnon:card-nonce-rejected-postalcode': {
		method: 'CARD',
		decline: 'ADDRESS_VERIFICATION_FAILURE',
		card: {
			brand: 'VISA',
			last4: '1111',
			expMonth: 12,
			expYear: 2030,
			cardType: 'CREDIT',
			prepaidType: 'NOT_PREPAID',
		},
	},
	'cnon:card-nonce-rejected-expiration': {
		method: 'CARD',
		decline: 'INVALID_EXPIRATION',
		card: {
			brand: 'VISA',
			last4: '1111',
			expMonth: 12,
			expYear: 2030,
			cardType: 'CREDIT',
			prepaidType: 'NOT_PREPAID',
		},
	},
	'cnon:gift-card-nonce-ok': {
		method: 'GIFT_CARD',
		balance: 100000,
		card: {
			brand: 'SQUARE_GIFT_CARD',
			last4: '0000',
			expMonth: 0,
			expYear: 0,
			cardType: 'DEBIT',
			prepaidType: 'PREPAID',
		},
	},
	'ccof:customer-card-id-ok': {
		method: 'CARD',
		reusable: true,
		card: {
			brand: 'VISA',
			last4: '1111',
			expMonth: 12,
			expYear: 2030,
			cardType: 'CREDIT',
			prepaidType: 'NOT_PREPAID',
		},
	},
};
