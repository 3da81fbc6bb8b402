/**
 * ACH tokenize options (spec §5, §6; wave 2 design A.4): the name, the intents and their exact
 * texts, both amount shapes and the refused doc-bug shape, RECURRING_CHARGE's rules, and what
 * each achAuth mode allows and runs; payments.ach()'s warnings.
 */
import type { AchAuthMode } from '../../../features';
import { achSetup, planAch, unsupportedIntentMessage } from '../options';

const name = { accountHolderName: 'Ada Lovelace' };
const charge = { ...name, intent: 'CHARGE', amount: '1.00', currency: 'USD' };

const thrown = ( fn: () => unknown ) => {
	try {
		fn();
	} catch ( e ) {
		return { name: ( e as Error ).name, message: ( e as Error ).message };
	}
	return null;
};

describe( 'planAch', () => {
	it( 'needs a non-blank account holder name when Plaid links the bank', () => {
		for ( const options of [
			undefined,
			{},
			{ accountHolderName: '' },
			{ accountHolderName: '  \t' },
			{ accountHolderName: 42 },
			{ ...charge, accountHolderName: undefined },
		] ) {
			expect( thrown( () => planAch( options, 'supported' ) ) ).toEqual( {
				name: 'PlaidMissingNameError',
				message: 'accountHolderName is required.',
			} );
		}
		expect(
			planAch( { accountHolderName: '  Ada ' }, 'supported' )
		).toMatchObject( {
			accountHolderName: 'Ada',
			link: true,
			authorize: false,
		} );
	} );

	it( 'checks the name first (spec §5 order): before unknown options, the intent, the mode and the amount', () => {
		for ( const [ options, mode ] of [
			[ { amountMoney: 1 }, 'supported' ],
			[ { intent: 'REFUND' }, 'supported' ],
			[ { intent: 'CHARGE' }, 'no-support' ],
			[ {}, 'required' ],
			[
				{ intent: 'CHARGE', amount: 'abc', currency: 'USD' },
				'supported',
			],
		] as Array< [ object, AchAuthMode ] > ) {
			expect( thrown( () => planAch( options, mode ) ) ).toEqual( {
				name: 'PlaidMissingNameError',
				message: 'accountHolderName is required.',
			} );
		}
	} );

	it( 'refuses an intent outside the three with the spec text', () => {
		expect( unsupportedIntentMessage( 'REFUND' ) ).toBe(
			'Unsupported intent REFUND. Must be one of: CHARGE, STORE, RECURRING_CHARGE'
		);
		for ( const intent of [ 'REFUND', 'charge', '', 7 ] ) {
			expect(
				thrown( () => planAch( { ...charge, intent }, 'required' ) )
			).toEqual( {
				name: 'InvalidOptionError',
				message: `Unsupported intent ${ intent }. Must be one of: CHARGE, STORE, RECURRING_CHARGE`,
			} );
		}
	} );

	it( 'takes both amount shapes, in minor units', () => {
		expect( planAch( charge, 'supported' ).total ).toEqual( {
			amount: 100,
			currencyCode: 'USD',
		} );
		expect(
			planAch(
				{
					...name,
					intent: 'CHARGE',
					total: { amount: 100, currencyCode: 'USD' },
				},
				'supported'
			).total
		).toEqual( { amount: 100, currencyCode: 'USD' } );
		expect(
			planAch( { ...charge, amount: '12.5' }, 'supported' ).total?.amount
		).toBe( 1250 );
		expect(
			planAch(
				{ ...charge, amount: '1500', currency: 'JPY' },
				'supported'
			).total
		).toEqual( { amount: 1500, currencyCode: 'JPY' } );
	} );

	it( 'refuses the doc-bug shape, both shapes at once and malformed amounts', () => {
		const bad = [
			{
				...name,
				intent: 'CHARGE',
				amount: { total: 500, currencyCode: 'USD' },
			},
			{ ...charge, total: { amount: 100, currencyCode: 'USD' } },
			{ ...charge, amount: '1.005' },
			{ ...charge, amount: '-1.00' },
			{ ...charge, amount: '0.00' },
			{ ...charge, amount: '1,00' },
			{ ...charge, currency: 'usd' },
			{ ...charge, amount: '1.5', currency: 'JPY' },
			{
				...name,
				intent: 'CHARGE',
				total: { amount: '1.00', currencyCode: 'USD' },
			},
			{
				...name,
				intent: 'CHARGE',
				total: { amount: 1.5, currencyCode: 'USD' },
			},
			{ ...name, intent: 'CHARGE', total: { amount: 100 } },
		];
		for ( const options of bad ) {
			expect(
				thrown( () => planAch( options, 'supported' ) )?.name
			).toBe( 'InvalidOptionError' );
		}
	} );

	it( 'refuses unknown options', () => {
		expect(
			thrown( () =>
				planAch( { ...charge, amountMoney: 1 }, 'supported' )
			)
		).toEqual( {
			name: 'InvalidOptionError',
			message: "'amountMoney' is not a valid option.",
		} );
	} );

	it( 'CHARGE needs an amount; links then authorises, or authorises a bank account', () => {
		expect(
			thrown( () =>
				planAch( { ...name, intent: 'CHARGE' }, 'supported' )
			)?.message
		).toContain( 'needs the amount' );
		expect( planAch( charge, 'supported' ) ).toMatchObject( {
			intent: 'CHARGE',
			link: true,
			authorize: true,
		} );
		expect(
			planAch( { ...charge, bankAccountId: 'bact:1' }, 'supported' )
		).toMatchObject( {
			link: false,
			authorize: true,
			bankAccountId: 'bact:1',
		} );
	} );

	it( 'STORE links only; a bank account or a cadence is refused with it', () => {
		expect(
			planAch( { ...name, intent: 'STORE' }, 'required' )
		).toMatchObject( {
			intent: 'STORE',
			link: true,
			authorize: false,
		} );
		expect(
			thrown( () =>
				planAch(
					{ ...name, intent: 'STORE', bankAccountId: 'bact:1' },
					'required'
				)
			)?.name
		).toBe( 'InvalidOptionError' );
		expect(
			thrown( () =>
				planAch( { ...charge, cadence: 'WEEKLY' }, 'required' )
			)?.message
		).toContain( 'only used with intent RECURRING_CHARGE' );
	} );

	it( 'RECURRING_CHARGE needs bankAccountId, cadence WEEKLY or MONTHLY (or a frequency), startDate', () => {
		const recurring = {
			intent: 'RECURRING_CHARGE',
			bankAccountId: 'bact:1',
			cadence: 'WEEKLY',
			startDate: '2028-12-31',
			amount: '5.00',
			currency: 'USD',
		};
		// No Plaid: the name is not needed (the quickstart's recurring page gives none).
		expect( planAch( recurring, 'required' ) ).toMatchObject( {
			link: false,
			authorize: true,
			cadence: 'WEEKLY',
			total: { amount: 500, currencyCode: 'USD' },
		} );
		expect(
			planAch(
				{
					...recurring,
					cadence: undefined,
					frequency: {
						yearly: { occurrence: 1, months: [ 'JANUARY' ] },
					},
				},
				'required'
			).frequency
		).toEqual( { yearly: { occurrence: 1, months: [ 'JANUARY' ] } } );
		const cases: Array< [ Record< string, unknown >, string ] > = [
			[
				{ bankAccountId: undefined, ...name },
				"Intent RECURRING_CHARGE needs 'bankAccountId'.",
			],
			[
				{ cadence: 'DAILY' },
				"Intent RECURRING_CHARGE needs 'cadence': WEEKLY or MONTHLY.",
			],
			[
				{ cadence: undefined },
				"Intent RECURRING_CHARGE needs 'cadence': WEEKLY or MONTHLY.",
			],
			[
				{ startDate: undefined },
				"Intent RECURRING_CHARGE needs 'startDate' as YYYY-MM-DD.",
			],
			[
				{ startDate: '31/12/2028' },
				"Intent RECURRING_CHARGE needs 'startDate' as YYYY-MM-DD.",
			],
		];
		for ( const [ change, message ] of cases ) {
			expect(
				thrown( () =>
					planAch( { ...recurring, ...change }, 'required' )
				)
			).toEqual( {
				name: 'InvalidOptionError',
				message,
			} );
		}
	} );

	it( 'follows the achAuth mode', () => {
		const plan = ( options: unknown, mode: AchAuthMode ) => {
			const error = thrown( () => planAch( options, mode ) );
			if ( error ) {
				return error.message;
			}
			const p = planAch( options, mode );
			return `${ p.link ? 'link' : '' }${ p.authorize ? '+authorize' : '' }`;
		};
		expect( plan( name, 'no-support' ) ).toBe( 'link' );
		expect( plan( charge, 'no-support' ) ).toContain(
			"'intent' is not supported"
		);
		expect( plan( name, 'supported' ) ).toBe( 'link' );
		expect( plan( charge, 'supported' ) ).toBe( 'link+authorize' );
		expect( plan( name, 'required' ) ).toBe(
			"'intent' is required for this application. Must be one of: CHARGE, STORE, RECURRING_CHARGE"
		);
		expect( plan( charge, 'required' ) ).toBe( 'link+authorize' );
		expect( plan( name, 'legacy' ) ).toBe( 'link' );
		expect( plan( charge, 'legacy' ) ).toBe( 'link' );
		expect(
			plan( { ...charge, bankAccountId: 'bact:1' }, 'legacy' )
		).toContain( 'does not capture' );
	} );
} );

describe( 'achSetup', () => {
	it( 'warns about a redirectURI with a query or not a URI, and a transactionId over 50', () => {
		const warnings: string[] = [];
		const warn = ( m: string ) => warnings.push( m );
		expect(
			achSetup(
				{
					redirectURI: 'https://shop.test/return',
					transactionId: 't-1',
				},
				warn,
				() => 'gen'
			)
		).toEqual( {
			redirectURI: 'https://shop.test/return',
			transactionId: 't-1',
		} );
		expect( warnings ).toEqual( [] );
		achSetup(
			{ redirectURI: 'https://shop.test/return?x=1' },
			warn,
			() => 'gen'
		);
		achSetup( { redirectURI: 'not a uri' }, warn, () => 'gen' );
		const long = achSetup(
			{ transactionId: 'x'.repeat( 51 ) },
			warn,
			() => 'gen'
		);
		expect( warnings ).toHaveLength( 3 );
		// A warning only: the id is kept.
		expect( long.transactionId ).toHaveLength( 51 );
		expect( achSetup( undefined, warn, () => 'generated' ) ).toEqual( {
			redirectURI: undefined,
			transactionId: 'generated',
		} );
	} );
} );
