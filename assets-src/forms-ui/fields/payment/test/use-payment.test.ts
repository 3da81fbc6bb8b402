import { billingContact, retryInProgress } from '../use-payment';

describe( 'billing contact from the mapping', () => {
	it( 'reads fields and inputs, joins address lines and leaves out what is empty', () => {
		expect(
			billingContact(
				{
					email: '1',
					givenName: '2',
					familyName: '3',
					addressLine1: '4.1',
					addressLine2: '4.2',
					city: '5',
					countryCode: '6',
				},
				{
					1: 'ada@example.org',
					2: ' Ada ',
					3: '',
					'4.1': '1 Main St',
					'4.2': '',
					5: 'Springfield',
					6: [ 'GB' ],
				}
			)
		).toEqual( {
			email: 'ada@example.org',
			givenName: 'Ada',
			addressLines: [ '1 Main St' ],
			city: 'Springfield',
			countryCode: 'GB',
		} );
	} );
} );

describe( 'retryInProgress', () => {
	// The server's 409 for a submission key in flight, as toFailure maps it.
	const busy = {
		kind: 'error',
		message: 'Busy',
		code: 'kestrel_forms_submission_in_progress',
		data: { retry_after: 2 },
	};

	it( 'sends again after the wait the server asked for, then gives up', async () => {
		const waits: number[] = [];
		const wait = async ( ms: number ) => {
			waits.push( ms );
		};
		const send = jest.fn().mockRejectedValue( busy );
		await expect( retryInProgress( send, 3, wait ) ).rejects.toBe( busy );
		expect( send ).toHaveBeenCalledTimes( 4 );
		expect( waits ).toEqual( [ 2000, 2000, 2000 ] );
	} );

	it( 'returns the first answer that is not in progress, and never retries other failures', async () => {
		const wait = async () => {};
		const send = jest
			.fn()
			.mockRejectedValueOnce( busy )
			.mockResolvedValueOnce( 'stored' );
		await expect( retryInProgress( send, 3, wait ) ).resolves.toBe(
			'stored'
		);
		const declined = { kind: 'validation', message: 'x', errors: {} };
		const refused = jest.fn().mockRejectedValue( declined );
		await expect( retryInProgress( refused, 3, wait ) ).rejects.toBe(
			declined
		);
		expect( refused ).toHaveBeenCalledTimes( 1 );
	} );
} );
