import apiFetch from '@wordpress/api-fetch';
import { newUploadId } from '../../../forms-ui';
import { chunkRanges, uploadFile, withRetryAfter } from '../uploads';

jest.mock( '@wordpress/api-fetch', () => ( {
	__esModule: true,
	default: jest.fn(),
} ) );

const TOKEN = 'b'.repeat( 64 );

describe( 'admin uploads', () => {
	it( 'cuts files like resumable.js without forceChunkSize', () => {
		expect( chunkRanges( 10, 4 ) ).toEqual( [
			[ 0, 4 ],
			[ 4, 10 ],
		] );
		expect( chunkRanges( 3, 4 ) ).toEqual( [ [ 0, 3 ] ] );
		expect( chunkRanges( 8, 4 ) ).toEqual( [
			[ 0, 4 ],
			[ 4, 8 ],
		] );
	} );

	it( 'makes 8-hex upload ids', () => {
		expect( newUploadId() ).toMatch( /^[0-9a-f]{8}$/ );
	} );

	it( 'opens a session and sends every chunk with its token in a header', async () => {
		const fetch = apiFetch as unknown as jest.Mock;
		fetch.mockReset();
		fetch
			.mockResolvedValueOnce( {
				status: 'ok',
				data: { upload_token: TOKEN },
			} )
			.mockResolvedValueOnce( {
				status: 'ok',
				data: { complete: true, temp_filename: TOKEN },
			} );
		const token = await uploadFile( new File( [ 'hello' ], 'cv.txt' ), {
			formId: 3,
			fieldId: 4,
			uploadId: 'abcdef12',
		} );
		expect( token ).toBe( TOKEN );
		expect( fetch.mock.calls[ 0 ][ 0 ] ).toMatchObject( {
			path: '/kestrel-forms/v1/uploads/sessions',
			method: 'POST',
			data: { form_id: 3, field_id: 4 },
		} );
		expect( fetch.mock.calls[ 1 ][ 0 ] ).toMatchObject( {
			path: '/kestrel-forms/v1/uploads',
			method: 'POST',
			headers: { 'X-Kestrel-Upload-Token': TOKEN },
		} );
	} );

	it( 'waits for Retry-After on 429 and 503, then gives the error up', async () => {
		const fetch = apiFetch as unknown as jest.Mock;
		fetch.mockReset();
		const busy = {
			status: 'error',
			error: {
				code: 'kestrel_forms_upload_busy',
				message: 'Busy.',
				retry_after: 2,
			},
		};
		fetch
			.mockRejectedValueOnce( busy )
			.mockResolvedValueOnce( { status: 'ok' } );
		const waits: number[] = [];
		const wait = ( ms: number ) => {
			waits.push( ms );
			return Promise.resolve();
		};
		await expect( withRetryAfter( { path: '/x' }, wait ) ).resolves.toEqual(
			{
				status: 'ok',
			}
		);
		expect( waits ).toEqual( [ 2000 ] );

		// Without Retry-After, or longer than a minute: no retry.
		fetch.mockReset();
		fetch.mockRejectedValue( {
			status: 'error',
			error: { message: 'No.' },
		} );
		await expect( withRetryAfter( { path: '/x' }, wait ) ).rejects.toEqual(
			{
				status: 'error',
				error: { message: 'No.' },
			}
		);
		fetch.mockRejectedValue( {
			...busy,
			error: { ...busy.error, retry_after: 3600 },
		} );
		await expect(
			withRetryAfter( { path: '/x' }, wait )
		).rejects.toBeTruthy();
		expect( fetch ).toHaveBeenCalledTimes( 2 );
	} );
} );
