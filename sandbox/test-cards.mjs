/**
 * Documented sandbox test values (docs/payments-sdk.md "Test cards"). Card numbers approve or
 * decline at CreatePayment; some values of the other fields decline whatever the card.
 */

/**
 * Approving cards: number -> summary. `country` is the issuing country: the provider's
 * product-information lookup answers it for the card's BIN (first 6 digits), and the card frame
 * validates the postal code in that country's format (US, CA, GB).
 */
export const APPROVING_CARDS = {
	4111111111111111: {
		brand: 'VISA',
		cardType: 'CREDIT',
		prepaidType: 'NOT_PREPAID',
		country: 'US',
	},
	5105105105105100: {
		brand: 'MASTERCARD',
		cardType: 'CREDIT',
		prepaidType: 'NOT_PREPAID',
		country: 'US',
	},
	5555555555554444: {
		brand: 'MASTERCARD',
		cardType: 'DEBIT',
		prepaidType: 'NOT_PREPAID',
		country: 'US',
	},
	340000000000009: {
		brand: 'AMERICAN_EXPRESS',
		cardType: 'CREDIT',
		prepaidType: 'NOT_PREPAID',
		country: 'US',
	},
	6011000000000004: {
		brand: 'DISCOVER',
		cardType: 'CREDIT',
		prepaidType: 'NOT_PREPAID',
		country: 'US',
	},
	36700102000000: {
		brand: 'DISCOVER_DINERS',
		cardType: 'CREDIT',
		prepaidType: 'NOT_PREPAID',
		country: 'US',
	},
	3566111111111113: {
		brand: 'JCB',
		cardType: 'CREDIT',
		prepaidType: 'NOT_PREPAID',
		country: 'US',
	},
	// Issued in Canada: postal codes like K1A 0B1.
	4556000000000000: {
		brand: 'VISA',
		cardType: 'CREDIT',
		prepaidType: 'NOT_PREPAID',
		country: 'CA',
	},
	// Issued in the United Kingdom: postcodes like SW1A 1AA.
	5454540000000005: {
		brand: 'MASTERCARD',
		cardType: 'DEBIT',
		prepaidType: 'NOT_PREPAID',
		country: 'GB',
	},
};

/** Declining cards: number -> [summary, decline code]. */
export const DECLINING_CARDS = {
	4000000000000002: [
		{
			brand: 'VISA',
			cardType: 'CREDIT',
			prepaidType: 'NOT_PREPAID',
			country: 'US',
		},
		'CARD_DECLINED',
	],
	4000000000000119: [
		{
			brand: 'VISA',
			cardType: 'CREDIT',
			prepaidType: 'NOT_PREPAID',
			country: 'US',
		},
		'GENERIC_DECLINE',
	],
	4000000000009995: [
		{
			brand: 'VISA',
			cardType: 'DEBIT',
			prepaidType: 'PREPAID',
			country: 'US',
		},
		'INSUFFICIENT_FUNDS',
	],
	// Strong customer authentication: declines without a verification token for this card.
	4000000000003220: [
		{
			brand: 'VISA',
			cardType: 'CREDIT',
			prepaidType: 'NOT_PREPAID',
			country: 'US',
		},
		'CARD_DECLINED_VERIFICATION_REQUIRED',
	],
};

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

/** Valid test cards of a brand the sandbox merchant does not accept: number -> summary. */
export const UNSUPPORTED_CARDS = {
	6200000000000005: {
		brand: 'CHINA_UNIONPAY',
		cardType: 'CREDIT',
		prepaidType: 'NOT_PREPAID',
		country: 'US',
	},
};

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
