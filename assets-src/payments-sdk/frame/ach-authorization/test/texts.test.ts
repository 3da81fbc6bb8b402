/**
 * The authorisation frame's text: merchant, amount in the page's locale, bank and account,
 * the date for a CHARGE, the schedule for a RECURRING_CHARGE.
 */
import { authorizationText, frequencyText, formatMinor } from '../texts';

const base = {
	applicationId: 'sandbox-sq0idb-merchant-us',
	locale: 'en-US',
	merchantName: 'Kestrel Sandbox US',
	idempotencyKey: 'k',
	total: { amount: 100, currencyCode: 'USD' },
	accountDetails: {
		bankName: 'First Platypus Bank',
		accountNumberSuffix: '000',
		accountType: 'CHECKING',
	},
};

it( 'formats minor units in the locale (0 decimals for JPY)', () => {
	expect( formatMinor( { amount: 100, currencyCode: 'USD' }, 'en-US' ) ).toBe(
		'$1.00'
	);
	expect(
		formatMinor( { amount: 1500, currencyCode: 'JPY' }, 'en-US' )
	).toBe( '¥1,500' );
} );

it( 'names the merchant, amount, account and date of a CHARGE', () => {
	expect(
		authorizationText( { ...base, intent: 'CHARGE' }, '2026-11-28' )
	).toBe(
		'By selecting Authorize, you authorize Kestrel Sandbox US to debit $1.00 from your First Platypus Bank checking account ending in 000 on or after 2026-11-28. You can revoke this authorization by contacting Kestrel Sandbox US before the transfer is made.'
	);
} );

/** A $5.00 RECURRING_CHARGE on a bank account on file; the schedule is added per test. */
const recurringOnFile = {
	...base,
	accountDetails: undefined,
	intent: 'RECURRING_CHARGE' as const,
	total: { amount: 500, currencyCode: 'USD' },
};

it( 'names the schedule of a RECURRING_CHARGE on a bank account on file', () => {
	expect(
		authorizationText(
			{
				...recurringOnFile,
				cadence: 'MONTHLY',
				startDate: '2028-12-31',
			},
			'2026-11-28'
		)
	).toContain(
		'to debit $5.00 from your bank account on file monthly, starting 2028-12-31'
	);
} );

it( "names a RECURRING_CHARGE's frequency object (the quickstart's ach-recurring shape)", () => {
	expect(
		authorizationText(
			{
				...recurringOnFile,
				frequency: {
					yearly: {
						occurrence: 1,
						months: [ 'JANUARY' ],
						days: { daysOfMonth: [ 15, 31 ] },
					},
				},
				startDate: '2028-12-31',
			},
			'2026-11-28'
		)
	).toContain(
		'from your bank account on file yearly in January on day 15, 31 of the month, starting 2028-12-31'
	);
	expect(
		frequencyText( {
			weekly: { occurrence: 2, days: { daysOfWeek: [ 'MONDAY' ] } },
		} )
	).toBe( 'every 2 weeks on Monday' );
	expect( frequencyText( { hourly: {} } ) ).toBeNull();
} );
