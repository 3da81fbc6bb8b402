/**
 * What the hydration allows (spec §6 feature flags, isTestMerchant; §3 metrics event), against
 * sandbox applications with their own hydration (sandbox/applications.mjs).
 */
import { expect, test, type Page } from '@playwright/test';
import { ledger as sandboxLedger, openCard, typeCard } from './utils';

interface Ledger {
	sessions: Array< { sessionId: string; applicationId: string } >;
	metrics: Array< Record< string, unknown > >;
	errorReports: Array< { error_message: string } >;
}

const ledger = async ( page: Page ): Promise< Ledger > =>
	sandboxLedger( page.request );

const sessionsOf = async ( page: Page, applicationId: string ) =>
	( await ledger( page ) ).sessions
		.filter( ( s ) => s.applicationId === applicationId )
		.map( ( s ) => s.sessionId );

async function open( page: Page ) {
	await openCard( page );
}

/**
 * A second payments instance of another application, with a card attached in a new container.
 *
 * @param page          Page.
 * @param applicationId Sandbox application id.
 * @param container     Id of the new container.
 */
async function attachFor(
	page: Page,
	applicationId: string,
	container: string
) {
	await page.evaluate(
		async ( [ appId, id ] ) => {
			const w = window as any;
			document.body.insertAdjacentHTML(
				'beforeend',
				`<div id="${ id }"></div>`
			);
			const p = w.Square.payments( appId, 'LSANDBOXMAIN' );
			const card = await p.card();
			await card.attach( `#${ id }` );
			w[ id ] = { payments: p, card };
		},
		[ applicationId, container ]
	);
}

test( 'Afterpay: the merchant first (AfterpayMerchantError), then the BNPL-A flag; onboarded with the flag on, it is created', async ( {
	page,
} ) => {
	await open( page );
	const outcomes = await page.evaluate( async () => {
		const w = window as any;
		const out: string[] = [];
		for ( const appId of [
			'sandbox-sq0idb-kestrel-example-app',
			'sandbox-sq0idb-afterpay-flag-off',
			'sandbox-sq0idb-afterpay-enabled',
		] ) {
			const p = w.Square.payments( appId, 'LSANDBOXMAIN' );
			const request = p.paymentRequest( {
				countryCode: 'US',
				currencyCode: 'USD',
				total: { amount: '1.00', label: 'Total' },
			} );
			try {
				await p.afterpayClearpay( request );
				out.push( 'created' );
			} catch ( e: any ) {
				out.push(
					`${ e.name }${ e.errors?.[ 0 ]?.type ? `:${ e.errors[ 0 ].type }` : '' }`
				);
			}
		}
		return out;
	} );
	expect( outcomes ).toEqual( [
		'AfterpayMerchantError:NOT_ONBOARDED',
		'FeatureDisabledError',
		'created',
	] );
} );

test( 'a non-test merchant in the sandbox is not refused and keeps sandbox wallets', async ( {
	page,
} ) => {
	await open( page );
	await attachFor( page, 'sandbox-sq0idb-live-merchant', 'live' );
	const features = await page.evaluate( async () => {
		const w = window as any;
		return {
			live: await w.live.payments._features(),
			test: await w.payments._features(),
		};
	} );
	expect( features.live ).toMatchObject( {
		testMerchant: false,
		walletEnvironment: 'sandbox',
	} );
	expect( features.test ).toMatchObject( {
		testMerchant: true,
		walletEnvironment: 'sandbox',
		analyticsBackend: 'inline',
		recordErrorMetrics: true,
	} );
	await typeCard( page.frameLocator( '#live iframe' ) );
	const status = await page.evaluate(
		async () => ( await ( window as any ).live.card.tokenize() ).status
	);
	expect( status ).toBe( 'OK' );
} );

test( 'error reports only for applications with the record-error-metrics flag', async ( {
	page,
} ) => {
	await open( page );
	await attachFor( page, 'sandbox-sq0idb-no-error-metrics', 'quiet' );
	// A throwing listener is reported (spec §8 listener exceptions): once per instance.
	await page.evaluate( () => {
		const w = window as any;
		w.quiet.card.addEventListener( 'focusClassAdded', () => {
			throw new Error( 'listener-failure-flag-off' );
		} );
		w.card.addEventListener( 'focusClassAdded', () => {
			throw new Error( 'listener-failure-flag-on' );
		} );
	} );
	await page
		.frameLocator( '#quiet iframe' )
		.locator( 'input[name=cardNumber]' )
		.focus();
	await page
		.frameLocator( '#card-container iframe' )
		.locator( 'input[name=cardNumber]' )
		.focus();
	await expect
		.poll( async () =>
			( await ledger( page ) ).errorReports.map(
				( r ) => r.error_message
			)
		)
		.toContainEqual(
			expect.stringContaining( 'listener-failure-flag-on' )
		);
	const messages = ( await ledger( page ) ).errorReports.map(
		( r ) => r.error_message
	);
	expect( messages.join( '\n' ) ).not.toContain(
		'listener-failure-flag-off'
	);
} );

test( 'usage metrics need an analytics backend; they carry eventSource and duration', async ( {
	page,
} ) => {
	await open( page );
	await attachFor( page, 'sandbox-sq0idb-no-analytics', 'silent' );
	// Destroy sends at once: the metrics of both instances are due now.
	await page.evaluate( async () => {
		const w = window as any;
		await w.silent.card.destroy();
		await w.card.destroy();
	} );
	const [ ours ] = await sessionsOf(
		page,
		'sandbox-sq0idb-kestrel-example-app'
	).then( ( s ) => s.slice( -1 ) );
	const silent = await sessionsOf( page, 'sandbox-sq0idb-no-analytics' );
	await expect
		.poll( async () =>
			( await ledger( page ) ).metrics
				.filter( ( m ) => m.session === ours )
				.map( ( m ) => m.event )
		)
		.toEqual(
			expect.arrayContaining( [ 'hydrated', 'attach', 'destroy' ] )
		);
	const all = ( await ledger( page ) ).metrics;
	expect( silent.length ).toBeGreaterThan( 0 );
	expect(
		all.filter( ( m ) => silent.includes( m.session as string ) )
	).toEqual( [] );
	const mine = all.filter( ( m ) => m.session === ours );
	const byEvent = Object.fromEntries( mine.map( ( m ) => [ m.event, m ] ) );
	expect( byEvent.hydrated ).toMatchObject( {
		eventSource: 'payments',
		duration: expect.any( Number ),
		sdkVersion: '1.51.4',
		jsFramework: 'none',
		appLocation: new URL( page.url() ).origin,
		browserData: {
			innerHeight: expect.any( Number ),
			innerWidth: expect.any( Number ),
			language: 'en-US',
		},
	} );
	expect( byEvent.attach ).toMatchObject( {
		eventSource: 'card',
		method: 'Card',
	} );
	// Attaching waits for a real frame to load: it takes time.
	expect( byEvent.attach.duration ).toBeGreaterThan( 0 );
	expect( byEvent.destroy.duration ).toBeGreaterThanOrEqual(
		byEvent.attach.duration as number
	);
} );
