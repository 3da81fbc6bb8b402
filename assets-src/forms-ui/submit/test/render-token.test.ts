import { issuedAt, keepRenderToken } from '../render-token';

const DAY = 86400;
const sig = ( c: string ) => c.repeat( 64 );
const tokenAt = ( seconds: number, c = 'a' ) =>
	`${ Math.floor( seconds ) }.${ sig( c ) }`;

/**
 * A fake clock with timers that run when the clock passes them.
 * @param startMs
 */
function fakeTime( startMs: number ) {
	let now = startMs;
	let timers: Array< { at: number; run: () => void; id: number } > = [];
	let next = 1;
	return {
		now: () => now,
		setTimer: ( run: () => void, ms: number ) => {
			const id = next++;
			timers.push( { at: now + ms, run, id } );
			return id;
		},
		clearTimer: ( id: unknown ) => {
			timers = timers.filter( ( t ) => t.id !== id );
		},
		async advance( ms: number ) {
			const end = now + ms;
			for (;;) {
				const due = timers
					.filter( ( t ) => t.at <= end )
					.sort( ( a, b ) => a.at - b.at )[ 0 ];
				if ( ! due ) {
					break;
				}
				timers = timers.filter( ( t ) => t !== due );
				now = due.at;
				due.run();
				await Promise.resolve();
				await Promise.resolve();
			}
			now = end;
		},
	};
}

describe( 'render token keeper', () => {
	const start = 1_800_000_000_000;

	it( 'reads the time a token holds', () => {
		expect( issuedAt( tokenAt( 1700000000 ) ) ).toBe( 1700000000 );
		expect( issuedAt( 'nope' ) ).toBeNull();
	} );

	it( 'keeps a good page token and refreshes at half its life, still sending the older good one', async () => {
		const time = fakeTime( start );
		const page = tokenAt( start / 1000 - 3600 );
		const fresh = tokenAt( start / 1000, 'b' );
		const fetchToken = jest.fn().mockResolvedValue( fresh );
		const keeper = keepRenderToken( {
			token: page,
			url: '/token',
			maxAge: DAY,
			fetchToken,
			...time,
		} );
		keeper.start();
		expect( fetchToken ).not.toHaveBeenCalled();
		expect( keeper.current() ).toBe( page );
		await time.advance( ( DAY / 2 - 3600 ) * 1000 + 1 );
		expect( fetchToken ).toHaveBeenCalledTimes( 1 );
		// The page's token is still good (13 h old): it shows the most time since the form was shown.
		expect( keeper.current() ).toBe( page );
		// Near the page token's end, the fresh one is sent.
		await time.advance( ( DAY / 2 - 60 ) * 1000 );
		expect( keeper.current() ).toBe( fresh );
		keeper.stop();
	} );

	it( 'refreshes at once when the cached page is older than half the life, and retries after a failure', async () => {
		const time = fakeTime( start );
		const page = tokenAt( start / 1000 - 2 * DAY );
		const fresh = tokenAt( start / 1000, 'b' );
		const fetchToken = jest
			.fn()
			.mockResolvedValueOnce( null )
			.mockResolvedValueOnce( fresh );
		const keeper = keepRenderToken( {
			token: page,
			url: '/token',
			maxAge: DAY,
			fetchToken,
			...time,
		} );
		keeper.start();
		expect( fetchToken ).toHaveBeenCalledTimes( 1 );
		await keeper.ready();
		expect( keeper.current() ).toBe( page ); // Nothing better yet.
		await time.advance( 60_000 );
		expect( fetchToken ).toHaveBeenCalledTimes( 2 );
		await keeper.ready();
		expect( keeper.current() ).toBe( fresh );
		keeper.stop();
	} );

	it( 'does not trust a page token from the future (a wrong clock): it fetches one and drops the page one', async () => {
		const time = fakeTime( start );
		const page = tokenAt( start / 1000 + 3 * 3600 );
		const fresh = tokenAt( start / 1000, 'b' );
		const keeper = keepRenderToken( {
			token: page,
			url: '/token',
			maxAge: DAY,
			fetchToken: jest.fn().mockResolvedValue( fresh ),
			...time,
		} );
		keeper.start();
		await keeper.ready();
		expect( keeper.current() ).toBe( fresh );
		keeper.stop();
	} );

	it( 'never fetches without a URL (previews)', () => {
		const fetchToken = jest.fn();
		const page = tokenAt( start / 1000 - 2 * DAY );
		const keeper = keepRenderToken( {
			token: page,
			maxAge: DAY,
			fetchToken,
			...fakeTime( start ),
		} );
		keeper.start();
		expect( fetchToken ).not.toHaveBeenCalled();
		expect( keeper.current() ).toBe( page );
	} );
} );
