/**
 * Sandbox test values, mirroring the provider's published ones (docs/payments-sdk.md "Sandbox
 * test values", PUBLISHED_SOURCE). Card numbers approve or decline at CreatePayment; some values
 * of the other fields decline whatever the card.
 */

/**
 * One test card's summary: brand, card type, prepaid type and issuing country (the provider's
 * product-information lookup answers it for the card's BIN, the first 6 digits, and the card
 * frame validates the postal code in that country's format: US, CA, GB); `decline` is the code
 * CreatePayment declines it with (none: it approves).
 *
 * @param {string}  brand                       Brand.
 * @param {Object}  [options]                   Other values.
 * @param {string}  [options.cardType]          CREDIT or DEBIT.
 * @param {string}  [options.prepaidType]       NOT_PREPAID or PREPAID.
 * @param {string}  [options.country]           Issuing country.
 * @param {string}  [options.decline]           Decline code at CreatePayment.
 * @param {string}  [options.sca]               Buyer verification (SCA): 'frictionless' (verifyBuyer
 *                                              verifies without a challenge), 'challenge' (a challenge
 *                                              with code SCA_CHALLENGE_CODE) or 'fail' (verification
 *                                              fails). CreatePayment declines an SCA card's token
 *                                              without a verification token for it.
 * @param {boolean} [options.unsupported]       Refused at tokenize with UNSUPPORTED_CARD_BRAND.
 * @param {boolean} [options.cardOnFileDecline] Refused when stored on file (POST /v2/cards).
 * @return {Object} The test card.
 */
const testCard = (
	brand,
	{
		cardType = 'CREDIT',
		prepaidType = 'NOT_PREPAID',
		country = 'US',
		decline,
		sca,
		unsupported,
		cardOnFileDecline,
	} = {}
) => ( {
	brand,
	cardType,
	prepaidType,
	country,
	...( decline ? { decline } : {} ),
	...( sca ? { sca } : {} ),
	...( unsupported ? { unsupported } : {} ),
	...( cardOnFileDecline ? { cardOnFileDecline } : {} ),
} );

/**
 * The provider's published sandbox test values, mirrored (docs/payments-sdk.md "Sandbox test
 * values"; source: https://developer.squareup.com/docs/devtools/sandbox/payments).
 */
export const PUBLISHED_SOURCE =
	'https://developer.squareup.com/docs/devtools/sandbox/payments';

/** The verification code of the published SCA cards "Modal with Verification Code". */
export const SCA_CHALLENGE_CODE = '123456';

/**
 * Every test card: number -> card. Approving, declining (`decline`) and of a brand the sandbox
 * merchant does not accept (SUPPORTED_BRANDS) alike.
 */
export const TEST_CARDS = Object.freeze( {
	// Approve: the published card-not-present success values, one per brand.
	4111111111111111: testCard( 'VISA' ),
	5105105105105100: testCard( 'MASTERCARD' ),
	6011000000000004: testCard( 'DISCOVER' ),
	30000000000004: testCard( 'DISCOVER_DINERS' ),
	3569990010095841: testCard( 'JCB' ),
	340000000000009: testCard( 'AMERICAN_EXPRESS' ),
	// Published with CVV 123; not Luhn-valid, as UnionPay numbers need not be.
	6222988812340000: testCard( 'CHINA_UNIONPAY' ),
	// Approve too (ours, not published): a debit Mastercard.
	5555555555554444: testCard( 'MASTERCARD', { cardType: 'DEBIT' } ),
	// Issued in Canada (ours): postal codes like K1A 0B1.
	4556000000000000: testCard( 'VISA', { country: 'CA' } ),
	// Issued in the United Kingdom (ours): postcodes like SW1A 1AA.
	5454540000000005: testCard( 'MASTERCARD', {
		cardType: 'DEBIT',
		country: 'GB',
	} ),
	// Published failure values: "Card declined number" and "Card on file auth declined".
	4000000000000002: testCard( 'VISA', { decline: 'CARD_DECLINED' } ),
	4000000000000010: testCard( 'VISA', { cardOnFileDecline: true } ),
	// Decline at CreatePayment (ours, not published).
	4000000000000119: testCard( 'VISA', { decline: 'GENERIC_DECLINE' } ),
	4000000000009995: testCard( 'VISA', {
		cardType: 'DEBIT',
		prepaidType: 'PREPAID',
		decline: 'INSUFFICIENT_FUNDS',
	} ),
	// Published SCA cards: no challenge.
	4800000000000004: testCard( 'VISA', { sca: 'frictionless' } ),
	5222220000000005: testCard( 'MASTERCARD', { sca: 'frictionless' } ),
	6011000000201016: testCard( 'DISCOVER', { sca: 'frictionless' } ),
	// Published SCA cards: a modal with verification code SCA_CHALLENGE_CODE.
	4310000000201019: testCard( 'VISA', { sca: 'challenge' } ),
	5248480000210026: testCard( 'MASTERCARD', { sca: 'challenge' } ),
	5500000000201016: testCard( 'MASTERCARD', { sca: 'challenge' } ),
	370000000201014: testCard( 'AMERICAN_EXPRESS', { sca: 'challenge' } ),
	// Published SCA card: failed verification.
	4811110000000008: testCard( 'VISA', { sca: 'fail' } ),
	// Ours: valid for the frame, of a BIN the sandbox merchant does not accept:
	// UNSUPPORTED_CARD_BRAND at tokenize.
	6200000000000005: testCard( 'CHINA_UNIONPAY', { unsupported: true } ),
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
	'CHINA_UNIONPAY',
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
	expiration: { '01/2040': 'INVALID_EXPIRATION' },
};

/**
 * Gift cards: number -> balance in cents (0: declines with INSUFFICIENT_FUNDS). The first is the
 * published Square gift card; the empty one is ours.
 */
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

/**
 * A fixed token's card: a Visa ending in `last4`, expiring 12/2030.
 *
 * @param {string} [last4] Last 4 digits.
 * @return {Object} Card summary.
 */
const fixedCard = ( last4 = '1111' ) => ( {
	brand: 'VISA',
	last4,
	expMonth: 12,
	expYear: 2030,
	cardType: 'CREDIT',
	prepaidType: 'NOT_PREPAID',
} );

/**
 * Ready-made tokens accepted without the SDK (compat §c): the published "payment tokens for
 * testing the Payments API". `ccof:` ones are cards on file: CreatePayment needs a
 * `customer_id` with them. `sca: 'challenge'`: declined CARD_DECLINED_VERIFICATION_REQUIRED
 * without a verification token, and verifyBuyer challenges the buyer.
 */
export const FIXED_TOKENS = {
	'cnon:card-nonce-ok': { method: 'CARD', card: fixedCard() },
	'cnon:card-nonce-declined': {
		method: 'CARD',
		decline: 'GENERIC_DECLINE',
		card: fixedCard( '0002' ),
	},
	'cnon:card-nonce-rejected-cvv': {
		method: 'CARD',
		decline: 'CVV_FAILURE',
		card: fixedCard(),
	},
	'cnon:card-nonce-rejected-postalcode': {
		method: 'CARD',
		decline: 'ADDRESS_VERIFICATION_FAILURE',
		card: fixedCard(),
	},
	'cnon:card-nonce-rejected-expiration': {
		method: 'CARD',
		decline: 'INVALID_EXPIRATION',
		card: fixedCard(),
	},
	// Always answered as a token that was used before.
	'cnon:card-nonce-already-used': {
		method: 'CARD',
		alreadyUsed: true,
		card: fixedCard(),
	},
	'cnon:card-nonce-requires-verification': {
		method: 'CARD',
		sca: 'challenge',
		card: fixedCard(),
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
	'cnon:gift-card-nonce-insufficient-funds': {
		method: 'GIFT_CARD',
		balance: 0,
		card: {
			brand: 'SQUARE_GIFT_CARD',
			last4: '0018',
			expMonth: 0,
			expYear: 0,
			cardType: 'DEBIT',
			prepaidType: 'PREPAID',
		},
	},
	'ccof:customer-card-id-ok': {
		method: 'CARD',
		reusable: true,
		cardOnFile: true,
		card: fixedCard(),
	},
	'ccof:customer-card-id-requires-verification': {
		method: 'CARD',
		reusable: true,
		cardOnFile: true,
		sca: 'challenge',
		card: fixedCard(),
	},
	'ccof:customer-card-id-declined': {
		method: 'CARD',
		reusable: true,
		cardOnFile: true,
		decline: 'GENERIC_DECLINE',
		card: fixedCard( '0002' ),
	},
	'ccof:customer-card-id-rejected-cvv': {
		method: 'CARD',
		reusable: true,
		cardOnFile: true,
		decline: 'CVV_FAILURE',
		card: fixedCard(),
	},
	'ccof:customer-card-id-rejected-postalcode': {
		method: 'CARD',
		reusable: true,
		cardOnFile: true,
		decline: 'ADDRESS_VERIFICATION_FAILURE',
		card: fixedCard(),
	},
	'ccof:customer-card-id-rejected-expiration': {
		method: 'CARD',
		reusable: true,
		cardOnFile: true,
		decline: 'INVALID_EXPIRATION',
		card: fixedCard(),
	},
};
