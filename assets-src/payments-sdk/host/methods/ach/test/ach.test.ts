/**
 * payments.ach() and tokenize in the host with Plaid's global and the main frame faked (spec §2
 * overlay, §4 ACH flow, §7 bank-link session and bank nonce, §8 texts): eligibility, the
 * link-session and bank-nonce requests, Plaid's events re-dispatched in order, ontokenization,
 * Link's exit as Cancel, the provider's errors as the spec's texts, the overlay's fade times,
 * the tokenize lock and destroy.
 */
import { MESSAGE, type Hydration } from '../../../../protocol';
import type { SdkContext } from '../../../context';
import { featuresOf } from '../../../features';
import { loadScript } from '../../../script-loader';
import { BASE, ORIGIN } from '../../../test/fake-frame';
// The hydration fixture of the wallet tests, with ACH's support and flag.
import { googlePayHydration } from '../../google-pay/test/fixtures';
import { BANK_LINK_ERRORS, createAch } from '..';
import { OVERLAY_FADE_OUT_MS } from '../overlay';

jest.mock( '../../../script-loader', () => ( {
	...jest.requireActual( '../../../script-loader' ),
	loadScript: jest.fn(),
} ) );

const hydration = (
	achAuth: string,
	support: Hydration[ 'paymentMethodSupportDetail' ] = {
		ach: { IsSupported: true },
	}
): Hydration =>
	googlePayHydration( {
		paymentMethodSupportDetail: support,
		featureFlagValues: { achAuth },
	} );

let requests: Array< [ string, any ] >;
let answers: Record< string, ( payload: any ) => unknown >;

function context( h: Hydration, locale = 'en-US' ): SdkContext {
	return {
		win: window,
		environment: 'sandbox',
		assetOrigin: ORIGIN,
		assetBase: BASE,
		applicationId: 'sandbox-sq0idb-abcdefghijklmnop',
		locationId: 'LSANDBOXMAIN',
		locale: () => locale as any,
		session: () => Promise.resolve( h ),
		features: () => Promise.resolve( featuresOf( h, 'sandbox' ) ),
		mainRequest: async < T >( type: string, payload: unknown ) => {
			requests.push( [ type, payload ] );
			return ( await answers[ type ]( payload ) ) as T;
		},
		now: () => Date.now(),
		metric: () => {},
		flushMetrics: () => {},
		report: () => {},
		onLocaleChange: () => () => {},
	};
}

/** What the fake Link does once opened: the test drives it through `link`. */
let link: {
	config: any;
	opened: number;
	destroyed: boolean;
};

beforeEach( () => {
	requests = [];
	document.body.innerHTML = '';
	( loadScript as jest.Mock ).mockReset().mockResolvedValue( undefined );
	answers = {
		[ MESSAGE.REQUEST_BANK_LINK_SESSION ]: () => ( {
			linkToken: 'link-sandbox-1',
			sessionToken: 'plaid-session-1',
		} ),
		[ MESSAGE.REQUEST_BANK_NONCE ]: () => ( {
			bankNonce: 'bnon:abc',
			accountDetails: {
				bank_name: 'First Platypus Bank',
				account_number_suffix: '000',
				account_type: 'CHECKING',
			},
		} ),
	};
	link = { config: null, opened: 0, destroyed: false };
	( window as any ).Plaid = {
		create( config: any ) {
			link.config = config;
			return {
				open: () => link.opened++,
				exit: () => {},
				destroy: () => ( link.destroyed = true ),
			};
		},
	};
} );

afterAll( () => {
	delete ( window as any ).Plaid;
} );

const flush = async () => {
	for ( let i = 0; i < 10; i++ ) {
		await Promise.resolve();
	}
};

/** Waits until Link is open. */
async function untilOpen(): Promise< void > {
	for ( let i = 0; i < 50 && ! link.opened; i++ ) {
		await flush();
	}
	expect( link.opened ).toBe( 1 );
}

describe( 'payments.ach()', () => {
	it( 'needs ACH in the hydration, a location, and loads Plaid Link', async () => {
		await expect(
			createAch(
				context(
					hydration( 'supported', {
						ach: {
							IsSupported: false,
							UnsupportedReasonType: 'US_MERCHANT_ONLY',
						},
					} )
				)
			)
		).rejects.toMatchObject( {
			name: 'PaymentMethodUnsupportedError',
			errors: [ { type: 'US_MERCHANT_ONLY' } ],
		} );
		const noLocation = {
			...context( hydration( 'supported' ) ),
			locationId: undefined,
		};
		await expect( createAch( noLocation ) ).rejects.toMatchObject( {
			errors: [ { type: 'MISSING_LOCATION_ID' } ],
		} );
		await createAch( context( hydration( 'supported' ) ) );
		expect( ( loadScript as jest.Mock ).mock.calls[ 0 ][ 1 ] ).toBe(
			`${ ORIGIN }/vendors/plaid/link-initialize.js`
		);
		delete ( window as any ).Plaid;
		await expect(
			createAch( context( hydration( 'supported' ) ) )
		).rejects.toMatchObject( {
			name: 'UnexpectedError',
		} );
	} );
} );

describe( 'tokenize', () => {
	it( 'links the bank: session, Link, Plaid events in order, bank nonce, ontokenization OK', async () => {
		const ach = await createAch(
			context( hydration( 'supported' ), 'es-ES' ),
			{
				redirectURI: 'https://shop.test/return',
				transactionId: 'tx-1',
			}
		);
		const seen: Array< [ string, unknown ] > = [];
		for ( const type of [
			'OPEN',
			'SELECT_INSTITUTION',
			'HANDOFF',
			'ontokenization',
		] ) {
			ach.addEventListener( type, ( e ) =>
				seen.push( [ e.type, e.detail ] )
			);
		}
		const result = ach.tokenize( {
			accountHolderName: ' Ada ',
			intent: 'STORE',
		} as any );
		await untilOpen();
		expect( link.config.token ).toBe( 'link-sandbox-1' );
		expect( document.querySelectorAll( '.sq-ach-overlay' ) ).toHaveLength(
			1
		);
		link.config.onEvent( 'OPEN', { view_name: null } );
		link.config.onEvent( 'TRANSITION_VIEW', { view_name: 'CREDENTIAL' } );
		link.config.onEvent( 'SELECT_INSTITUTION', {
			institution_id: 'ins_109508',
		} );
		link.config.onEvent( 'NOT_A_PLAID_EVENT', {} );
		link.config.onEvent( 'HANDOFF', {} );
		link.config.onSuccess( 'public-sandbox-1', {
			accounts: [ { id: 'acc-1', name: 'Plaid Checking', mask: '0000' } ],
		} );
		await expect( result ).resolves.toEqual( {
			status: 'OK',
			token: 'bnon:abc',
			details: {
				method: 'ACH',
				bankAccount: {
					bankName: 'First Platypus Bank',
					accountNumberSuffix: '000',
					accountType: 'CHECKING',
				},
			},
		} );
		expect( requests ).toEqual( [
			[
				MESSAGE.REQUEST_BANK_LINK_SESSION,
				{ redirectUri: 'https://shop.test/return', languageCode: 'es' },
			],
			[
				MESSAGE.REQUEST_BANK_NONCE,
				{
					accountHolderName: 'Ada',
					sessionToken: 'plaid-session-1',
					publicToken: 'public-sandbox-1',
					bankAccountId: 'acc-1',
					paymentMethodTrackingId: 'tx-1',
				},
			],
		] );
		expect( seen.map( ( [ t ] ) => t ) ).toEqual( [
			'OPEN',
			'SELECT_INSTITUTION',
			'HANDOFF',
			'ontokenization',
		] );
		expect( seen[ 1 ][ 1 ] ).toEqual( { institution_id: 'ins_109508' } );
		expect( ( seen[ 3 ][ 1 ] as any ).tokenResult.token ).toBe(
			'bnon:abc'
		);
		expect( link.destroyed ).toBe( true );
	} );

	it( "Link's exit: Cancel, ontokenization with error, the overlay fades out over 0.16 s", async () => {
		jest.useFakeTimers();
		try {
			const ach = await createAch( context( hydration( 'no-support' ) ) );
			const events: any[] = [];
			ach.addEventListener( 'ontokenization', ( e ) =>
				events.push( e.detail )
			);
			const result = ach.tokenize( { accountHolderName: 'Ada' } as any );
			await untilOpen();
			const overlay = document.querySelector(
				'.sq-ach-overlay'
			) as HTMLElement;
			expect( overlay.style.transition ).toBe( 'opacity 0.24s ease-in' );
			link.config.onExit( null, { status: 'requires_credentials' } );
			await flush();
			expect( overlay.dataset.state ).toBe( 'out' );
			expect( overlay.style.transition ).toBe( 'opacity 0.16s ease-out' );
			jest.advanceTimersByTime( OVERLAY_FADE_OUT_MS - 1 );
			expect( overlay.isConnected ).toBe( true );
			jest.advanceTimersByTime( 1 );
			expect( overlay.isConnected ).toBe( false );
			const r = await result;
			expect( r.status ).toBe( 'Cancel' );
			expect( events[ 0 ].tokenResult.status ).toBe( 'Cancel' );
			expect( events[ 0 ].error.name ).toBe( 'TokenizationError' );
			// No bank nonce was asked for.
			expect( requests.map( ( [ t ] ) => t ) ).toEqual( [
				MESSAGE.REQUEST_BANK_LINK_SESSION,
			] );
		} finally {
			jest.useRealTimers();
		}
	} );

	it.each( [
		[
			'EXPIRED_PLAID_SESSION',
			'The plaid session was expired. Please try again.',
		],
		[
			'INVALID_SELECTED_PLAID_BANK_ACCOUNT_ID',
			'Invalid plaid bank account id selected',
		],
		[ 'UNKNOWN', 'An unknown error has occurred' ],
		[ 'SOMETHING_ELSE', 'An unknown error has occurred' ],
	] )(
		'a bank-nonce refusal %s rejects with the spec text',
		async ( code, text ) => {
			answers[ MESSAGE.REQUEST_BANK_NONCE ] = () => {
				throw Object.assign( new Error( 'refused' ), {
					errors: [ { type: code, message: 'provider words' } ],
				} );
			};
			const ach = await createAch( context( hydration( 'supported' ) ) );
			const events: any[] = [];
			ach.addEventListener( 'ontokenization', ( e ) =>
				events.push( e.detail )
			);
			const result = ach.tokenize( { accountHolderName: 'Ada' } as any );
			await untilOpen();
			link.config.onSuccess( 'public-sandbox-1', {
				accounts: [ { id: 'acc-1' } ],
			} );
			await expect( result ).rejects.toMatchObject( {
				name: 'TokenizationError',
				message: text,
				errors: [
					{
						type: code === 'SOMETHING_ELSE' ? 'UNKNOWN' : code,
						message: text,
					},
				],
			} );
			expect( events[ 0 ].error.message ).toBe( text );
			expect( BANK_LINK_ERRORS[ code ] ?? BANK_LINK_ERRORS.UNKNOWN ).toBe(
				text
			);
		}
	);

	it( 'a failed link session is UNKNOWN; validation fails before anything opens', async () => {
		answers[ MESSAGE.REQUEST_BANK_LINK_SESSION ] = () => {
			throw new Error( 'network' );
		};
		const ach = await createAch( context( hydration( 'supported' ) ) );
		await expect(
			ach.tokenize( { accountHolderName: 'Ada' } as any )
		).rejects.toMatchObject( {
			name: 'TokenizationError',
			message: 'An unknown error has occurred',
		} );
		await expect(
			ach.tokenize( { intent: 'STORE' } as any )
		).rejects.toMatchObject( {
			name: 'PlaidMissingNameError',
		} );
		expect( link.opened ).toBe( 0 );
	} );

	it( 'two tokenize calls in the same tick: the second is refused, one overlay and one Link; focus goes back', async () => {
		const button = document.createElement( 'button' );
		document.body.append( button );
		button.focus();
		const ach = await createAch( context( hydration( 'supported' ) ) );
		const first = ach.tokenize( { accountHolderName: 'Ada' } as any );
		const second = ach.tokenize( { accountHolderName: 'Ada' } as any );
		await expect( second ).rejects.toMatchObject( {
			name: 'TokenizationError',
			message: 'the tokenization request is already in process',
		} );
		await untilOpen();
		expect( document.querySelectorAll( '.sq-ach-overlay' ) ).toHaveLength(
			1
		);
		button.blur();
		link.config.onExit( null, { status: 'requires_credentials' } );
		await expect( first ).resolves.toMatchObject( { status: 'Cancel' } );
		expect( button.ownerDocument.activeElement ).toBe( button );
	} );

	it( 'one tokenize at a time; destroy is final and ends a running flow', async () => {
		const ach = await createAch( context( hydration( 'supported' ) ) );
		const first = ach.tokenize( { accountHolderName: 'Ada' } as any );
		await untilOpen();
		await expect(
			ach.tokenize( { accountHolderName: 'Ada' } as any )
		).rejects.toMatchObject( {
			name: 'TokenizationError',
			message: 'the tokenization request is already in process',
		} );
		await expect( ach.destroy() ).resolves.toBe( true );
		expect( link.destroyed ).toBe( true );
		// Plaid's destroy() calls no callback: the flow still ends, as canceled.
		await expect( first ).resolves.toMatchObject( { status: 'Cancel' } );
		expect( document.querySelectorAll( '.sq-ach-overlay' ) ).toHaveLength(
			0
		);
		await expect( ach.destroy() ).resolves.toBe( false );
		await expect(
			ach.tokenize( { accountHolderName: 'Ada' } as any )
		).rejects.toMatchObject( {
			name: 'PaymentMethodAlreadyDestroyedError',
		} );
		expect( () => ach.addEventListener( 'NOPE', () => {} ) ).toThrow(
			/not a valid event/
		);
	} );
} );
