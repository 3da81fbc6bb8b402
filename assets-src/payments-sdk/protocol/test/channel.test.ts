import { Channel, ChannelError, RemoteError } from '../channel';
import { ENVELOPE_MARK, MESSAGE, type Envelope } from '../messages';

/** Two channels wired back to back, with messages delivered on demand. */
function pair() {
	const toB: Envelope[] = [];
	const toA: Envelope[] = [];
	const reports: string[] = [];
	const a = new Channel( {
		channel: 'c1',
		post: ( e ) => toB.push( e ),
		report: ( r ) => reports.push( r ),
	} );
	const b = new Channel( {
		channel: 'c1',
		post: ( e ) => toA.push( e ),
		report: ( r ) => reports.push( r ),
	} );
	const flush = async () => {
		for ( let i = 0; i < 5; i++ ) {
			toB.splice( 0 ).forEach( ( e ) => b.receive( e ) );
			await Promise.resolve();
			await Promise.resolve();
			toA.splice( 0 ).forEach( ( e ) => a.receive( e ) );
		}
	};
	return { a, b, flush, reports, toB };
}

describe( 'Channel', () => {
	beforeEach( () => jest.useFakeTimers() );
	afterEach( () => jest.useRealTimers() );

	it( 'correlates replies with requests by id', async () => {
		const { a, b, flush, toB } = pair();
		b.handle(
			MESSAGE.SET_FOCUS,
			( p ) => `focused ${ ( p as { field: string } ).field }`
		);
		const one = a.request( MESSAGE.SET_FOCUS, { field: 'cvv' } );
		const two = a.request( MESSAGE.SET_FOCUS, { field: 'cardNumber' } );
		expect( toB[ 0 ].id ).not.toBe( toB[ 1 ].id );
		expect( toB[ 0 ].mark ).toBe( ENVELOPE_MARK );
		await flush();
		await expect( one ).resolves.toBe( 'focused cvv' );
		await expect( two ).resolves.toBe( 'focused cardNumber' );
	} );

	it( 'times out after 10 s without an acknowledgement', async () => {
		const a = new Channel( { channel: 'c1', post: () => {} } );
		const p = a.request( MESSAGE.CLEAR );
		jest.advanceTimersByTime( 9_999 );
		let settled = false;
		p.catch( () => ( settled = true ) );
		await Promise.resolve();
		expect( settled ).toBe( false );
		jest.advanceTimersByTime( 1 );
		await expect( p ).rejects.toMatchObject( { code: 'TIMEOUT' } );
		await expect( p ).rejects.toBeInstanceOf( ChannelError );
	} );

	it( 'an acknowledged request waits for its reply time-out instead', async () => {
		const { a, b, flush } = pair();
		b.handle( MESSAGE.CLEAR, () => new Promise( () => {} ) );
		const p = a.request( MESSAGE.CLEAR, {}, 30_000 );
		await flush();
		jest.advanceTimersByTime( 20_000 );
		let state = 'pending';
		p.catch( () => ( state = 'rejected' ) );
		await Promise.resolve();
		expect( state ).toBe( 'pending' );
		jest.advanceTimersByTime( 10_001 );
		await expect( p ).rejects.toMatchObject( { code: 'TIMEOUT' } );
	} );

	it( 'reports a missing listener and an undefined message type, and answers with an error', async () => {
		const { a, flush, reports } = pair();
		const missing = a.request( MESSAGE.CLEAR );
		const unknown = a.request( 'NOT_A_MESSAGE' );
		await flush();
		await expect( missing ).rejects.toBeInstanceOf( RemoteError );
		await expect( unknown ).rejects.toThrow(
			'Undefined message type: NOT_A_MESSAGE'
		);
		expect( reports ).toEqual( [
			'missing listener: CLEAR',
			'undefined message type: NOT_A_MESSAGE',
		] );
	} );

	it( 'ignores envelopes of other channels and foreign data', () => {
		const a = new Channel( { channel: 'mine', post: () => {} } );
		expect(
			a.receive( {
				mark: ENVELOPE_MARK,
				channel: 'other',
				id: '1',
				kind: 'event',
				type: 'CLEAR',
			} )
		).toBe( false );
		expect( a.receive( 'webpackHotUpdate' ) ).toBe( false );
		expect( a.receive( null ) ).toBe( false );
	} );

	it( 'carries thrown errors as serialized errors with their sub-errors', async () => {
		const { a, b, flush } = pair();
		b.handle( MESSAGE.REQUEST_CARD_NONCE_IF_VALID_FORM, () => {
			const e = Object.assign( new Error( 'declined' ), {
				name: 'TokenizationError',
				errors: [ { type: 'X', message: 'declined' } ],
			} );
			throw e;
		} );
		const p = a.request( MESSAGE.REQUEST_CARD_NONCE_IF_VALID_FORM );
		await flush();
		await expect( p ).rejects.toMatchObject( {
			name: 'TokenizationError',
			errors: [ { type: 'X', message: 'declined' } ],
		} );
	} );
} );
